// A tiny DOM builder and the generic rendering of plain data (plain.ts) as HTML.

import { type Plain, words } from "./plain.js";

type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | EventListener | undefined> = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) element.setAttribute(name, "");
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

// Fields that hold a seat number in the games' messages: shown as the player's name. A field a
// game adds later that is not listed here still shows, as a number.
const SEAT_FIELDS = new Set(["seat", "viewer", "active", "crown", "turn", "holder", "thief", "victim", "proposer",
  "partner", "mrSquirrel", "pawHolder", "owner", "attacker", "defender", "winner", "drawer", "loser"]);
const SEAT_LIST_FIELDS = new Set(["winners", "contenders", "adopted", "asking", "fighters", "owing", "others"]);
// Fields a player never needs to read: their own seat number.
const HIDDEN_FIELDS = new Set(["viewer"]);
let seatNames: readonly string[] = [];

// Fields that hold a place on a board (A Dog's Life's spaces): shown by the place's name, from the
// server's guide ("space:120" -> "Poodle Avenue 2").
const SPACE_FIELDS = new Set(["position", "home", "truck", "truckFrom", "space", "searched", "begged", "to"]);
let places: Readonly<Record<string, string>> = {};

/** The names of the game's places (GetGuide's components), for the fields above. */
export function setPlaces(components: Readonly<Record<string, string>>): void {
  places = components;
}

/** The players' names, by seat, for the fields above. */
export function setSeatNames(names: readonly string[]): void {
  seatNames = names;
}

function named(key: string, value: Plain): Plain {
  const name = (seat: Plain) => (typeof seat === "number" && seatNames[seat] !== undefined ? seatNames[seat]! : seat);
  const place = (space: Plain) => (typeof space === "number" && places[`space:${space}`] !== undefined ? places[`space:${space}`]! : space);
  if (SPACE_FIELDS.has(key)) return Array.isArray(value) ? value.map(place) : place(value);
  if (SEAT_FIELDS.has(key)) return name(value);
  if (SEAT_LIST_FIELDS.has(key) && Array.isArray(value)) return value.map(name);
  return value;
}

// Lists indexed by seat ("proposalsLeftBySeat"): shown as each player's name and value.
const BY_SEAT = "BySeat";

/** A field's name as a heading; a seat is a player, a list by seat is headed by what it holds. */
function fieldWord(name: string): string {
  if (name.endsWith(BY_SEAT) && name.length > BY_SEAT.length) return words(name.slice(0, -BY_SEAT.length));
  return SEAT_FIELDS.has(name) && name === "seat" ? "player" : words(name);
}

export function isRecord(value: Plain): value is { [key: string]: Plain } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Any value: records as labelled fields, lists of records as tables, other lists as chips. */
export function renderPlain(given: Plain, key = ""): HTMLElement {
  const value = named(key, given);
  if (key.endsWith(BY_SEAT) && Array.isArray(value)) {
    return h("dl", { class: "fields" }, value.flatMap((item, seat) => [
      h("dt", {}, seatNames[seat] ?? `player ${seat + 1}`),
      h("dd", { "data-seat": seat }, renderPlain(item)),
    ]));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "empty" }, "none");
    if (value.every(isRecord)) return table(value as { [key: string]: Plain }[]);
    return h("span", { class: "chips" }, counted(value).map(([item, count]) =>
      h("span", { class: "chip", "data-count": count }, count > 1 ? `${scalarText(item)} ×${count}` : scalarText(item))));
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([name]) => !HIDDEN_FIELDS.has(name));
    if (entries.length === 0) return h("span", { class: "empty" }, "—");
    return h("dl", { class: "fields" }, entries.flatMap(([name, item]) => [
      h("dt", {}, fieldWord(name)),
      h("dd", { "data-field": name }, renderPlain(item, name)),
    ]));
  }
  return h("span", { class: key ? `value ${typeof value}` : "value" }, scalarText(value));
}

/** Equal things once each, with how many: five walnut chips become "walnut ×5". */
export function counted(items: Plain[]): [Plain, number][] {
  const counts = new Map<string, [Plain, number]>();
  for (const item of items) {
    const key = JSON.stringify(item);
    const found = counts.get(key);
    counts.set(key, [item, (found?.[1] ?? 0) + 1]);
  }
  return [...counts.values()];
}

function table(rows: { [key: string]: Plain }[]): HTMLElement {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((c) => !HIDDEN_FIELDS.has(c));
  return h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", {}, fieldWord(c))))),
    h("tbody", {}, rows.map((row) =>
      h("tr", {}, columns.map((c) => h("td", { "data-field": c, "data-label": fieldWord(c) }, c in row ? renderPlain(row[c]!, c) : ""))))),
  );
}

export function scalarText(value: Plain): string {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (value === null) return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** "key value, key value" for a command's or event's arguments. */
export function argumentsText(value: Plain): string {
  if (!isRecord(value)) return Array.isArray(value) ? value.map(scalarText).join(", ") : scalarText(value);
  return Object.entries(value)
    .map(([k, given]) => {
      const v = named(k, given);
      return `${words(k)} ${Array.isArray(v) ? `[${v.map(scalarText).join(", ") || "none"}]` : isRecord(v) ? argumentsText(v) : scalarText(v)}`;
    })
    .join(", ");
}
