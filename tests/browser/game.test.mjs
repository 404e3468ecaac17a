// A whole short game through hector serve's pages in headless Chromium
// (Debian's /usr/bin/chromium, driven by Playwright): the blind player
// types his moves in his page's command box, the sighted opponent clicks
// his (one by keyboard alone), the arbiter starts the clock and follows
// the board, the assistant asks the time, the watch page follows. axe-core
// checks every page before and after. Started by tests/serve_browser.rs,
// which passes the seats' addresses in HECTOR_URLS.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, violations } from "./browser.mjs";

const urls = JSON.parse(process.env.HECTOR_URLS || "{}");
const TIMEOUT = 10000;

let browser, context;
const pages = {};

before(async () => {
  browser = await launch();
  // axe is injected into the pages; their Content-Security-Policy allows
  // only their own scripts, so the test context bypasses it.
  context = await browser.newContext({ bypassCSP: true });
  context.setDefaultTimeout(TIMEOUT);
  for (const seat of ["white", "black", "assistant", "arbiter", "watch"]) {
    assert.ok(urls[seat], "an address for " + seat);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.errors = errors;
    await page.goto(urls[seat]);
    await page.waitForFunction(() => document.body.dataset.connected === "yes");
    pages[seat] = page;
  }
});

after(async () => {
  if (browser) await browser.close();
});


async function checkAll(when) {
  for (const [seat, page] of Object.entries(pages)) {
    const v = await violations(page);
    assert.deepEqual(v, [], seat + " page " + when + ": axe-core violations");
    assert.deepEqual(page.errors, [], seat + " page " + when + ": script errors");
  }
}

// The moves the watch page lists, as one string.
async function watchMoves() {
  return (await pages.watch.locator("#moves").innerText()).replace(/\s+/g, " ").trim();
}

async function waitForMove(san, n) {
  await pages.watch.waitForFunction(
    ([san, n]) => {
      const text = document.getElementById("moves").innerText;
      const all = text.split(/\s+/).filter(Boolean);
      return all.length >= n && all.includes(san);
    },
    [san, n],
  );
}

// The blind player types a move (keyboard only) and confirms the read-back
// when the session asks for it (FIDE Laws D.2.1, D.2.8).
async function blindMove(san, n) {
  const page = pages.white;
  await page.locator("#command").fill(san);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("log").children.length > 0);
  const done = await pages.watch
    .waitForFunction(([san, n]) => document.getElementById("moves").innerText.split(/\s+/).filter(Boolean).length >= n, [san, n], { timeout: 1500 })
    .then(() => true, () => false);
  if (!done) {
    await page.locator("#command").fill("yes");
    await page.keyboard.press("Enter");
  }
  await waitForMove(san, n);
}

// Moves the focus on Black's board (seen from Black: rank 8 at the bottom,
// file h on the left) with the arrow keys only.
async function arrowsTo(page, target) {
  for (let i = 0; i < 16; i++) {
    const at = await page.evaluate(() => document.activeElement.dataset.square);
    if (at === target) return;
    const df = "abcdefgh".indexOf(target[0]) - "abcdefgh".indexOf(at[0]);
    const dr = +target[1] - +at[1];
    await page.keyboard.press(dr > 0 ? "ArrowDown" : dr < 0 ? "ArrowUp" : df > 0 ? "ArrowLeft" : "ArrowRight");
  }
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), target);
}

async function click(square) {
  await pages.black.locator(`button[data-square="${square}"]`).click();
}

test("every page passes axe-core before the game", async () => {
  await checkAll("before the game");
});

