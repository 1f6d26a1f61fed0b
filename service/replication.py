"""Keeping a replica's live games current with a shared store (PostgreSQL, several replicas).

The store's listener reports every append, by any replica; `Replication` keeps the index of games
and the loaded copies current, catches a copy up when it falls behind, and folds in what other
replicas appended before a refusal is given on this copy's word. Mixed into the hub
(kennel.service.games.GameHub)."""

from __future__ import annotations

import asyncio
import json
import uuid

import structlog
from kennel.domain.core import table as tables
from kennel.replay.ledger import Appending
from kennel.service.hubstate import HubState
from kennel.service.live import LiveGame, Principal
from kennel.service.storage import DESK_TOPIC, Change, attempts_id, desk_id, fold_summary

log = structlog.get_logger(__name__)


class Replication(HubState):
    """The hub's cross-replica half: hearing the store, catching up, refreshing."""

    def _heard(self, changes: list[Change]) -> None:
        """Appends to the shared store (by any replica, this one too): keep the index of games
        and this replica's live copies of the games current, and wake their watchers."""
        for change in changes:
            if change.topic == DESK_TOPIC:
                fold_summary(self._summaries, json.loads(change.state))
            gid = self._streams.get(change.stream)
            if gid is None:
                continue
            live = self._live.get(gid)
            if live is None:
                if gid in self._loading:
                    self._changed_while_loading.add(gid)
            elif live.hear(change):
                self._catch_up_soon(live)

    def _catch_up_soon(self, live: LiveGame) -> None:
        if live.id in self._catching_up:
            self._catching_up[live.id] = True
            return
        self._catching_up[live.id] = False
        task = asyncio.create_task(self._catch_up(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, live: LiveGame) -> None:
        try:
            while True:
                async with live.lock:
                    if live.behind():  # not if what was heard was this replica's own append
                        await self._refresh(live)
                if not self._catching_up[live.id]:
                    return
                self._catching_up[live.id] = False
        except Exception as error:  # the store is unreachable: the next change or command retries
            log.warning("catch_up_failed", game_id=str(live.id), error=repr(error))
        finally:
            del self._catching_up[live.id]

    async def caught_up(self, live: LiveGame) -> bool:
        """Before refusing a call on what this copy of the game says, fold in what other replicas
        appended (a seat that just joined there, a game that just ended there). False when the
        store is not shared (nothing to fold: the refusal stands). Refusals only: the live copy
        follows the store by itself (`_heard`)."""
        if not self.store.shared:
            return False
        async with live.lock:
            await self._refresh(live)
        return True

    async def principal_on_store(self, live: LiveGame, credential_digest: str) -> Principal | None:
        """A credential this copy does not know may have been issued by another replica just now.

        The desk is read first without the game's lock, so that a stream of bad credentials
        costs one read each and never holds up the game's commands.
        """
        if not self.store.shared:
            return None
        desk = await asyncio.to_thread(self.store.read_desk, live.id)
        if credential_digest not in desk.credentials:
            return None
        await self.caught_up(live)
        return live.principal(credential_digest)

    def _track(self, gid: uuid.UUID) -> None:
        """Know the game's streams by id when the store's listener reports them: only on a
        shared store (one that nobody else writes to reports nothing; an idle game then holds
        no entries here)."""
        if not self.store.shared:
            return
        for stream in (gid, desk_id(gid), attempts_id(gid)):
            self._streams[stream] = gid

    def _untrack(self, gid: uuid.UUID) -> None:
        if self._streams:
            for stream in (gid, desk_id(gid), attempts_id(gid)):
                self._streams.pop(stream, None)
        self._changed_while_loading.discard(gid)

    async def _refresh(self, live: LiveGame) -> bool:
        """Fold in what the store holds beyond this copy (call under the game's lock); True if
        anything was new. Records are folded onto the ledger; desk and attempts are re-read."""
        gid = live.id
        records, desk, attempts = await asyncio.to_thread(
            lambda: (self.store.read_records(gid, after=live.ledger.version), self.store.read_desk(gid),
                     self.store.read_attempts(gid))
        )
        changed = bool(records) or desk.version != live.desk.version or len(attempts) != len(live.attempts)
        if records:
            events = [tables.decode_event(live.game, record.event) for record in records]
            table = live.table
            for event in events:
                table = tables.evolve(table, event)
            live.ledger.commit(
                Appending(base_version=live.ledger.version, records=records, events=events, table=table)
            )
        live.desk, live.attempts = desk, attempts
        if changed:
            self._summaries[str(gid)] = live.summary()
            live.notify()
            self._schedule(live)
        return changed
