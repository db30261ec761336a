"""The GURPS rule set (Basic Set overpenetration, GU-1 to GU-14), a module per rule.

``notation`` parses damage strings, ``dice`` rolls them, ``damage`` turns basic damage into injury,
``cover`` computes cover DR, ``chain`` follows the shot through a line of targets and cover, and
``resolve`` is the rule set's entry point. A scenario's frozen values are in ``model``, the schema
of its files in ``schema``, the lists a front end offers in ``choices``, and ``scenario`` reads a
file into values. Nothing here imports :mod:`armourpen.gcs` (which builds GURPS targets from GCS
character files), and nothing heavy is imported here.
"""