test("a short game: blind player by command box, opponent by clicks and keys, arbiter starts the clock", async () => {
  await pages.arbiter.getByRole("button", { name: "Start the clock" }).click();
  await pages.arbiter.waitForFunction(() => document.querySelector("#clock-white").className === "running");

  await blindMove("e4", 1);
  await click("e7");
  assert.equal(await pages.black.locator('button[data-square="e7"]').getAttribute("aria-pressed"), "true");
  await click("e5");
  await waitForMove("e5", 2);

  await blindMove("Nf3", 3);
  // Black's knight by keyboard alone: the board has one tab stop, arrows
  // move between squares, Enter chooses.
  const black = pages.black;
  const tabStops = await black.locator('table.board button[tabindex="0"]').count();
  assert.equal(tabStops, 1, "the board is one tab stop");
  await black.locator('table.board button[tabindex="0"]').focus();
  await arrowsTo(black, "g8");
  await black.keyboard.press("Enter");
  await arrowsTo(black, "f6");
  await black.keyboard.press("Enter");
  await waitForMove("Nf6", 4);

  // The opponent's page shows the board from Black's side and the blind
  // player's announcements as text.
  const firstRank = await black.locator("table.board tbody tr").first().locator("th").innerText();
  assert.equal(firstRank.trim(), "1");
  assert.ok((await black.locator("#log").innerText()).length > 0, "announcements on the opponent's page");

  // The watch page follows: moves, board, clocks.
  assert.match(await watchMoves(), /e4 e5 Nf3 Nf6/);
  const e4 = await pages.watch.locator("table.board td", { hasText: "e4, white pawn" }).count();
  assert.equal(e4, 1, "the watch board shows the pawn on e4");
  assert.match(await pages.watch.locator("#clock-white").innerText(), /White \d+:\d\d/);

  // The blind player's clocks are words, not digits.
  await pages.white.getByRole("button", { name: "Read the clocks" }).click();
  await pages.white.waitForFunction(() => /minute/.test(document.getElementById("words-white").textContent));
  const words = await pages.white.locator("#words-white").innerText();
  assert.doesNotMatch(words, /\d:\d\d/, "no clock digits for a screen reader: " + words);

  // The assistant asks for both times (D.2.10.4).
  const before = await pages.assistant.locator("#log li").count();
  await pages.assistant.getByRole("button", { name: "Time of both players" }).click();
  await pages.assistant.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);

  // The arbiter's page shows the position.
  await pages.arbiter.waitForFunction(() => document.getElementById("ply").textContent === "4");
  assert.match(await pages.arbiter.locator("#fen").innerText(), /^rnbqkb1r\/pppp1ppp\/5n2\/4p3\/4P3\/5N2\/PPPP1PPP\/RNBQKB1R w KQkq/);
});

test("the arbiter resolves a board difference (D.2.9) on his page", async () => {
  const arbiter = pages.arbiter;
  // The blind player reports what his board shows: his knight is still on g1.
  await pages.white.locator("#command").fill("shows f3=- g1=N");
  await pages.white.keyboard.press("Enter");
  await arbiter.waitForFunction(() => /knight/.test(document.getElementById("guidance").innerText));
  await arbiter.waitForFunction(() => /differ/.test(document.getElementById("notice").textContent));
  assert.match(await arbiter.locator("#guidance").innerText(), /Gustav one to Felix three/);
  // The blind player's page tells him square by square too (its socket may
  // deliver a moment after the arbiter's).
  await pages.white.waitForFunction(() => /Gustav one to Felix three/.test(document.getElementById("log").innerText));
  await arbiter.getByRole("button", { name: "Boards fixed" }).click();
  await arbiter.waitForFunction(() => /agree again/.test(document.getElementById("guidance").innerText));
  await arbiter.waitForFunction(() => !/differ/.test(document.getElementById("notice").textContent));

  // The scoresheets differ: the arbiter corrects the sighted player's
  // sheet by keyboard and retraces to where they agree.
  await arbiter.locator("#command").focus();
  await arbiter.keyboard.type("correct sighted 4 Nc6");
  await arbiter.keyboard.press("Enter");
  await arbiter.waitForFunction(() => /retrace|Retrace/.test(document.getElementById("notice").textContent + document.getElementById("guidance").innerText));
  await arbiter.getByRole("button", { name: "Retrace (D.2.9)" }).click();
  await arbiter.waitForFunction(() => document.getElementById("ply").textContent === "3");
  await pages.watch.waitForFunction(() => document.getElementById("moves").innerText.split(/\s+/).filter(Boolean).length === 3);
  await click("b8");
  await click("c6");
  await waitForMove("Nc6", 4);
  assert.match(await watchMoves(), /e4 e5 Nf3 Nc6/);
});

test("a refused move is shown to the one who made it and changes nothing", async () => {
  await click("a7");
  await click("a5");
  await pages.black.waitForFunction(() => document.querySelector("#log li.refused") !== null);
  assert.equal((await watchMoves()).split(" ").length >= 4, true);
  await pages.arbiter.waitForFunction(() => document.getElementById("ply").textContent === "4");
});

test("every page passes axe-core after the game", async () => {
  await checkAll("after the game");
});
