"""The calls a server is serving, and whether one is served alone.

A command served alone (no other call in progress, none waiting) has its append written on the
event loop at once (kennel.service.appender, `submit(alone=True)`): handing it to the writer
thread and back would cost about as much as the durable commit itself, with nothing else for the
loop to do meanwhile.

"No other call in progress" is not enough to say that none is waiting. A handler whose append is
written on the loop runs to its end without yielding, so calls queued behind one another at a
busy server each start only after the one before has ended, and each finds itself the only one
in progress. Measured at 64 commands in flight (Hoarders), from a third of all appends on a busy
machine to seven in ten on a quiet one were then written on the loop, one sync each, with the
loop blocked and every queued call waiting behind it: the group commit the writer thread exists
for was defeated for those (docs/performance.md, ninth pass).

What tells the two apart is the pause before a call. A client that sends its next call only
after reading the answer to the last (one player, a sequential bot) leaves the server idle for a
network round trip and its own work: 0.35 ms and more on loopback, measured from the last
call's end to the next's start in the servicer. Calls that were queued start within about
0.1-0.15 ms of the previous one's end (the answer being sent and the next request admitted). A
call is served alone when no other is in progress and the server was idle for at least
`ALONE_AFTER_IDLE_S` before it; otherwise its append goes to the writer thread, where appends that
wait together share a transaction. Erring the other way costs little: a call that was alone but
followed a quick one waits for the thread hand-off (a few tenths of a millisecond).

The pause alone does not tell them apart everywhere: a server whose clients are busy too (the
bench's 64 games in flight, its 16 games of pushed seats, both processes sharing two cores) is
idle between calls for 0.3-2 ms, now and then 3-5 ms, before about a third of the calls.
Measured there (Hoarders, issue 20's eighteenth pass), 15-33% of the appends were committed
alone, each holding every call that arrived meanwhile behind a sync; sending them to the thread
served 4.5-6.5% more commands a second in the peer's shape (docs/performance.md). So a
pause counts only for a call of the game whose call came last (a table playing by itself: each
player waits for the answers before the next call; its seats' calls follow one another), or
after a pause no busy server leaves, `ALONE_AFTER_OTHER_IDLE_S` (a player on a quiet server:
seconds apart). Calls of other games after a short pause are those of a server with many
tables in play, whose appends should share transactions.
"""

from __future__ import annotations

import time
from collections.abc import Callable

# Between the last call's end and this one's start, the server idle at least this long: longer
# than calls queued behind one another leave (0.08-0.15 ms measured), shorter than a client's
# round trip between an answer and its next call (0.35 ms and more measured on loopback).
ALONE_AFTER_IDLE_S = 0.00025
# The same, for a call of another game than the last call's: longer than a server with many
# games in play is idle between their calls (up to 3-5 ms measured, mostly under 2 ms).
ALONE_AFTER_OTHER_IDLE_S = 0.01


class CallsInProgress:
    """SubmitCommand and GetView calls being served, counted on the event loop."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self.count = 0
        self._idle_since = float("-inf")  # when the count last fell to zero; long ago at first
        self._alone = False  # the call that started last found the server idle
        # The game of the call that started last, compared by identity. One object held at most,
        # until the next call: a game evicted meanwhile only stays in memory until then.
        self._last_game: object = None

    def start(self, game: object) -> None:
        """A call of `game` (its LiveGame) begins."""
        self.count += 1
        if self.count == 1:
            idle = self._clock() - self._idle_since
            needed = ALONE_AFTER_IDLE_S if game is self._last_game else ALONE_AFTER_OTHER_IDLE_S
            self._alone = idle >= needed
        else:
            self._alone = False
        self._last_game = game

    def end(self) -> None:
        self.count -= 1
        if self.count == 0:
            self._idle_since = self._clock()

    @property
    def alone(self) -> bool:
        """The call asking is served alone: it found the server idle, and no other has started since."""
        return self._alone and self.count == 1
