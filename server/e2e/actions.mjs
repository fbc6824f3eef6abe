// Seat actions and a correspondence clock on the table page: two people
// at a Kaissa table; Yellow moves, after which its abort button is gone
// and the API refuses its abort; Red aborts by its button before its own
// first move, and both pages say the game was aborted. Then a table with
// three days per move: the clocks read in days and hours, and the clock
// passes to Red after Yellow's move; under a day left reads in hours and
// minutes. A Ludii table shows each colour's points.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/actions.mjs
import { check, scenario, clickMove, seatLinks, waitForPly } from "./lib.mjs";

/** The seat token the page keeps in its local storage. */
async function tokenOf(page, id) {
  const seat = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), `kc-seat-${id}`);
  check(seat && seat.token, "the page keeps its seat's token");
  return seat.token;
}

/** The text of seat `seat`'s clock on `page` once it matches `pattern`. */
async function clockShows(page, seat, pattern, running) {
  await page.waitForFunction(
    ([seat, source, running]) => {
      const element = document.querySelector(`[data-clock-seat="${seat}"]`);
      return element && new RegExp(source).test(element.textContent) && element.dataset.running === String(running);
    },
    [seat, pattern.source, running],
    { timeout: 10000 },
  );
}

await scenario(async (server, browser) => {
  // Abort.
  const created = await server.api("/api/games", { game: "kaissa", seats: ["human", "human"] });
  const [yellowLink, redLink] = seatLinks(server, created);
  const yellow = await browser.open(yellowLink, "yellow");
  const red = await browser.open(redLink, "red");
  await waitForPly(yellow, 0);
  for (const page of [yellow, red]) {
    await page.waitForSelector('[data-action="abort"]', { state: "visible" });
  }
  await clickMove(yellow, "e2e5");
  await waitForPly(red, 1);
  await yellow.waitForSelector('[data-action="abort"]', { state: "hidden" });
  const refused = await fetch(new URL(`/api/games/${created.id}/abort`, server.base), {
    method: "POST",
    headers: { Authorization: `Bearer ${await tokenOf(yellow, created.id)}` },
    body: "{}",
  });
  check(refused.status === 409, `abort after the seat's first move: ${refused.status}`);
  check(/moved/.test((await refused.json()).error), "the refusal says why");
  await red.click('[data-action="abort"]');
  for (const page of [yellow, red]) {
    await page.waitForFunction(() => document.querySelector("[data-status]").textContent === "Game over: Aborted", null, { timeout: 10000 });
    check(await page.isHidden('[data-action="abort"]'), "no abort button after the end");
    check(await page.isHidden('[data-action="resign"]'), "no resign button after the end");
  }
  const aborted = await server.api(`/api/games/${created.id}`);
  check(aborted.status === "over" && aborted.termination === "abandoned", `aborted: ${aborted.status} ${aborted.termination}`);

  // A correspondence clock, three days per move: days and hours.
  const daily = await server.api("/api/games", { game: "kaissa", seats: ["human", "human"], clock: { days_per_move: 3 } });
  const [dailyYellow, dailyRed] = seatLinks(server, daily);
  const first = await browser.open(dailyYellow, "daily yellow");
  const second = await browser.open(dailyRed, "daily red");
  await waitForPly(first, 0);
  for (const page of [first, second]) {
    await clockShows(page, 0, /^2 d 23 h$/, true);
    await clockShows(page, 1, /^3 d 0 h$/, false);
  }
  await clickMove(first, "e2e5");
  await waitForPly(second, 1);
  for (const page of [first, second]) {
    await clockShows(page, 1, /^2 d 23 h$/, true);
    await clockShows(page, 0, /^2 d 23 h$/, false);
  }
  const state = await server.api(`/api/games/${daily.id}`);
  check(state.clock.running === 1 && state.clock.settings.days_per_move === 3, `clock ${JSON.stringify(state.clock)}`);
  // One day per move: under a day left reads in hours and minutes.
  const oneDay = await server.api("/api/games", { game: "kaissa", seats: ["human", "human"], clock: { days_per_move: 1 } });
  const [oneYellow, oneRed] = seatLinks(server, oneDay);
  const third = await browser.open(oneYellow, "one-day yellow");
  await browser.open(oneRed, "one-day red");
  await waitForPly(third, 0);
  await clockShows(third, 0, /^23 h 59 min$/, true);
  await clockShows(third, 1, /^1 d 0 h$/, false);

  // The Ludii ruleset's points, shown by seat; none under the sheet's rules.
  const ludii = await server.api("/api/games", { game: "chaturaji", rules: "ludii", seats: Array(4).fill("bot:random") });
  const watcher = await browser.open(new URL(ludii.url, server.base).href, "ludii watcher");
  await watcher.waitForFunction(() => document.querySelectorAll("[data-score]").length === 4);
  const points = await watcher.$$eval("[data-score]", (spans) => spans.map((s) => s.textContent));
  check(points.every((text) => /^\d+ pts$/.test(text)), `points ${points}`);
  check((await yellow.$$("[data-score]")).length === 0, "no points at Kaissa");

  console.log("actions: abort refused after a move and agreed before one; a correspondence clock shown and passed on");
});
