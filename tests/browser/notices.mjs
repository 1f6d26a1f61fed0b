// Open game pages of the web client (`kennel serve --web`) for seats already held, through their
// resume links, and report what each page says once a selector shows.
//
//   node tests/browser/notices.mjs BASE_URL SPEC_JSON
//
// SPEC_JSON: [{ "name", "gameId", "seat", "credential", "wait" }]: each in its own browser
// context (its own storage), waiting up to 30 s for the CSS selector `wait`. One JSON object on
// stdout: { errors, pages: { name: { firstStatus, text, status, headline, scores } } }; test_web_notices_browser.py
// makes the checks.

import { chromium } from "playwright-core";

const [base, specText] = process.argv.slice(2);
if (!base || !specText) {
  console.error("usage: node notices.mjs BASE_URL SPEC_JSON");
  process.exit(2);
}
const report = { errors: [], pages: {} };
const browser = await chromium.launch({
  executablePath: process.env.KENNEL_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  timeout: 30_000,
});
try {
  for (const spec of JSON.parse(specText)) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (error) => report.errors.push(`${spec.name}: ${error}`));
    const seat = encodeURIComponent(JSON.stringify({ seat: spec.seat, credential: spec.credential, name: spec.name }));
    await page.goto(`${base}/#/resume/${spec.gameId}/${seat}`);
    await page.waitForSelector("#game-status");
    const firstStatus = await page.locator("#game-status").textContent();
    await page.waitForSelector(spec.wait, { timeout: 30_000 });
    report.pages[spec.name] = await page.evaluate((wait) => ({
      text: document.querySelector(wait)?.textContent ?? "",
      status: document.getElementById("game-status")?.textContent ?? "",
      headline: document.getElementById("headline")?.textContent ?? "",
      scores: document.querySelectorAll("#scores li").length,
    }), spec.wait);
    report.pages[spec.name].firstStatus = firstStatus;
    await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
