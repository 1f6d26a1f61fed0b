// Play a game in the web client (`kennel serve --web`) with two people in headless Chromium, by
// clicking the labelled choices the server gives, and report what each page showed.
//
//   node tests/browser/play_client.mjs BASE_URL GAME SHOTS_DIR MAX_CLICKS
//
// Ann creates a two-seat game in the lobby and Bob joins it from the list of open games (two
// browser contexts: two people, each with their own storage). Then whoever is asked clicks a
// choice (never an undo; after three in a row, one that wraps the turn up if there is one), up
// to MAX_CLICKS clicks or the end of the game; in A Dog's Life the
// first move is made by clicking a ring on the city. After a few clicks Bob closes his tab,
// opens the client again, finds the game under "Your games" and goes back to his seat. Midway,
// Ann's page is narrowed to 390 px: its width is measured and the page photographed, as at
// 1280 px, into SHOTS_DIR/GAME-phone.png and GAME-desktop.png. A finished game's log is
// downloaded and its replay page opened. One JSON object on stdout; test_web_play_browser.py
// makes the checks.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [base, gameType, shots, maxText] = process.argv.slice(2);
if (!base || !gameType || !shots || !maxText) {
  console.error("usage: node play_client.mjs BASE_URL GAME SHOTS_DIR MAX_CLICKS");
  process.exit(2);
}
const maxClicks = Number(maxText);
const REOPEN_AFTER = 3; // clicks before Bob closes his tab
const PHONE_AFTER = 4; // clicks before the 390 px check and the screenshots
const PHONE = { width: 390, height: 844 };
const WRAP_UP_AFTER = 3; // clicks in a row by one player before it wraps its turn up
const WRAP_UP = [/^End your turn/, /^Send /, /^Make no offer after all$/]; // the server's labels
const DESKTOP = { width: 1280, height: 900 };

const executablePath = process.env.KENNEL_CHROMIUM || "/usr/bin/chromium";
const report = {
  errors: [], steps: [], clicks: [], headlines: [], feed: [], overflow: [], boardClicks: 0,
  waiting: [], resumed: null, finished: null, lobbyPhoneWidth: null, firstMove: null,
};

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
  timeout: 30_000,
});

function watch(name, page) {
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (error) => report.errors.push(`${name}: ${error}`));
  page.on("console", (message) => {
    if (message.type() === "error") report.errors.push(`${name}: ${message.text()}`);
  });
}

async function person(name) {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  watch(name, page);
  await page.goto(base);
  await page.waitForSelector("body[data-ready=true]");
  await page.fill("#name", name);
  return { name, context, page };
}

