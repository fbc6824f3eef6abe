// A person in Chromium plays Merchant Kaissa against kc-engine, seated by
// `kc-server bot`, to the end by clicks. The lobby creates the table with
// the bot account as a player's seat; the person follows the seat's link
// and, each turn, clicks one of their pieces that the board marks with
// destinations (data-square, data-piece and the destination marks), then
// one of the marked squares (a capture when there is one), or places the
// Home Stone, or presses a choice button.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_ENGINE_BIN=target/debug/kc-engine KC_DATA=DIR node server/e2e/bot.mjs
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { check, scenario, waitForEnd } from "./lib.mjs";

const MAX_PLIES = 400;
const bin = process.env.KC_SERVER_BIN;
const engine = process.env.KC_ENGINE_BIN ?? join(dirname(bin ?? "."), "kc-engine");
check(existsSync(engine), `no kc-engine at ${engine} (KC_ENGINE_BIN)`);

// A small seeded generator, so that a failing game can be replayed.
let seed = 20261205;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

const movesShown = (page) => page.$$eval("[data-moves] li", (items) => items.length);

/** Plays one move of the person (Yellow: upper-case pieces) by clicks. */
async function playByClicks(page) {
  const before = await movesShown(page);
  const mine = await page.$$eval("[data-square][data-piece]", (squares) => squares
    .filter((s) => s.dataset.piece && s.dataset.piece === s.dataset.piece.toUpperCase())
    .map((s) => s.dataset.square));
  const order = mine.map((square) => [random(1000), square]).sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  let played = null;
  for (const from of order) {
    await page.click(`[data-square="${from}"]`);
    const targets = await page.$$eval(".kc-dest[data-square]", (squares) => squares.map((s) => ({
      square: s.dataset.square,
      capture: Boolean(s.dataset.piece) && s.dataset.piece === s.dataset.piece.toLowerCase(),
    })));
    if (targets.length === 0) continue;
    const captures = targets.filter((t) => t.capture);
    const pool = captures.length ? captures : targets;
    const to = pool[random(pool.length)].square;
    await page.click(`[data-square="${to}"]`);
    played = `${from}${to}`;
    break;
  }
  if (!played && (await page.$('[data-action="place-stone"]'))) {
    await page.click('[data-action="place-stone"]');
    const targets = await page.$$eval(".kc-dest[data-square]", (squares) => squares.map((s) => s.dataset.square));
    if (targets.length) {
      const to = targets[random(targets.length)];
      await page.click(`[data-square="${to}"]`);
      played = `H@${to}`;
    }
  }
  if (!played) {
    const choices = await page.$$eval("[data-choices] [data-move]", (buttons) => buttons.map((b) => b.dataset.move));
    check(choices.length > 0, "the person has nothing to click: no destinations, no stone, no choices");
    played = choices[0];
    await page.click(`[data-choices] [data-move="${played}"]`);
  }
  // A move with several readings (a promotion) asks for a choice.
  const choice = await page.waitForSelector("[data-choice]", { timeout: 300 }).catch(() => null);
  if (choice) await choice.click();
  await page.waitForFunction((n) => document.querySelectorAll("[data-moves] li").length > n, before, { timeout: 15000 });
  return played;
}

await scenario(async (server, browser) => {
  const name = `kcengine${process.pid}`;
  const token = execFileSync(bin, ["admin", "bot", name, "--data", process.env.KC_DATA]).toString().trim();
  check(/^[0-9a-f]{64}$/.test(token), `admin bot printed ${token}`);
  let log = "";
  const client = spawn(bin, ["bot", "--engine", engine, "--token", token, "--server", server.base.replace(/\/$/, ""), "--max-movetime", "200"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  client.stderr.on("data", (chunk) => { log += chunk; });
  const ended = new Promise((resolve) => client.once("exit", resolve));
  try {
    // The lobby: Yellow is anyone with the link, Red the bot account.
    const page = await browser.open(server.base, "person");
    await page.selectOption('[name="game"]', "kaissa");
    await page.selectOption('[name="seat1"]', "player");
    await page.fill('[name="seat1-player"]', name);
    await page.click('[data-action="create-game"]');
    await page.waitForSelector('[data-seat-link="0"]');
    const kept = await page.textContent('[data-seat-link="1"]');
    check(kept.includes(name), `seat 1 shows ${kept}`);
    await page.click('[data-seat-link="0"]');
    await page.waitForSelector("[data-square]");
    // The bot client takes its seat by itself; then the game starts.
    await page.waitForFunction(() => document.querySelector("[data-status]").textContent.includes("(you)"), null, { timeout: 15000 });
    const id = new URL(page.url()).pathname.split("/").pop();

    let plies = 0;
    const mine = [];
    while (plies < MAX_PLIES) {
      await page.waitForFunction(() => {
        const status = document.querySelector("[data-status]").textContent;
        return status.startsWith("Game over") || status.includes("(you)");
      }, null, { timeout: 20000 });
      if ((await page.textContent("[data-status]")).startsWith("Game over")) break;
      mine.push(await playByClicks(page));
      plies = await movesShown(page);
    }
    const status = await waitForEnd(page);
    const state = await server.api(`/api/games/${id}`);
    check(state.status === "over", `the game is ${state.status}`);
    check(status.includes(state.result_text), `the page says ${status}, the server ${state.result_text}`);
    check(state.seats[1].name === name, `seat 1 is ${state.seats[1].name}`);
    check(state.moves.length >= 2 && state.moves.length === (await movesShown(page)), `moves ${state.moves.length}`);
    check(log.includes("took seat 1"), `the bot client did not take its seat:\n${log}`);
    check(!log.includes("the engine failed"), `the engine failed:\n${log}`);
    const shown = await page.$eval("[data-position]", (e) => e.dataset.position);
    check(shown === state.position, `page shows ${shown}, server has ${state.position}`);
    console.log(`bot: ${state.moves.length} plies, ${mine.length} of them by clicks; ${state.outcome} (${state.termination})`);
  } catch (error) {
    console.error(`kc-server bot's log:\n${log}`);
    throw error;
  } finally {
    client.kill("SIGKILL");
    await ended;
  }
});
