// The hall tells the truth (issue 44.4), on the German arbiter overview in
// headless Chromium: a board sending without the hall's key is named on
// the overview in the hall's language; the broker stopped: the header says
// the broker is lost (not that the boards are live), every board's state
// is "unknown since …" and none is called unreachable, also after the 10 s
// that make a silent board unreachable; the broker back: the header is
// live again and the overview says the broker was lost and is back. No
// English word on the page at any point; axe-core finds no violation.
//
// Usage: node hall_broker.mjs ARBITER_URL UNKEYED_BOARD
// Prints OPENED once the page shows the boards and the board without the
// key (the test then stops the broker), LOST once it has said so for 12 s
// (the test then starts the broker again), then OK; exits 1 with the
// reason otherwise.
import { launch, violations } from "./browser.mjs";

const [arbiterUrl, unkeyed] = process.argv.slice(2);

function fail(why) {
  console.log("FAIL " + why);
  process.exitCode = 1;
}

// English words that would give away an untranslated sentence.
const ENGLISH = ["Board", "board", "broker", "Broker", "unknown", "lost", "since", "key", "unreachable", "live", "messages", "store"];

async function english(page, when) {
  const own = await page.evaluate(() => {
    const c = document.body.cloneNode(true);
    c.querySelectorAll("script").forEach((e) => e.remove());
    return c.textContent + " " + [...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")).join(" ");
  });
  const text = own.replace(/(White|Black) \d+/g, "");
  const found = ENGLISH.filter((w) => new RegExp("\\b" + w + "\\b").test(text));
  if (found.length) fail(when + ": English words on the German overview: " + found.join(", ") + " in " + text);
}

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await page.goto(arbiterUrl);
  const W = JSON.parse(await page.locator("#words").textContent());
  const t = (key, args) => Object.entries(args || {}).reduce((s, [k, v]) => s.split("{" + k + "}").join(String(v)), W[key]);
  // The part of a sentence before its first slot that is not given.
  const head = (key, args) => t(key, args).split("{")[0];
  await page.waitForFunction(() => document.getElementById("status").dataset.state === "live", null, { timeout: 20000 });
  await page.waitForSelector("#board-1", { timeout: 20000 });
  const named = head("hall_unkeyed", { n: unkeyed });
  await page.waitForFunction((s) => document.getElementById("hall-notes").textContent.includes(s), named, { timeout: 20000 });
  if (await page.locator("#board-" + unkeyed).count()) fail("the board without the key is shown as a board");
  await english(page, "with a board without the key");
  console.log("OPENED");

  const lostHead = head("hall_broker_lost");
  await page.waitForFunction((s) => document.getElementById("status").textContent.startsWith(s), lostHead, { timeout: 15000 });
  const unknownHead = head("hall_unknown_since");
  for (let i = 0; i < 12; i++) {
    const status = await page.locator("#status").textContent();
    if (status.includes(head("hall_live", { n: 2 }).split(":")[0] + ":")) fail("the header still says the boards are live: " + status);
    const cards = await page.locator("#boards").textContent();
    if (cards.includes(t("hall_unreachable"))) fail("a board is called unreachable while the broker is away: " + cards);
    if (!cards.includes(unknownHead)) fail("the boards' state is not unknown: " + cards);
    await page.waitForTimeout(1000);
  }
  const needs = await page.locator("#needs").textContent();
  if (needs.includes(t("hall_need_unreachable"))) fail("an unreachable alert while the broker is away: " + needs);
  await english(page, "with the broker lost");
  const v1 = await violations(page);
  if (v1.length) fail("axe-core violations with the broker lost: " + v1.join("; "));
  console.log("LOST");

  await page.waitForFunction(() => document.getElementById("status").dataset.state === "live", null, { timeout: 30000 });
  const backHead = head("hall_broker_back");
  await page.waitForFunction((s) => document.getElementById("hall-notes").textContent.includes(s), backHead, { timeout: 10000 });
  const cards = await page.locator("#boards").textContent();
  if (cards.includes(unknownHead)) fail("a board still unknown after the broker came back: " + cards);
  const log = await page.locator("#live").textContent();
  if (!log.includes(lostHead) || !log.includes(backHead)) fail("the live region did not announce the broker lost and back: " + log);
  await english(page, "with the broker back");
  const v2 = await violations(page);
  if (v2.length) fail("axe-core violations with the broker back: " + v2.join("; "));
} catch (e) {
  fail(String(e && e.stack || e));
} finally {
  await browser.close();
}
if (!process.exitCode) console.log("OK");