/** How far the page reaches past the window's right edge, and which elements do. */
async function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length)
      .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className}`);
    return { width, scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

/** The page's choices now: every labelled button outside the undo group, and its headline. */
async function choices(page) {
  return page.evaluate(() => ({
    version: Number(document.getElementById("version")?.dataset.version ?? -1),
    headline: document.getElementById("headline")?.textContent ?? "",
    finished: Boolean(document.getElementById("outcome")),
    labels: [...document.querySelectorAll("#moves .command")]
      .filter((group) => group.dataset.kind !== "Undo")
      .flatMap((group) => [...group.querySelectorAll("button.act")].map((b) => b.dataset.label)),
  }));
}

async function click(player, label, index) {
  const before = await choices(player.page);
  const ring = player.page.locator("#board .target").first();
  if (gameType === "a-dogs-life" && report.boardClicks === 0 && await ring.count()) {
    const title = await ring.locator("title").textContent();
    await ring.click();
    report.boardClicks += 1;
    report.clicks.push({ who: player.name, label: title, board: true });
  } else {
    await player.page.locator("#moves button.act").filter({ hasText: label }).nth(index).click();
    report.clicks.push({ who: player.name, label });
  }
  await player.page.waitForFunction(
    (version) => Number(document.getElementById("version")?.dataset.version) > version
      || Boolean(document.querySelector("#message .error")), before.version);
  const refused = await player.page.locator("#message .error").count();
  if (refused) report.errors.push(`${player.name}: ${await player.page.locator("#message .error").innerText()}`);
}

try {
  const ann = await person("Ann");
  const bob = await person("Bob");
  await ann.page.setViewportSize(PHONE);
  report.lobbyPhoneWidth = await overflow(ann.page);
  await ann.page.setViewportSize(DESKTOP);

  await ann.page.selectOption("#game-type", gameType);
  await ann.page.fill("#seat-count", "2");
  await ann.page.click("#create-game");
  await ann.page.waitForSelector("#game-status");
  const gameId = ann.page.url().split("/").at(-1);
  report.gameId = gameId;
  report.steps.push("created");

  await bob.page.click("#open-games >> xpath=.. >> button.small");
  const row = bob.page.locator(`#open-games li[data-game-id="${gameId}"]`);
  await row.waitFor();
  await row.locator("button.join").click();
  await bob.page.waitForSelector("#game-status");
  for (const player of [ann, bob]) {
    await player.page.waitForFunction(() => document.getElementById("game-status")?.textContent === "in progress");
  }
  report.steps.push("joined");

  const players = [ann, bob];
  let lastClicker = "";
  let streak = 0;
  for (let clicks = 0; clicks < maxClicks; ) {
    const seen = await Promise.all(players.map((p) => choices(p.page)));
    if (seen.every((s) => s.finished)) break;
    const turn = seen.findIndex((s) => s.labels.length > 0 && s.headline.startsWith("Your move"));
    if (turn < 0) { // the other page has not heard yet: wait for its stream
      await Promise.race(players.map((p, i) => p.page.waitForFunction(
        (v) => Number(document.getElementById("version")?.dataset.version) > v, seen[i].version, { timeout: 5_000 })
        .catch(() => undefined)));
      continue;
    }
    const other = seen[1 - turn];
    if (!other.finished && other.labels.length === 0 && other.version === seen[turn].version) {
      report.waiting.push({ who: players[1 - turn].name, headline: other.headline });
    }
    report.headlines.push({ who: players[turn].name, headline: seen[turn].headline });
    // A choice picked by the click count: different choices, the same each run.
    const labels = seen[turn].labels;
    streak = players[turn].name === lastClicker ? streak + 1 : 1;
    // A turn may hold many moves (an offer made item by item): after a few, the player wraps
    // up, so that both players act within a few clicks.
    const wrapUp = streak > WRAP_UP_AFTER ? WRAP_UP.map((p) => labels.findIndex((l) => p.test(l))).find((i) => i >= 0) : undefined;
    const at = wrapUp ?? (clicks * 7) % labels.length;
    const label = labels[at];
    const index = labels.slice(0, at).filter((l) => l === label).length;
    await click(players[turn], label, index);
    lastClicker = players[turn].name;
    clicks += 1;
    if (clicks === 1) { // "Propose undo": shown to the one who moved, never to one who has not
      const waiter = players[1 - turn];
      const version = await players[turn].page.evaluate(() => Number(document.getElementById("version")?.dataset.version));
      await waiter.page.waitForFunction((v) => Number(document.getElementById("version")?.dataset.version) >= v, version);
      report.firstMove = Object.fromEntries(await Promise.all([players[turn], waiter].map(async (p) => [
        p === waiter ? "waiter" : "mover",
        await p.page.evaluate(() => document.querySelectorAll('#moves .command[data-kind="Undo"] button.act').length)])));
    }

    if (clicks === REOPEN_AFTER) { // Bob closes his tab, comes back to the client, resumes his seat
      await bob.page.close();
      bob.page = await bob.context.newPage();
      watch("Bob", bob.page);
      await bob.page.goto(base);
      await bob.page.waitForSelector("body[data-ready=true]");
      const mine = bob.page.locator(`#your-games li[data-game-id="${gameId}"]`);
      await mine.waitFor();
      await mine.locator("a.resume").click();
      await bob.page.waitForSelector("#game-status");
      await bob.page.waitForFunction(() => document.getElementById("game-status")?.textContent === "in progress");
      report.resumed = await bob.page.evaluate(() => ({
        me: document.getElementById("me")?.textContent,
        seat: Number(document.querySelector("#seats li.you")?.dataset.seat ?? -1),
        resumeLink: document.getElementById("resume-link")?.getAttribute("href") ?? "",
      }));
      report.steps.push("resumed");
    }
    if (clicks === PHONE_AFTER) {
      await ann.page.waitForTimeout(300); // let the board (A Dog's Life) draw
      await ann.page.screenshot({ path: join(shots, `${gameType}-desktop.png`), fullPage: true });
      await ann.page.setViewportSize(PHONE);
      report.overflow.push(await overflow(ann.page));
      await ann.page.screenshot({ path: join(shots, `${gameType}-phone.png`), fullPage: true });
      await ann.page.setViewportSize(DESKTOP);
      report.steps.push("phone");
    }
  }

  report.feed = await ann.page.evaluate(() =>
    [...document.querySelectorAll("#feed li")].map((li) => ({ seat: li.dataset.seat, text: li.innerText })));
  report.view = await ann.page.evaluate(() => document.getElementById("my-view")?.innerText ?? "");
  await ann.page.locator("#how-to-play summary").click();
  await ann.page.waitForSelector("#how-to-play .goal");
  report.guide = await ann.page.evaluate(() => document.getElementById("how-to-play")?.innerText ?? "");

  const final = await choices(ann.page);
  if (final.finished) {
    await bob.page.waitForSelector("#outcome");
    await ann.page.screenshot({ path: join(shots, `${gameType}-finished-desktop.png`), fullPage: true });
    await ann.page.setViewportSize(PHONE);
    report.overflow.push(await overflow(ann.page));
    await ann.page.screenshot({ path: join(shots, `${gameType}-finished-phone.png`), fullPage: true });
    await ann.page.setViewportSize(DESKTOP);
    const [saving] = await Promise.all([ann.page.waitForEvent("download"), ann.page.click("#download-log")]);
    const path = join(shots, "downloaded.jsonl");
    await saving.saveAs(path);
    const firstLine = (await readFile(path, "utf8")).split("\n")[0];
    const [replay] = await Promise.all([ann.context.waitForEvent("page"), ann.page.click("#replay-link")]);
    await replay.waitForFunction(() => document.getElementById("perspective") !== null, undefined, { timeout: 30_000 });
    report.finished = {
      outcome: await ann.page.locator("#outcome").innerText(),
      scores: await ann.page.locator("#scores li").allInnerTexts(),
      bobOutcome: await bob.page.locator("#outcome").innerText(),
      fileName: saving.suggestedFilename(),
      logHeader: JSON.parse(firstLine),
      replayTitle: await replay.title(),
    };
    report.steps.push("finished");
  }

  // Leaving is explicit: Bob leaves, and his lobby no longer lists the game as his.
  await bob.page.locator("#leave summary").click();
  await bob.page.click("#leave-game");
  await bob.page.waitForSelector("body[data-page=lobby]");
  report.afterLeaving = await bob.page.evaluate((id) => ({
    stored: localStorage.getItem(`kennel.seat.${id}`),
    listed: document.querySelectorAll(`#your-games li[data-game-id="${id}"]`).length,
  }), gameId);
  report.steps.push("left");
} finally {
  await browser.close();
}

process.stdout.write(JSON.stringify(report) + "\n");
