// Seat the server's bots through the TypeScript SDK (issue 19), against a real Kennel server.
//
//   node bots.mjs ADDRESS
//
// Creates a Hoarders game with one person and one server bot, plays the person's first legal
// command until the game ends (the server's bot plays the other seat), then tries a takeover
// game: leave, come back. Prints one JSON line; test_typescript_bots.py makes the checks.

import { Kennel, KennelError, type Session } from "../../../clients/typescript/src/index.js";
import { grpcTransport } from "../../../clients/typescript/src/node.js";

const MAX_STEPS = 2000;

async function playToTheEnd(person: Session): Promise<string> {
  for (let step = 0; step < MAX_STEPS; step++) {
    const view = await person.view();
    if (view.outcome !== undefined) return view.outcome.reason;
    if (view.pending.some((p) => p.seat === 0) && view.legalCommands.length > 0) {
      await person.act(view.legalCommands[0]!, `person-${step}`);
      continue;
    }
    for await (const update of person.watch({ afterVersion: view.version })) {
      if (update.events.length > 0) break;
    }
  }
  throw new Error("the game did not end");
}

const address = process.argv[2] ?? "127.0.0.1:50051";
const kennel = new Kennel(grpcTransport(address));
const game = await kennel.createGame("hoarders", ["Ann", { bot: { kind: "random" }, name: "Robo" }]);
const person = kennel.session(game.gameId, game.credentials.get(0)!);
const reason = await playToTheEnd(person);
const opening = await person.view(3n);

const takeover = await kennel.createGame("hoarders", ["Ann", "Bob"], undefined, 0, { bot: { kind: "random" } });
const bob = kennel.session(takeover.gameId, takeover.credentials.get(1)!);
const left = await bob.leave("bob-leaves");
const back = await bob.comeBack("bob-returns");
let refused = "";
try {
  await kennel.createGame("hoarders", ["Ann", { bot: { kind: "telepath" } }]);
} catch (error) {
  refused = error instanceof KennelError ? error.code : String(error);
}
console.log(JSON.stringify({
  credentials: [...game.credentials.keys()],
  reason,
  seats: opening.seats.map((seat) => seat.name ?? null),
  left: left.events.map((event) => event.kind.case ?? ""),
  back: back.events.map((event) => event.kind.case ?? ""),
  refused,
}));
