// A table: the server's state drawn with the playable page's board. The
// page holds no rules: the server sends the pieces and the legal moves of
// the seat to move; the page sends the move texts it picks.
import { Board } from "/static/board.js";

const $ = (selector) => document.querySelector(selector);
const id = location.pathname.split("/")[2];
const MOVE = /^([a-j](?:10|[1-9]))([a-j](?:10|[1-9]))([A-Z]?)$/;
const storeKey = `kc-seat-${id}`;
let seat = JSON.parse(localStorage.getItem(storeKey) || "null"); // { seat, token }
let state = null;
let board = null;

function showError(text) {
  $("[data-error]").textContent = text || "";
}

async function api(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (seat) headers.Authorization = `Bearer ${seat.token}`;
  const reply = await fetch(`/api/games/${id}${path}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) });
  const answer = await reply.json().catch(() => ({ error: reply.statusText }));
  if (!reply.ok) showError(answer.error);
  return reply.ok ? answer : null;
}

/** Takes the seat whose join secret is in the address, if any. */
async function joinFromLink() {
  const params = new URLSearchParams(location.search);
  const secret = params.get("join");
  if (!secret) return;
  if (seat) return;
  const game = await (await fetch(`/api/games/${id}`)).json();
  const name = (localStorage.getItem("kc-name") || "").trim() || undefined;
  for (const s of game.seats) {
    if (s.taken) continue;
    const reply = await fetch(`/api/games/${id}/join`, {
      method: "POST",
      body: JSON.stringify({ seat: s.seat, secret, name }),
    });
    if (reply.ok) {
      const answer = await reply.json();
      seat = { seat: s.seat, token: answer.token };
      localStorage.setItem(storeKey, JSON.stringify(seat));
      history.replaceState(null, "", location.pathname);
      return;
    }
  }
  showError("this link takes no free seat");
}

function myTurn() {
  return seat !== null && state.status === "playing" && state.to_move === seat.seat;
}

async function play(text) {
  showError("");
  await api("/move", { move: text, version: state.version });
}

function lastMove() {
  const text = state.moves[state.moves.length - 1] || "";
  const match = MOVE.exec(text.includes(":") ? text.split(":")[1] : text);
  return match ? [match[1], match[2]] : null;
}

function render() {
  $("[data-position]").dataset.position = state.position;
  $("[data-title]").textContent = `${state.game}${state.rules ? " (" + state.rules + ")" : ""}`;
  const mine = myTurn();
  const dests = new Map();
  const placements = [];
  const others = [];
  for (const text of mine ? state.legal : []) {
    const match = MOVE.exec(text);
    if (match) {
      if (!dests.has(match[1])) dests.set(match[1], []);
      if (!dests.get(match[1]).includes(match[2])) dests.get(match[1]).push(match[2]);
    } else if (text.startsWith("H@")) {
      placements.push(text.slice(2));
    } else {
      others.push(text);
    }
  }
  const hand = state.board.hand
    ? { ...state.board.hand, active: mine && placements.length ? ["yellow", "red"][state.to_move] : null }
    : null;
  board.set({ pieces: state.board.pieces, dests, lastMove: lastMove(), placements, hand, marks: state.board.marks ?? null });
  const offer = state.exchange_offer;
  if (offer && seat && seat.seat !== offer.seat && !others.includes(offer.exchange)) {
    others.push(offer.exchange); // the server accepts it from the other alliance only
  }
  $("[data-choices]").replaceChildren(...others.map((text) => {
    const button = document.createElement("button");
    button.textContent = offer && offer.exchange === text && seat.seat !== offer.seat ? `accept ${text}` : text;
    button.dataset.move = text;
    button.addEventListener("click", () => play(text));
    return button;
  }));
  const colours = state.seats.map((s) => s.colour);
  let status;
  if (state.status === "waiting") status = "Waiting for every seat to be taken";
  else if (state.status === "over") status = `Game over: ${state.outcome} (${state.termination})`;
  else status = `${colours[state.to_move]} to move` + (mine ? " (you)" : "");
  $("[data-status]").textContent = status;
  $("[data-seat-info]").textContent = seat ? `You play ${colours[seat.seat]}.` : "You are watching.";
  $("[data-roll]").textContent = state.roll ?? "";
  $("[data-roll]").dataset.roll = state.roll ?? "";
  if (state.clock) {
    $("[data-clock]").textContent = state.clock.remaining_ms
      .map((ms, i) => `${colours[i]} ${(ms / 1000).toFixed(1)} s`).join(" · ");
  }
  $("[data-seats]").replaceChildren(...state.seats.map((s) => {
    const item = document.createElement("li");
    item.textContent = `${s.colour}: ${s.name ?? (s.taken ? s.kind : "free")}`;
    return item;
  }));
  $("[data-moves]").replaceChildren(...state.moves.map((m) => {
    const item = document.createElement("li");
    item.textContent = m;
    return item;
  }));
  const playing = seat !== null && state.status === "playing";
  $('[data-action="resign"]').hidden = !playing;
  $('[data-action="draw"]').hidden = !playing;
  $('[data-action="abort"]').hidden = !(seat !== null && state.status !== "over");
  $('[data-form="chat"]').hidden = seat === null;
  $("[data-record]").href = `/api/games/${id}/record`;
  $("[data-dice]").textContent = `commitment ${state.dice.commitment}` +
    (state.dice.server_seed ? `, server seed ${state.dice.server_seed}` : "");
}

async function refresh() {
  const reply = await fetch(`/api/games/${id}`);
  if (!reply.ok) {
    showError("no such game");
    return;
  }
  state = await reply.json();
  if (!board) {
    const orientation = seat ? state.seats[seat.seat].colour : undefined;
    board = new Board($("[data-board]"), {
      game: state.game,
      orientation,
      onMove: async (from, to) => {
        const texts = state.legal.filter((t) => t.startsWith(from + to) && MOVE.test(t));
        if (texts.length === 1) return play(texts[0]);
        if (texts.length > 1) {
          const choice = await board.choose(texts.map((t) => ({ value: t, label: t })));
          if (choice) play(choice);
        }
      },
      onPlace: (square) => play(`H@${square}`),
    });
  }
  render();
}

function chatLine(event) {
  const item = document.createElement("li");
  item.textContent = `${event.name ?? "seat " + event.seat}: ${event.text}`;
  $("[data-chat-log]").append(item);
}

// Events after the last one seen; a dropped stream is reopened from there
// (so nothing is shown twice and nothing is missed).
let seen = 0;
function listen() {
  const source = new EventSource(`/api/games/${id}/events?since=${seen}`);
  source.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.version <= seen) return;
    seen = event.version;
    if (event.type === "chat") chatLine(event);
    if (!state || event.version > state.version) refresh();
  };
  source.onerror = () => {
    source.close();
    setTimeout(listen, 1000);
  };
}

for (const action of ["resign", "draw", "abort"]) {
  $(`[data-action="${action}"]`).addEventListener("click", () => api(`/${action}`));
}
$('[data-form="chat"]').addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  if (await api("/chat", { text: input.value })) input.value = "";
});

window.addEventListener("unhandledrejection", (event) => showError(String(event.reason)));
try {
  await joinFromLink();
  await refresh();
  listen();
} catch (error) {
  showError(String(error));
}
