// Drive a replay page (`kennel replay html`) in headless Chromium and report what it showed.
//
//   node tests/browser/screenshot.mjs PAGE.html SHOT.png
//
// Loads the page from file://, reads what is on screen, moves the timeline (Next button,
// slider, arrow key, End key), reads it again after each move, takes a screenshot, and prints
// one JSON object on stdout. The Python test (test_replay_html_browser.py) makes the checks.
// The browser is Debian's chromium (KENNEL_CHROMIUM overrides the path); nothing is downloaded.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const [pagePath, shotPath] = process.argv.slice(2);
if (!pagePath || !shotPath) {
  console.error("usage: node screenshot.mjs PAGE.html SHOT.png");
  process.exit(2);
}

const executablePath = process.env.KENNEL_CHROMIUM || "/usr/bin/chromium";
const userDataDir = mkdtempSync(join(tmpdir(), "kennel-chromium-"));
const report = { requests: [], errors: [], snapshots: {} };

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1440, height: 1000 },
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
  timeout: 30_000,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  page.on("request", (request) => {
    const url = request.url();
    if (!/^(file|data|about|blob):/.test(url)) report.requests.push(url);
  });
  page.on("pageerror", (error) => report.errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") report.errors.push(message.text());
  });

  const snapshot = () =>
    page.evaluate(() => ({
      step: document.getElementById("step").textContent,
      slider: document.getElementById("slider").value,
      sliderMax: document.getElementById("slider").max,
      now: document.getElementById("now").innerText,
      narration: [...document.querySelectorAll("#narration li.current")].map((li) => li.innerText),
      narrationLines: document.querySelectorAll("#narration li").length,
      panels: document.getElementById("panels").innerText,
      cards: document.querySelectorAll("#panels .card").length,
      changed: document.querySelectorAll("#panels .chg").length,
      svgs: document.querySelectorAll("#panels svg").length,
      final: document.getElementById("final").innerText,
      cardTitles: [...document.querySelectorAll("#panels .card > h3")].map((h) => h.innerText),
      perspective: document.body.dataset.perspective ?? null,
    }));

  await page.goto(pathToFileURL(resolve(pagePath)).href);
  await page.waitForSelector("body[data-ready=true]");
  report.title = await page.title();
  report.snapshots.loaded = await snapshot();

  await page.click("#next");
  report.snapshots.next = await snapshot();

  const max = Number(report.snapshots.loaded.sliderMax);
  const middle = Math.floor(max / 2);
  await page.locator("#slider").fill(String(middle));
  report.snapshots.slider = await snapshot();

  await page.keyboard.press("ArrowRight");
  report.snapshots.arrow = await snapshot();

  await page.keyboard.press("End");
  report.snapshots.end = await snapshot();

  // The screenshot: a step in the thick of the game, the top of the page.
  await page.locator("#slider").fill(String(Math.max(1, Math.floor(max / 3))));
  await page.evaluate(() => window.scrollTo(0, 0));
  report.snapshots.shot = await snapshot();
  await page.screenshot({ path: shotPath });

  // "as seat 0": every panel switches to what that seat saw, at the same step.
  await page.selectOption("#perspective", "0");
  report.snapshots.asSeat = await snapshot();
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}

process.stdout.write(JSON.stringify(report) + "\n");
