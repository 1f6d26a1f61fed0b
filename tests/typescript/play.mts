// Play whole games through the TypeScript SDK, over gRPC, against a real Kennel server.
//
//   node play.mjs ADDRESS SEED GAME:SEATS[:OPTIONS] [...]
//
// OPTIONS: the game's options as JSON (`GameOptions`' JSON form); unset: the rules as written.
//
// For each game: create it with named seats, then until it is over let every seat that owes a
// decision send a legal command picked by a seeded random choice (as the Python bots do, never
// proposing an undo). Meanwhile a spectator watches the whole game through `Session.watch()`;
// its stream is cut on purpose (a client interceptor breaks it as a network would, with
// UNAVAILABLE) every few updates, and the SDK must resume it from the last version it received.
// The first seat watches too, with `skipOwn`: its own commands' updates are left out (their
// answers carried them), though a resumed stream may bring one back.
// Prints one JSON line per game; test_node_sdk.py makes the checks. Bundled by esbuild from
// this file and the SDK's sources (clients/typescript/src).

import {
  Code, ConnectError, Kennel, KennelError, fromJson, pb, type Interceptor, type Session, type StreamResponse,
} from "../../clients/typescript/src/index.js";
import { grpcTransport } from "../../clients/typescript/src/node.js";

const MAX_STEPS = 5000; // commands per game; every game here ends far sooner
const CUT_EVERY = 3; // updates of a Watch stream before the interceptor breaks it

/** mulberry32: a small seeded generator, so that a failing game can be played again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Breaks every Watch stream after CUT_EVERY updates, as a dropped connection would. */
class StreamCutter {
  cuts = 0;
  readonly interceptor: Interceptor = (next) => async (request) => {
    const response = await next(request);
    if (!response.stream || request.method.name !== "Watch") return response;
    const cutter = this;
    const source = response.message;
    async function* cut() {
      let delivered = 0;
      for await (const message of source) {
        yield message;
        if (++delivered === CUT_EVERY) {
          cutter.cuts += 1;
          throw new ConnectError("cut on purpose by the test", Code.Unavailable);
        }
      }
    }
    return { ...response, message: cut() } as StreamResponse;
  };
}

interface Watched {
  versions: number[];
  updates: number;
  lastView?: pb.View;
}

async function watchAll(spectator: Session, skipOwn = false): Promise<Watched> {
  const watched: Watched = { versions: [], updates: 0 };
  for await (const update of spectator.watch({ skipOwn })) {
    watched.updates += 1;
    watched.versions.push(...update.events.map((e) => Number(e.version)));
    watched.lastView = update.view;
  }
  return watched;
}

async function play(
  address: string, seedText: string, gameType: string, seatCount: number, options?: pb.GameOptions,
) {
  const cutter = new StreamCutter();
  const kennel = new Kennel(grpcTransport(address, [cutter.interceptor]));
  const names = Array.from({ length: seatCount }, (_, seat) => `TS ${seat}`);
  const created = await kennel.createGame(gameType, names, options);
  const seats = names.map((_, seat) => kennel.session(created.gameId, created.credentials.get(seat)!));
  const spectating = watchAll(kennel.session(created.gameId, created.spectatorCredential));
  const sparing = watchAll(seats[0]!, true);
  const own: number[] = []; // the versions of the first seat's commands, from their answers
  const pick = random(seedOf(`${seedText}:${gameType}`));

  let latest = await seats[0]!.view();
  let commands = 0;
  const refused: string[] = [];
  while (latest.status !== pb.GameStatus.FINISHED && commands < MAX_STEPS) {
    const owing = [...new Set(latest.pending.map((prompt) => prompt.seat))];
    if (owing.length === 0) throw new Error(`${gameType}: nobody owes a decision at version ${latest.version}`);
    for (const seat of owing) {
      const view = await seats[seat]!.view();
      if (view.version !== latest.version) break; // someone else moved first: look again
      const options = view.legalCommands.filter((command) => command.game.case !== "engine");
      if (options.length === 0) throw new Error(`${gameType}: seat ${seat} owes a decision but may send nothing`);
      const command = options[Math.floor(pick() * options.length)]!;
      try {
        const answer = await seats[seat]!.act(command);
        latest = answer.view!;
        commands += 1;
        if (seat === 0) for (let v = answer.firstVersion; v <= answer.lastVersion; v++) own.push(Number(v));
      } catch (error) {
        if (!(error instanceof KennelError)) throw error;
        refused.push(error.code); // a legal command must never be refused
        latest = await seats[seat]!.view();
      }
      break; // the view has changed: ask who owes what now
    }
  }
  const watched = await spectating;
  const spared = await sparing;
  const final = await seats[0]!.view();
  const log = new TextDecoder().decode(await seats[0]!.log());
  return {
    game: gameType,
    seats: seatCount,
    commands,
    refused,
    status: pb.GameStatus[final.status],
    version: Number(final.version),
    winners: final.outcome?.winners ?? [],
    reason: final.outcome?.reason ?? "",
    ownHandTyped: final.game?.game.case ?? null,
    logHeader: JSON.parse(log.slice(0, log.indexOf("\n"))),
    logRecords: log.trim().split("\n").length,
    watched: {
      versions: watched.versions,
      updates: watched.updates,
      cuts: cutter.cuts,
      lastViewVersion: watched.lastView ? Number(watched.lastView.version) : null,
      lastViewStatus: watched.lastView ? pb.GameStatus[watched.lastView.status] : null,
    },
    spared: { versions: spared.versions, own },
  };
}

const [address, seedText, ...games] = process.argv.slice(2);
if (!address || !seedText || games.length === 0) {
  console.error("usage: node play.mjs ADDRESS SEED GAME:SEATS[:OPTIONS] [...]");
  process.exit(2);
}
for (const spec of games) {
  const [gameType, seats, ...json] = spec.split(":");
  const options = json.length ? fromJson(pb.GameOptionsSchema, JSON.parse(json.join(":"))) : undefined;
  const report = await play(address, seedText, gameType!, Number(seats), options);
  process.stdout.write(JSON.stringify(report) + "\n");
}
