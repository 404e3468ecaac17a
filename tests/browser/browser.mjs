// What the browser tests share: headless Chromium (Debian's, or CHROMIUM)
// started the same way, and axe-core's violations on a page.
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

// Headless Chromium with a fresh profile of its own (Playwright's).
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run"],
  });
}

// axe-core's violations on the page, as "id: help (targets)" lines.
export async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ path: AXE });
  const r = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ["violations"] }));
  return r.violations.map((v) => v.id + ": " + v.help + " (" + v.nodes.map((n) => n.target.join(" ")).join(", ") + ")");
}
