// The hall's arbiter overview in headless Chromium (Debian's chromium via
// playwright-core): a flag fall and a D.2.9 board difference on one board
// appear on the page, highlighted, and in its ARIA live region; axe-core
// finds no violations on the arbiter page nor on the watch page.
//
// Usage: node hall.mjs ARBITER_URL WATCH_URL BOARD
// Prints OPENED once the page follows the hall (the test then makes the
// events happen), then OK; exits 1 with the reason otherwise.
import { launch, violations } from "./browser.mjs";

const [arbiterUrl, watchUrl, board] = process.argv.slice(2);

function fail(why) {
  console.log("FAIL " + why);
  process.exitCode = 1;
}

async function axe(page, what) {
  const v = await violations(page);
  if (v.length) fail(what + ": axe-core violations: " + v.join("; "));
}

const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(arbiterUrl);
  await page.waitForFunction(() => /live/.test(document.getElementById("status").textContent), null, { timeout: 20000 });
  await page.waitForSelector("#board-" + board, { timeout: 20000 });
  console.log("OPENED");
  const live = page.locator("#live");
  await page.waitForFunction(
    () => { const t = document.getElementById("live").textContent; return /Flag fall/.test(t) && /Boards differ/.test(t); },
    null, { timeout: 30000 });
  const text = await live.textContent();
  if (!text.includes("Board " + board + ": Flag fall")) fail("live region lacks the flag fall: " + text);
  if (!text.includes("Board " + board + ": Boards differ (D.2.9)")) fail("live region lacks the board difference: " + text);
  const row = page.locator("#board-" + board);
  if (!/needs/.test(await row.getAttribute("class") || "")) fail("board " + board + " is not highlighted");
  const rowText = await row.textContent();
  if (!/Flag fall/.test(rowText) || !/Boards differ/.test(rowText)) fail("the board's row lacks the alerts: " + rowText);
  const needs = await page.locator("#needs").textContent();
  if (!needs.includes("Board " + board)) fail("the needs list lacks the board: " + needs);
  if (await page.getAttribute("#live", "aria-live") !== "assertive") fail("the live region is not assertive");
  await axe(page, "arbiter page");
  // Dealt with: the highlight goes, the live region keeps its history.
  await page.locator("#board-" + board + " button").first().click();
  await page.locator("#board-" + board + " button").first().click();
  const cls = await row.getAttribute("class");
  if (/needs/.test(cls || "")) fail("the row is still highlighted after both alerts were dealt with");
  await axe(page, "arbiter page after dealing with the alerts");

  const watch = await browser.newPage();
  await watch.goto(watchUrl);
  await watch.waitForSelector("#board-" + board, { timeout: 20000 });
  const wt = await watch.locator("#board-" + board).textContent();
  if (/Flag fall/.test(wt)) fail("the watch page shows the arbiter's alerts: " + wt);
  await axe(watch, "watch page");
} catch (e) {
  fail(String(e && e.stack || e));
} finally {
  await browser.close();
}
if (!process.exitCode) console.log("OK");
