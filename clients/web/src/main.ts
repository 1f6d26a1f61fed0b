// Kennel's web client: a lobby (create a game, join an open one, or go back to one of yours)
// and a game page (what you see, your choices as labelled buttons, the other seats' moves live,
// how to play). Every word a player reads comes from the server (labels, sentences, headline,
// guide: kennel.domain.core.telling), so it reads the same as every other front-end; the view
// itself is rendered generically (plain.ts, dom.ts), with a drawn board where a game needs one
// (A Dog's Life: board.ts). It talks to `kennel serve --web` with the TypeScript SDK over the
// Connect protocol. A seat's credential is kept in localStorage, so that closing the tab loses
// nothing; a resume link carries it to another browser; leaving a seat is an explicit button.

import { Kennel, KennelError, pb, type Session } from "@kennel/sdk";
import { connectTransport } from "@kennel/sdk/web";
import { drawBoard, loadBoard, SEAT_COLOURS, type Target } from "./board.js";
import { h, isRecord, renderPlain, setPlaces, setSeatNames } from "./dom.js";
import { closedUnplayed, outcomePanel } from "./ending.js";
import { choices, countdown, eventLine, handFirst, seatNames, tickCountdowns } from "./parts.js";
import { only, plain, type Plain } from "./plain.js";
import { forget, myGames, mySeat, remember, resumeLink, savedName, type Seat } from "./seats.js";

interface GameInfo { name: string; title: string; minSeats: number; maxSeats: number }

const kennel = new Kennel(connectTransport());
const app = document.getElementById("app")!;
const FEED_LINES = 80; // the newest events shown
let games: GameInfo[] = [];
let leave: AbortController | undefined; // ends the page's watch and timers when it changes

const titleOf = (type: string) => games.find((g) => g.name === type)?.title ?? type;
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
        remember(created.gameId, { seat: 0, credential: created.credentials.get(0)!, name: me, gameType: kind.value });
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
  const join = async (gameId: string, gameType: string, seat?: number) => {
    const me = needName();
    if (!me) return;
    try {
      const joined = await kennel.join(gameId, me, seat);
      remember(gameId, { seat: joined.seat, credential: joined.credential, name: me, gameType });
      location.hash = `#/game/${gameId}`;
    } catch (error) {
      showError(message, error); // taken or closed since it was listed: the list catches up now
      void refresh();
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
            : h("button", { class: "join", onclick: () => join(game.gameId, game.gameType) }, "Join"),
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
    yourGames(),
    h("div", { class: "lobby" },
      create,
      h("section", { class: "panel" }, h("h2", {}, "Open games ", h("button", { class: "small", onclick: refresh }, "Refresh")), list),
    ),
  );
}

/** The games this browser holds a seat in, each with where it stands now, to go back to. */
function yourGames(): HTMLElement {
  const mine = myGames();
  const section = h("section", { id: "your-games", class: "panel", hidden: mine.length === 0 },
    h("h2", {}, "Your games"));
  const list = h("ul", { class: "games" });
  section.append(list);
  for (const [gameId, seat] of mine) {
    const state = h("span", { class: "seat-list hint" }, "…");
    list.append(h("li", { "data-game-id": gameId },
      h("span", { class: "game-title" }, seat.gameType ? titleOf(seat.gameType) : "A game"),
      state,
      h("a", { href: `#/game/${gameId}`, class: "button resume" }, "Back to my seat")));
    kennel.session(gameId, seat.credential).view().then(
      (view) => { state.textContent = `${seat.name}: ${view.headline}`; },
      (error) => { state.textContent = problem(error); });
  }
  return section;
}

// A game ----------------------------------------------------------------------------------------

interface Page {
  session: Session;
  me: Seat;
  view?: pb.View;
  feed: HTMLElement[];
  busy: boolean;
}

const guides = new Map<string, Promise<pb.GetGuideResponse>>();

