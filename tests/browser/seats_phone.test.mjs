// The sighted people's pages on a phone (390×844), in German or Polish
// (HECTOR_LOCALE): the opponent (Black, sighted, pressing his own clock),
// the assistant and the arbiter of a game whose White is blind. What each
// is told appears where he looks (a status line on the first screen,
// refusals marked) and is spoken once; the draw offer and the read-back
// waiting for the blind player are in sight; every act of the seat has a
// button; the arbiter's Yes/No box is there only with a question; his
// diagram shows the position of the FEN beside it; axe-core is clean.
// Started by tests/serve_browser.rs with the seats' addresses in
// HECTOR_URLS (`hector serve --separate-press`).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, violations } from "./browser.mjs";

const urls = JSON.parse(process.env.HECTOR_URLS || "{}");
const code = process.env.HECTOR_LOCALE || "de";
const TIMEOUT = 10000;
const PHONE = { width: 390, height: 844 };

// Sentences of the game's language the pages must (or must not) show,
// from locales/<code>/messages.ftl.
const SAID = {
  de: {
    kept: /Die Stellung wurde nicht verändert/,
    restored: /wiederhergestellt/,
    noPress: /kein Drücken der Uhr fällig/,
    nothingToConfirm: /keinen Zug zu bestätigen/,
    help: { black: /Ihre Befehle/, assistant: /Befehle des Assistenten/, arbiter: /Befehle des Schiedsrichters/ },
    adjourn: /„abbrechen Springer Felix drei“/,
  },
  pl: {
    kept: /Pozycji nie zmieniono/,
    restored: /Przywrócono/,
    noPress: /Nie trzeba naciskać zegara/,
    nothingToConfirm: /Nie ma ruchu do potwierdzenia/,
    help: { black: /Polecenia zawodnika/, assistant: /Polecenia asystenta/, arbiter: /Polecenia sędziego/ },
    adjourn: /„przerwij Skoczek Feliks trzy”/,
  },
}[code];

let browser, phone, desk;
const pages = {};
let words = {};

before(async () => {
  browser = await launch();
  phone = await browser.newContext({ bypassCSP: true, viewport: PHONE, isMobile: true, hasTouch: true });
  phone.setDefaultTimeout(TIMEOUT);
  desk = await browser.newContext({ bypassCSP: true });
  desk.setDefaultTimeout(TIMEOUT);
  for (const seat of ["black", "assistant", "arbiter", "white"]) {
    assert.ok(urls[seat], "an address for " + seat);
    const page = await (seat === "white" ? desk : phone).newPage();
    page.errors = [];
    page.on("pageerror", (e) => page.errors.push(String(e)));
    await page.goto(urls[seat]);
    await page.waitForFunction(() => document.body.dataset.connected === "yes");
    await recordLive(page);
    pages[seat] = page;
  }
  words = await pages.black.evaluate(() => JSON.parse(document.getElementById("words").textContent));
});

after(async () => {
  if (browser) await browser.close();
});

// Every text the live region (and any other live region) is set to.
async function recordLive(page) {
  await page.evaluate(() => {
    window.spoken = [];
    for (const live of document.querySelectorAll("[aria-live]")) {
      new MutationObserver(() => window.spoken.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
    }
  });
}

// How often `text` was spoken since the page was opened.
async function timesSpoken(page, text) {
  await page.waitForTimeout(300);
  return page.evaluate((text) => window.spoken.filter((s) => s.includes(text)).length, text);
}

// Whether the element is shown whole on the first screen (no scrolling).
async function onFirstScreen(page, selector) {
  const box = await page.evaluate((s) => {
    window.scrollTo(0, 0);
    const e = document.querySelector(s);
    if (!e || e.closest("[hidden]")) return null;
    const r = e.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left, right: r.right, w: r.width, h: r.height };
  }, selector);
  assert.ok(box && box.w > 0 && box.h > 0, selector + " is shown: " + JSON.stringify(box));
  assert.ok(box.top >= 0 && box.bottom <= PHONE.height && box.right <= PHONE.width,
    selector + " is on the first screen of a 390×844 phone: " + JSON.stringify(box));
}

// The status line's text once it says something new.
async function newStatus(page, before) {
  await page.waitForFunction((b) => { const s = document.getElementById("status"); return !s.hidden && s.textContent && s.textContent !== b; }, before);
  return page.locator("#status").innerText();
}
const statusOf = (page) => page.evaluate(() => document.getElementById("status").textContent);

