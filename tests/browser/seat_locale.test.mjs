// A seat with a language of its own (issue 32): a German game in which the
// blind player, White, is Polish (`hector serve --locale de --seat-locale
// white=pl`). White's page is Polish (lang, labels, the answers in its log,
// the API's refusals), Black's page German, both axe-core clean, and no
// word of the other language left on either. Started by
// tests/serve_browser.rs with the seats' addresses in HECTOR_URLS.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { everything, launch, violations } from "./browser.mjs";

const urls = JSON.parse(process.env.HECTOR_URLS || "{}");
const TIMEOUT = 10000;
const LANG = { white: "pl", black: "de" };

let browser, context;
const pages = {};
const words = {};

before(async () => {
  browser = await launch();
  context = await browser.newContext({ bypassCSP: true });
  context.setDefaultTimeout(TIMEOUT);
  for (const seat of ["white", "black"]) {
    assert.ok(urls[seat], "an address for " + seat);
    const page = await context.newPage();
    page.errors = [];
    page.on("pageerror", (e) => page.errors.push(String(e)));
    await page.goto(urls[seat]);
    await page.waitForFunction(() => document.body.dataset.connected === "yes");
    pages[seat] = page;
    words[seat] = await page.evaluate(() => JSON.parse(document.getElementById("words").textContent));
  }
});

after(async () => {
  if (browser) await browser.close();
});

const wordsOf = (text) => new Set(text.split(/[^\p{L}]+/u).filter((w) => w.length >= 4));

// The words of one seat's page labels that the other language never uses:
// none of them may show on the other seat's page.
function foreign(seat) {
  const other = seat === "white" ? "black" : "white";
  const mine = wordsOf(Object.values(words[seat]).join(" "));
  return [...wordsOf(Object.values(words[other]).join(" "))].filter((w) => !mine.has(w));
}

async function checkPage(seat, when) {
  const page = pages[seat];
  assert.equal(await page.evaluate(() => document.documentElement.lang), LANG[seat], seat + ": <html lang>");
  for (const id of ["log", "live"]) {
    const lang = await page.evaluate((id) => { const e = document.getElementById(id); return e ? e.closest("[lang]").lang : null; }, id);
    if (lang !== null) assert.equal(lang, LANG[seat], seat + ": lang of #" + id);
  }
  const said = wordsOf(await everything(page));
  const left = foreign(seat).filter((w) => said.has(w));
  assert.deepEqual(left, [], seat + " page " + when + ": words of the other seat's language");
  assert.deepEqual(await violations(page), [], seat + " page " + when + ": axe-core violations");
  assert.deepEqual(page.errors, [], seat + " page " + when + ": script errors");
}

// The blind page's command box, or the opponent's move-or-command box.
async function send(page, text) {
  const box = (await page.locator("#command").count()) ? "#command" : "#move";
  await page.locator(box).fill(text);
  await page.keyboard.press("Enter");
}

test("the Polish seat's page is Polish and the German seat's German", async () => {
  assert.equal(words.white.white, "Białe");
  assert.equal(words.black.white, "Weiß");
  assert.ok((await pages.white.title()).includes("Białe"), await pages.white.title());
  assert.ok((await pages.black.title()).includes("Schwarz"), await pages.black.title());
  const label = await pages.white.locator('label[for="command"]').innerText();
  assert.doesNotMatch(label, /Springer|Felix|drei/, "the blind page's example in Polish: " + label);
  for (const seat of ["white", "black"]) await checkPage(seat, "before the game");
});

test("each seat's answers and refusals are in its own language", async () => {
  const white = pages.white;
  const before = await white.locator("#log li").count();
  await send(white, "mój czas");
  await white.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
  const answer = await white.locator("#log li").last().innerText();
  assert.match(answer, /czas/i, "White's answer in Polish: " + answer);
  const b = await pages.black.locator("#log li").count();
  await send(pages.black, "meine Zeit");
  await pages.black.waitForFunction((n) => document.querySelectorAll("#log li").length > n, b);
  const theirs = await pages.black.locator("#log li").last().innerText();
  assert.match(theirs, /Zeit/, "Black's answer in German: " + theirs);
  // The API's refusals, each in its seat's language.
  const refusal = (page) => page.evaluate(async () => {
    const r = await fetch("/api/command", { method: "POST", headers: { Authorization: "Bearer " + hector.token, "Content-Type": "application/json" }, body: "not json" });
    return [r.status, (await r.json()).error];
  });
  const [ws, wt] = await refusal(white);
  const [bs, bt] = await refusal(pages.black);
  assert.equal(ws, 400);
  assert.equal(bs, 400);
  assert.equal(wt, words.white.api_not_json);
  assert.equal(bt, words.black.api_not_json);
  assert.notEqual(wt, bt);
  // A move read back and made: White's log Polish, Black's German.
  await send(white, "e4");
  await white.waitForFunction(() => /Ewa cztery/.test(document.getElementById("log").innerText));
  await send(white, "tak");
  await pages.black.waitForFunction(() => /Eva vier/.test(document.getElementById("log").innerText));
  await white.waitForFunction(() => /Białe: Ewa cztery/.test(document.getElementById("log").innerText));
  for (const seat of ["white", "black"]) await checkPage(seat, "after a move");
});
