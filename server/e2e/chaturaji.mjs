// Four players of Chaturaji in four browser contexts, with the server's
// die: each clicks its moves (or a choice button) when its page says it is
// its turn, for a number of plies; then the seat to move resigns, which
// ends the game for its alliance. Every page then checks the dice itself
// (WebCrypto) and says "verified". The running clock counts down.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/chaturaji.mjs
import { MOVE, check, scenario, clickMove, seatLinks, waitForEnd, waitForPly } from "./lib.mjs";

const PLIES = 16;

await scenario(async (server, browser) => {
  const created = await server.api("/api/games", {
    game: "chaturaji", rules: "sheet", seats: ["human", "human", "human", "human"],
    clock: { initial_ms: 600000, increment_ms: 0 },
  });
  const pages = [];
  for (const [seat, link] of seatLinks(server, created).entries()) {
    pages.push(await browser.open(link, `seat ${seat}`));
  }
  for (const page of pages) await page.waitForFunction(() => document.querySelectorAll("[data-square]").length === 64);

  // The commitment is shown from the start, the server seed is not.
  let state = await server.api(`/api/games/${created.id}`);
  check(await pages[1].textContent("[data-commitment]") === state.dice.commitment, "commitment shown");
  check(await pages[1].isHidden("[data-server-seed-line]"), "no server seed before the end");

  // The clock of the seat to move counts down on the page.
  const first = pages[state.to_move];
  await waitForPly(first, state.moves.length);
  const running = `[data-clock-seat="${state.to_move}"]`;
  const before = Number(await first.getAttribute(running, "data-ms"));
  await first.waitForFunction(([s, ms]) => Number(document.querySelector(s).dataset.ms) < ms - 300, [running, before]);

  for (let clicked = 0; clicked < PLIES; clicked++) {
    state = await server.api(`/api/games/${created.id}`);
    check(state.status === "playing", `the game ended early: ${state.outcome}`);
    const page = pages[state.to_move];
    await waitForPly(page, state.moves.length);
    check(await page.textContent("[data-roll]") === String(state.roll), "the page shows the roll");
    const text = state.legal.find((t) => MOVE.test(t)) ?? state.legal[0];
    await clickMove(page, text);
    await page.waitForFunction((n) => document.querySelectorAll("[data-moves] li").length > n, state.moves.length);
  }

  state = await server.api(`/api/games/${created.id}`);
  const resigning = pages[state.to_move];
  await waitForPly(resigning, state.moves.length);
  await resigning.click('[data-action="resign"]');
  for (const page of pages) {
    await waitForEnd(page);
    await page.waitForSelector('[data-dice-check][data-verified="true"]', { timeout: 10000 });
  }
  state = await server.api(`/api/games/${created.id}`);
  check(state.termination === "resignation" || state.status === "over", `ended by ${state.termination}`);
  const seed = await pages[0].textContent("[data-server-seed]");
  check(seed === state.dice.server_seed, "the page shows the published server seed");
  const rolls = state.moves.filter((t) => /^[2-5]:/.test(t)).length;
  const said = await pages[2].textContent("[data-dice-check]");
  check(said.includes(`all ${rolls} rolls`), `dice check says ${said}`);
  // The same check finds a changed roll: the first one is named.
  const tampered = await pages[3].evaluate(async ([id, dice, moves]) => {
    const { checkDice } = await import("/static/dice.js");
    const at = moves.findIndex((t) => /^[2-5]:/.test(t));
    const face = Number(moves[at][0]);
    const changed = moves.slice();
    changed[at] = `${face === 5 ? 2 : face + 1}${moves[at].slice(1)}`;
    return checkDice(id, dice, changed);
  }, [created.id, state.dice, state.moves]);
  check(!tampered.ok && tampered.reason.startsWith("roll 1 "), `a changed roll: ${JSON.stringify(tampered)}`);
  console.log(`chaturaji: ${PLIES} plies by clicks, resigned, ${rolls} rolls verified in every page`);
});
