// The archive: two accounts play a rated Kaissa game to a resignation through
// the API; in the browser, /archive finds it by the player's name, its
// replay link opens the table page, the replay steps through it (first,
// next, a click on a move, previous, last) with each ply's position
// checked against the server's, and the page's download link gives the
// record as a file. The player's page shows the rating, lists the game
// and links every record as one file.
//
//   KC_SERVER_BIN=target/debug/kc-server KC_DATA=DIR node server/e2e/archive.mjs
import { readFile } from "node:fs/promises";
import { check, scenario } from "./lib.mjs";

/** Registers `name`; its session cookie (`kc_session=...`). */
async function register(server, name) {
  const reply = await fetch(new URL("/api/accounts", server.base), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, password: "a long password" }),
  });
  check(reply.status === 201, `register ${name}: ${reply.status}`);
  return reply.headers.get("set-cookie").split(";")[0];
}

/** POSTs `body` to `path` with `headers`; the JSON answer. */
async function post(server, path, headers, body) {
  const reply = await fetch(new URL(path, server.base), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const answer = await reply.json();
  check(reply.ok, `${path}: ${reply.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The position text the replay shows. */
const shown = (page) => page.$eval("[data-position]", (e) => e.dataset.position);
/** Waits until the replay shows `ply`. */
const atPly = (page, ply) => page.waitForFunction(
  (ply) => document.querySelector("[data-replay-ply]")?.dataset.ply === String(ply), ply, { timeout: 10000 });

await scenario(async (server, browser) => {
  const names = ["Archivist", "Opponent"];
  const cookies = [await register(server, names[0]), await register(server, names[1])];
  const created = await server.api("/api/games", { game: "kaissa", seats: ["human", "human"], rated: true });
  const tokens = [];
  for (const [seat, cookie] of cookies.entries()) {
    const answer = await post(server, `/api/games/${created.id}/join`, { Cookie: cookie }, { seat, secret: created.seats[seat].join });
    tokens.push(answer.token);
  }
  for (let i = 0; i < 6; i++) {
    const state = await server.api(`/api/games/${created.id}`);
    await post(server, `/api/games/${created.id}/move`, { Authorization: `Bearer ${tokens[state.to_move]}` },
      { move: state.legal[0], version: state.version });
  }
  await post(server, `/api/games/${created.id}/resign`, { Authorization: `Bearer ${tokens[0]}` }, {});
  const { positions } = await server.api(`/api/games/${created.id}/positions`);
  check(positions.length === 7, `seven positions expected, got ${positions.length}`);

  // The archive finds the game by the player's name (in other case).
  const archive = await browser.open(new URL("/archive", server.base).href, "archive");
  await archive.fill('[name="player"]', names[0].toLowerCase());
  await archive.click('[data-action="search"]');
  const row = `[data-archive-games] tr[data-game-id="${created.id}"]`;
  await archive.waitForSelector(row);
  const text = await archive.textContent(row);
  check(text.includes("red-wins") && text.includes(names[1]), `the row says ${text}`);
  check(new URL(archive.url()).search.includes("player="), "the search is in the address");
  await archive.click(`${row} [data-replay-link]`);
  await archive.waitForURL(`**/g/${created.id}`);

  // The replay: it opens at the end; first, next, a move clicked, previous, last.
  const table = archive;
  await table.waitForFunction(() => document.querySelectorAll("[data-square]").length === 100);
  await atPly(table, 6);
  check(await table.isVisible("[data-replay]"), "the replay controls show for a finished game");
  check(await shown(table) === positions[6].position, "the last ply's position");
  await table.click('[data-replay-step="first"]');
  await atPly(table, 0);
  check(await shown(table) === positions[0].position, "the start");
  const pieces = await table.$$eval("[data-square]", (es) => es.filter((e) => e.dataset.piece).length);
  check(pieces === Object.keys(positions[0].board.pieces).length, `the start shows its pieces (${pieces})`);
  await table.click('[data-replay-step="next"]');
  await atPly(table, 1);
  check(await shown(table) === positions[1].position, "ply 1");
  await table.click('[data-moves] li[data-ply="4"]');
  await atPly(table, 4);
  check(await shown(table) === positions[4].position, "ply 4 by a click on its move");
  await table.click('[data-replay-step="previous"]');
  await atPly(table, 3);
  check(await shown(table) === positions[3].position, "ply 3");
  await table.keyboard.press("ArrowRight");
  await atPly(table, 4);
  await table.click('[data-replay-step="last"]');
  await atPly(table, 6);

  // The download link gives the record as a file.
  const [download] = await Promise.all([table.waitForEvent("download"), table.click("[data-record-download]")]);
  check(download.suggestedFilename() === `kc-${created.id}.txt`, `file ${download.suggestedFilename()}`);
  const record = await readFile(await download.path(), "utf8");
  check(record.includes(`[GameId "${created.id}"]`), `the record: ${record.slice(0, 200)}`);

  // The player's page: the game, and every record as one file.
  const player = await browser.open(new URL(`/@/${names[0]}`, server.base).href, "player");
  await player.waitForSelector(`[data-archive-games] tr[data-game-id="${created.id}"]`);
  check(await player.textContent("[data-player-name]") === names[0], "the player's name");
  const rating = await player.textContent('[data-ratings] [data-pool="kaissa"]');
  check(/^kaissa: \d+ \(1 game\)$/.test(rating), `the rating: ${rating}`);
  check(await player.isHidden("[data-no-ratings]"), "ratings are shown");
  const all = await player.$eval("[data-download-all]", (a) => a.href);
  const file = await (await fetch(all)).text();
  check(file.includes(`[GameId "${created.id}"]`), "every record of the player");
  console.log("archive: found by player, replayed ply by ply, record downloaded, player page");
});
