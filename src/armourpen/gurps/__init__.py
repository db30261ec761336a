"""The GURPS rule set (Basic Set overpenetration, GU-1 to GU-8), a module per rule.

``notation`` parses damage strings, ``dice`` rolls them, ``damage`` turns basic damage into injury,
``cover`` computes cover DR, ``chain`` follows the shot through a line of targets and cover, and
``resolve`` is the rule set's entry point. Nothing heavy is imported here.
"""
