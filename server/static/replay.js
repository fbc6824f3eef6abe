// The replay of a finished game on its table page: first, previous,
// next and last, the arrow keys, and a click on a move of the list show
// that ply's position. The page holds no rules: the server sends each
// ply's position (GET /api/games/<id>/positions, a page of plies at a
// time), which this module keeps once fetched.
const $ = (selector) => document.querySelector(selector);
const PAGE = 200;

let game = null; // { id, board, plies }
let ply = 0;
const pages = new Map(); // page index -> Promise of positions

function fetchPage(index) {
  if (!pages.has(index)) {
    const from = index * PAGE;
    pages.set(index, fetch(`/api/games/${game.id}/positions?from=${from}&count=${PAGE}`)
      .then((reply) => reply.ok ? reply.json() : Promise.reject(new Error(`positions: ${reply.status}`)))
      .then((answer) => answer.positions)
      .catch((error) => { pages.delete(index); throw error; }));
  }
  return pages.get(index);
}

/** The squares of a ply's last board move, as the server names them. */
function lastMove(squares) {
  return squares && squares.from ? [squares.from, squares.to] : null;
}

async function show(target) {
  ply = Math.max(0, Math.min(game.plies, target));
  const wanted = ply;
  const positions = await fetchPage(Math.floor(wanted / PAGE));
  if (wanted !== ply) return; // a later step came first
  const at = positions[wanted % PAGE];
  if (!at) return;
  const hand = at.board.hand ? { ...at.board.hand, active: null } : null;
  game.board.set({ pieces: at.board.pieces, dests: new Map(), lastMove: lastMove(at.last_move), placements: [], hand, marks: at.board.marks ?? null });
  $("[data-position]").dataset.position = at.position;
  const label = $("[data-replay-ply]");
  label.textContent = `ply ${ply} of ${game.plies}`;
  label.dataset.ply = String(ply);
  for (const item of document.querySelectorAll("[data-moves] li")) {
    item.classList.toggle("current", Number(item.dataset.ply) === ply);
  }
}

/**
 * Called by the table page after each drawing: the record's download
 * link always; for a finished game, the replay controls, the clickable
 * move list, and the position of the ply shown.
 */
export function showReplay(id, state, board) {
  const download = $("[data-record-download]");
  download.href = `/api/games/${id}/record?download=1`;
  const over = state.status === "over";
  $("[data-replay]").hidden = !over;
  if (!over) return;
  const first = game === null;
  game = { id, board, plies: state.moves.length };
  for (const [index, item] of [...document.querySelectorAll("[data-moves] li")].entries()) {
    item.dataset.ply = String(index + 1);
    item.tabIndex = 0;
    item.addEventListener("click", () => show(index + 1));
    item.addEventListener("keydown", (event) => { if (event.key === "Enter") show(index + 1); });
  }
  show(first ? game.plies : ply).catch((error) => { $("[data-error]").textContent = String(error); });
}

function step(where) {
  if (!game) return;
  const target = { first: 0, previous: ply - 1, next: ply + 1, last: game.plies }[where];
  show(target).catch((error) => { $("[data-error]").textContent = String(error); });
}

for (const where of ["first", "previous", "next", "last"]) {
  $(`[data-replay-step="${where}"]`).addEventListener("click", () => step(where));
}
document.addEventListener("keydown", (event) => {
  if (!game || event.target.closest("input, textarea, select")) return;
  if (event.key === "ArrowLeft") step("previous");
  else if (event.key === "ArrowRight") step("next");
  else if (event.key === "Home") step("first");
  else if (event.key === "End") step("last");
});
