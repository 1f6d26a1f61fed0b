// Any protobuf message as plain data a person can read, by reflection over its descriptor:
// enums by their value name ("walnut", not 3 or "NUT_WALNUT"), oneofs as { case: value },
// 64-bit integers as numbers. One function serves every game's views, commands and events.

import type { DescEnum, DescField, DescMessage } from "@bufbuild/protobuf";

export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** "WHITE_FANG" -> "white fang"; protobuf-es strips the enum's own prefix into localName. */
export function enumWord(desc: DescEnum, value: number): string {
  const found = desc.values.find((v) => v.number === value);
  return found ? found.localName.toLowerCase().replaceAll("_", " ") : String(value);
}

/** "faceDown" -> "face down", "aDogsLife" -> "a dogs life". */
export function words(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replaceAll("_", " ").toLowerCase();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export function plain(desc: DescMessage, message: Loose): { [key: string]: Plain } {
  const out: { [key: string]: Plain } = {};
  for (const member of desc.members) {
    const held = message[member.localName];
    if (member.kind === "oneof") {
      if (held?.case === undefined) continue;
      const field = member.fields.find((f) => f.localName === held.case);
      if (field) out[member.localName] = { [held.case]: value(field, held.value) };
      continue;
    }
    if (held === undefined) continue; // an optional left unset: nothing to show
    out[member.localName] = value(member, held);
  }
  return out;
}

function value(field: DescField, held: Loose): Plain {
  switch (field.fieldKind) {
    case "scalar":
      return scalar(held);
    case "enum":
      return enumWord(field.enum, held);
    case "message":
      return plain(field.message, held);
    case "list":
      return (held as Loose[]).map((item) =>
        field.listKind === "message" ? plain(field.message, item)
          : field.listKind === "enum" ? enumWord(field.enum, item)
          : scalar(item),
      );
    case "map":
      return Object.fromEntries(Object.entries(held as Record<string, Loose>).map(([k, v]) => [
        k, field.mapKind === "message" ? plain(field.message, v) : field.mapKind === "enum" ? enumWord(field.enum, v) : scalar(v),
      ]));
  }
}

function scalar(held: Loose): Plain {
  if (typeof held === "bigint") return Number(held);
  if (held instanceof Uint8Array) return `${held.length} bytes`;
  return held as Plain;
}

/** The one member of a oneof-only wrapper ({ hoarders: {...} }) as [case, value]. */
export function only(wrapped: Plain | undefined): [string, Plain] | undefined {
  if (wrapped === null || typeof wrapped !== "object" || Array.isArray(wrapped)) return undefined;
  const entries = Object.entries(wrapped);
  return entries.length === 1 ? entries[0] : undefined;
}
