// Rated games in the browser: people register in the lobby (each in a
// browser context of its own, so each has its own session cookie; one
// logs out and in again, by its name in capitals), one
// creates a rated Kaissa table kept for two of them by name, they take
// their seats on the table's page, play two moves each by clicks and one
// resigns; then four of them play a rated Chaturaji game (sheet rules)
// the same way. The leaderboard page then shows each one's new rating in
// both pools, and their player pages link the games.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/rated.mjs
import { MOVE, check, scenario, clickMove, waitForEnd, waitForPly } from "./lib.mjs";

const NAMES = ["Asha", "Bhanu", "Chitra", "Dev"];
const PASSWORD = "a long password";

/** Registers `name` on a lobby page of its own; returns the page. */
async function register(browser, server, name) {
  const page = await browser.open(server.base, name);
  await page.waitForSelector('[data-form="account"]:not([hidden])');
  await page.fill('[data-form="account"] [name="name"]', name);
  await page.fill('[data-form="account"] [name="password"]', PASSWORD);
  await page.click('[data-action="register"]');
  await page.waitForSelector("[data-logged-in]:not([hidden])");
  check((await page.textContent("[data-account-name]")) === name, `${name} is logged in`);
  return page;
}

/** Creates a rated table from `lobby` with seats kept for `names`. */
async function createRated(lobby, game, names) {
  await lobby.selectOption('[name="game"]', game);
  for (const [i, name] of names.entries()) {
    await lobby.selectOption(`[name="seat${i}"]`, "player");
    await lobby.fill(`[name="seat${i}-player"]`, name);
  }
  await lobby.check('[name="rated"]');
  await lobby.click('[data-action="create-game"]');
  await lobby.waitForSelector("[data-table-link][href]");
  return lobby.getAttribute("[data-table-link]", "href");
}

/** Each page goes to the table and takes the seat kept for it. */
async function takeSeats(pages, url) {
  for (const page of pages) {
    await page.goto(url);
    await page.waitForSelector('[data-action="take-seat"]:not([hidden])');
    await page.click('[data-action="take-seat"]');
    await page.waitForFunction(() => document.querySelector("[data-seat-info]").textContent.startsWith("You play"));
  }
}

/**
 * Plays by clicks, each move by the page of the seat to move, until every
 * seat has made `each` moves of its own (the server's forced passes are
 * not the seat's: a game resigned before that does not count).
 */
async function playByClicks(server, pages, id, each) {
  const made = pages.map(() => 0);
  for (let i = 0; made.some((n) => n < each); i++) {
    check(i < 40 * pages.length, `no seat moved ${each} times in ${i} moves: ${made}`);
    const state = await server.api(`/api/games/${id}`);
    check(state.status === "playing", `the game ended early: ${state.outcome}`);
    const page = pages[state.to_move];
    await waitForPly(page, state.moves.length);
    const text = state.legal.find((t) => MOVE.test(t) && !/[A-Z]$/.test(t)) ?? state.legal[0];
    await clickMove(page, text);
    await page.waitForFunction((n) => document.querySelectorAll("[data-moves] li").length > n, state.moves.length);
    made[state.to_move] += 1;
  }
}

/** Resigns from the page of the seat to move; waits for every page to see the end. */
async function resign(server, pages, id) {
  const state = await server.api(`/api/games/${id}`);
  const page = pages[state.to_move];
  await waitForPly(page, state.moves.length);
  await page.click('[data-action="resign"]');
  for (const p of pages) await waitForEnd(p);
}

/** The leaderboard page's rows of `pool`: name → rating text. */
async function leaderboard(page, pool) {
  return page.$$eval(`[data-pool="${pool}"] [data-player]`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.player, r.querySelector("[data-rating]").textContent])));
}

/** Logs `page` out and in again through the lobby's form (a wrong
 * password's 401 would be a console error of the page; the API tests
 * cover it). */
