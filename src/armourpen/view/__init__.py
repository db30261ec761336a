"""The view model: what every front end shows of an answer, built by the library from its data.

A front end (the CLI's Rich and plain text, the web page, the charts) only renders these values:
the cards of an outcome (:mod:`.outcome`), the odds' bars, effect labels and readable odds
(:mod:`.odds`), the sweep's charts (:mod:`.sweep`) and a catalog search hit (:mod:`.catalog`).
What a front end needs of the rule sets' own values (figures, bands, a GCS sheet's layout) is
public API (:mod:`armourpen`). None of them reads structure back from display text, so a rule set
that fills them in needs no edit in a front end.
"""
