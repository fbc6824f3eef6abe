// The playable page: both games, every rules option, each seat a human
// or a computer player (run in a Web Worker), undo, new game, the move
// list in readable notation, and game records out and in.
//
// URL: /?game=kaissa | /?game=chaturaji&rules=sheet|opposite|ludii, and
// optionally seats=<spec>,<spec>,... (in seat order: yellow,red or
// red,black,yellow,green; "human" or an agent spec), seed=<die seed>,
// delay=<ms before a computer moves>.
import * as kc from "/dist/index.js";
import { Board } from "/dist/board.js";

const $ = (selector) => document.querySelector(selector);
const SEATS = { kaissa: ["yellow", "red"], chaturaji: ["red", "black", "yellow", "green"] };
const STRENGTHS = {
  kaissa: ["human", "random", "greedy", "alphabeta:2", "alphabeta:300ms", "alphabeta:1000ms", "mcts:2000"],
  chaturaji: ["human", "random", "greedy", "mcts:300", "mcts:300ms", "mcts:1000ms", "expectimax:2"],
};
const COLOUR_OF = { r: "red", b: "black", y: "yellow", g: "green" };
const MOVE = /^([a-j](?:10|[1-9]))([a-j](?:10|[1-9]))([A-Z]?)$/;

await kc.ready;

const params = new URLSearchParams(location.search);
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const state = {
  game: params.get("game") === "chaturaji" ? "chaturaji" : "kaissa",
  rules: ["sheet", "opposite", "ludii"].includes(params.get("rules")) ? params.get("rules") : "sheet",
  seed: Number(params.get("seed") ?? Date.now() % 1e9),
  delay: Number(params.get("delay") ?? 250),
  seats: {},
  pos: null,
  dice: null,
  roll: null,
  moves: [],
  request: 0,
  board: null,
};

const positionElement = $("[data-board]");

function seatList() {
  return SEATS[state.game];
}

function newGame(startPos = null) {
  state.request++;
  state.pos = startPos ?? (state.game === "kaissa"
    ? new kc.kaissa.Position()
    : new kc.chaturaji.Position({ rules: state.rules }));
  state.dice = new kc.chaturaji.Dice(state.seed);
  state.roll = null;
  state.moves = [];
  if (!state.board || state.board.game !== state.game) {
    state.board?.destroy();
    state.board = new Board(positionElement, {
      game: state.game,
      orientation: state.game === "kaissa" ? "yellow" : "green",
      onMove: (from, to) => humanMove(from, to),
      onPlace: (square) => play(`H@${square}`),
    });
  }
  $('[data-field="game"]').value = state.game;
  $('[data-field="rules"]').value = state.rules;
  $("[data-rules-label]").hidden = state.game !== "chaturaji";
  $("[data-dice]").hidden = state.game !== "chaturaji";
  buildSeats();
  refresh();
}

function buildSeats() {
  const box = $("[data-seats]");
  box.replaceChildren();
  const given = (params.get("seats") ?? "").split(",").filter(Boolean);
  seatList().forEach((seat, i) => {
    if (!state.seats[state.game + seat]) state.seats[state.game + seat] = given[i] ?? "human";
    const label = document.createElement("label");
    label.textContent = seat;
    const select = document.createElement("select");
    select.dataset.seat = seat;
    const options = new Set([...STRENGTHS[state.game], state.seats[state.game + seat]]);
    for (const spec of options) select.add(new Option(spec === "human" ? "human" : `computer: ${spec}`, spec));
    select.value = state.seats[state.game + seat];
    select.addEventListener("change", () => {
      state.seats[state.game + seat] = select.value;
      state.request++;
      refresh();
    });
    box.append(label, select);
  });
}

function seatOf() {
  return state.seats[state.game + state.pos.toMove] ?? "human";
}

function humanToMove() {
  return seatOf() === "human" && !state.pos.isGameOver();
}

/** The legal moves the board may play now, as move texts. */
function currentMoves() {
  const pos = state.pos;
  if (pos.isGameOver()) return [];
  if (state.game === "kaissa") return pos.legalMoves();
  if (pos.pendingPromotion()) return pos.legalMoves(null);
  return state.roll === null ? [] : pos.legalMoves(state.roll);
}

function lastMove() {
  const stack = state.pos.moveStack();
  const last = stack[stack.length - 1];
  const text = typeof last === "string" ? last : last?.move;
  const match = text && MOVE.exec(text);
  if (match) return [match[1], match[2]];
  if (text && text.startsWith("H@")) return [text.slice(2)];
  return null;
}

