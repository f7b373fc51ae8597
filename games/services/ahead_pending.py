"""The stored answers of a game being moved on: which one to play now, and which have lapsed.

`games.services.play.advance` reads them once under the game's lock (`Pending`), plays each
that applies before any wait opens, and settles the rest when it is done (`Pending.settle`).
See `games.services.ahead` for how answers are stored.
"""

from __future__ import annotations

from games.ahead.models import StoredAnswer
from games.engines import IllegalAction
from games.models import Game, Seat
from games.services.refusals import refusal_words


class Pending:
    """The stored answers of one game while `play.advance` moves it on (read once, under its lock)."""

    def __init__(self, game: Game, engine, seats: list[Seat]):
        self.game, self.engine = game, engine
        self.move = getattr(engine, "ahead_move", None)
        self.owners = {s.position: s.user_id for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id}
        found = list(StoredAnswer.objects.filter(game=game).select_related("user")) if self.owners else []
        rows = [a for a in found if a.status == StoredAnswer.Status.WAITING]
        self.answers = {(a.seat, a.phase, a.case): a for a in rows if self.owners.get(a.seat) == a.user_id}
        self.stale = [a for a in rows if self.owners.get(a.seat) != a.user_id]  # the seat changed hands
        # Dropped earlier and kept for their owner to read while their phase lasts.
        self.told = [a for a in found if a.status == StoredAnswer.Status.DROPPED]
        self.played: list[StoredAnswer] = []
        self.dropped: list[StoredAnswer] = []

    def next_move(self, state: dict, to_act: list[int]) -> tuple[int, dict, object] | None:
        """(seat, move, its player) of the first stored answer that applies now, or None."""
        if not self.answers:
            return None
        for seat in to_act:
            facts = self.engine.ahead_facts(state, seat) if seat in self.owners else None
            if facts is None:
                continue
            phase, holding = facts
            self._drop_stale(state, seat, phase, holding)
            for case in holding:
                answer = self.answers.pop((seat, phase, case), None)
                if answer is None:
                    continue
                move = self.move(state, seat, answer.action) if self.move else answer.action
                try:
                    self.engine.apply(state, seat, move)
                except IllegalAction as error:
                    answer.reason = refusal_words(error)
                    self.dropped.append(answer)
                    continue
                self.played.append(answer)
                return seat, move, answer.user
        return None

    def _drop_stale(self, state: dict, seat: int, phase: str, holding: list[str]) -> None:
        """Answers of this call whose case the engine says has gone stale: dropped, with why."""
        stale = getattr(self.engine, "ahead_stale", None)
        if stale is None:
            return
        for key in [k for k in self.answers if k[0] == seat and k[1] == phase and k[2] not in holding]:
            reason = stale(state, seat, key[2])
            if reason is not None:
                answer = self.answers.pop(key)
                answer.reason = refusal_words(reason)
                self.dropped.append(answer)

    def settle(self, state: dict, over: bool) -> None:
        """Store what was played and dropped, and delete the answers whose phase is over."""
        if not (self.played or self.dropped or self.answers or self.stale or self.told):
            return
        gone = [a.pk for a in self.played + self.stale]
        kept = [*self.answers.values(), *self.told]
        if over:
            gone += [a.pk for a in kept]
        else:
            live: dict[int, set[str]] = {}
            to_act = self.engine.to_act(state)
            for seat in {a.seat for a in kept}:
                live[seat] = {c["phase"] for c in self.engine.ahead_cases(state, seat)}
                facts = self.engine.ahead_facts(state, seat) if seat in to_act else None
                if facts is not None:
                    live[seat].add(facts[0])
            gone += [a.pk for a in kept if a.phase not in live[a.seat]]
        if gone:
            StoredAnswer.objects.filter(pk__in=gone).delete()
        for answer in self.dropped:
            StoredAnswer.objects.filter(pk=answer.pk).update(status=StoredAnswer.Status.DROPPED, reason=answer.reason)
