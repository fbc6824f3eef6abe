// A player's page: name, ratings (when the server keeps them), the latest
// finished games, and links to the archive and to every record as a file.
import { gameRows, searchGames } from "/static/archive.js";

const $ = (selector) => document.querySelector(selector);
const name = decodeURIComponent(location.pathname.slice("/@/".length));

async function main() {
  const reply = await fetch(`/api/players/${encodeURIComponent(name)}`);
  const player = await reply.json().catch(() => ({ error: reply.statusText }));
  if (!reply.ok) throw new Error(player.error);
  document.title = `kc-server: ${player.name}`;
  $("[data-player-name]").textContent = player.name;
  $("[data-player-kind]").textContent = player.kind === "bot" ? "a bot account" : "";
  const ratings = Object.entries(player.ratings ?? {}).filter(([, r]) => r.games > 0);
  $("[data-ratings]").replaceChildren(...ratings.map(([pool, r]) => {
    const item = document.createElement("li");
    item.dataset.pool = pool;
    item.textContent = `${pool}: ${Math.round(r.rating)} (${r.games} game${r.games === 1 ? "" : "s"})`;
    return item;
  }));
  $("[data-no-ratings]").hidden = ratings.length > 0;
  const encoded = encodeURIComponent(player.name);
  $("[data-all-games]").href = `/archive?player=${encoded}`;
  $("[data-download-all]").href = `/api/players/${encoded}/records`;
  const answer = await searchGames(new URLSearchParams({ status: "finished", player: player.name, limit: "20" }));
  $("[data-archive-games]").replaceChildren(...gameRows(answer.games));
  $("[data-archive-empty]").hidden = answer.games.length > 0;
}

main().catch((error) => { $("[data-error]").textContent = error.message; });