function refresh() {
  const pos = state.pos;
  positionElement.dataset.position = pos.toString();
  positionElement.dataset.game = state.game;
  const moves = currentMoves();
  const human = humanToMove();
  const dests = new Map();
  const placements = [];
  if (human) {
    for (const text of moves) {
      const match = MOVE.exec(text);
      if (match) {
        if (!dests.has(match[1])) dests.set(match[1], []);
        if (!dests.get(match[1]).includes(match[2])) dests.get(match[1]).push(match[2]);
      } else if (text.startsWith("H@")) {
        placements.push(text.slice(2));
      }
    }
  }
  const hand = state.game === "kaissa" ? {
    yellow: pos.homeStoneWindow("yellow").inHand,
    red: pos.homeStoneWindow("red").inHand,
    active: human ? pos.toMove : null,
  } : null;
  let marks = null;
  if (state.game === "chaturaji") {
    const { marked, thrones } = kc.chaturaji.boardMarks();
    marks = { marked, thrones: pos.rules === "ludii" ? {} : thrones };
  }
  state.board.set({ pieces: pos.pieces(), dests, lastMove: lastMove(), placements, hand, marks });
  renderPanel(moves, human);
  if (state.game === "chaturaji" && human && pos.pendingPromotion()) askDecision();
  maybeComputer();
}

function renderPanel(moves, human) {
  const pos = state.pos;
  const outcome = pos.outcome();
  let status;
  if (outcome.isOver) {
    status = `Game over: ${outcome.word} (${outcome.reason})`;
  } else if (state.game === "kaissa") {
    const window = pos.homeStoneWindow();
    status = `${pos.toMove} to move, turn ${pos.turn}` +
      (window.openNow ? (window.lastChance ? " (must place the Home Stone)" : " (may place the Home Stone)") : "");
  } else if (pos.pendingPromotion()) {
    status = `${pos.toMove} decides the promotion on ${pos.pendingPromotion()}`;
  } else {
    status = `${pos.toMove} to ${state.roll === null ? "roll" : "move"}`;
  }
  if (!outcome.isOver && !human) status += " (computer thinking)";
  $("[data-status]").textContent = status;
  if (state.game === "chaturaji") {
    const rollButton = $('[data-action="roll"]');
    rollButton.disabled = !human || state.roll !== null || Boolean(pos.pendingPromotion());
    $("[data-roll]").textContent = state.roll ?? "";
    $("[data-roll]").dataset.roll = state.roll ?? "";
    $('[data-action="pass"]').hidden = !(human && moves.length === 1 && moves[0] === "pass");
    renderExchanges(human);
    const scores = $("[data-scores]");
    scores.hidden = pos.rules !== "ludii";
    if (pos.rules === "ludii") {
      const s = pos.scores();
      const ranking = pos.ranking();
      scores.textContent = Object.entries(s).map(([c, v]) => `${c} ${v}` +
        (ranking ? ` (#${ranking[c]})` : "")).join("  ");
    }
  }
  const list = $("[data-moves]");
  list.replaceChildren(...state.moves.map((m) => {
    const item = document.createElement("li");
    item.textContent = m.readable;
    item.dataset.action = m.action;
    return item;
  }));
  list.scrollTop = list.scrollHeight;
  $('[data-action="undo"]').disabled = state.pos.moveStack().length === 0 && state.roll === null;
}

function exchangeOptions() {
  const pos = state.pos;
  const options = [];
  for (const [a, b] of pos.possibleExchanges()) {
    for (const sa of pos.rajaReturnSquares(a)) {
      for (const sb of pos.rajaReturnSquares(b)) options.push(`${a[0]}${sa},${b[0]}${sb}`);
    }
  }
  return options;
}

function renderExchanges(human) {
  const box = $("[data-exchange]");
  const options = human && state.roll === null && !state.pos.pendingPromotion() ? exchangeOptions() : [];
  box.hidden = options.length === 0;
  const select = $('[data-field="exchange"]');
  if ([...select.options].map((o) => o.value).join() !== options.join()) {
    select.replaceChildren(...options.map((o) => new Option(o.replace(",", " and "), o)));
  }
}

function readableOf(text) {
  const pos = state.pos;
  if (state.game === "kaissa") return pos.readable(text);
  return pos.pendingPromotion() ? pos.readable(null, text) : `${state.roll}: ${pos.readable(state.roll, text)}`;
}

/** Plays a move text for the side to move (and, in Chaturaji, the roll). */
function play(text) {
  const pos = state.pos;
  try {
    const readable = readableOf(text);
    if (state.game === "kaissa") {
      pos.push(text);
      state.moves.push({ readable, action: text });
    } else {
      const deciding = Boolean(pos.pendingPromotion());
      const action = deciding ? text : `${state.roll}:${text}`;
      pos.push(deciding ? null : state.roll, text);
      state.moves.push({ readable, action });
      state.roll = null;
    }
  } catch (error) {
    $("[data-status]").textContent = `${error.name}: ${error.message}`;
    return;
  }
  refresh();
}

async function humanMove(from, to) {
  const candidates = currentMoves().filter((m) => {
    const match = MOVE.exec(m);
    return match && match[1] === from && match[2] === to;
  });
  if (candidates.length === 1) {
    play(candidates[0]);
  } else if (candidates.length > 1) {
    const colour = state.game === "chaturaji" ? COLOUR_OF[state.pos.pieceAt(from)?.[0]] : state.pos.toMove;
    const choice = await state.board.choose(candidates.map((m) => ({
      value: m, kind: MOVE.exec(m)[3] || "P", colour, label: m,
    })));
    if (choice) play(choice);
  }
}

