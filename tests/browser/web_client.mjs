// Drive the web client (`kennel serve --web`) in headless Chromium with two players and report
// what each saw.
//
//   node tests/browser/web_client.mjs BASE_URL GAME SHOTS_DIR
//
// Two browser contexts (two people, each with their own storage): Ann creates a two-seat game
// of GAME in the lobby (ten minutes per move), Bob finds it among the open games and joins. Both pages then show the
// game; each one's credential, its seat and the hand it shows are read; one of them makes a
// move by clicking a legal command, and the other page must show it (its move counter and its
// feed of events). Screenshots of both pages before and after go to SHOTS_DIR. One JSON object
// on stdout; test_web_client_browser.py makes the checks (against the server's own views).

import { join } from "node:path";
import { chromium } from "playwright-core";

const [base, gameType, shots] = process.argv.slice(2);
if (!base || !gameType || !shots) {
  console.error("usage: node web_client.mjs BASE_URL GAME SHOTS_DIR");
  process.exit(2);
}

const executablePath = process.env.KENNEL_CHROMIUM || "/usr/bin/chromium";
const report = { errors: [], foreignRequests: [], players: {}, steps: [] };

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
  timeout: 30_000,
});

async function person(name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (error) => report.errors.push(`${name}: ${error}`));
  page.on("console", (message) => {
    if (message.type() === "error") report.errors.push(`${name}: ${message.text()}`);
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(base)) report.foreignRequests.push(request.url());
  });
  await page.goto(base);
  await page.waitForSelector("body[data-ready=true]");
  await page.fill("#name", name);
  return { name, context, page };
}

/** What a page shows now: its seat, credential, status, move counter, hand and feed. */
async function seen(player) {
  return player.page.evaluate(() => {
    const gameId = location.hash.split("/")[2];
    const seat = JSON.parse(localStorage.getItem(`kennel.seat.${gameId}`) ?? "null");
    const hand = document.querySelector('#my-view dd[data-field="hand"]');
    return {
      gameId,
      seat: seat?.seat ?? null,
      credential: seat?.credential ?? null,
      status: document.getElementById("game-status")?.textContent ?? null,
      version: Number(document.getElementById("version")?.dataset.version ?? -1),
      // Equal cards show once with their count ("quieto ×2"): listed here once per card.
      hand: hand ? [...hand.querySelectorAll(".chip")].flatMap((chip) =>
        Array(Number(chip.dataset.count ?? 1)).fill(chip.textContent.replace(/ ×\d+$/, ""))) : null,
      handFields: document.querySelectorAll('#my-view [data-field="hand"]').length,
      commands: document.querySelectorAll("#moves button.act").length,
      countdowns: [...document.querySelectorAll(".countdown")].map((clock) => clock.textContent),
      board: {
        spaces: document.querySelectorAll("#board rect[data-space]").length,
        dogs: [...document.querySelectorAll("#board g.dog")].map((dog) => Number(dog.dataset.seat)),
        targets: [...document.querySelectorAll("#board .target")].map((ring) => Number(ring.dataset.target)),
      },
      feed: [...document.querySelectorAll("#feed li")].map((li) => ({
        version: Number(li.dataset.version), seat: li.dataset.seat, text: li.innerText,
      })),
      text: document.getElementById("app").innerText,
    };
  });
}

try {
  const ann = await person("Ann");
  const bob = await person("Bob");
  await ann.page.screenshot({ path: join(shots, "lobby.png") });

  await ann.page.selectOption("#game-type", gameType);
  await ann.page.fill("#seat-count", "2");
  await ann.page.fill("#prompt-limit", "600"); // turn timers: far longer than the test
  await ann.page.click("#create-game");
  await ann.page.waitForSelector("#game-status");
  const gameId = ann.page.url().split("/").at(-1);
  report.steps.push("created");

  // Bob's lobby lists open games every few seconds; the Refresh button asks now.
  await bob.page.click("#open-games >> xpath=.. >> button.small");
  const row = bob.page.locator(`li[data-game-id="${gameId}"]`);
  await row.waitFor();
  await row.locator("button.join").click();
  await bob.page.waitForSelector("#game-status");
  report.steps.push("joined");

  // Ann's page learns that the game started from its Watch stream, not from a reload.
  for (const player of [ann, bob]) {
    await player.page.waitForFunction(() => document.getElementById("game-status")?.textContent === "in progress");
  }
  await ann.page.waitForFunction(() => document.querySelectorAll("#feed li").length > 0);
  for (const player of [ann, bob]) {
    await player.page.screenshot({ path: join(shots, `${player.name.toLowerCase()}-start.png`), fullPage: true });
    report.players[player.name] = { start: await seen(player) };
  }

  // Whoever may act clicks their first legal command (or, on a drawn board, the first square
  // they may move to); the other must see it happen.
  const mover = report.players.Ann.start.commands > 0 ? ann : bob;
  const other = mover === ann ? bob : ann;
  const before = await seen(other);
  const ring = mover.page.locator("#board .target").first();
  if (await ring.count()) {
    report.clicked = `board square ${await ring.getAttribute("data-target")}`;
    await ring.click();
  } else {
    report.clicked = await mover.page.locator("#moves button.act").first().innerText();
    await mover.page.locator("#moves button.act").first().click();
  }
  await other.page.waitForFunction(
    (version) => Number(document.getElementById("version")?.dataset.version) > version, before.version);
  for (const player of [other, mover]) { // the mover's own lines come in its answer (its stream leaves them out)
    await player.page.waitForFunction(
      (version) => [...document.querySelectorAll("#feed li")].some((li) => Number(li.dataset.version) > version),
      before.version);
  }
  report.mover = mover.name;
  for (const player of [ann, bob]) {
    await player.page.screenshot({ path: join(shots, `${player.name.toLowerCase()}-after-move.png`), fullPage: true });
    report.players[player.name].after = await seen(player);
  }
  report.before = before;
  report.steps.push("moved");
} finally {
  await browser.close();
}

process.stdout.write(JSON.stringify(report) + "\n");
