// Pieces of the game page: the feed's lines, turn-timer countdowns, labelled choices, downloads.

import { pb } from "@kennel/sdk";
import { SEAT_COLOURS } from "./board.js";
import { h, isRecord } from "./dom.js";
import type { Plain } from "./plain.js";

export function eventLine(event: pb.Event): HTMLElement {
  // The sentence names whoever acted: the seat whose command caused an event is not always it.
  return h("li", { "data-version": Number(event.version), "data-seat": event.seat ?? "",
    style: event.seat === undefined ? undefined : `--seat:${SEAT_COLOURS[event.seat % 6]}` },
  h("span", { class: "sentence" }, event.sentence));
}

/** Time left before a prompt runs out (turn timers): kept current by `tickCountdowns`. */
export function countdown(deadlineUnixMs: number): HTMLElement {
  const element = h("span", { class: "countdown", "data-deadline": deadlineUnixMs });
  element.textContent = timeLeft(deadlineUnixMs);
  return element;
}

function timeLeft(deadlineUnixMs: number): string {
  const seconds = Math.max(0, Math.ceil((deadlineUnixMs - Date.now()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} left`;
}

export function tickCountdowns(): void {
  for (const element of document.querySelectorAll<HTMLElement>(".countdown")) {
    element.textContent = timeLeft(Number(element.dataset.deadline));
  }
}

/** A seat's own hand is what a player looks at most: show it first. */
export function handFirst(own: Plain): Plain {
  if (!isRecord(own) || !("hand" in own)) return own;
  const { hand, ...rest } = own;
  return { hand: hand!, ...rest };
}

export function seatNames(view: pb.View): string[] {
  return view.seats.map((s) => s.name ?? "an open seat");
}

export function download(name: string, bytes: Uint8Array, kind: string): void {
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type: kind })); // a copy: a plain ArrayBuffer
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The choices under their headings, each button labelled in the player's words. An undo is
 * among them only once the player has made a move it would take back: the server offers it to
 * nobody else (docs/disputes.md, "Undo"). */
export function choices(view: pb.View, act: (command: pb.Command) => void): HTMLElement {
  const groups = new Map<string, { text: string; command: pb.Command }[]>();
  view.legalCommands.forEach((command, i) => {
    const label = view.legalLabels[i];
    const group = label?.group || "Choices";
    groups.set(group, [...(groups.get(group) ?? []), { text: label?.text || "Choose", command }]);
  });
  return h("div", { class: "commands" }, [...groups].map(([group, options]) => h("div", { class: "command", "data-kind": group },
    h("span", { class: "command-kind" }, group),
    h("span", { class: "options" }, options.map(({ text, command }) =>
      h("button", { class: "act", "data-label": text, onclick: () => act(command) }, text))),
  )));
}