async function logOutAndIn(page, name) {
  await page.click('[data-action="logout"]');
  await page.waitForSelector('[data-form="account"]:not([hidden])');
  await page.fill('[data-form="account"] [name="name"]', name.toUpperCase());
  await page.fill('[data-form="account"] [name="password"]', PASSWORD);
  await page.click('[data-action="login"]');
  await page.waitForSelector("[data-logged-in]:not([hidden])");
  check((await page.textContent("[data-account-name]")) === name, `${name} is logged in again`);
}

await scenario(async (server, browser) => {
  const pages = [];
  for (const name of NAMES) pages.push(await register(browser, server, name));
  await logOutAndIn(pages[3], NAMES[3]);

  // Kaissa: Asha (yellow) against Bhanu (red).
  const kaissaUrl = await createRated(pages[0], "kaissa", NAMES.slice(0, 2));
  const kaissaId = kaissaUrl.split("/")[2];
  await takeSeats(pages.slice(0, 2), new URL(kaissaUrl, server.base).href);
  check((await server.api(`/api/games/${kaissaId}`)).rated === true, "the game is rated");
  await playByClicks(server, pages.slice(0, 2), kaissaId, 2);
  await resign(server, pages.slice(0, 2), kaissaId);
  // Each player's page shows both rating changes, one up and one down.
  for (const page of pages.slice(0, 2)) {
    await page.waitForFunction(() => document.querySelectorAll("[data-rating-change]").length === 2);
    const deltas = await page.$$eval("[data-rating-change]", (e) => e.map((x) => Number(x.dataset.ratingChange)));
    check(deltas.some((d) => d > 0) && deltas.some((d) => d < 0), `rating changes ${deltas}`);
  }

  // Chaturaji under the sheet's rules: four accounts, two moves each.
  const chaturajiUrl = await createRated(pages[2], "chaturaji", NAMES);
  const chaturajiId = chaturajiUrl.split("/")[2];
  await takeSeats(pages, new URL(chaturajiUrl, server.base).href);
  await playByClicks(server, pages, chaturajiId, 2);
  await resign(server, pages, chaturajiId);

  // The leaderboard shows both pools, and every player moved from the start.
  const board = pages[3];
  await board.goto(new URL("/leaderboard", server.base).href);
  await board.waitForSelector('[data-pool="kaissa"] [data-player]');
  const kaissa = await leaderboard(board, "kaissa");
  const alliances = await leaderboard(board, "chaturaji-alliances");
  check(Object.keys(kaissa).sort().join() === "Asha,Bhanu", `kaissa pool: ${JSON.stringify(kaissa)}`);
  check(Object.keys(alliances).sort().join() === NAMES.join(), `alliances pool: ${JSON.stringify(alliances)}`);
  for (const name of NAMES) {
    const player = await server.api(`/api/players/${name}`);
    const pools = name === "Asha" || name === "Bhanu" ? ["kaissa", "chaturaji-alliances"] : ["chaturaji-alliances"];
    for (const pool of pools) {
      const rating = player.ratings[pool];
      check(rating && rating.games === 1, `${name} ${pool}: ${JSON.stringify(player.ratings)}`);
      const shown = pool === "kaissa" ? kaissa[name] : alliances[name];
      check(shown === String(rating.rating) || Number(shown) === Math.round(rating.rating), `${name} ${pool}: page ${shown}, API ${rating.rating}`);
    }
  }
  const winner = await server.api(`/api/games/${kaissaId}`);
  const [won, lost] = winner.outcome === "yellow-wins" ? ["Asha", "Bhanu"] : ["Bhanu", "Asha"];
  check(Number(kaissa[won]) > Number(kaissa[lost]), `the winner rates higher: ${JSON.stringify(kaissa)}`);
  console.log(`rated: kaissa ${JSON.stringify(kaissa)}, chaturaji alliances ${JSON.stringify(alliances)}`);
});
