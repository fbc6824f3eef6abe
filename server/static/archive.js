// The archive: a search of finished games (GET /api/games?status=finished…),
// a page at a time, each game linking to its table page for the replay.
// Every value from the server is written as text, never as markup.
const $ = (selector) => document.querySelector(selector);
const FIELDS = ["player", "game", "rules", "result", "since", "until"];

/** A link to a player's page. */
function playerLink(name) {
  const link = document.createElement("a");
  link.href = `/@/${encodeURIComponent(name)}`;
  link.textContent = name;
  return link;
}

/** The table rows of archived games. */
export function gameRows(games) {
  return games.map((g) => {
    const row = document.createElement("tr");
    row.dataset.gameId = g.id;
    const cell = (...children) => {
      const td = document.createElement("td");
      td.append(...children);
      row.append(td);
      return td;
    };
    cell(new Date(g.ended).toISOString().slice(0, 16).replace("T", " "));
    cell(g.rules ? `${g.game} (${g.rules})` : g.game);
    const players = cell();
    g.players.forEach((p, i) => {
      if (i > 0) players.append(", ");
      players.append(`${p.colour}: `);
      players.append(p.account ? playerLink(p.account) : (p.name ?? "?"));
    });
    cell(`${g.outcome} (${g.termination})`);
    const open = document.createElement("a");
    open.href = `/g/${encodeURIComponent(g.id)}`;
    open.textContent = "replay";
    open.dataset.replayLink = g.id;
    cell(open);
    return row;
  });
}

/** GET /api/games with `params`; the answer, or an Error with the server's message. */
export async function searchGames(params) {
  const reply = await fetch(`/api/games?${params}`);
  const answer = await reply.json().catch(() => ({ error: reply.statusText }));
  if (!reply.ok) throw new Error(answer.error);
  return answer;
}

let params = null;
let next = null;

async function load(more) {
  $("[data-error]").textContent = "";
  const query = new URLSearchParams(params);
  if (more && next) query.set("cursor", next);
  try {
    const answer = await searchGames(query);
    const body = $("[data-archive-games]");
    if (more) body.append(...gameRows(answer.games));
    else body.replaceChildren(...gameRows(answer.games));
    next = answer.next;
    $('[data-action="more"]').hidden = !next;
    $("[data-archive-empty]").hidden = body.children.length > 0;
  } catch (error) {
    $("[data-error]").textContent = error.message;
  }
}

function fromForm() {
  const form = new FormData($('[data-form="archive"]'));
  const query = new URLSearchParams({ status: "finished" });
  for (const field of FIELDS) {
    const value = String(form.get(field) ?? "").trim();
    if (value) query.set(field, value);
  }
  return query;
}

if ($('[data-form="archive"]')) {
  const initial = new URLSearchParams(location.search);
  for (const field of FIELDS) {
    const value = initial.get(field);
    if (value) $(`[name="${field}"]`).value = value;
  }
  $('[data-form="archive"]').addEventListener("submit", (event) => {
    event.preventDefault();
    params = fromForm();
    history.replaceState(null, "", `/archive?${params}`);
    load(false);
  });
  $('[data-action="more"]').addEventListener("click", () => load(true));
  params = fromForm();
  load(false);
}