async function clean(page, seat, when) {
  assert.deepEqual(await violations(page), [], seat + " " + when + ": axe-core violations");
  assert.deepEqual(page.errors, [], seat + " " + when + ": script errors");
}

test("on the phone's first screen: the board, both clocks and the main button; inputs never autocapitalise; no Yes/No without a question", async () => {
  await onFirstScreen(pages.black, "table.board");
  await onFirstScreen(pages.black, "#clock-white");
  await onFirstScreen(pages.black, "#clock-black");
  await onFirstScreen(pages.black, "#press");
  await onFirstScreen(pages.assistant, "#clock-white");
  await onFirstScreen(pages.assistant, "#clock-black");
  await onFirstScreen(pages.assistant, "#relay");
  await onFirstScreen(pages.assistant, "button.main");
  await onFirstScreen(pages.arbiter, "#clock-black");
  await onFirstScreen(pages.arbiter, "button.main");
  for (const seat of ["black", "assistant", "arbiter"]) {
    const page = pages[seat];
    const inputs = await page.evaluate(() => [...document.querySelectorAll("input")].map((i) => [i.id, i.getAttribute("autocapitalize"), i.getAttribute("autocorrect"), i.getAttribute("spellcheck")]));
    assert.ok(inputs.length > 0, seat);
    for (const i of inputs) assert.deepEqual(i.slice(1), ["off", "off", "false"], seat + " input #" + i[0]);
    assert.equal(await page.locator("#confirm").isVisible(), false, seat + ": no Yes/No box without a question");
    await clean(page, seat, "at the start");
  }
  // The arbiter is told who seals an adjournment, with the command.
  assert.match(await pages.arbiter.locator("#adjourn-how").innerText(), SAID.adjourn);
});

test("the arbiter's diagram shows the FEN's position, with a text alternative", async () => {
  const arbiter = pages.arbiter;
  await arbiter.waitForFunction(() => document.querySelector("#diagram svg"));
  const check = async () => {
    const fen = await arbiter.locator("#fen").innerText();
    const want = await arbiter.evaluate((fen) => hector.squares(fen), fen);
    const drawn = await arbiter.evaluate(() => Object.fromEntries([...document.querySelectorAll("#diagram svg text")].map((t) => [t.dataset.square, t.dataset.piece])));
    const pieces = Object.fromEntries(Object.entries(want).filter(([, p]) => p));
    assert.deepEqual(drawn, pieces, "the diagram of " + fen);
    const alt = await arbiter.locator("#diagram svg").getAttribute("aria-label");
    assert.equal(alt.split(",").length, Object.keys(pieces).length, "every piece named: " + alt);
    assert.ok(alt.includes(words.white_king), alt);
  };
  await check();
});

test("the arbiter's buttons: the clock started and announced once, a penalty asked once and said as done", async () => {
  const arbiter = pages.arbiter;
  let before = await statusOf(arbiter);
  await arbiter.locator('button[data-command="startClock"]').click();
  const started = await newStatus(arbiter, before);
  assert.equal(await timesSpoken(arbiter, started), 1, "the start is spoken once: " + started);
  await onFirstScreen(arbiter, "#status");
  // A penalty without a half-move: asked back once, the box only now.
  await arbiter.locator("#penalty-side").selectOption("black");
  await arbiter.locator("#penalty-form button[type=submit]").click();
  await arbiter.waitForFunction(() => !document.getElementById("confirm").hidden);
  const question = await arbiter.locator("#confirm-text").innerText();
  assert.ok(question.length > 0);
  assert.equal(await arbiter.locator("#confirm").isVisible(), true);
  assert.equal(await timesSpoken(arbiter, question), 1, "the question is spoken once: " + question);
  assert.equal(await arbiter.locator("#confirm-text").getAttribute("aria-live"), null, "the box is no second live region");
  before = await statusOf(arbiter);
  await arbiter.locator("#confirm-yes").click();
  const done = await newStatus(arbiter, before);
  assert.match(done, SAID.kept, "the penalty says the position stayed: " + done);
  assert.doesNotMatch(done, SAID.restored, done);
  await arbiter.waitForFunction(() => document.getElementById("confirm").hidden);
  assert.equal(await arbiter.locator("#confirm").isVisible(), false, "no box once answered");
  // His help lists his commands.
  before = await statusOf(arbiter);
  await arbiter.locator('button[data-command="help"]').click();
  assert.match(await newStatus(arbiter, before), SAID.help.arbiter);
  await clean(arbiter, "arbiter", "after a penalty");
});

