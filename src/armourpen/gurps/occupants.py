"""GU-17: the Occupant Hit Table (Basic Set p. 555), for a shot that passes a vehicle or building.

The table is diagonal: each row (1, 2, 3-5, 6-10, 11-20, ... occupants, in 1-2-5 steps) is the row
above moved one column (SM) to the right. So one sequence over ``SM - row`` gives every cell, and
the table goes on the same way past its printed edges, never below 3 nor above 17. An SM below +1
reads as +1.
"""

from __future__ import annotations

from armourpen.explain import Explained, Ruling

MIN_SM = -10
MAX_SM = 30
MAX_OCCUPANTS = 1_000_000

# The row of a single occupant, from SM +1 on (what an SM-minus-row offset of 1, 2, ... reads);
# offsets below 1 read 12, 14, 16, then 17 (the rows further down, at SM +1).
_ONE_OCCUPANT = (10, 9, 8, 7, 6, 5, 4, 3)
_LEFT_OF_ONE = (12, 14, 16)


def table_row(occupants: int) -> int:
    """The row of ``occupants`` people (0 for 1, 1 for 2, 2 for 3-5, 3 for 6-10, ...): how many of
    the rows' upper bounds 1, 2, 5, 10, 20, 50, ... lie below it."""
    row = 0
    for power in range(len(str(occupants)) + 1):
        for m in (1, 2, 5):
            if m * 10**power < occupants:
                row += 1
    return row


def _number_at(offset: int) -> int:
    if offset >= 1:
        return _ONE_OCCUPANT[min(offset, len(_ONE_OCCUPANT)) - 1]
    if -offset < len(_LEFT_OF_ONE):
        return _LEFT_OF_ONE[-offset]
    return 17


def occupant_number(occupants: int, sm: int) -> Explained[int]:
    """The number 3d must roll at or under for one of ``occupants`` people to be hit (GU-17)."""
    col = max(sm, 1)
    number = _number_at(col - table_row(occupants))
    read = f"SM {sm:+d} reads as +1, " if sm < 1 else ""
    return Explained.of(number, Ruling.GU_17, f"Occupant Hit Table: {occupants} occupant"
                        f"{'' if occupants == 1 else 's'}, {read}SM {col:+d}: {number} or less")
