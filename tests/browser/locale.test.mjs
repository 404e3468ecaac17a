// The pages of a German or Greek game (HECTOR_LOCALE) in headless Chromium:
// every page in the game's language (lang, labels, buttons, the board's
// squares, API refusals) with no English label left, axe-core clean; and
// what a screen reader reads: one announcement per answer, the history
// back after a reload, titles from the token's seat, the arbiter's notice
// listing what is open, a bad token stopping with a sentence. Started by
// tests/serve_browser.rs with the seats' addresses in HECTOR_URLS.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { everything, launch, violations } from "./browser.mjs";

const urls = JSON.parse(process.env.HECTOR_URLS || "{}");
const code = process.env.HECTOR_LOCALE || "de";
const TIMEOUT = 10000;

// The English words of the pages (locales/en/pages.toml) that would show
// an untranslated label; none may be left on a page of another language.
const ENGLISH = [
  "White", "Black", "Send", "Clocks", "Clock", "Board", "Announcements", "announcement", "Command",
  "Press", "Repeat", "Relay", "Report", "Claim", "Stop", "Check", "Retrace", "Adjourn", "Correct",
  "Declare", "Result", "Moves", "Time", "Help", "Rulings", "Game", "Turn", "Scoresheet", "Promote",
  "queen", "rook", "bishop", "knight", "king", "pawn", "empty", "your", "the", "arbiter", "move",
  "moves", "command", "clock", "running", "minutes", "seconds", "Nothing", "attention", "Last",
  "Number", "Both", "Read", "All", "seen", "from", "to", "of", "and", "is", "not",
];

let browser, context;
const pages = {};
let words = {};

async function open(url) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.errors = errors;
  await page.goto(url);
  return page;
}

before(async () => {
  browser = await launch();
  context = await browser.newContext({ bypassCSP: true });
  context.setDefaultTimeout(TIMEOUT);
  for (const seat of ["white", "black", "assistant", "arbiter", "watch"]) {
    assert.ok(urls[seat], "an address for " + seat);
    pages[seat] = await open(urls[seat]);
    await pages[seat].waitForFunction(() => document.body.dataset.connected === "yes");
  }
  words = await pages.watch.evaluate(() => JSON.parse(document.getElementById("words").textContent));
});

after(async () => {
  if (browser) await browser.close();
});

// The English words left in a text (whole words, the technical names
// FEN, PGN, FIDE, hector and SAN moves aside).
function englishIn(text) {
  const said = new Set(text.split(/[^\p{L}\p{N}]+/u));
  return ENGLISH.filter((w) => said.has(w));
}

async function checkPage(seat, page, when) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), code, seat + ": <html lang>");
  for (const id of ["log", "live"]) {
    const lang = await page.evaluate((id) => { const e = document.getElementById(id); return e ? e.closest("[lang]").lang : code; }, id);
    assert.equal(lang, code, seat + ": lang of #" + id);
  }
  const left = englishIn(await everything(page));
  assert.deepEqual(left, [], seat + " page " + when + ": English words");
  assert.deepEqual(await violations(page), [], seat + " page " + when + ": axe-core violations");
  assert.deepEqual(page.errors, [], seat + " page " + when + ": script errors");
}