test("a refused tap shows a visible sentence on the opponent's first screen, spoken once", async () => {
  const black = pages.black;
  // An empty square first.
  let before = await statusOf(black);
  await black.locator('table.board button[data-square="e4"]').tap();
  let said = await newStatus(black, before);
  assert.equal(said, words.square_empty.split("{square}").join("e4"));
  await onFirstScreen(black, "#status");
  assert.equal(await black.locator("#status").getAttribute("class"), "status refused", "marked as refused");
  assert.equal(await timesSpoken(black, said), 1, "spoken once: " + said);
  // Out of turn: White is to move.
  before = await statusOf(black);
  await black.locator('table.board button[data-square="e7"]').tap();
  await black.locator('table.board button[data-square="e5"]').tap();
  said = await newStatus(black, before);
  await onFirstScreen(black, "#status");
  assert.match(await black.locator("#status").getAttribute("class"), /refused/, said);
  assert.equal(await timesSpoken(black, said), 1, "spoken once: " + said);
  const last = await black.locator("#log li").last().innerText();
  assert.ok(said.includes(last), "the log ends with it: " + last);
  const scrolled = await black.evaluate(() => { const l = document.getElementById("log"); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; });
  assert.ok(scrolled, "the log shows its newest entry");
  await clean(black, "black", "after a refusal");
});

test("the assistant: the pending read-back in sight, press answered truly, his help his own", async () => {
  const assistant = pages.assistant;
  const white = pages.white;
  await white.evaluate(() => hector.command("e4"));
  await assistant.waitForFunction(() => !document.getElementById("pending").hidden);
  await onFirstScreen(assistant, "#pending");
  assert.ok((await assistant.locator("#pending-text").innerText()).length > 0);
  await white.evaluate(() => hector.command("yes"));
  await assistant.waitForFunction(() => document.getElementById("pending").hidden);
  // The move's announcement comes with it; the press is a new answer.
  await assistant.waitForFunction(() => document.querySelectorAll("#moves li").length > 0);
  await assistant.waitForTimeout(500);
  // No press is owed yet (the sighted player has not moved).
  let before = await statusOf(assistant);
  await assistant.locator('button[data-command="press"]').click();
  const refusal = await newStatus(assistant, before);
  assert.match(refusal, SAID.noPress, refusal);
  assert.doesNotMatch(refusal, SAID.nothingToConfirm, refusal);
  assert.equal(await timesSpoken(assistant, refusal), 1);
  before = await statusOf(assistant);
  await assistant.locator('button[data-command="help"]').click();
  assert.match(await newStatus(assistant, before), SAID.help.assistant);
  before = await statusOf(assistant);
  await assistant.locator('button[data-command="moves"]').click();
  assert.ok((await newStatus(assistant, before)).length > 0, "moves on request");
  await clean(assistant, "assistant", "after its buttons");
});

test("the opponent: his move typed in capitals, his clock, the blind player's draw offer in sight and declined, claim and resign asked back", async () => {
  const black = pages.black;
  // A capital letter (a phone's keyboard) is no reason to misunderstand.
  await black.locator("#move").fill("E5");
  await black.locator("#move").press("Enter");
  await pages.arbiter.waitForFunction(() => document.getElementById("fen").textContent.includes("4p3/4P3"));
  let before = await statusOf(black);
  await black.locator("#press").click();
  const pressed = await newStatus(black, before);
  assert.equal(await timesSpoken(black, pressed), 1, "the press spoken once: " + pressed);
  // The blind player offers a draw: in sight on the first screen.
  await pages.white.evaluate(() => hector.command("draw"));
  await black.waitForFunction(() => !document.getElementById("offer").hidden);
  await onFirstScreen(black, "#offer");
  const offer = await black.locator("#offer-text").innerText();
  assert.ok(offer.length > 0);
  assert.equal(await timesSpoken(black, offer), 1, "the offer is spoken once: " + offer);
  before = await statusOf(black);
  await black.locator('#offer button[data-command="decline"]').click();
  await black.waitForFunction(() => document.getElementById("offer").hidden);
  const declined = await newStatus(black, before);
  assert.equal(await timesSpoken(black, declined), 1, "the decline spoken once: " + declined);
  // Resigning is asked back; no keeps the game going.
  await black.locator('button[data-command="resign"]').click();
  await black.waitForFunction(() => !document.getElementById("confirm").hidden);
  await onFirstScreen(black, "#confirm");
  const question = await black.locator("#confirm-text").innerText();
  assert.equal(await timesSpoken(black, question), 1, "the question is spoken once: " + question);
  await black.locator("#confirm-no").click();
  await black.waitForFunction(() => document.getElementById("confirm").hidden);
  assert.equal(await black.evaluate(async () => (await hector.state()).result || null), null, "the game goes on");
  // The last move again, in sight.
  before = await statusOf(black);
  await black.locator('button[data-command="last"]').click();
  await newStatus(black, before);
  await onFirstScreen(black, "#status");
  // His own help.
  before = await statusOf(black);
  await black.locator('button[data-command="help"]').click();
  assert.match(await newStatus(black, before), SAID.help.black);
  // A claim with its intended move is answered (asked back or refused), in sight.
  before = await statusOf(black);
  await black.locator("#claim-kind").selectOption("threefold");
  await black.locator("#claim-move").fill("Nf6");
  await black.locator("#claim-form button[type=submit]").click();
  await black.waitForFunction((b) => document.getElementById("status").textContent !== b || !document.getElementById("confirm").hidden, before);
  if (await black.locator("#confirm").isVisible()) await black.locator("#confirm-no").click();
  await clean(black, "black", "after his buttons");
});

