// Shared set-up of the browser tests: the page's static server, Debian's
// Chromium driven by playwright-core (headless, a fresh profile), console
// errors collected, screenshots kept in web/artefacts/ (git-ignored).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../scripts/serve.mjs";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
export const ARTEFACTS = join(web, "artefacts");
export const CHROMIUM = process.env.KC_CHROMIUM ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export function missing() {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (!existsSync(join(web, "dist", "index.js"))) return "the package is not built (npm run build)";
  if (!existsSync(join(web, "node_modules", "playwright-core"))) return "playwright-core is not installed (npm ci)";
  return null;
}

/**
 * The skip option for node:test: under CI=true a missing browser is a
 * failure (the test runs and throws), elsewhere a skip with the reason.
 */
export function skipUnlessReady() {
  const reason = missing();
  if (reason && process.env.CI === "true") return false;
  return reason ?? false;
}

export async function start() {
  const reason = missing();
  if (reason) throw new Error(reason);
  const { chromium } = await import("playwright-core");
  const server = await serve(0);
  const profile = mkdtempSync(join(tmpdir(), "kc-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1100, height: 820 },
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  mkdirSync(ARTEFACTS, { recursive: true });
  const base = `http://127.0.0.1:${server.address().port}/`;
  return {
    base,
    context,
    async open(query) {
      const page = await context.newPage();
      const errors = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(base + query);
      await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
      return { page, errors };
    },
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The page's position text. */
export function position(page) {
  return page.getAttribute("[data-position]", "data-position");
}

/** Waits until the page's position text is no longer `before`. */
export async function changed(page, before, timeout = 20000) {
  await page.waitForFunction(
    (text) => document.querySelector("[data-position]").dataset.position !== text,
    before,
    { timeout },
  );
  return position(page);
}