let deciding = false;
async function askDecision() {
  if (deciding) return;
  deciding = true;
  const pos = state.pos;
  const square = pos.pendingPromotion();
  const colour = COLOUR_OF[pos.pieceAt(square)?.[0]] ?? pos.toMove;
  const moves = pos.legalMoves(null);
  const choice = await state.board.choose(moves.map((m) => ({
    value: m, kind: m.startsWith("=") ? m[1] : undefined, colour, label: m === "pass" ? "keep the pawn" : m,
  })));
  deciding = false;
  if (choice && state.pos === pos && pos.pendingPromotion() === square) play(choice);
  else if (!choice) refresh();
}

function roll() {
  if (state.game !== "chaturaji" || state.roll !== null || state.pos.pendingPromotion() || state.pos.isGameOver()) return;
  state.roll = state.dice.roll();
  refresh();
}

let scheduled = null;
function maybeComputer() {
  const pos = state.pos;
  if (pos.isGameOver() || seatOf() === "human") return;
  const id = ++state.request;
  clearTimeout(scheduled);
  scheduled = setTimeout(() => {
    if (id !== state.request) return;
    if (state.game === "chaturaji" && state.roll === null && !pos.pendingPromotion()) {
      state.roll = state.dice.roll();
      renderPanel(currentMoves(), false);
    }
    worker.postMessage({
      id, game: state.game, rules: state.rules, text: pos.toString(),
      roll: state.game === "chaturaji" && !pos.pendingPromotion() ? state.roll : null,
      spec: seatOf(), seat: pos.toMove, seed: state.seed,
    });
  }, state.delay);
}

worker.addEventListener("message", (event) => {
  const { id, move, error } = event.data;
  if (id !== state.request) return;
  if (error) {
    $("[data-status]").textContent = `computer: ${error}`;
    return;
  }
  if (move !== undefined && move !== null) play(move);
});

function undo() {
  state.request++;
  if (state.roll !== null) {
    state.roll = null;
  } else {
    do {
      if (state.pos.moveStack().length === 0) break;
      state.pos.pop();
      state.moves.pop();
    } while (seatOf() !== "human" && state.pos.moveStack().length > 0);
  }
  refresh();
}

function exchange() {
  const value = $('[data-field="exchange"]').value;
  if (!value) return;
  const [first, second] = value.split(",");
  try {
    state.pos.exchange(first, second);
    state.moves.push({ readable: `exchange ${first} ${second}`, action: `exchange:${value}` });
  } catch (error) {
    $("[data-status]").textContent = `${error.name}: ${error.message}`;
    return;
  }
  refresh();
}

function exportRecord() {
  $('[data-field="record"]').value = state.pos.toRecord({ Site: location.host || "local" });
  $("[data-record-status]").textContent = "exported";
}

function importRecord() {
  const text = $('[data-field="record"]').value;
  try {
    const [record] = kc.readRecords(text, { lenient: true });
    if (!record) throw new Error("no record in the text");
    state.game = record.game;
    state.rules = record.rules ?? "sheet";
    const pos = record.game === "kaissa"
      ? new kc.kaissa.Position(record.start)
      : new kc.chaturaji.Position(record.start, { rules: state.rules });
    newGame(pos);
    for (const action of record.actions) {
      if (state.game === "kaissa") {
        state.moves.push({ readable: pos.readable(action), action });
        pos.push(action);
      } else {
        const [face, move] = action.includes(":") && !action.startsWith("exchange:")
          ? action.split(":") : [null, action];
        const readable = action.startsWith("exchange:") ? action.replace(":", " ")
          : face === null ? pos.readable(null, move) : `${face}: ${pos.readable(Number(face), move)}`;
        pos.pushAction(action);
        state.moves.push({ readable, action });
      }
    }
    $("[data-record-status]").textContent = `imported ${record.actions.length} actions`;
  } catch (error) {
    $("[data-record-status]").textContent = `${error.name}: ${error.message}`;
  }
  refresh();
}

$('[data-action="new"]').addEventListener("click", () => newGame());
$('[data-action="undo"]').addEventListener("click", undo);
$('[data-action="flip"]').addEventListener("click", () => {
  const sides = state.game === "kaissa" ? ["yellow", "red"] : ["green", "red", "black", "yellow"];
  state.board.setOrientation(sides[(sides.indexOf(state.board.orientation) + 1) % sides.length]);
});
$('[data-action="roll"]').addEventListener("click", roll);
$('[data-action="pass"]').addEventListener("click", () => play("pass"));
$('[data-action="exchange"]').addEventListener("click", exchange);
$('[data-action="export"]').addEventListener("click", exportRecord);
$('[data-action="import"]').addEventListener("click", importRecord);
$('[data-field="game"]').addEventListener("change", (e) => {
  state.game = e.target.value;
  newGame();
});
$('[data-field="rules"]').addEventListener("change", (e) => {
  state.rules = e.target.value;
  newGame();
});

newGame();
document.body.dataset.ready = "true";