/** How to play, from the server's guide (the game's own words, written from its rulebook). */
function howToPlay(gameType: string): HTMLElement {
  const panel = h("details", { id: "how-to-play", class: "panel" }, h("summary", {}, `How to play ${titleOf(gameType)}`));
  if (!guides.has(gameType)) guides.set(gameType, kennel.guide(gameType));
  guides.get(gameType)!.then((guide) => {
    panel.append(
      h("p", { class: "goal" }, h("b", {}, "Goal. "), guide.goal),
      h("p", { class: "turn" }, h("b", {}, "A turn. "), guide.turn),
      h("dl", { class: "cards" }, guide.cards.flatMap((card) => [h("dt", {}, card.name), h("dd", {}, card.text)])),
    );
  }, (error) => panel.append(h("p", { class: "error" }, problem(error))));
  return panel;
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
  const guide = h("div", { id: "guide" });
  const feed = h("ol", { id: "feed", reversed: true });
  const message = h("div", { id: "message", class: "message" });
  const leaving = h("details", { id: "leave", class: "panel" }, h("summary", {}, "Your seat"),
    h("p", { class: "hint" }, "This browser keeps your seat: close the tab and come back at any time. "
      + "To play on from another device, open this private link there (anyone with it plays your seat):"),
    h("p", {}, h("a", { id: "resume-link", href: resumeLink(gameId, me) }, "your seat's link")),
    h("button", { id: "leave-game", class: "danger", onclick: () => {
      forget(gameId);
      location.hash = "#/";
    } }, "Leave this game on this device"));
  app.replaceChildren(
    status, message,
    h("div", { class: "table" },
      h("div", { class: "main" }, moves, board, mine),
      h("aside", {}, seats, guide, h("section", { class: "panel" }, h("h2", {}, "What happened"), feed), leaving),
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
      tell(response.events); // the stream leaves these out (skipOwn): the answer carried them
    } catch (error) {
      showError(message, error);
    } finally {
      page.busy = false;
      moves.classList.remove("busy");
    }
  };

  /** Events into the feed, newest first, each version once: this page's own commands' events
   * come in their answers, everyone else's on the stream, and the two may cross (and a resumed
   * stream may bring an own one again). */
  const tell = (events: pb.Event[]) => {
    const shown = new Set(page.feed.map((line) => line.dataset.version));
    const fresh = events.filter((event) => !shown.has(String(event.version))).map(eventLine);
    if (fresh.length === 0) return;
    page.feed = [...fresh, ...page.feed]
      .sort((a, b) => Number(b.dataset.version) - Number(a.dataset.version))
      .slice(0, FEED_LINES);
    feed.replaceChildren(...page.feed);
  };

  const show = (view: pb.View) => {
    if (page.view && view.version < page.view.version) return; // an older answer overtaken by the stream
    const first = page.view === undefined;
    page.view = view;
    if (first) guide.replaceChildren(howToPlay(view.gameType));
    if (!me.gameType) remember(gameId, { ...me, gameType: view.gameType });
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
      : view.status === pb.GameStatus.IN_PROGRESS ? "in progress" : closedUnplayed(view) ? "closed" : "finished";
    status.replaceChildren(
      h("h1", {}, titleOf(view.gameType)),
      h("span", { class: `badge ${state.replaceAll(" ", "-")}`, id: "game-status" }, state),
      h("span", { class: "detail" }, "you are ", h("b", { id: "me" }, me.name)),
      h("span", { class: "detail", id: "version", "data-version": Number(view.version) }, `move ${view.version}`),
    );
    if (view.forkedFrom) { // a fork replays a deal its maker knew: the server's notice says so
      status.append(h("p", { class: "notice", id: "fork-notice", role: "note" }, view.forkedFrom.notice));
    }
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

    const mineToMove = owing.has(me.seat);
    moves.classList.toggle("waiting", !mineToMove && !view.outcome);
    moves.replaceChildren(
      h("h2", { id: "headline" }, view.outcome ? "The game is over" : view.headline,
        !view.outcome && due.has(me.seat) ? countdown(due.get(me.seat)!) : null),
      view.outcome ? outcomePanel({ view, names, session: page.session, me, gameId, failed: (error) => showError(message, error) })
        : view.legalCommands.length === 0 ? h("p", { class: "hint", id: "nothing-to-do" },
          view.status === pb.GameStatus.WAITING_FOR_PLAYERS ? "Waiting for every seat to be taken…" : "Nothing for you to do yet.")
        : choices(view, act),
    );

    const gameView = plain(pb.GameViewSchema, view.game ?? {}).game;
    const [gameCase, own] = only(gameView ?? null) ?? [];
    mine.replaceChildren(h("h2", {}, view.seat === undefined ? "The table" : "What you see"),
      own === undefined ? h("p", { class: "hint" }, "Nothing yet.") : renderPlain(handFirst(own)));
    if (gameCase === "aDogsLife" && isRecord(own ?? null)) {
      const targets: Target[] = [];
      view.legalCommands.forEach((command, i) => {
        const kind = (command.game.value as { kind?: { case?: string; value?: { to?: number } } } | undefined)?.kind;
        const to = kind?.value?.to;
        if ((kind?.case === "moveDog" || kind?.case === "steerTruck") && to !== undefined) {
          targets.push({ space: to, label: view.legalLabels[i]?.text ?? "", send: () => act(command) });
        }
      });
      void loadBoard().then((b) => {
        if (page.view !== view) return;
        board.hidden = false;
        board.replaceChildren(h("h2", {}, "The city"), drawBoard(b, own as { [key: string]: Plain }, names, targets),
          h("p", { class: "legend" }, "H home · A address · R restaurant · green: trash can (grey once searched) · "
            + "yellow: lamppost · blue: fountain · discs: the dogs, by their player's initial · rings: where you may go (click one)"));
      }, (error) => showError(board, error));
    }
  };

  try {
    const view = await page.session.view();
    try { // the names of the game's places, before the view that shows them
      if (!guides.has(view.gameType)) guides.set(view.gameType, kennel.guide(view.gameType));
      setPlaces((await guides.get(view.gameType)!).components);
    } catch { /* the view still shows, with places by number; the guide panel says what failed */ }
    show(view);
    for await (const update of page.session.watch({ signal, skipOwn: true })) {
      if (update.view) show(update.view);
      tell(update.events);
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
  if (where === "resume" && gameId) {
    const [, , , data] = location.hash.split("/");
    try {
      const seat = JSON.parse(decodeURIComponent(data ?? "")) as Seat;
      if (typeof seat.credential !== "string" || typeof seat.seat !== "number") throw new Error("not a seat");
      remember(gameId, seat);
    } catch {
      app.replaceChildren(h("p", { class: "error", role: "alert" }, "This resume link is damaged."));
      return;
    }
    location.replace(`#/game/${gameId}`); // the credential leaves the address bar and the history
    return;
  }
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
