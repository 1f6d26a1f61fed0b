// Kennel's web client: a lobby (create a game, or join an open one) and a game page (your view,
// your legal commands as buttons, the other seats' moves live). It works for every game through
// one generic rendering of views, commands and events (plain.ts, dom.ts), with a drawn board
// where a game needs one (A Dog's Life: board.ts). It talks to `kennel serve --web` with the
// TypeScript SDK over the Connect protocol; credentials stay in this tab's sessionStorage.

import { Kennel, KennelError, pb, type Session } from "@kennel/sdk";
import { connectTransport } from "@kennel/sdk/web";
import { drawBoard, loadBoard, SEAT_COLOURS, type Target } from "./board.js";
import { argumentsText, h, isRecord, renderPlain, setSeatNames } from "./dom.js";
import { only, plain, type Plain, words } from "./plain.js";

interface GameInfo { name: string; title: string; minSeats: number; maxSeats: number }
interface Seat { seat: number; credential: string; name: string }

const kennel = new Kennel(connectTransport());
const app = document.getElementById("app")!;
const FEED_LINES = 80; // the newest events shown
let games: GameInfo[] = [];
let leave: AbortController | undefined; // ends the page's watch and timers when it changes

const titleOf = (type: string) => games.find((g) => g.name === type)?.title ?? type;
const seatKey = (gameId: string) => `kennel.seat.${gameId}`;
const savedName = () => localStorage.getItem("kennel.name") ?? "";

function remember(gameId: string, seat: Seat): void {
  sessionStorage.setItem(seatKey(gameId), JSON.stringify(seat));
  localStorage.setItem("kennel.name", seat.name);
}

function mySeat(gameId: string): Seat | undefined {
  const saved = sessionStorage.getItem(seatKey(gameId));
  return saved ? (JSON.parse(saved) as Seat) : undefined;
}

function problem(error: unknown): string {
  if (error instanceof KennelError) return error.detail || error.message;
  return error instanceof Error ? error.message : String(error);
}

function showError(where: HTMLElement, error: unknown): void {
  where.replaceChildren(h("p", { class: "error", role: "alert" }, problem(error)));
}

// The lobby -----------------------------------------------------------------------------------

