// The blind player's page (German) when its board goes away: his clock
// button says the clocks; the board killed (kill -9) is said at once, a
// move he types meanwhile is kept and said to be kept; the board started
// again from its journal is said to be back, and the kept move goes to it
// and is answered in words. Started by tests/serve_browser.rs with the
// seats' addresses in HECTOR_URLS and a folder in HECTOR_CONTROL where this
// test asks for the board to be killed (`kill`) and started again
// (`restart`), and the Rust side answers (`killed`, `restarted`).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, writeFileSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { launch, violations } from "./browser.mjs";

const urls = JSON.parse(process.env.HECTOR_URLS || "{}");
const control = process.env.HECTOR_CONTROL;
const TIMEOUT = 15000;

let browser, page, words;

before(async () => {
  browser = await launch();
  const ctx = await browser.newContext({ bypassCSP: true });
  ctx.setDefaultTimeout(TIMEOUT);
  page = await ctx.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  await page.goto(urls.white);
  await page.waitForFunction(() => document.body.dataset.connected === "yes");
  await page.evaluate(() => {
    window.spoken = [];
    for (const live of document.querySelectorAll("[aria-live]")) {
      new MutationObserver(() => window.spoken.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
    }
  });
  words = await page.evaluate(() => JSON.parse(document.getElementById("words").textContent));
});

after(async () => {
  if (browser) await browser.close();
});

// Asks the Rust side for `what` and waits for its answer file.
async function ask(what, answer) {
  writeFileSync(join(control, what), "");
  const until = Date.now() + 60000;
  while (!existsSync(join(control, answer))) {
    assert.ok(Date.now() < until, "no answer " + answer + " to " + what);
    await new Promise((r) => setTimeout(r, 50));
  }
  unlinkSync(join(control, answer));
}

// How often a spoken text contained `text`.
const times = (text) => page.evaluate((text) => window.spoken.filter((s) => s.includes(text)).length, text);
async function spoken(text) {
  try {
    await page.waitForFunction((text) => window.spoken.some((s) => s.includes(text)), text);
  } catch (e) {
    const said = await page.evaluate(() => window.spoken);
    assert.fail("never said: " + text + "\nsaid:\n" + said.join("\n"));
  }
}
const fill = (w, args) => Object.entries(args || {}).reduce((s, [k, v]) => s.split("{" + k + "}").join(String(v)), w);

test("the clock button says both clocks", async () => {
  await page.click("#read-clocks");
  await spoken("fünf Minuten");
  const said = await page.evaluate(() => window.spoken[window.spoken.length - 1]);
  assert.match(said, /Weiß/);
  assert.match(said, /Schwarz/);
});

test("a board killed is said at once; a move typed meanwhile is kept and said so; the board back is said and the move goes to it", async () => {
  await ask("kill", "killed");
  await spoken(words.reconnecting);
  await page.fill("#command", "e4");
  await page.press("#command", "Enter");
  const kept = fill(words.command_kept, { text: "e4" });
  await spoken(kept);
  // A second request while the board is away: kept too, never lost.
  await page.click("#read-clocks");
  await ask("restart", "restarted");
  await spoken(words.connection_back);
  // The kept move reached the board and its answer is said: the clocks
  // of this game were never started, so the board refuses it in words.
  await spoken("Die Uhren laufen noch nicht");
  // The loss said at once, and again as the answer to the clock button
  // pressed while the board was away; the rest once.
  assert.equal(await times(words.reconnecting), 2, "the loss said, and the clock button's answer");
  assert.equal(await times(words.connection_back), 1, "the return said once");
  assert.equal(await times(kept), 1, "the kept move said once");
  assert.deepEqual(page.errors, [], "script errors");
  assert.deepEqual(await violations(page), [], "axe-core violations");
});
