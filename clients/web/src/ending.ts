// How a game page ends: the winner and the scores by name with the log to download and the
// replay page to open, or, for a game closed before every seat was taken (the server's lobby
// timeout), a notice saying so.

import { pb, type Session } from "@kennel/sdk";
import { h } from "./dom.js";
import { download } from "./parts.js";
import type { Seat } from "./seats.js";

/** The finished game's replay page, served by `kennel serve --web` for this seat's credential
 * (sent as a header, never in an address), opened from a blob in a new tab. */
async function openReplay(gameId: string, me: Seat, opened: Window | null): Promise<void> {
  const response = await fetch(`/replay/${encodeURIComponent(gameId)}.html`, { headers: { authorization: `Bearer ${me.credential}` } });
  if (!response.ok) throw new Error(await response.text());
  const url = URL.createObjectURL(new Blob([await response.text()], { type: "text/html" }));
  if (opened) opened.location.href = url;
  else location.href = url;
}

/** A game that ended with a seat still open never started: the lobby closed it. */
export const closedUnplayed = (view: pb.View): boolean =>
  view.outcome !== undefined && view.seats.some((s) => s.name === undefined);

export interface Ending {
  view: pb.View;
  names: string[];
  session: Session;
  me: Seat;
  gameId: string;
  failed: (error: unknown) => void;
}

export function outcomePanel({ view, names, session, me, gameId, failed }: Ending): HTMLElement {
  if (closedUnplayed(view)) {
    return h("div", { id: "outcome", class: "outcome-panel closed" },
      h("p", { class: "outcome", id: "lobby-closed" }, view.headline),
      h("p", {}, h("a", { href: "#/", class: "button" }, "Back to the lobby")));
  }
  const outcome = view.outcome!;
  const order = view.seats.map((s) => s.seat).sort((a, b) => (outcome.scores[b] ?? 0) - (outcome.scores[a] ?? 0));
  const save = async () => {
    try {
      download(`kennel-${view.gameType}-${gameId}.jsonl`, await session.log(), "application/jsonl");
    } catch (error) {
      failed(error);
    }
  };
  const replay = () => {
    const opened = window.open("", "_blank");
    openReplay(gameId, me, opened).catch((error) => { opened?.close(); failed(error); });
  };
  return h("div", { id: "outcome", class: "outcome-panel" },
    h("p", { class: "outcome" }, view.headline),
    h("ol", { id: "scores" }, order.map((seat) => h("li", { "data-seat": seat, class: outcome.winners.includes(seat) ? "winner" : "" },
      h("span", { class: "name" }, names[seat] ?? ""), " ",
      h("span", { class: "score" }, `${outcome.scores[seat] ?? 0}`),
      outcome.winners.includes(seat) ? h("span", { class: "won" }, "winner") : null))),
    h("p", { class: "after" },
      h("button", { id: "download-log", onclick: save }, "Download the log"), " ",
      h("button", { id: "replay-link", class: "secondary", onclick: replay }, "Open the replay page")),
  );
}
