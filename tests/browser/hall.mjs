// The hall's arbiter overview in headless Chromium (Debian's chromium via
// playwright-core): a flag fall and a D.2.9 board difference on one board
// appear on the page, highlighted, first among the boards, and in its ARIA
// live region, every word in the hall's language; each board is an SVG
// diagram with a text alternative, its players, clocks as digits and as
// words, the last move; "Dealt with" keeps the keyboard focus in the
// overview; axe-core finds no violations on the arbiter page nor on the
// watch page, at 1280 px and at a phone's width.
//
// Usage: node hall.mjs ARBITER_URL WATCH_URL BOARD LANG [SCREENSHOT_DIR]
// Prints OPENED once the page follows the hall (the test then makes the
// events happen), then OK; exits 1 with the reason otherwise. With
// SCREENSHOT_DIR it saves hall-LANG-1280.png and hall-LANG-phone.png there.
import { launch, violations } from "./browser.mjs";

const [arbiterUrl, watchUrl, board, lang, shots] = process.argv.slice(2);

function fail(why) {
  console.log("FAIL " + why);
  process.exitCode = 1;
}

async function axe(page, what) {
  const v = await violations(page);
  if (v.length) fail(what + ": axe-core violations: " + v.join("; "));
}

// The English words of the overview: none may show on another language's page.
const ENGLISH = ["Board ", "Flag fall", "Boards differ", "Dealt with", "running", "Last move", "Result", "Needs the arbiter", "Announcements", "Pieces", "no clock", "playing", "to move"];

function english(text) {
  return lang === "en" ? [] : ENGLISH.filter((w) => text.includes(w));
}

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await page.goto(arbiterUrl);
  await page.waitForFunction(() => document.getElementById("status").dataset.state === "live", null, { timeout: 20000 });
  await page.waitForSelector("#board-" + board, { timeout: 20000 });
  console.log("OPENED");
  const W = JSON.parse(await page.locator("#words").textContent());
  const t = (key, args) => Object.entries(args || {}).reduce((s, [k, v]) => s.split("{" + k + "}").join(String(v)), W[key]);
  if (await page.getAttribute("html", "lang") !== lang) fail("the page's lang is not " + lang);
  const flag = t("hall_board", { n: board }) + ": " + t("hall_need_flag_fall");
  const differ = t("hall_board", { n: board }) + ": " + t("hall_need_board_difference");
  await page.waitForFunction(
    ([a, b]) => { const x = document.getElementById("live").textContent; return x.includes(a) && x.includes(b); },
    [flag, differ], { timeout: 30000 });
  const row = page.locator("#board-" + board);
  if (!/needs/.test(await row.getAttribute("class") || "")) fail("board " + board + " is not highlighted");
  const rowText = await row.textContent();
  if (!rowText.includes(t("hall_need_flag_fall")) || !rowText.includes(t("hall_need_board_difference"))) fail("the board's card lacks the alerts: " + rowText);
  const first = await page.locator("#boards > li").first().getAttribute("id");
  if (first !== "board-" + board) fail("the board that needs the arbiter is not first: " + first);
  const needs = await page.locator("#needs").textContent();
  if (!needs.includes(t("hall_board", { n: board }))) fail("the needs list lacks the board: " + needs);
  if (await page.getAttribute("#live", "aria-live") !== "assertive") fail("the live region is not assertive");
  // The diagram: an SVG image with a text alternative; the pieces listed.
  const svg = row.locator("svg.diagram");
  if (await svg.getAttribute("role") !== "img") fail("the diagram is not an image");
  const label = await svg.getAttribute("aria-label") || "";
  if (!label.startsWith(t("hall_board", { n: board }) + ": ")) fail("the diagram's label does not name the board: " + label);
  if ((await svg.locator("rect").count()) !== 64) fail("the diagram has not 64 squares");
  const listed = await row.locator("details li").allTextContents();
  const king = (W.letters && W.letters.K) || "K";
  if (listed.length !== 2 || !listed[0].startsWith(t("white") + ": " + king)) fail("the pieces' list: " + listed.join(" | "));
  // The players' names, the clocks as digits and words, the last move.
  if (!rowText.includes("White " + board) || !rowText.includes("Black " + board)) fail("the players' names are missing: " + rowText);
  const clock = row.locator("#clock-white-" + board);
  if (!/^\d+:\d\d(:\d\d)?$/.test(await clock.locator(".digits").textContent())) fail("the clock's digits: " + await clock.textContent());
  if (await clock.locator(".digits").getAttribute("aria-hidden") !== "true") fail("the digits are not hidden from the screen reader");
  if (!/\d/.test(await clock.locator(".visually-hidden").textContent())) fail("the clock has no words");
  if (!rowText.includes(t("hall_last_move") + ": ")) fail("no last move: " + rowText);
  const json = await page.getAttribute("#json-link", "href");
  if (!/token=/.test(json)) fail("the arbiter's JSON link has no token: " + json);
  // The page's own words (the boards' sentences are in their games' languages).
  const own = await page.evaluate(() => {
    const c = document.body.cloneNode(true);
    c.querySelectorAll("script, #live, #needs, .alert").forEach((e) => e.remove());
    return c.textContent + " " + [...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")).join(" ");
  });
  const words = english(own.replace(/(White|Black) \d+/g, ""));
  if (words.length) fail("English words on a " + lang + " page: " + words.join(", "));
  await axe(page, "arbiter page");
  if (shots) await page.screenshot({ path: shots + "/hall-" + lang + "-1280.png", fullPage: true });
  // Dealt with: the focus goes to the board's next alert, then to its
  // heading; the highlight goes, the live region keeps its history.
  await row.locator("button").first().click();
  let focus = await page.evaluate(() => document.activeElement && document.activeElement.id);
  if (!/^done-/.test(focus || "")) fail("after the first 'Dealt with' the focus is not on the next one: " + focus);
  await page.keyboard.press("Enter");
  focus = await page.evaluate(() => document.activeElement && document.activeElement.id);
  if (focus !== "board-h-" + board) fail("after the last 'Dealt with' the focus is not on the board's heading: " + focus);
  const cls = await row.getAttribute("class");
  if (/needs/.test(cls || "")) fail("the card is still highlighted after both alerts were dealt with");
  const live = await page.locator("#live").textContent();
  if (!live.includes(flag)) fail("the live region lost its history");
  await axe(page, "arbiter page after dealing with the alerts");

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, bypassCSP: true });
  await phone.goto(arbiterUrl);
  await phone.waitForSelector("#board-" + board, { timeout: 20000 });
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) fail("the overview is wider than a phone: " + wide + " px");
  await axe(phone, "arbiter page on a phone");
  if (shots) await phone.screenshot({ path: shots + "/hall-" + lang + "-phone.png", fullPage: true });

  const watch = await browser.newPage({ bypassCSP: true });
  await watch.goto(watchUrl);
  await watch.waitForSelector("#board-" + board, { timeout: 20000 });
  const wt = await watch.locator("#board-" + board).textContent();
  if (wt.includes(t("hall_need_flag_fall"))) fail("the watch page shows the arbiter's alerts: " + wt);
  if (/token=/.test(await watch.getAttribute("#json-link", "href"))) fail("the watch page's JSON link has a token");
  await axe(watch, "watch page");
} catch (e) {
  fail(String(e && e.stack || e));
} finally {
  await browser.close();
}
if (!process.exitCode) console.log("OK");