test("the arbiter's open reports stay until he deals with each, a clock correction aside", async () => {
  const arbiter = pages.arbiter;
  await pages.assistant.locator("#touch").fill("g8");
  await pages.assistant.locator("#touch").press("Enter");
  await arbiter.waitForFunction(() => document.querySelectorAll("#open li").length === 1);
  const report = await arbiter.locator("#open li span").innerText();
  // An unrelated ruling: time given to White, asked back and confirmed.
  await arbiter.locator("#add-side").selectOption("white");
  await arbiter.locator("#add-time").fill("0:10");
  await arbiter.locator("#add-form button[type=submit]").click();
  await arbiter.waitForFunction(() => !document.getElementById("confirm").hidden);
  const before = await statusOf(arbiter);
  await arbiter.locator("#confirm-yes").click();
  await newStatus(arbiter, before);
  await arbiter.waitForTimeout(300);
  assert.equal(await arbiter.locator("#open li").count(), 1, "the report is still open: " + report);
  assert.ok((await arbiter.locator("#notice").innerText()).includes(report.trim()));
  await arbiter.locator("#open li button").click();
  assert.equal(await arbiter.locator("#open li").count(), 0, "dealt with");
  await arbiter.reload();
  await arbiter.waitForFunction(() => document.body.dataset.connected === "yes");
  await recordLive(arbiter);
  await arbiter.waitForTimeout(300);
  assert.equal(await arbiter.locator("#open li").count(), 0, "still dealt with after a reload");
  assert.ok((await arbiter.locator("#guidance").innerText()).includes(report.trim()), "the report stays in the list of reports");
  await clean(arbiter, "arbiter", "after dealing with a report");
});

test("the arbiter's adjournment and presence buttons each answer in sight, once", async () => {
  const arbiter = pages.arbiter;
  for (const name of ["envelope", "resume", "presentWhite", "arrivedBlack", "absentBlack"]) {
    // Two refusals may say the same sentence: start from an empty line.
    await arbiter.evaluate(() => { document.getElementById("status").textContent = ""; });
    const before = "";
    await arbiter.locator('button[data-command="' + name + '"]').click();
    // An absence is asked back (6.7): the question, then no.
    await arbiter.waitForFunction((b) => document.getElementById("status").textContent !== b || !document.getElementById("confirm").hidden, before);
    if (await arbiter.locator("#confirm").isVisible()) {
      const question = await arbiter.locator("#confirm-text").innerText();
      assert.equal(await timesSpoken(arbiter, question), 1, name + ": the question is spoken once");
      await arbiter.locator("#confirm-no").click();
      await arbiter.waitForFunction(() => document.getElementById("confirm").hidden);
      continue;
    }
    const said = await newStatus(arbiter, before);
    await onFirstScreen(arbiter, "#status");
    assert.ok(!said.includes(words.api_failed), name + ": " + said);
    assert.ok((await timesSpoken(arbiter, said)) >= 1, name + " spoken: " + said);
  }
  await clean(arbiter, "arbiter", "after the adjournment and presence buttons");
});
