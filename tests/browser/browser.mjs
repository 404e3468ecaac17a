// What the browser tests share: headless Chromium (Debian's, or CHROMIUM)
// started the same way, axe-core's violations on a page, and everything a
// person or a screen reader meets on it.
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

// Everything a person or a screen reader meets on a page: the title, the
// visible text, and the accessibility tree's names (labels, captions,
// options, the board's squares).
export async function everything(page) {
  const shown = await page.evaluate(() => [
    document.title,
    document.body.innerText,
    ...[...document.querySelectorAll("[aria-label], [placeholder], option, caption, label")].map(
      (e) => (e.getAttribute("aria-label") || "") + " " + (e.getAttribute("placeholder") || "") + " " + e.textContent,
    ),
  ].join("\n"));
  const tree = await page.locator("body").ariaSnapshot();
  return shown + "\n" + tree;
}
