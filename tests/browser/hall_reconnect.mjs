// A restarted hall's open overview reconnects by itself: the chief
// arbiter's page (headless Chromium) follows the hall, the hall is stopped
// and started again (same state folder: same port and token), and the same
// page, never reloaded, shows the moves made since; its running clock ticks
// between events; a killed board is shown unreachable.
//
// Usage: node hall_reconnect.mjs ARBITER_URL BOARD PLY
// Prints OPENED once the page follows the hall, LOST once it has seen the
// hall go (the test then restarts it and plays board BOARD on to PLY
// half-moves), then OK; exits 1 with the reason otherwise.
import { launch, violations } from "./browser.mjs";

const [arbiterUrl, board, ply] = process.argv.slice(2);

function fail(why) {
  console.log("FAIL " + why);
  process.exitCode = 1;
}

const browser = await launch();
try {
  const page = await browser.newPage({ bypassCSP: true });
  await page.goto(arbiterUrl);
  await page.waitForFunction(() => document.getElementById("status").dataset.state === "live", null, { timeout: 20000 });
  await page.waitForSelector("#board-" + board, { timeout: 20000 });
  // The running clock ticks on the page with no event from the hall.
  const cell = "#clock-white-" + board + "[data-running=true], #clock-black-" + board + "[data-running=true]";
  const running = async () => {
    const el = page.locator(cell);
    return (await el.count()) ? await el.first().textContent() : "";
  };
  const first = await running();
  if (!first) fail("no running clock on board " + board);
  await page.waitForTimeout(2500);
  const later = await running();
  if (first === later) fail("the running clock stood still: " + first);
  console.log("OPENED");
  await page.waitForFunction(() => document.getElementById("status").dataset.state === "lost", null, { timeout: 20000 });
  console.log("LOST");
  await page.waitForFunction(
    ([b, p]) => {
      const row = document.getElementById("board-" + b);
      return document.getElementById("status").dataset.state === "live" && row && row.querySelector(".diagram") &&
        row.querySelector(".diagram").getAttribute("data-ply") === String(p);
    },
    [board, ply], { timeout: 60000 });
  const v = await violations(page);
  if (v.length) fail("axe-core violations after the reconnection: " + v.join("; "));
} catch (e) {
  fail(String(e && e.stack || e));
} finally {
  await browser.close();
}
if (!process.exitCode) console.log("OK");