function lobby(signal: AbortSignal): void {
  const name = h("input", { id: "name", name: "name", required: true, maxlength: 64, placeholder: "Rex", value: savedName(), autocomplete: "nickname" });
  const kind = h("select", { id: "game-type", name: "game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const seats = h("input", { id: "seat-count", type: "number", min: 2, max: 6, value: 2 });
  const limit = h("input", { id: "prompt-limit", type: "number", min: 0, max: 3600, value: 0 });
  const fitSeats = () => {
    const info = games.find((g) => g.name === kind.value);
    if (!info) return;
    seats.min = String(info.minSeats);
    seats.max = String(info.maxSeats);
    seats.value = String(Math.min(info.maxSeats, Math.max(info.minSeats, Number(seats.value))));
  };
  kind.addEventListener("change", fitSeats);
  fitSeats();
  const message = h("div", { class: "message" });
  const needName = (): string | undefined => {
    const value = name.value.trim();
    if (value) return value;
    name.focus();
    message.replaceChildren(h("p", { class: "error" }, "Choose a name first."));
    return undefined;
  };

  const create = h("form", {
    id: "create", class: "panel",
    onsubmit: async (event: Event) => {
      event.preventDefault();
      const me = needName();
      if (!me) return;
      try {
        const count = Number(seats.value);
        const limitMs = Math.max(0, Math.round(Number(limit.value) * 1000)) || 0;
        const created = await kennel.createGame(kind.value, [me, ...Array<null>(count - 1).fill(null)], undefined, limitMs);
        remember(created.gameId, { seat: 0, credential: created.credentials.get(0)!, name: me });
        location.hash = `#/game/${created.gameId}`;
      } catch (error) {
        showError(message, error);
      }
    },
  },
    h("h2", {}, "New game"),
    h("label", {}, "Game ", kind),
    h("label", {}, "Players ", seats),
    h("label", {}, "Seconds per move ", limit, h("span", { class: "hint" }, " (0: no limit; when time runs out the rules answer for the player)")),
    h("p", { class: "hint" }, "You take the first seat; the others are open for anyone to join."),
    h("button", { type: "submit", id: "create-game" }, "Create game"),
  );

  const list = h("div", { id: "open-games" }, h("p", { class: "hint" }, "Looking for open games…"));
  const join = async (gameId: string, seat?: number) => {
    const me = needName();
    if (!me) return;
    try {
      const joined = await kennel.join(gameId, me, seat);
      remember(gameId, { seat: joined.seat, credential: joined.credential, name: me });
      location.hash = `#/game/${gameId}`;
    } catch (error) {
      showError(message, error);
    }
  };
  const refresh = async () => {
    try {
      const open = await kennel.listOpenGames();
      list.replaceChildren(open.length === 0 ? h("p", { class: "hint" }, "No game is waiting for players. Create one!")
        : h("ul", { class: "games" }, open.map((game) => h("li", { "data-game-id": game.gameId },
          h("span", { class: "game-title" }, titleOf(game.gameType)),
          h("span", { class: "seat-list" }, game.seats.map((s) =>
            h("span", { class: s.name === undefined ? "seat open" : "seat" }, s.name ?? "open seat"))),
          mySeat(game.gameId) ? h("a", { href: `#/game/${game.gameId}`, class: "button" }, "Back to my seat")
            : h("button", { class: "join", onclick: () => join(game.gameId) }, "Join"),
        ))));
    } catch (error) {
      showError(list, error);
    }
  };
  const timer = setInterval(refresh, 3000);
  signal.addEventListener("abort", () => clearInterval(timer));
  void refresh();

  app.replaceChildren(
    h("section", { class: "intro" },
      h("label", { class: "name" }, "Your name ", name),
      message,
    ),
    h("div", { class: "lobby" },
      create,
      h("section", { class: "panel" }, h("h2", {}, "Open games ", h("button", { class: "small", onclick: refresh }, "Refresh")), list),
    ),
  );
}

// A game ----------------------------------------------------------------------------------------

interface Page {
  session: Session;
  me: Seat;
  view?: pb.View;
  feed: HTMLElement[];
  busy: boolean;
}

function describeCommand(command: pb.Command): { kind: string; args: string } {
  const [, game] = only(plain(pb.CommandSchema, command).game ?? null) ?? [];
  const [kind, args] = only(isRecord(game ?? null) ? (game as { kind?: Plain }).kind ?? null : null) ?? ["command", {}];
  return { kind, args: argumentsText(args) };
}

function describeEvent(event: pb.Event, names: string[]): HTMLElement {
  const p = plain(pb.EventSchema, event);
  let [kind, body] = only(p.kind ?? null) ?? ["event", {}];
  if (isRecord(body) && "kind" in body && games.some((g) => g.name.replaceAll("-", "") === kind.toLowerCase())) {
    [kind, body] = only(body.kind ?? null) ?? [kind, body];
  }
  const who = event.seat === undefined ? "" : names[event.seat] ?? `seat ${event.seat}`;
  return h("li", { "data-version": Number(event.version), "data-seat": event.seat ?? "" },
    h("span", { class: "version" }, String(event.version)),
    who ? h("span", { class: "who", style: `--seat:${SEAT_COLOURS[(event.seat ?? 0) % 6]}` }, who) : null,
    h("span", { class: "kind" }, words(kind)),
    h("span", { class: "args" }, argumentsText(body)),
  );
}

/** A seat's own hand is what a player looks at most: show it first. */
/** Time left before a prompt runs out (turn timers): kept current by `tickCountdowns`. */
function countdown(deadlineUnixMs: number): HTMLElement {
  const element = h("span", { class: "countdown", "data-deadline": deadlineUnixMs });
  element.textContent = timeLeft(deadlineUnixMs);
  return element;
}

function timeLeft(deadlineUnixMs: number): string {
  const seconds = Math.max(0, Math.ceil((deadlineUnixMs - Date.now()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} left`;
}

function tickCountdowns(): void {
  for (const element of document.querySelectorAll<HTMLElement>(".countdown")) {
    element.textContent = timeLeft(Number(element.dataset.deadline));
  }
}

function handFirst(own: Plain): Plain {
  if (!isRecord(own) || !("hand" in own)) return own;
  const { hand, ...rest } = own;
  return { hand: hand!, ...rest };
}

function seatNames(view: pb.View): string[] {
  return view.seats.map((s) => s.name ?? `open seat ${s.seat}`);
}

async function gamePage(gameId: string, signal: AbortSignal): Promise<void> {
  const me = mySeat(gameId);
  if (!me) {
    joinPage(gameId);
    return;
  }
  const page: Page = { session: kennel.session(gameId, me.credential), me, feed: [], busy: false };
  const status = h("div", { id: "status", class: "status" });
  const moves = h("section", { id: "moves", class: "panel" });
  const board = h("section", { id: "board", class: "panel board-panel", hidden: true });
  const mine = h("section", { id: "my-view", class: "panel" });
  const seats = h("section", { id: "seats", class: "panel" });
  const feed = h("ol", { id: "feed", reversed: true });
  const message = h("div", { id: "message", class: "message" });
  app.replaceChildren(
    status, message,
    h("div", { class: "table" },
      h("div", { class: "main" }, moves, board, mine),
      h("aside", {}, seats, h("section", { class: "panel" }, h("h2", {}, "What happened"), feed)),
    ),
  );

  const act = async (command: pb.Command) => {
    if (page.busy) return;
    page.busy = true;
    moves.classList.add("busy");
    try {
      const response = await page.session.act(command);
      message.replaceChildren();
      if (response.view) show(response.view);
    } catch (error) {
      showError(message, error);
    } finally {
      page.busy = false;
      moves.classList.remove("busy");
    }
  };

  const show = (view: pb.View) => {
    if (page.view && view.version < page.view.version) return; // an older answer overtaken by the stream
    page.view = view;
    const names = seatNames(view);
    setSeatNames(names);
    const owing = new Map<number, string[]>();
    const due = new Map<number, number>(); // seat -> its earliest deadline (Unix ms), with turn timers
    for (const prompt of view.pending) {
      owing.set(prompt.seat, [...(owing.get(prompt.seat) ?? []), prompt.label]);
      if (prompt.deadlineUnixMs !== undefined) {
        const at = Number(prompt.deadlineUnixMs);
        due.set(prompt.seat, Math.min(at, due.get(prompt.seat) ?? at));
      }
    }
    const state = view.status === pb.GameStatus.WAITING_FOR_PLAYERS ? "waiting for players"
      : view.status === pb.GameStatus.IN_PROGRESS ? "in progress" : "finished";
    status.replaceChildren(
      h("h1", {}, titleOf(view.gameType)),
      h("span", { class: `badge ${state.replaceAll(" ", "-")}`, id: "game-status" }, state),
      h("span", { class: "detail" }, "you are ", h("b", { id: "me" }, me.name), ` (seat ${me.seat})`),
      h("span", { class: "detail", id: "version", "data-version": Number(view.version) }, `event ${view.version}`),
    );
    if (view.status === pb.GameStatus.WAITING_FOR_PLAYERS) {
      const link = `${location.origin}${location.pathname}#/join/${gameId}`;
      status.append(h("span", { class: "detail" }, "invite the others with ", h("a", { href: link, id: "invite", title: link }, "this link")));
    }
    seats.replaceChildren(h("h2", {}, "Players"), h("ul", { class: "seats" }, view.seats.map((s) =>
      h("li", { class: s.seat === me.seat ? "you" : "", "data-seat": s.seat, style: `--seat:${SEAT_COLOURS[s.seat % 6]}` },
        h("span", { class: "dot" }),
        h("span", { class: "name" }, s.name ?? "open seat", s.seat === me.seat ? " (you)" : ""),
        owing.has(s.seat) ? h("span", { class: "owes" }, owing.get(s.seat)!.join("; ")) : null,
        due.has(s.seat) ? countdown(due.get(s.seat)!) : null,
        view.outcome?.winners.includes(s.seat) ? h("span", { class: "won" }, "won") : null,
        view.outcome ? h("span", { class: "score" }, String(view.outcome.scores[s.seat] ?? "")) : null,
      ))));

    const groups = new Map<string, { args: string; command: pb.Command }[]>();
    for (const command of view.legalCommands) {
      const { kind, args } = describeCommand(command);
      groups.set(kind, [...(groups.get(kind) ?? []), { args, command }]);
    }
    const myPrompts = owing.get(me.seat) ?? [];
    moves.replaceChildren(
      h("h2", {}, view.outcome ? "The game is over" : myPrompts.length ? `Your move: ${myPrompts.join("; ")}` : "Your move",
        !view.outcome && due.has(me.seat) ? countdown(due.get(me.seat)!) : null),
      view.outcome ? h("p", { class: "outcome", id: "outcome" }, view.outcome.reason)
        : groups.size === 0 ? h("p", { class: "hint", id: "nothing-to-do" },
          view.status === pb.GameStatus.WAITING_FOR_PLAYERS ? "Waiting for every seat to be taken…" : `Waiting for ${[...owing.keys()].map((s) => names[s]).join(", ") || "the game"}…`)
        : h("div", { class: "commands" }, [...groups].map(([kind, options]) => h("div", { class: "command", "data-kind": kind },
          h("span", { class: "command-kind" }, words(kind)),
          h("span", { class: "options" }, options.map(({ args, command }) =>
            h("button", { class: "act", onclick: () => act(command) }, args || words(kind)))),
        ))),
    );

    const gameView = plain(pb.GameViewSchema, view.game ?? {}).game;
    const [gameCase, own] = only(gameView ?? null) ?? [];
    mine.replaceChildren(h("h2", {}, view.seat === undefined ? "The table" : "What you see"),
      own === undefined ? h("p", { class: "hint" }, "Nothing yet.") : renderPlain(handFirst(own)));
    if (gameCase === "aDogsLife" && isRecord(own ?? null)) {
      const targets: Target[] = [];
      for (const { command, args } of groups.get("moveDog") ?? []) {
        const to = (command.game.value as { kind?: { value?: { to?: number } } }).kind?.value?.to;
        if (to !== undefined) targets.push({ space: to, label: `move here (${args})`, send: () => act(command) });
      }
      for (const { command, args } of groups.get("steerTruck") ?? []) {
        const to = (command.game.value as { kind?: { value?: { to?: number } } }).kind?.value?.to;
        if (to !== undefined) targets.push({ space: to, label: `steer the truck here (${args})`, send: () => act(command) });
      }
      void loadBoard().then((b) => {
        if (page.view !== view) return;
        board.hidden = false;
        board.replaceChildren(h("h2", {}, "The city"), drawBoard(b, own as { [key: string]: Plain }, names, targets),
          h("p", { class: "legend" }, "H home · A address · R restaurant · green: trash can (grey once searched) · "
            + "yellow: lamppost · blue: fountain · numbered discs: the dogs, by seat · rings: where you may move (click)"));
      }, (error) => showError(board, error));
    }
  };

  try {
    show(await page.session.view());
    for await (const update of page.session.watch({ signal })) {
      if (update.view) show(update.view);
      const names = update.view ? seatNames(update.view) : [];
      page.feed.unshift(...update.events.map((e) => describeEvent(e, names)).reverse());
      page.feed.length = Math.min(page.feed.length, FEED_LINES);
      feed.replaceChildren(...page.feed);
    }
  } catch (error) {
    if (!signal.aborted) showError(message, error);
  }
}

function joinPage(gameId: string): void {
  const name = h("input", { id: "name", required: true, maxlength: 64, value: savedName() });
  const message = h("div", { class: "message" });
  app.replaceChildren(h("form", {
    class: "panel narrow", id: "join-form",
    onsubmit: async (event: Event) => {
      event.preventDefault();
      try {
        const joined = await kennel.join(gameId, name.value.trim());
        remember(gameId, { seat: joined.seat, credential: joined.credential, name: name.value.trim() });
        route();
      } catch (error) {
        showError(message, error);
      }
    },
  }, h("h2", {}, "Join this game"), h("label", {}, "Your name ", name), h("button", { type: "submit" }, "Take a seat"), message,
  h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
}

function route(): void {
  leave?.abort();
  leave = new AbortController();
  const [, where, gameId] = location.hash.split("/");
  document.body.dataset.page = where || "lobby";
  if ((where === "game" || where === "join") && gameId) {
    if (where === "join" && mySeat(gameId)) location.hash = `#/game/${gameId}`;
    else if (where === "join") joinPage(gameId);
    else void gamePage(gameId, leave.signal);
  } else {
    lobby(leave.signal);
  }
}

async function start(): Promise<void> {
  try {
    games = (await (await fetch("/games.json")).json()) as GameInfo[];
  } catch (error) {
    showError(app, error);
    return;
  }
  window.addEventListener("hashchange", route);
  window.setInterval(tickCountdowns, 500);
  route();
  document.body.dataset.ready = "true";
}

void start();
