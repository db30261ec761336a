"""The workers and the queue shared between client addresses (issue 30, item 6), as
:class:`~armourpen.web.work.FairShare` decides it: no clock, no process, every step told.

Shares worked by hand: 2 workers and a queue of 8 over n addresses in flight give each
max(1, 2 // n) workers and max(1, 8 // n) places in the queue: alone, 2 and 8 (everything); with a
second address, 1 and 4 each; with nine, 1 and 1.
"""

from __future__ import annotations

from armourpen.web.work import FairShare, Ticket


def tickets(client: str, n: int, start: float = 0.0) -> list[Ticket]:
    return [Ticket(client, start + i) for i in range(n)]


def flooded(workers: int = 2, queue: int = 8) -> tuple[FairShare, list[Ticket]]:
    """Address A has taken every worker and every place of the queue."""
    fair = FairShare(workers, queue)
    mine = tickets("A", workers + queue)
    for t in mine:
        assert fair.admit(t) is not None
    return fair, mine


def test_a_lone_client_takes_every_worker_and_the_whole_queue() -> None:
    fair, mine = flooded()
    # the first two started at once, the other eight wait: nothing held back while none else waits
    assert fair.running == mine[:2] and fair.waiting == mine[2:]
    assert fair.admit(Ticket("A", 99.0)) is None  # the eleventh: 503
    assert fair.preempt() == []  # no one else waits: its work is never stopped


def test_another_address_takes_back_a_place_of_the_flooding_one() -> None:
    fair, mine = flooded()
    other = Ticket("B", 50.0)
    told = fair.admit(other)
    # A holds 10 in flight against its share of 1 + 4: its newest waiting request is answered 503
    assert told == [(mine[-1], "evict")]
    assert other in fair.waiting and mine[-1] not in fair.waiting
    # A now holds 9, still over its share of 5: B's next request also gets in, in A's place
    assert fair.admit(Ticket("B", 51.0)) == [(mine[-2], "evict")]


def test_a_client_at_its_share_is_refused_when_the_queue_is_full() -> None:
    fair = FairShare(2, 8)
    for t in tickets("A", 5) + tickets("B", 5, 10.0):  # 5 each: each at its share of 1 + 4
        assert fair.admit(t) is not None
    assert fair.admit(Ticket("A", 30.0)) is None
    assert fair.admit(Ticket("B", 31.0)) is None


def test_a_freed_worker_goes_to_the_address_running_the_least() -> None:
    fair, mine = flooded()
    other = Ticket("B", 50.0)
    fair.admit(other)
    # A's first request ends: B (running none) starts before A's eight earlier arrivals (A runs 1)
    assert fair.release(mine[0]) == [(other, "start")]
    # B's ends: A's earliest waiting request starts next
    assert fair.release(other) == [(mine[2], "start")]


def test_a_worker_is_taken_back_from_an_address_over_its_share() -> None:
    fair, mine = flooded()
    other = Ticket("B", 50.0)
    fair.admit(other)
    # A runs 2 against its share of 1, B waits running none: A's newest running work is stopped
    assert fair.preempt() == [(mine[1], "preempt"), (other, "start")]
    assert fair.running == [mine[0], other]
    assert fair.preempt() == []  # each at its share now: nothing more is stopped


def test_with_one_worker_each_keeps_its_one_running_request() -> None:
    fair = FairShare(1, 0)
    first = Ticket("A", 0.0)
    assert fair.admit(first) == [(first, "start")]
    assert fair.admit(Ticket("B", 1.0)) is None  # no queue, and A is within its one worker
    assert fair.preempt() == []
