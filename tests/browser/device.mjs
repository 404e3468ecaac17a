// The arbiter's page when a device at the board goes away and comes back
// (a DGT e-board unplugged at a served board): the notice names it until
// it is back, the reports list keeps both sentences, axe-core finds
// nothing. Driven by tests/serve_browser.rs over stdin/stdout: this script
// prints READY once the page is connected, GONE when the notice names the
// board (the test then plugs it in again), BACK when the notice no longer
// does. HECTOR_URL is the arbiter's address.
import assert from "node:assert/strict";
import { launch, violations } from "./browser.mjs";

const TIMEOUT = 20000;

const browser = await launch();
try {
  const context = await browser.newContext({ bypassCSP: true });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(process.env.HECTOR_URL);
  await page.waitForFunction(() => document.body.dataset.connected === "yes");
  console.log("READY");
  await page.waitForFunction(() => /DGT board cannot be reached/.test(document.getElementById("notice").textContent));
  console.log("GONE " + (await page.locator("#notice").innerText()));
  assert.deepEqual(await violations(page), [], "axe-core on the arbiter's page with the notice");
  await page.waitForFunction(() => !/cannot be reached/.test(document.getElementById("notice").textContent));
  const reports = await page.locator("#guidance").innerText();
  assert.match(reports, /DGT board cannot be reached/);
  assert.match(reports, /DGT board is connected again/);
  assert.deepEqual(errors, [], "script errors");
  console.log("BACK " + (await page.locator("#notice").innerText()));
} finally {
  await browser.close();
}
