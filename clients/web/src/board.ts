// A Dog's Life's city, drawn from the game's own board.json (served by `kennel serve --web` from
// the domain package, so the board is defined in one place) and the seat's view: spaces,
// dogs, the dogcatcher's truck, bones and newspapers lying about, searched trash cans and
// piddle markers. Squares a legal MoveDog or SteerTruck leads to are marked and clickable, each
// titled with the move's label from the server ("Walk to Poodle Avenue 2").

import type { Plain } from "./plain.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 34;
export const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
const FILL: Record<string, string> = {
  street: "#c4c4c4", home: "#fde7a8", address: "#dfe7f5", restaurant: "#f8d0d0", kiosk: "#cfe8ff", pound: "#b9b9b9",
};

export interface Space {
  id: number;
  kind: string;
  name: string;
  x: number;
  y: number;
  w?: number;
  h?: number;
  feature?: string | null;
  number?: number;
}

export interface Board {
  width: number;
  height: number;
  spaces: Space[];
}

export interface Target {
  space: number;
  label: string;
  send: () => void;
}

let cached: Promise<Board> | undefined;

export function loadBoard(): Promise<Board> {
  cached ??= fetch("/games/a-dogs-life/board.json").then((r) => {
    if (!r.ok) throw new Error(`the board did not load (${r.status})`);
    return r.json() as Promise<Board>;
  });
  return cached;
}

function el(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

type Rec = { [key: string]: Plain };
const num = (v: Plain | undefined): number | undefined => (typeof v === "number" ? v : undefined);

export function drawBoard(board: Board, view: Rec, names: string[], targets: Target[]): SVGSVGElement {
  const svg = el("svg", {
    viewBox: `0 0 ${board.width * CELL} ${board.height * CELL}`, class: "board", role: "img",
    "aria-label": "A Dog's Life: the city",
  }) as SVGSVGElement;
  svg.append(el("rect", { x: 0, y: 0, width: board.width * CELL, height: board.height * CELL, fill: "#cfe3c0", rx: 6 }));
  const centre = new Map<number, [number, number]>();
  const searched = new Set((view.searched as number[] | undefined) ?? []);
  for (const space of board.spaces) {
    const w = space.w ?? 1, hgt = space.h ?? 1;
    const [x, y] = [space.x * CELL, space.y * CELL];
    centre.set(space.id, [x + (w * CELL) / 2, y + (hgt * CELL) / 2]);
    const rect = el("rect", {
      x: x + 1, y: y + 1, width: w * CELL - 2, height: hgt * CELL - 2, rx: space.kind === "street" ? 2 : 5,
      fill: FILL[space.kind] ?? "#ddd", stroke: "#8a8a8a", "data-space": space.id,
    });
    rect.append(el("title", {}, space.name));
    svg.append(rect);
    if (space.kind !== "street") {
      const label = space.kind === "home" ? `H${space.number ?? ""}` : space.kind === "address" ? `A${space.number ?? ""}`
        : space.kind === "restaurant" ? `R${space.number ?? ""}` : space.kind === "kiosk" ? "Kiosk" : "Pound";
      svg.append(el("text", { x: x + (w * CELL) / 2, y: y + 12, class: "space-label" }, label));
    }
    if (space.feature === "trash_can") {
      svg.append(el("rect", { x: x + 4, y: y + 4, width: 8, height: 10, rx: 2, fill: searched.has(space.id) ? "#555" : "#6b8e23" }));
    } else if (space.feature === "lamppost") {
      svg.append(el("circle", { cx: x + 8, cy: y + 8, r: 3.5, fill: "#ffd700", stroke: "#886" }));
    } else if (space.feature === "fountain") {
      svg.append(el("circle", { cx: x + 8, cy: y + 8, r: 5, fill: "#4fa3e0" }));
    }
  }
  for (const piddle of (view.piddles as Rec[] | undefined) ?? []) {
    const at = centre.get(num(piddle.space) ?? -1);
    if (at) svg.append(el("circle", { cx: at[0] + 9, cy: at[1] - 9, r: 3, fill: SEAT_COLOURS[(num(piddle.seat) ?? 0) % 6]! }));
  }
  for (const item of (view.ground as Rec[] | undefined) ?? []) {
    const at = centre.get(num(item.space) ?? -1);
    if (!at) continue;
    const bone = item.kind === "bone";
    const mark = el("rect", { x: at[0] + 4, y: at[1] + 6, width: 11, height: 8, rx: bone ? 4 : 1, fill: bone ? "#f5f0e1" : "#fff", stroke: "#7a6a50" });
    mark.append(el("title", {}, bone ? "a bone" : `a newspaper${item.address ? ` for address ${String(item.address)}` : ""}`));
    svg.append(mark);
  }
  const truck = centre.get(num(view.truck) ?? -1);
  if (truck) {
    const g = el("g", { class: "truck" });
    g.append(el("rect", { x: truck[0] - 14, y: truck[1] - 9, width: 28, height: 18, rx: 3, fill: "#333" }));
    g.append(el("text", { x: truck[0], y: truck[1] + 4, class: "truck-label" }, "TRUCK"));
    g.append(el("title", {}, "the dogcatcher's truck"));
    svg.append(g);
  }
  // A dog with no position is on the pound chart: drawn in the pound.
  const pound = board.spaces.find((space) => space.kind === "pound")?.id ?? -1;
  const dogs = ((view.dogs as Rec[] | undefined) ?? []).map((dog) => ({ seat: num(dog.seat) ?? 0, name: String(dog.dog ?? "dog"), position: num(dog.position) ?? pound }));
  dogs.forEach((dog, index) => {
    const seat = dog.seat;
    const at = centre.get(dog.position);
    if (!at) return;
    const shift = (dogs.filter((d, i) => i < index && d.position === dog.position).length) * 7;
    const g = el("g", { class: "dog", "data-seat": seat });
    g.append(el("circle", { cx: at[0] - 4 + shift, cy: at[1] + 2, r: 10, fill: SEAT_COLOURS[seat % 6]!, stroke: "#fff", "stroke-width": 2 }));
    const owner = names[seat] ?? "a player";
    g.append(el("text", { x: at[0] - 4 + shift, y: at[1] + 6, class: "dog-label" }, owner.slice(0, 1).toUpperCase()));
    const where = dog.position === pound ? " (in the pound)" : "";
    g.append(el("title", {}, `${owner}'s dog ${dog.name}${where}`));
    svg.append(g);
  });
  for (const target of targets) {
    const at = centre.get(target.space);
    if (!at) continue;
    const ring = el("circle", { cx: at[0], cy: at[1], r: 14, class: "target", "data-target": target.space });
    ring.append(el("title", {}, target.label));
    ring.addEventListener("click", target.send);
    svg.append(ring);
  }
  return svg;
}
