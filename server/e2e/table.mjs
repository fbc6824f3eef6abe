// The lobby and a table: the lobby creates a Kaissa table, two people take
// their seats through their links (each in a browser context of its own)
// and each plays a move by clicking squares; a reload keeps the seat; the
// draw buttons agree a draw; a table of four Chaturaji bots is watched.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/table.mjs
import { check, scenario, clickMove, waitForPly } from "./lib.mjs";

await scenario(async (server, browser) => {
  const lobby = await browser.open(server.base, "lobby");
  await lobby.click('[data-action="create-game"]');
  await lobby.waitForSelector("[data-seat-link]");
  const links = await lobby.$$eval("[data-seat-link]", (as) => as.map((a) => a.href));
  check(links.length === 2, `two seat links expected, got ${links.length}`);

  const yellow = await browser.open(links[0], "yellow");
  const red = await browser.open(links[1], "red");
  await yellow.waitForFunction(() => document.querySelectorAll("[data-square]").length === 100);
  await waitForPly(yellow, 0);
  check(!yellow.url().includes("join="), "the join secret stays in the address");
  await clickMove(yellow, "e2e5");
  await waitForPly(red, 1);
  await clickMove(red, "e9e6");
  await waitForPly(yellow, 2);

  const id = new URL(yellow.url()).pathname.split("/")[2];
  const state = await server.api(`/api/games/${id}`);
  const shown = await yellow.$eval("[data-position]", (e) => e.dataset.position);
  check(shown === state.position, `page shows ${shown}, server has ${state.position}`);
  check(JSON.stringify(state.moves) === JSON.stringify(["e2e5", "e9e6"]), `moves ${state.moves}`);

  // A reload keeps the seat (its token is in local storage).
  await yellow.reload();
  await yellow.waitForFunction(() => document.querySelector("[data-seat-info]").textContent.includes("yellow"));

  // A draw needs both: offered by one button, accepted by the other.
  await yellow.click('[data-action="draw"]');
  await red.waitForFunction(() => document.querySelector("[data-draw-offers]").textContent.includes("yellow"));
  await red.click('[data-action="draw"]');
  for (const page of [yellow, red]) {
    await page.waitForFunction(() => /^Game over: Drawn/.test(document.querySelector("[data-status]").textContent), null, { timeout: 10000 });
    check(await page.isHidden('[data-action="resign"]'), "no resign button after the end");
  }

  // Four Chaturaji bots, watched: the thrones, and the bots' moves coming.
  const created = await server.api("/api/games", { game: "chaturaji", seats: ["bot:random", "bot:random", "bot:random", "bot:random"] });
  const watcher = await browser.open(new URL(created.url, server.base).href, "watcher");
  await watcher.waitForFunction(() => document.querySelectorAll("[data-square]").length === 64);
  await watcher.waitForFunction(() => document.querySelectorAll("[data-throne]").length === 4);
  await watcher.waitForFunction(() => document.querySelectorAll("[data-moves] li").length >= 8, null, { timeout: 15000 });
  check((await watcher.textContent("[data-seat-info]")).includes("watching"), "the watcher holds no seat");
  console.log("lobby: table created, seats taken by links, moves by clicks, a draw agreed, bots watched");
});