// The texts the live region of a page is set to from now on.
async function recordLive(page) {
  await page.evaluate(() => {
    window.spoken = [];
    const live = document.getElementById("live");
    new MutationObserver(() => window.spoken.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
  });
}

async function send(page, text) {
  await page.locator("#command").fill(text);
  await page.keyboard.press("Enter");
}

test("every page is in the game's language before the game", async () => {
  for (const [seat, page] of Object.entries(pages)) await checkPage(seat, page, "before the game");
  // The blind page's example move is in the game's own words.
  const label = await pages.white.locator('label[for="command"]').innerText();
  assert.doesNotMatch(label, code === "de" ? /Knight/ : /Springer|Felix/, label);
});

test("a two-part answer is one announcement, and the screen reader reads both parts", async () => {
  const white = pages.white;
  await pages.arbiter.locator('button[data-command="startClock"]').click();
  await white.waitForFunction(() => document.getElementById("log").children.length > 0);
  await white.waitForTimeout(400);
  await recordLive(white);
  const before = await white.locator("#log li").count();
  await white.locator('button[data-command="time"]').click();
  await white.waitForFunction((n) => document.querySelectorAll("#log li").length >= n + 2, before);
  await white.waitForTimeout(400);
  const spoken = await white.evaluate(() => window.spoken);
  const parts = await white.evaluate((n) => [...document.querySelectorAll("#log li")].slice(n).map((li) => li.textContent), before);
  assert.equal(spoken.length, 1, "one update of the live region: " + JSON.stringify(spoken));
  for (const p of parts) assert.ok(spoken[0].includes(p), "the announcement has '" + p + "': " + spoken[0]);
  const tree = await white.locator("#live").ariaSnapshot();
  assert.ok(tree.includes(words.white) && tree.includes(words.black), "the screen reader reads both times: " + tree);
});

test("a reloaded blind page shows its history and the question waiting for an answer", async () => {
  const white = pages.white;
  await send(white, "e4");
  await white.waitForFunction(() => document.getElementById("log").children.length > 2);
  await white.waitForTimeout(300);
  const pending = (await white.evaluate(async () => (await hector.state()).pending)) || false;
  const before = await white.locator("#log li").allInnerTexts();
  await white.reload();
  await white.waitForFunction(() => document.body.dataset.connected === "yes");
  const after = await white.locator("#log li").allInnerTexts();
  for (const line of before.filter((l) => !/\d{3}|KiB/.test(l))) assert.ok(after.includes(line), "after the reload the log has: " + line);
  if (pending) {
    // The read-back question is said again.
    await white.waitForFunction(() => document.getElementById("live").textContent.length > 0);
    const live = await white.locator("#live").innerText();
    assert.equal(live, before[before.length - 1], "the pending question is announced again");
    await send(white, "yes");
  }
  await pages.watch.waitForFunction(() => document.getElementById("moves").innerText.trim().length > 0);
  await checkPage("white", white, "after a reload");
});

test("a page is titled for its token's seat, not for its address", async () => {
  const black = new URL(urls.black).searchParams.get("token");
  const white = new URL(urls.white);
  white.searchParams.set("token", black);
  const page = await open(white.toString());
  await page.waitForFunction(() => document.body.dataset.connected === "yes");
  const title = await page.title();
  const h1 = await page.locator("h1").innerText();
  assert.ok(title.includes(words.black) && !title.includes(words.white), "title " + title);
  assert.equal(h1, title);
  // The board is seen from Black's side (rank 1 first).
  assert.equal((await page.locator("table.board tbody tr").first().locator("th").innerText()).trim(), "1");
  await page.close();
});

test("the arbiter's notice lists what is open and survives a reload", async () => {
  const arbiter = pages.arbiter;
  await pages.assistant.locator("#touch").fill("g1");
  await pages.assistant.keyboard.press("Enter");
  await arbiter.waitForFunction(() => document.getElementById("guidance").children.length > 0);
  const report = await arbiter.locator("#guidance li").last().innerText();
  await arbiter.waitForFunction((r) => document.getElementById("notice").textContent.includes(r), report);
  assert.ok(!(await arbiter.locator("#notice").innerText()).includes(words.nothing_open));
  await arbiter.reload();
  await arbiter.waitForFunction(() => document.body.dataset.connected === "yes");
  await arbiter.waitForFunction((r) => document.getElementById("notice").textContent.includes(r), report);
  assert.ok((await arbiter.locator("#guidance").innerText()).includes(report), "the report is listed after a reload");
  const tree = await arbiter.locator("#notice").ariaSnapshot();
  assert.ok(tree.includes(report), "a screen reader reads the open report: " + tree);
});

test("API refusals are in the game's language and name no internal command", async () => {
  const answer = await pages.watch.evaluate(async () => {
    const r = await fetch("/api/command", { method: "POST", headers: { Authorization: "Bearer " + hector.token, "Content-Type": "application/json" }, body: JSON.stringify({ text: "time" }) });
    return [r.status, (await r.json()).error];
  });
  assert.equal(answer[0], 403);
  assert.equal(answer[1], words.api_spectator);
  const refused = await pages.white.evaluate(async () => (await hector.command("add time white 10")).map((e) => e.text).join(" "));
  assert.doesNotMatch(refused, /add-time|add time/, refused);
  assert.deepEqual(englishIn(refused), [], refused);
});

test("a page with a bad token says why and stops asking", async () => {
  const bad = new URL(urls.white);
  bad.searchParams.set("token", "not-a-token");
  const page = await context.newPage();
  let sockets = 0;
  page.on("websocket", () => sockets++);
  await page.goto(bad.toString());
  await page.waitForFunction(() => document.body.dataset.token === "bad");
  assert.equal(await page.locator("#log li").last().innerText(), words.bad_token_stop);
  await page.waitForTimeout(2500);
  assert.ok(sockets <= 1, "the page stopped connecting: " + sockets + " sockets");
  assert.deepEqual(englishIn(await everything(page)), [], "English words on the bad-token page");
  await page.close();
});

test("rough edges: no press button without --separate-press, the last move marked, the board on a phone's first screen, a live region for spectators", async () => {
  assert.equal(await pages.black.locator("#press").count(), 0, "no clock button: the move is the press");
  await pages.watch.waitForFunction(() => document.querySelectorAll("table.board td.last").length === 2);
  assert.equal(await pages.black.locator("table.board td.last").count(), 2, "the last move's squares are marked");
  assert.equal(await pages.watch.locator('#live[aria-live]').count(), 1, "the watch page has a live region");
  const phone = await browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(urls.black);
  await page.waitForFunction(() => document.body.dataset.connected === "yes");
  await page.waitForFunction(() => document.querySelectorAll("table.board button").length === 64);
  const box = await page.locator("table.board").boundingBox();
  assert.ok(box.y + box.height <= 667 && box.x + box.width <= 375, "the board fits the first screen: " + JSON.stringify(box));
  assert.deepEqual(await violations(page), [], "phone page: axe-core violations");
  await phone.close();
});

test("the assistant's and the watch page's move lists are in the game's notation", async () => {
  await pages.watch.waitForFunction(() => document.getElementById("moves").children.length > 0);
  const st = await pages.watch.evaluate(async () => await hector.state());
  assert.ok(Array.isArray(st.written) && st.written.length === st.moves.length, "written: " + JSON.stringify(st));
  const want = [];
  for (let i = 0; i < st.written.length; i += 2) want.push(st.written[i] + (st.written[i + 1] ? "  " + st.written[i + 1] : ""));
  for (const seat of ["watch", "assistant"]) {
    await pages[seat].waitForFunction((n) => document.getElementById("moves").children.length === n, want.length);
    const items = await pages[seat].evaluate(() => [...document.querySelectorAll("#moves li")].map((li) => li.textContent));
    assert.deepEqual(items, want, seat + "'s move list");
  }
  // Greek writes its own file letters (ε4, not e4); German e4 as English.
  if (code === "el") assert.ok(st.written.some((w, i) => w !== st.moves[i]), "Greek notation: " + st.written.join(" "));
});

test("every page is in the game's language after the game", async () => {
  for (const [seat, page] of Object.entries(pages)) await checkPage(seat, page, "after the game");
});
