// The pages in a browser: the lobby creates a Kaissa table, two people
// take their seats through their links (each in a browser context of its
// own), and each plays a move by clicking squares on the board; then a
// table of four Chaturaji bots is watched.
//
//   node server/e2e/table.mjs http://127.0.0.1:PORT/
//
// It uses web/node_modules/playwright-core and Debian's Chromium
// (KC_CHROMIUM overrides the path); it exits non-zero with the reason on
// any failure.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const base = process.argv[2];
const web = join(dirname(dirname(dirname(fileURLToPath(import.meta.url)))), "web");
const require = createRequire(join(web, "package.json"));
const { chromium } = require("playwright-core");

function check(condition, message) {
  if (!condition) throw new Error(message);
}

const browser = await chromium.launch({
  executablePath: process.env.KC_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
});
const errors = [];
async function open(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  return page;
}

try {
  // The lobby: two people's seats by default.
  const lobby = await open(base);
  await lobby.click('[data-action="create-game"]');
  await lobby.waitForSelector("[data-seat-link]");
  const links = await lobby.$$eval("[data-seat-link]", (as) => as.map((a) => a.href));
  check(links.length === 2, `two seat links expected, got ${links.length}`);

  const yellow = await open(links[0]);
  const red = await open(links[1]);
  for (const page of [yellow, red]) {
    await page.waitForFunction(() => document.querySelectorAll("[data-square]").length === 100);
  }
  await yellow.waitForFunction(() => document.querySelector("[data-status]").textContent.includes("(you)"));
  check(!yellow.url().includes("join="), "the join secret stays in the address");

  // Yellow plays e2e5 by clicking; Red sees it and answers e9e6.
  await yellow.click('[data-square="e2"]');
  await yellow.click('[data-square="e5"]');
  await red.waitForFunction(() => document.querySelectorAll("[data-moves] li").length === 1, null, { timeout: 10000 });
  await red.waitForFunction(() => document.querySelector("[data-status]").textContent.includes("(you)"));
  await red.click('[data-square="e9"]');
  await red.click('[data-square="e6"]');
  await yellow.waitForFunction(() => document.querySelectorAll("[data-moves] li").length === 2, null, { timeout: 10000 });

  // The page's position is the server's.
  const id = new URL(yellow.url()).pathname.split("/")[2];
  const state = await (await fetch(new URL(`/api/games/${id}`, base))).json();
  const shown = await yellow.$eval("[data-position]", (e) => e.dataset.position);
  check(shown === state.position, `page shows ${shown}, server has ${state.position}`);
  check(JSON.stringify(state.moves) === JSON.stringify(["e2e5", "e9e6"]), `moves ${state.moves}`);

  // A reload keeps the seat (its token is in local storage).
  await yellow.reload();
  await yellow.waitForFunction(() => document.querySelector("[data-seat-info]").textContent.includes("yellow"));
  // A Chaturaji table of bots, watched: the board with its thrones, and
  // the bots' moves arriving.
  const created = await (await fetch(new URL("/api/games", base), {
    method: "POST",
    body: JSON.stringify({ game: "chaturaji", seats: ["bot:random", "bot:random", "bot:random", "bot:random"] }),
  })).json();
  const watcher = await open(new URL(created.url, base).href);
  await watcher.waitForFunction(() => document.querySelectorAll("[data-square]").length === 64);
  await watcher.waitForFunction(() => document.querySelectorAll("[data-throne]").length === 4);
  await watcher.waitForFunction(() => document.querySelectorAll("[data-moves] li").length >= 8, null, { timeout: 15000 });
  check((await watcher.textContent("[data-seat-info]")).includes("watching"), "the watcher holds no seat");
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  console.log("pages: table created, seats taken, two moves played by clicks, bots watched");
} finally {
  await browser.close();
}
