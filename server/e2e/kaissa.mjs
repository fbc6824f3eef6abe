// A whole Merchant Kaissa game by clicks, watched, across a server restart.
// Two contexts take the seats; a third watches. Both sides make room on
// the back rank, place their Home Stones in the window (turns 8 to 10) by
// the stone in hand and a square, and Red's Builder runs down the open
// i-file to capture Yellow's stone: Red wins. The kc-server process is
// killed and started again in the middle; the pages go on by themselves.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/kaissa.mjs
import { check, scenario, clickMove, seatLinks, waitForEnd, waitForPly } from "./lib.mjs";

// Ply by ply (Yellow first): the Riders and a Spearman make room, Yellow's
// Builder leaves i1 by i2 for h2, Assassins wait, the stones go on i1
// and i10 (vacated by Red's Builder), and the Builder takes i1.
const LINE = [
  "i2j3", "i9h8", "h2h3", "a9a8", "i1i2", "a8a9", "i2h2", "a9a8",
  "a2a3", "a8a9", "a3a2", "a9a8", "a2a3", "a8a9",
  "H@i1", "i10i5", "a3a2", "H@i10", "a2a3", "i5i1",
];
const RESTART_AFTER = 9;
let restartMs = null;

await scenario(async (server, browser) => {
  const created = await server.api("/api/games", {
    game: "kaissa", seats: ["human", "human"], clock: { initial_ms: 600000, increment_ms: 2000 },
  });
  const [yellowLink, redLink] = seatLinks(server, created);
  const yellow = await browser.open(yellowLink, "yellow");
  const red = await browser.open(redLink, "red");
  await waitForPly(yellow, 0);
  const watcher = await browser.open(new URL(created.url, server.base).href, "watcher");
  await watcher.waitForSelector("[data-square]");
  check((await watcher.textContent("[data-seat-info]")).includes("watching"), "the third page watches");
  await yellow.waitForFunction(() => document.querySelector("[data-watchers]").textContent === "1");

  // Chat is text, never markup.
  const hostile = '<img src=x onerror="window.pwned=1">';
  await red.fill('[data-form="chat"] input', hostile);
  await red.click('[data-form="chat"] button');
  await watcher.waitForFunction((t) => document.querySelector("[data-chat-log]").textContent.includes(t), hostile);
  check(await watcher.$$eval("[data-chat-log] img", (e) => e.length) === 0, "chat made an element");
  check(!(await watcher.evaluate(() => window.pwned)), "chat ran");

  // The watcher follows the moves from their events: it reads the whole
  // game only when it missed one (at most once, around the restart) and
  // at the end.
  let reads = 0;
  watcher.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === `/api/games/${created.id}`) reads += 1;
  });

  for (const [ply, text] of LINE.entries()) {
    const page = ply % 2 === 0 ? yellow : red;
    await waitForPly(page, ply);
    if (ply === RESTART_AFTER) {
      // A mark that a reload would lose.
      for (const other of [yellow, red, watcher]) await other.evaluate(() => { window.kcNoReload = true; });
      const started = Date.now();
      await server.restart();
      restartMs = Date.now() - started;
    }
    await clickMove(page, text);
    if (ply === RESTART_AFTER) {
      // The next click worked on the new process; every page hears it.
      for (const other of [yellow, red, watcher]) {
        await waitForPly(other, ply + 1, false);
        check(await other.evaluate(() => window.kcNoReload), "a page was reloaded");
      }
    }
  }

  // The last click's move is stored once a page hears of the end.
  await waitForEnd(yellow);
  const state = await server.api(`/api/games/${created.id}`);
  // The move list shows the readable moves, as the API gives them.
  check(state.readable.length === state.moves.length && state.readable[0] !== state.moves[0], `readable ${state.readable}`);
  check(JSON.stringify(state.moves) === JSON.stringify(LINE), `moves ${state.moves}`);
  check(state.outcome === "red-wins", `outcome ${state.outcome}`);
  for (const page of [yellow, red, watcher]) {
    const status = await waitForEnd(page);
    check(status.includes("Red wins"), `status ${status}`);
    const list = await page.$$eval("[data-moves] li", (items) => items.map((i) => i.textContent));
    check(JSON.stringify(list) === JSON.stringify(state.readable), `move list ${list} is not ${state.readable}`);
    const shown = await page.$eval("[data-position]", (e) => e.dataset.position);
    check(shown === state.position, `page shows ${shown}, server has ${state.position}`);
  }
  check(reads <= 3, `the watcher read the whole game ${reads} times for ${LINE.length} moves`);
  // The watcher is counted again after the restart.
  await yellow.waitForFunction(() => document.querySelector("[data-watchers]").textContent === "1");
  // The clocks stopped, and show the server's times.
  const clocks = await watcher.$$eval("[data-clock-seat]", (es) => es.map((e) => Number(e.dataset.ms)));
  check(clocks.length === 2 && clocks.every((ms, i) => Math.abs(ms - state.clock.remaining_ms[i]) < 300), `clocks ${clocks}`);
  console.log(`kaissa: ${LINE.length} plies by clicks across a restart (${restartMs} ms), red-wins seen by the watcher`);
});
