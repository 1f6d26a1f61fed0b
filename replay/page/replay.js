"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("kennel-data").textContent);
  const POOL = DATA.pool, META = DATA.meta, STEPS = DATA.steps;
  const LAST = STEPS.length - 1;
  const LIST = 0, OBJECT = 1, SHAPE = 2, ROPE = 3;
  const LONG_LIST = 120, LONG_LIST_HEAD = 60;  // longer lists of scalars show their head as chips
  const $ = (id) => document.getElementById(id);

  // The pool: every distinct value once (see replay/html.py). Refs compare like values.
  const isNode = (ref, tag) => ref >= 0 && Array.isArray(POOL[ref]) && POOL[ref][0] === tag;
  const isList = (ref) => isNode(ref, LIST) || isNode(ref, ROPE);
  const shapeKeys = (ref) => POOL[POOL[ref][1]].slice(1);
  const children = (ref) => POOL[ref].slice(2);  // an object's values, in its shape's order
  const flat = new Map();
  function items(ref) {  // a list's item refs, its parts joined when it is a rope
    if (isNode(ref, LIST)) return POOL[ref].slice(1);
    if (!flat.has(ref)) flat.set(ref, [].concat(...POOL[ref].slice(1).map(items)));
    return flat.get(ref);
  }
  const decoded = new Map();
  function value(ref) {
    if (ref === undefined || ref === null || ref < 0) return undefined;
    if (decoded.has(ref)) return decoded.get(ref);
    let out;
    if (isList(ref)) out = items(ref).map(value);
    else if (isNode(ref, OBJECT)) {
      out = {}; const keys = shapeKeys(ref), kids = children(ref);
      keys.forEach((k, i) => { out[k] = value(kids[i]); });
    } else out = POOL[ref];
    decoded.set(ref, out);
    return out;
  }
  function field(ref, key) {  // the ref of `key` in the object at `ref`, or -1
    if (ref === undefined || !isNode(ref, OBJECT)) return -1;
    const i = shapeKeys(ref).indexOf(key);
    return i < 0 ? -1 : POOL[ref][2 + i];
  }
  function item(ref, i) {  // the ref of item i of the list at `ref`, or -1
    if (ref === undefined || !isList(ref)) return -1;
    const all = items(ref);
    return i < all.length ? all[i] : -1;
  }

  function isTagged(ref) {
    if (!isNode(ref, OBJECT)) return false;
    const keys = shapeKeys(ref);
    return keys.length === 2 && keys.includes("type") && keys.includes("data") && typeof POOL[field(ref, "type")] === "string";
  }
  // One line for a value: Type(key=value, ...), [a, b].
  function inline(v) {
    if (Array.isArray(v)) return "[" + v.map(inline).join(", ") + "]";
    if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      if (keys.length === 2 && typeof v.type === "string" && "data" in v) {
        const inner = inline(v.data);
        return v.type + "(" + (v.data !== null && typeof v.data === "object" && !Array.isArray(v.data) ? inner.slice(1, -1) : inner) + ")";
      }
      return "{" + keys.map((k) => `${k}=${inline(v[k])}`).join(", ") + "}";
    }
    return v === null ? "null" : String(v);
  }

  // Elements -------------------------------------------------------------------------------
  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    if (attrs) for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v; else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
    }
    for (const kid of kids) if (kid !== undefined && kid !== null && kid !== false)
      node.append(typeof kid === "string" ? document.createTextNode(kid) : kid);
    return node;
  }
  const human = (key) => String(key).replace(/_/g, " ");
  const seatName = (seats, s) => (seats && seats[s] != null) ? seats[s] : "(open)";

  // Any JSON value, readably; what differs from `prev` (the same place one step earlier) is marked.
  function render(ref, prev) {
    const changed = prev !== undefined && prev !== ref;
    const mark = (node) => { if (changed) node.classList.add("chg"); return node; };
    const v = POOL[ref];
    if (!Array.isArray(v)) {
      if (v === null) return mark(el("span", { class: "nil", text: "\u2014" }));
      if (typeof v === "boolean") return mark(el("span", { text: v ? "yes" : "no" }));
      if (typeof v === "number") return mark(el("span", { class: "num", text: String(v) }));
      return mark(el("span", { text: v === "" ? "\u201c\u201d" : v }));
    }
    const same = prev === ref;  // unchanged subtree: nothing inside is marked
    const sub = (childRef, prevRef) => render(childRef, same ? childRef : (prev === undefined ? undefined : prevRef));
    if (v[0] === LIST || v[0] === ROPE) {
      const kids = items(ref);
      if (!kids.length) return mark(el("span", { class: "nil", text: "none" }));
      if (kids.every((k) => !Array.isArray(POOL[k]))) {  // scalars: chips
        const span = el("span", { class: "chips" });
        const shown = kids.length > LONG_LIST ? LONG_LIST_HEAD : kids.length;
        kids.slice(0, shown).forEach((k, i) => {
          const chip = sub(k, item(prev, i));
          chip.classList.add("chip");
          span.append(chip);
        });
        if (shown < kids.length) {  // thousands of chips would make every step slow; the rest as text
          const rest = el("details", { class: "rest" }, el("summary", { text: `\u2026 ${kids.length - shown} more (${kids.length} in all)` }));
          rest.addEventListener("toggle", () => {
            if (rest.open && rest.childNodes.length === 1)
              rest.append(el("div", { text: kids.slice(shown).map((k) => inline(POOL[k])).join(", ") }));
          }, { once: true });
          span.append(rest);
        }
        if (!same && prev !== undefined && isList(prev) && items(prev).length > kids.length)
          span.append(el("span", { class: "nil chg", text: ` (${items(prev).length - kids.length} fewer)` }));
        return span;
      }
      const shape = isNode(kids[0], OBJECT) ? POOL[kids[0]][1] : -1;
      if (shape >= 0 && kids.every((k) => isNode(k, OBJECT) && POOL[k][1] === shape)) {  // records: a table
        const keys = POOL[shape].slice(1);
        const table = el("table", { class: "rows" },
          el("thead", null, el("tr", null, el("th", { class: "ix", text: "#" }), ...keys.map((k) => el("th", { text: human(k) })))));
        const body = el("tbody");
        kids.forEach((k, i) => {
          const prevRow = item(prev, i), cells = children(k);
          body.append(el("tr", null, el("td", { class: "ix", text: String(i) }), ...cells.map((c, j) =>
            el("td", null, sub(c, prevRow < 0 ? (prev === undefined ? undefined : -1) : field(prevRow, keys[j]))))));
        });
        table.append(body);
        return table;
      }
      return el("ol", { class: "items", start: "0" },
        ...kids.map((k, i) => el("li", null, sub(k, item(prev, i)))));
    }
    if (v[0] === OBJECT) {
      const keys = shapeKeys(ref), kids = children(ref);
      if (isTagged(ref)) {  // {"type": ..., "data": ...}: a command or an event
        const typeRef = field(ref, "type"), dataRef = field(ref, "data");
        const line = inline(value(ref));
        if (line.length <= 90) return mark(el("span", null, el("span", { class: "type", text: POOL[typeRef] }),
          line.slice(POOL[typeRef].length)));
        const wrap = el("span", null, mark(el("span", { class: "type", text: POOL[typeRef] })));
        if (isNode(dataRef, OBJECT) && shapeKeys(dataRef).length === 0) return wrap;
        wrap.append(" ", sub(dataRef, field(prev, "data")));
        return wrap;
      }
      if (!keys.length) return mark(el("span", { class: "nil", text: "(nothing)" }));
      return el("table", { class: "kv" }, el("tbody", null, ...keys.map((k, i) =>
        el("tr", null, el("th", { text: human(k) }), el("td", null, sub(kids[i], field(prev, k)))))));
    }
    return el("span", { text: JSON.stringify(value(ref)) });
  }

  function picture(ref) {
    const chunks = value(ref);
    if (!Array.isArray(chunks)) return null;
    const box = el("div", { class: "picture" });
    box.innerHTML = chunks.join("");  // SVG drawn by the game's own code
    return box;
  }

  // The chrome that does not change with the step --------------------------------------------
  $("title").textContent = META.title;
  const header = META.header;
  $("facts").textContent = [
    `game ${META.game_id}`, `${META.game} rules v${META.rules_version}`,
    `${META.last_version} events`, `seed commitment ${header.seed_commitment}`,
  ].concat(header.parent ? [`forked from ${header.parent.game_id} at version ${header.parent.version}`] : []).join(" \u00b7 ");
  const outcome = META.outcome;
  const winners = new Set(outcome ? outcome.winners : []);
  META.seats.forEach((name, s) => $("seatline").append(el("span", {
    class: "seat" + (winners.has(s) ? " won" : ""),
    text: `${s}: ${name == null ? "(open)" : name}` + (outcome ? ` \u2014 ${outcome.scores[s]}` : ""),
  })));
  if (outcome) {
    $("final").append(el("strong", { text: "Outcome: " }),
      (outcome.winners.length ? outcome.winners.map((s) => seatName(META.seats, s)).join(", ") + " won" : "nobody won")
      + ` (${outcome.reason}). `,
      el("a", { href: "#v=" + LAST, style: "color:#f4d35e", text: "jump to the end" }));
  } else $("final").textContent = "The game was still running when this log was exported.";

  // Narration ----------------------------------------------------------------------------------
  const perspectives = [["omniscient", "everything (omniscient)"]].concat(
    META.seats.map((name, s) => [String(s), `as ${name == null ? `seat ${s} (open)` : name} saw it`]));
  for (const [val, label] of perspectives) $("perspective").append(el("option", { value: val, text: label }));
  let linesByVersion = new Map();
  function fillNarration() {
    const which = $("perspective").value === "omniscient" ? 0 : Number($("perspective").value) + 1;
    const list = $("narration");
    list.replaceChildren();
    linesByVersion = new Map();
    for (const [version, textRef, attempt] of DATA.narration[which] || []) {
      const li = el("li", { "data-version": String(version), class: attempt ? "attempt" : null, onclick: () => go(version) },
        el("span", { class: "v", text: String(version) }), el("span", { class: "t", text: POOL[textRef] }));
      list.append(li);
      if (!linesByVersion.has(version)) linesByVersion.set(version, []);
      linesByVersion.get(version).push(li);
    }
  }
  $("perspective").addEventListener("change", () => { fillNarration(); show(current, true); });

  // One step ----------------------------------------------------------------------------------
  let current = -1;
  function cardFor(title, cls, ...kids) {
    return el("div", { class: "card " + cls }, el("h3", null, ...title), ...kids);
  }
  function section(label, node) { return [el("h4", { text: label }), node]; }

  function show(step, force) {
    step = Math.max(0, Math.min(LAST, step | 0));
    if (step === current && !force) return;
    const prevStep = current;
    current = step;
    const ref = STEPS[step];
    const before = step > 1 ? STEPS[step - 1] : undefined;  // marks: what changed with this step's event (none at v1)
    const s = value(ref);
    $("slider").value = String(step);
    $("step").textContent = `version ${step} of ${LAST}`;
    $("prev").disabled = $("first").disabled = step === 0;
    $("next").disabled = $("last").disabled = step === LAST;
    try {  // the step in the address, to link to it; some browsers refuse this for local files
      if (location.hash !== "#v=" + step) history.replaceState(null, "", "#v=" + step);
    } catch (e) { /* the page works without it */ }

    // "as" a seat, every panel shows what that seat saw: its event, its view, its board and the
    // public facts about the others; never the whole state, nor another seat's view.
    const as = $("perspective").value === "omniscient" ? null : Number($("perspective").value);
    const viewersNow = field(ref, "viewers");
    const mine = as === null ? -1 : item(viewersNow, as);
    document.body.dataset.perspective = as === null ? "omniscient" : String(as);

    // The event of this step, and its cause; this step's sentences from the narration.
    const now = $("now");
    now.replaceChildren();
    now.append(el("span", { class: "tag", text: "v" + step }));
    if (step === 0) now.append("Before the first event: only the log's header.");
    else {
      const told = (linesByVersion.get(step) || []).map((li) =>
        (li.classList.contains("attempt") ? "Refused: " : "") + li.querySelector(".t").textContent);
      if (told.length) now.append(el("span", { class: "told", text: told.join(" ") }));
      const cmd = as === null ? s.command : value(field(mine, "command"));
      const shown = as === null ? s.event : value(field(mine, "event"));
      const who = cmd == null ? "" : cmd.seat == null ? "the engine" : seatName(s.seats, cmd.seat);
      now.append(el("div", { class: "raw" },
        el("span", { class: "type", text: shown.type }), el("span", { text: inline(shown).slice(shown.type.length) }),
        cmd == null ? null : el("span", { class: "cause", text: ` \u2190 ${who}: ${inline({ type: cmd.type, data: cmd.data })} [${cmd.id}]` })));
    }

    // Narration: highlight this step's lines, grey out what has not happened yet.
    const list = $("narration");
    for (const li of list.children) {
      const v = Number(li.dataset.version);
      li.classList.toggle("current", v === step);
      li.classList.toggle("future", v > step);
    }
    const lines = linesByVersion.get(step);
    if (lines && lines.length) {
      // Into the part of the list on screen (the page may hide its bottom), a third of the way down.
      const box = list.getBoundingClientRect(), r = lines[0].getBoundingClientRect();
      const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
      if (r.top < top || r.bottom > bottom) list.scrollTop += r.top - top - (bottom - top) / 3;
    }

    // Panels.
    const panels = $("panels");
    panels.replaceChildren();
    const pending = s.pending || [];
    const owes = (seat) => pending.filter((p) => p.seat === seat);
    const won = s.outcome ? new Set(s.outcome.winners) : new Set();

    const ownPicture = mine < 0 ? -1 : field(mine, "picture");
    if (as !== null && ownPicture >= 0 && POOL[ownPicture] !== null) {
      panels.append(cardFor([el("span", { text: "Board" }), el("span", { class: "badge", text: `as ${seatName(s.seats, as)} saw it` })],
        "wide", picture(ownPicture)));
    } else if (s.picture) panels.append(cardFor([el("span", { text: "Board" }), el("span", { class: "badge", text: "public" })],
      "wide", picture(field(ref, "picture"))));

    // The omniscient view: every seat, what is owed, the event with its cause, the whole state.
    const omni = [];
    const seatRows = el("table", { class: "rows" }, el("thead", null, el("tr", null,
      el("th", { text: "seat" }), el("th", { text: "player" }), el("th", { text: "owes" }),
      s.outcome ? el("th", { text: "score" }) : null)));
    const seatBody = el("tbody");
    s.seats.forEach((name, i) => seatBody.append(el("tr", null, el("td", { text: String(i) }),
      el("td", { text: name == null ? "(open)" : name }),
      el("td", { text: owes(i).map((p) => `${p.label} (${p.kind.replace(/_/g, " ")})`).join("; ") || "\u2014" }),
      s.outcome ? el("td", { text: String(s.outcome.scores[i]) + (won.has(i) ? " \u2605" : "") }) : null)));
    seatRows.append(seatBody);
    omni.push(...section("Seats", seatRows));
    if (s.outcome) omni.push(...section("Outcome", render(field(ref, "outcome"))));
    if (as !== null) {  // what every seat knows: who sits where, who owes what, the outcome
      panels.append(cardFor([el("span", { text: "Table" }), el("span", { class: "badge", text: "public" })], "table", ...omni));
    } else if (step === 0) {
      omni.push(...section("Header", renderPlain(header)));
    } else {
      const state = el("details", { open: "" }, el("summary", { text: "State (the whole truth)" }),
        render(field(ref, "state"), before === undefined ? undefined : field(before, "state")));
      omni.push(state);
    }
    if (as === null) panels.append(cardFor([el("span", { text: "Omniscient" }), el("span", { class: "badge", text: "everything" })],
      "omni wide", ...omni));

    if (step > 0 && as === null) {
      const pub = field(ref, "public"), pubBefore = before === undefined ? -1 : field(before, "public");
      panels.append(cardFor([el("span", { text: "Spectator" }), el("span", { class: "badge", text: "public view" })],
        "public", ...section("Saw", render(field(pub, "event"))),
        ...section("View", render(field(pub, "view"), pubBefore < 0 ? undefined : field(pubBefore, "view")))));
    }

    const viewers = field(ref, "viewers"), viewersBefore = before === undefined ? -1 : field(before, "viewers");
    const pubPicture = field(ref, "picture");
    s.seats.forEach((name, i) => {
      const seat = item(viewers, i);
      if (seat < 0 || (as !== null && i !== as)) return;
      const seatBefore = item(viewersBefore, i);
      const title = [el("span", { text: `Seat ${i} \u00b7 ${name == null ? "(open)" : name}` })];
      for (const p of owes(i)) title.push(el("span", { class: "badge act", text: p.label }));
      if (won.has(i)) title.push(el("span", { class: "badge win", text: "won" }));
      const kids = [];
      const cmd = value(field(seat, "command"));
      kids.push(...section("Saw", render(field(seat, "event"))));
      if (cmd && cmd.seat === i) kids.push(...section("Sent", render(field(seat, "command"))));
      const pic = field(seat, "picture");
      if (POOL[pic] !== null && pic !== pubPicture) kids.push(...section("Board as this seat sees it", picture(pic)));
      kids.push(...section("View", render(field(seat, "view"), seatBefore < 0 ? undefined : field(seatBefore, "view"))));
      const legal = field(seat, "legal"), n = items(legal).length;
      kids.push(el("details", null, el("summary", { text: `Legal commands (${n})` }), render(legal)));
      panels.append(cardFor(title, "seatcard" + (owes(i).length ? " acting" : "") + (won.has(i) ? " winner" : ""), ...kids));
    });
  }

  function renderPlain(value) {  // a value that is not in the pool (the header)
    if (value === null || typeof value !== "object") return el("span", { text: value === null ? "\u2014" : String(value) });
    if (Array.isArray(value)) return value.length ? el("span", null, ...value.map((v) => {
      const c = renderPlain(v); c.classList.add("chip"); return c; })) : el("span", { class: "nil", text: "none" });
    const keys = Object.keys(value);
    if (!keys.length) return el("span", { class: "nil", text: "(nothing)" });
    return el("table", { class: "kv" }, el("tbody", null, ...keys.map((k) =>
      el("tr", null, el("th", { text: human(k) }), el("td", null, renderPlain(value[k]))))));
  }

  // Controls ----------------------------------------------------------------------------------
  function go(step) { stop(); show(step); }
  let timer = null;
  function stop() { if (timer) { clearInterval(timer); timer = null; $("play").textContent = "Play"; } }
  $("play").addEventListener("click", () => {
    if (timer) return stop();
    if (current >= LAST) show(0);
    $("play").textContent = "Pause";
    timer = setInterval(() => { if (current >= LAST) stop(); else show(current + 1); }, 500);
  });
  $("slider").max = String(LAST);
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("prev").addEventListener("click", () => go(current - 1));
  $("next").addEventListener("click", () => go(current + 1));
  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(LAST));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range"))) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, PageUp: -10, PageDown: 10 };
    if (e.key in moves) go(current + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(LAST);
    else if (e.key === " " && t.tagName !== "BUTTON") $("play").click();
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    const m = /^#v=(\d+)$/.exec(location.hash);
    if (m) go(Number(m[1]));
  });

  fillNarration();
  const start = /^#v=(\d+)$/.exec(location.hash);
  show(start ? Number(start[1]) : 0);
  document.body.dataset.ready = "true";
})();
