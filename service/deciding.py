"""Deciding and appending commands: a seat's command, a prompt's expiry, a refused attempt.

Mixed into the hub (kennel.service.games.GameHub). Commands on one game are serialised by a
per-game lock; a writer elsewhere (another replica) is caught by the store's version check, and
the command is decided again against the new state. Idempotent on the command id.

The records go to the writer thread as soon as they are decided; while the disk syncs, the
caller's `meanwhile` may build its answer from the decided table (kennel.service.projections).
The ledger folds the decision, and watchers hear of it, only once the commit succeeded."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import uuid
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import structlog
from kennel.domain.core import table as tables
from kennel.domain.core.rules import RuleViolation, Seat
from kennel.domain.core.seating import LeaveSeat, ReturnSeat
from kennel.replay import signing
from kennel.replay.ledger import Appending
from kennel.replay.logformat import REFUSALS_OMITTED, Attempt, Cause, canonical_json
from kennel.service.errors import Aborted, IllegalMove, InvalidArgument
from kennel.service.hubstate import HubState
from kennel.service.live import Accepted, LiveGame
from kennel.service.storage import Append, VersionConflict

log = structlog.get_logger(__name__)

MAX_COMMAND_ID = 128
MAX_CLIENT_TAG = 64  # SubmitCommandRequest.client_tag, WatchRequest.client_tag
CONFLICT_RETRIES = 5
DEFAULT_REFUSALS_KEPT = 8  # refused commands kept whole per seat and decision (Config.refusals_kept)

# Work on a decision while its commit runs (the decision and its desk entries); it must publish
# nothing, since the commit may still fail (kennel.service.projections.Projections.prepare).
Meanwhile = Callable[[Appending, Sequence[dict[str, Any]]], None]


class Deciding(HubState):
    """The hub's playing half: commands decided, stored and folded."""

    # The hub's state beyond HubState's (kennel.service.games.GameHub.__init__ sets it).
    refusals_kept: int
    # Refusals past the cap, per (game, seat, version): how many, and a running SHA-256 over them.
    _omitted: dict[tuple[uuid.UUID, Seat, int], tuple[int, str]]

    async def submit(
        self, live: LiveGame, seat: Seat, command_id: str, command: Any, meanwhile: Meanwhile | None = None,
        alone: bool = False, client_tag: str = "",
    ) -> Accepted:
        """Decide and append a seat's command, sent by its player (idempotent on `command_id`).
        A player whose seat a bot took over gets it back first (`ReturnSeat`, its own record).
        `meanwhile` runs on the command's decision while it is being committed; `alone`: the
        caller serves the only call in progress (kennel.service.appender.Appender.submit);
        `client_tag`: the sender's, noted with the command's versions (LiveGame.tagged)."""
        if not command_id or len(command_id) > MAX_COMMAND_ID:
            raise InvalidArgument("kennel/bad_command_id", f"A command id is 1 to {MAX_COMMAND_ID} characters.")
        check_client_tag(client_tag)
        previous = self._previous(live, seat, command_id, command)
        if previous is not None:
            return previous
        seating = live.table.seating
        if seating is not None and seat in seating.away and not isinstance(command, LeaveSeat | ReturnSeat):
            try:
                await self.submit_as_bot(live, seat, f"{command_id}/return", ReturnSeat())
            except IllegalMove:
                pass  # returned meanwhile (a retry, another replica): the command goes on as sent
        return await self.submit_as_bot(live, seat, command_id, command, meanwhile, alone, client_tag)

    async def submit_as_bot(
        self, live: LiveGame, seat: Seat, command_id: str, command: Any, meanwhile: Meanwhile | None = None,
        alone: bool = False, client_tag: str = "",
    ) -> Accepted:
        """Decide and append a command as `seat` without giving a taken-over seat back: the
        server's bots send theirs here (kennel.service.botseats), players through `submit`."""
        previous = self._previous(live, seat, command_id, command)
        if previous is not None:
            return previous

        def prepare() -> tuple[Appending, list[dict[str, Any]]]:
            appending = live.ledger.play(seat, command, command_id, live.desk.seed)
            return appending, self._closing_entries(live, appending)

        try:
            appending, replayed = await self._append(
                live, prepare, seat=seat, command_id=command_id, command=command, meanwhile=meanwhile, alone=alone,
                client_tag=client_tag,
            )
        except RuleViolation as violation:
            if live.table.ended is None:
                await self._keep_attempt(live, seat, command_id, command, violation)
            raise IllegalMove.from_violation(violation) from None
        if replayed is not None:
            return replayed
        self._note_end(live)
        return Accepted(appending.records[0].version, appending.records[-1].version, replayed=False)

    async def expire(self, live: LiveGame, seat: Seat, version: int) -> None:
        """Run out `seat`'s prompt, which the timers found overdue at `version`: the server's
        own cause, decided and appended like a command (kennel.service.timers)."""

        def prepare() -> tuple[Appending, list[dict[str, Any]]]:
            if live.ledger.version != version:
                raise _MovedOn()
            appending = live.ledger.expire(seat, f"expire-{version}-{seat}", live.desk.seed)
            return appending, self._closing_entries(live, appending)

        try:
            await self._append(live, prepare)
        except _MovedOn:
            return  # another decision (here or on another replica) came first; its clocks rule
        log.info("prompt_expired", game_id=str(live.id), seat=seat, version=version)
        self._note_end(live)

    def _closing_entries(self, live: LiveGame, appending: Appending) -> list[dict[str, Any]]:
        """When the decision ends the game: sign its head (and its attempts) in the same transaction."""
        if not any(isinstance(event, tables.GameEnded) for event in appending.events):
            return []
        log = dataclasses.replace(live.log(), records=(*live.ledger.records, *appending.records))
        checkpoint = signing.sign(log, self.signing_key)
        return [
            {"kind": "ended", "game_id": str(live.id)},
            {"kind": "checkpoint", "game_id": str(live.id), **checkpoint.to_json()},
        ]

    def _note_end(self, live: LiveGame) -> None:
        if live.table.ended is not None:
            self._summaries[str(live.id)] = live.summary()

    def _previous(self, live: LiveGame, seat: Seat, command_id: str, command: Any) -> Accepted | None:
        found = live.ledger.previous_result(seat, command_id)
        if found is None:
            return None
        first, last = found
        recorded = live.ledger.records[first - 1].cause
        encoded = tables.encode_command(live.game, command)
        if (recorded.type, recorded.data) != (encoded["type"], encoded["data"]):
            raise InvalidArgument(
                "kennel/command_id_reused", "This command id was already used for a different command."
            )
        return Accepted(first, last, replayed=True)

    async def _append(
        self,
        live: LiveGame,
        prepare: Any,
        seat: Seat | None = None,
        command_id: str | None = None,
        command: Any = None,
        meanwhile: Meanwhile | None = None,
        alone: bool = False,
        client_tag: str = "",
    ) -> tuple[Appending, Accepted | None]:
        """Decide under the game's lock, store, fold; on a lost race catch up and decide again.

        A command that no longer applies once another writer's events are folded in is refused
        with ABORTED (it lost a race). With a shared store, a command refused by the rules is
        decided again if this copy of the game turns out to be behind the store.
        """
        async with live.lock:
            overtaken = False
            for _ in range(CONFLICT_RETRIES):
                if command_id is not None and seat is not None:
                    replayed = self._previous(live, seat, command_id, command)
                    if replayed is not None:
                        return _no_append(live), replayed
                try:
                    appending, entries = prepare()
                except RuleViolation as violation:
                    if self.store.shared and await self._refresh(live):
                        continue
                    if overtaken:
                        raise Aborted(
                            "kennel/overtaken",
                            f"Another command changed the game first and this one no longer applies: "
                            f"{violation.message}",
                        ) from None
                    raise
                entries = [*entries, *self.timers.entries(live, appending)]
                # Handed to the writer thread now: the answer is built while the disk syncs (or,
                # for a call served alone, written on the loop at once, the answer built on the
                # writer thread meanwhile: see Appender.submit).
                committed = self.appender.submit(
                    Append(live.id, appending.records, live.desk.version, entries), alone=alone,
                    meanwhile=None if meanwhile is None else partial(_run_meanwhile, meanwhile, appending, entries),
                )
                try:
                    await committed
                except VersionConflict:
                    log.info("version_conflict", game_id=str(live.id), version=live.ledger.version)
                    await self._refresh(live)
                    overtaken = True
                    continue
                live.ledger.commit(appending)
                for entry in entries:
                    live.desk.fold(entry)
                if client_tag:  # before the watchers wake (kennel.service.servicer.Watch)
                    live.tagged = (appending.records[0].version, appending.records[-1].version, seat, client_tag)
                live.notify()
                self._schedule(live)
                return appending, None
        raise Aborted("kennel/conflict", "Other commands kept changing the game; send it again.")

    async def _keep_attempt(
        self, live: LiveGame, seat: Seat, command_id: str, command: Any, violation: RuleViolation
    ) -> None:
        """Keep a refused command with its reason, so the refusal can be checked later.

        At most `refusals_kept` are kept whole per seat and decision; past that each refusal
        is counted into a running digest, written as a `kennel.RefusalsOmitted` attempt when
        the count reaches 1, 2, 4, 8 and so on: a seat that keeps sending
        refused commands at one decision adds a logarithmic number of small lines to the log,
        never its commands (docs/reliability.md, "Threat model")."""
        encoded = tables.encode_command(live.game, command)
        async with live.lock:
            for _ in range(CONFLICT_RETRIES):
                attempt = self._attempt_kept(live, seat, command_id, encoded, violation)
                if attempt is None:
                    return
                try:
                    await asyncio.to_thread(self.store.append_attempt, live.id, len(live.attempts) + 1, attempt)
                except VersionConflict:
                    await self._refresh(live)
                    continue
                live.attempts.append(attempt)
                return
        raise Aborted("kennel/conflict", "Other commands kept changing the game; send it again.")


    def _attempt_kept(
        self, live: LiveGame, seat: Seat, command_id: str, encoded: dict[str, Any], violation: RuleViolation
    ) -> Attempt | None:
        """The attempt to store for this refusal: itself, a count of those past the cap, or None."""
        version = live.ledger.version
        whole = sum(1 for a in live.attempts if a.after_version == version and a.cause.seat == seat
                    and a.cause.type != REFUSALS_OMITTED)
        if whole < self.refusals_kept:
            return Attempt(
                after_version=version,
                cause=Cause(seat=seat, command_id=command_id, type=encoded["type"], data=encoded["data"]),
                code=violation.code,
                message=violation.message,
            )
        key = (live.id, seat, version)
        count, running = self._omitted.get(key, (0, ""))
        count += 1
        running = hashlib.sha256(running.encode() + canonical_json(encoded)).hexdigest()
        for stale in [k for k in self._omitted if k[0] == live.id and k[2] != version]:
            del self._omitted[stale]  # that decision is over
        self._omitted[key] = (count, running)
        if count & (count - 1):  # written when the count reaches 1, 2, 4, 8, ...
            return None
        return Attempt(
            after_version=version,
            cause=Cause(seat=seat, command_id=f"omitted-{version}-{seat}-{count}", type=REFUSALS_OMITTED,
                        data={"count": count, "sha256": running}),
            code="kennel/refusals_omitted",
            message=f"{count} more refused commands of this seat at this version were not kept whole.",
        )


def _run_meanwhile(meanwhile: Meanwhile, appending: Appending, entries: Sequence[dict[str, Any]]) -> None:
    """Work done early only to save time: if it fails, the commit still stands and the caller
    does that work again after it (and meets the error there, where it is reported)."""
    try:
        meanwhile(appending, entries)
    except Exception:
        log.warning("meanwhile_failed", exc_info=True)


class _MovedOn(Exception):
    """The game changed between a prompt's expiry being found and being decided."""


def _no_append(live: LiveGame) -> Appending:
    return Appending(base_version=live.ledger.version, records=[], events=[], table=live.table)


def check_client_tag(client_tag: str) -> None:
    """A request's `client_tag` (SubmitCommand, Watch): empty, or at most `MAX_CLIENT_TAG`
    characters (one is kept per game: LiveGame.tagged)."""
    if len(client_tag) > MAX_CLIENT_TAG:
        raise InvalidArgument("kennel/bad_client_tag", f"A client tag is at most {MAX_CLIENT_TAG} characters.")
