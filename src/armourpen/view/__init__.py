"""The view model: what every front end shows of an answer, built by the library from its data.

A front end (the CLI's Rich and plain text, the web page, the charts) only renders these values:
the cards of an outcome (:mod:`.outcome`), the odds' bars and effect labels (:mod:`.odds`), the
sweep's charts (:mod:`.sweep`), the structural figure (:func:`figure`, PA-1), catalog items
(:mod:`.catalog`), range bands (:mod:`.ranges`), a GCS character (:mod:`.gcs`), millimetres
(:mod:`.thickness`) and a damage notation (:mod:`.notation`). None of them reads
structure back from display text, so a rule set that fills them in needs no edit in a front end.
"""

from __future__ import annotations

from armourpen.penav.scale import figure, fmt, structural_text

__all__ = ["figure", "fmt", "structural_text"]
