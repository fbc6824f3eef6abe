// A table: the server's state drawn with the playable page's board. The
// page holds no rules and reads no move text: the server sends the pieces,
// the legal moves of the seat to move with the squares of those that move
// on the board (`targets`), and the last move's squares; the page sends
// the move texts it picks. Each event carries the state after it, which
// the page applies; it asks for the whole game only when it starts, when
// it missed an event, and for the rare events that change more.
import { Board } from "/static/board.js";
import { checkDice, clientSeed } from "/static/dice.js";
import { showReplay } from "/static/replay.js";

const $ = (selector) => document.querySelector(selector);
const id = location.pathname.split("/")[2];
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
  // The secret opens one seat; the others answer 403. Another refusal
  // (a name the server does not take, say) is the one to show.
  let refusal = "";
  for (const s of game.seats) {
    if (s.taken) continue;
    const reply = await fetch(`/api/games/${id}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat: s.seat, secret, name, client_seed: clientSeed() }),
    });
    if (reply.ok) {
      const answer = await reply.json();
      seat = { seat: s.seat, token: answer.token };
      localStorage.setItem(storeKey, JSON.stringify(seat));
      history.replaceState(null, "", location.pathname);
      return;
    }
    if (reply.status !== 403 && !refusal) {
      refusal = ((await reply.json().catch(() => ({}))).error) || "";
    }
  }
  showError(refusal || "this link takes no free seat");
}

/** Offers the seat kept for the logged-in account, if there is one free. */
async function offerKeptSeat() {
  const button = $('[data-action="take-seat"]');
  button.hidden = true;
  if (seat || !state || state.status !== "waiting") return;
  const reply = await fetch("/api/account");
  if (!reply.ok) return;
  const me = await reply.json();
  if (!me.name) return;
  const kept = state.seats.find((s) => !s.taken && s.kind === `player:${me.name}`);
  if (!kept) return;
  button.hidden = false;
  button.textContent = `Take your seat (${kept.colour})`;
  button.onclick = async () => {
    const answer = await api("/join", { seat: kept.seat, client_seed: clientSeed() });
    if (!answer) return;
    seat = { seat: kept.seat, token: answer.token };
    localStorage.setItem(storeKey, JSON.stringify(seat));
    button.hidden = true;
    await refresh();
  };
}

function myTurn() {
  return seat !== null && state.status === "playing" && state.to_move === seat.seat;
}

async function play(text) {
  showError("");
  await api("/move", { move: text, version: state.version });
}

function lastMove() {
  const last = state.last_move;
  return last && last.from ? [last.from, last.to] : null;
}

/** The board moves of the seat to move, `{move, from, to}` (none unless it
 * is this page's turn): each legal text beside its squares. */
function targets() {
  if (!myTurn()) return [];
  const out = [];
  (state.targets ?? []).forEach((squares, i) => {
    if (squares) out.push({ move: state.legal[i], from: squares[0], to: squares[1] });
  });
  return out;
}

function render() {
  $("[data-position]").dataset.position = state.position;
  $("[data-title]").textContent = `${state.game}${state.rules ? " (" + state.rules + ")" : ""}`;
  const mine = myTurn();
  const dests = new Map();
  const placements = [];
  const others = [];
  const onBoard = new Set();
  for (const target of targets()) {
    onBoard.add(target.move);
    if (target.from === null) {
      if (!placements.includes(target.to)) placements.push(target.to);
    } else {
      if (!dests.has(target.from)) dests.set(target.from, []);
      if (!dests.get(target.from).includes(target.to)) dests.get(target.from).push(target.to);
    }
  }
  for (const text of mine ? state.legal : []) {
    if (!onBoard.has(text)) others.push(text);
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
  else if (state.status === "over") status = `Game over: ${state.result_text ?? `${state.outcome} (${state.termination})`}`;
  else status = `${colours[state.to_move]} to move` + (mine ? " (you)" : "");
  $("[data-status]").textContent = status;
  $("[data-seat-info]").textContent = seat ? `You play ${colours[seat.seat]}.` : "You are watching.";
  $("[data-roll]").textContent = state.roll ?? "";
  $("[data-roll]").dataset.roll = state.roll ?? "";
  $("[data-roll-seat]").textContent = state.roll ? `(${colours[state.to_move]} to move)` : "";
  $("[data-seats]").replaceChildren(...state.seats.map((s) => {
    const item = document.createElement("li");
    item.dataset.seat = s.seat;
    item.dataset.toMove = String(state.status === "playing" && state.to_move === s.seat);
    const name = document.createElement("span");
    name.textContent = `${s.colour}: ${s.name ?? (s.taken ? s.kind : "free")}`;
    item.append(name);
    const change = state.ratings?.changes?.[s.seat];
    if (change && change.before !== null) { // a rated game, once settled
      const rating = document.createElement("span");
      rating.dataset.ratingChange = change.after - change.before;
      const delta = change.after - change.before;
      rating.textContent = `${change.before} → ${change.after} (${delta >= 0 ? "+" : ""}${delta})`;
      item.append(rating);
    }
    if (state.scores) { // the Ludii ruleset's points, as the server counts them
      const score = document.createElement("span");
      score.dataset.score = state.scores[s.seat];
      score.textContent = `${state.scores[s.seat]} pts`;
      item.append(score);
    }
    if (state.clock?.remaining_ms) {
      const clock = document.createElement("span");
      clock.dataset.clockSeat = s.seat;
      item.append(clock);
    }
    return item;
  }));
  clockBase = state.clock?.remaining_ms
    ? {
      remaining: state.clock.remaining_ms,
      running: state.status === "playing" ? state.clock.running : null,
      days: "days_per_move" in (state.clock.settings ?? {}),
      at: performance.now(),
    }
    : null;
  tick();
  $("[data-moves]").replaceChildren(...state.moves.map((m, i) => {
    const item = document.createElement("li");
    item.textContent = state.readable?.[i] ?? m;
    item.title = m;
    return item;
  }));
  const offers = state.status === "playing" ? state.draw_offers ?? [] : [];
  $("[data-draw-offers]").textContent = offers.length ? `Draw offered by ${offers.map((s) => colours[s]).join(", ")}` : "";
  const playing = seat !== null && state.status === "playing";
  $('[data-action="draw"]').textContent = !playing ? "Offer a draw"
    : offers.includes(seat.seat) ? "Draw offered"
    : offers.length ? "Accept the draw" : "Offer a draw";
  const bots = state.seats.some((s) => s.kind.startsWith("bot:")); // a bot never agrees to a draw
  $('[data-action="resign"]').hidden = !playing;
  $('[data-action="draw"]').hidden = !playing || bots;
  // A seat may abort until its own first move.
  $('[data-action="abort"]').hidden = !(seat !== null && state.status !== "over" && !state.seats[seat.seat].moved);
  $('[data-form="chat"]').hidden = seat === null;
  $("[data-record]").href = `/api/games/${id}/record`;
  showReplay(id, state, board);
  showDice();
}

// The clocks count down between the server's values: the running seat's
// time is the server's less the time since the state came.
let clockBase = null;
function clockText(ms, days) {
  if (days) { // a correspondence clock: days and hours, or hours and minutes
    const minutes = Math.max(0, Math.floor(ms / 60000));
    const hours = Math.floor(minutes / 60);
    return hours >= 24
      ? `${Math.floor(hours / 24)} d ${hours % 24} h`
      : `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  }
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor(tenths / 10) % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}.${tenths % 10}`;
}
function tick() {
  if (!clockBase) return;
  for (const element of document.querySelectorAll("[data-clock-seat]")) {
    const seat = Number(element.dataset.clockSeat);
    const running = clockBase.running === seat;
    const ms = clockBase.remaining[seat] - (running ? performance.now() - clockBase.at : 0);
    element.textContent = clockText(ms, clockBase.days);
    element.dataset.ms = String(Math.max(0, Math.round(ms)));
    element.dataset.running = String(running);
  }
}
setInterval(tick, 200);

// The die's proof: the commitment while the game is played; once it is
// over, the server seed and the page's own check of every roll.
let checked = null;
async function showDice() {
  $("[data-commitment]").textContent = state.dice.commitment;
  const seed = state.dice.server_seed;
  $("[data-server-seed-line]").hidden = !seed;
  $("[data-server-seed]").textContent = seed ?? "";
  const check = $("[data-dice-check]");
  if (!seed || state.game !== "chaturaji") {
    check.textContent = state.game === "chaturaji" ? "The server seed is published when the game is over." : "";
    delete check.dataset.verified;
    return;
  }
  const key = `${seed}:${state.moves.length}`;
  if (checked === key) return;
  checked = key;
  const result = await checkDice(id, state.dice, state.moves);
  check.dataset.verified = String(result.ok);
  check.textContent = result.ok
    ? `verified: the commitment and all ${result.rolls} rolls`
    : `mismatch: ${result.reason}`;
}

let ratingTries = 0;

async function refresh() {
  const reply = await fetch(`/api/games/${id}`);
  if (!reply.ok) {
    showError("no such game");
    return;
  }
  const next = await reply.json();
  if (state && next.version < state.version) return; // an older answer came late
  state = next;
  // A rated game's ratings are settled just after its end: ask again.
  if (state.status === "over" && state.rated && !state.ratings && ratingTries++ < 10) {
    setTimeout(refresh, 500);
  }
  $("[data-watchers]").textContent = state.watchers ?? 0;
  if (!board) {
    const orientation = seat ? state.seats[seat.seat].colour : undefined;
    board = new Board($("[data-board]"), {
      game: state.game,
      orientation,
      onMove: async (from, to) => {
        const texts = targets().filter((t) => t.from === from && t.to === to).map((t) => t.move);
        if (texts.length === 1) return play(texts[0]);
        if (texts.length > 1) {
          const choice = await board.choose(texts.map((t) => ({ value: t, label: t })));
          if (choice) play(choice);
        }
      },
      onPlace: (square) => {
        const target = targets().find((t) => t.from === null && t.to === square);
        if (target) play(target.move);
      },
    });
  }
  render();
}

// The fields of the state that every event carries.
const STATE_FIELDS = [
  "status", "position", "board", "to_move", "roll", "legal", "targets", "last_move", "outcome",
  "termination", "result_text", "clock", "scores", "draw_offers", "exchange_offer", "server_seed",
];
// The events whose state and own fields say all that changed.
const APPLIED = new Set(["move", "chat", "draw", "exchange-offer"]);

/** Applies the next event to the state; false when the page must ask for
 * the whole game instead (a missed event, one that changes more, or the
 * end of the game, whose ratings and dice proof come with it). */
function apply(event) {
  if (event.version !== state.version + 1 || !APPLIED.has(event.type) || event.status !== "playing") {
    return false;
  }
  if (event.type === "move") {
    const offer = state.exchange_offer;
    state.moves.push(event.move, ...event.auto);
    state.readable.push(...event.readable);
    state.seats[event.seat].moved = true;
    // An exchange accepted: the seat that offered it has acted too.
    if (offer && !event.exchange_offer && offer.seat !== event.seat) state.seats[offer.seat].moved = true;
  }
  for (const field of STATE_FIELDS) state[field] = event[field];
  state.version = event.version;
  render();
  return true;
}

function chatLine(event) {
  const item = document.createElement("li");
  item.textContent = `${event.name ?? "seat " + event.seat}: ${event.text}`;
  $("[data-chat-log]").append(item);
}

// The game's events over a WebSocket, after the last one seen; a closed
// socket (a server restart, a listener dropped for being slow) is opened
// again from there, so nothing is shown twice and nothing is missed.
// Spectator counts come on the same socket, apart from the events.
let seen = 0;
function listen() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/socket?since=${seen}${seat ? "&seated=1" : ""}`);
  socket.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === "watchers") {
      $("[data-watchers]").textContent = event.watchers;
      return;
    }
    if (typeof event.version !== "number" || event.version <= seen) return;
    seen = event.version;
    if (event.type === "chat") chatLine(event);
    if (!state || event.version <= state.version) return;
    if (!apply(event)) refresh();
  };
  socket.onclose = () => setTimeout(listen, 1000);
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
  await offerKeptSeat();
  listen();
} catch (error) {
  showError(String(error));
}
