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
// What differs between the games, and only that: the seats in turn order,
// the computer players offered, the sides the board turns to (the first
// at the bottom), whether there is a die (and rules options), the start
// position, the board's marks and a detail of the status line. The rules
// stay in the package: the board's targets come from pos.dests(), and
// every move goes back as pos.play(move, roll) in one call.
const GAMES = {
  kaissa: {
    seats: ["yellow", "red"],
    strengths: ["human", "random", "greedy", "alphabeta:2", "alphabeta:300ms", "alphabeta:1000ms", "mcts:2000"],
    sides: ["yellow", "red"],
    dice: false,
    start: () => new kc.kaissa.Position(),
    marks: () => null,
    detail(pos) {
      const window = pos.homeStoneWindow();
      return `, turn ${pos.turn}` +
        (window.openNow ? (window.lastChance ? " (must place the Home Stone)" : " (may place the Home Stone)") : "");
    },
  },
  chaturaji: {
    seats: ["red", "black", "yellow", "green"],
    strengths: ["human", "random", "greedy", "mcts:300", "mcts:300ms", "mcts:1000ms", "expectimax:2"],
    sides: ["green", "red", "black", "yellow"],
    dice: true,
    start: (rules) => new kc.chaturaji.Position({ rules }),
    marks(pos) {
      const { marked, thrones } = kc.chaturaji.boardMarks();
      return { marked, thrones: pos.rules === "ludii" ? {} : thrones };
    },
    detail: () => "",
  },
};

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
  // What the human to move may do now (pos.dests(roll)), or null.
  dests: null,
  // The moves played, as pos.play() returned them.
  moves: [],
  request: 0,
  board: null,
};

const positionElement = $("[data-board]");

function newGame(startPos = null) {
  state.request++;
  state.pos = startPos ?? GAMES[state.game].start(state.rules);
  state.dice = new kc.chaturaji.Dice(state.seed);
  state.roll = null;
  state.moves = [];
  if (!state.board || state.board.game !== state.game) {
    state.board?.destroy();
    state.board = new Board(positionElement, {
      game: state.game,
      orientation: GAMES[state.game].sides[0],
      onMove: (from, to) => humanMove(from, to),
    });
  }
  $('[data-field="game"]').value = state.game;
  $('[data-field="rules"]').value = state.rules;
  $("[data-rules-label]").hidden = !GAMES[state.game].dice;
  $("[data-dice]").hidden = !GAMES[state.game].dice;
  buildSeats();
  refresh();
}

function buildSeats() {
  const box = $("[data-seats]");
  box.replaceChildren();
  const given = (params.get("seats") ?? "").split(",").filter(Boolean);
  GAMES[state.game].seats.forEach((seat, i) => {
    if (!state.seats[state.game + seat]) state.seats[state.game + seat] = given[i] ?? "human";
    const label = document.createElement("label");
    label.textContent = seat;
    const select = document.createElement("select");
    select.dataset.seat = seat;
    const options = new Set([...GAMES[state.game].strengths, state.seats[state.game + seat]]);
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

function refresh() {
  const pos = state.pos;
  positionElement.dataset.position = pos.toString();
  positionElement.dataset.game = state.game;
  const human = humanToMove();
  const found = pos.dests(state.roll);
  state.dests = human ? found : null;
  state.board.set({
    pieces: pos.pieces(),
    dests: human ? found.dests : new Map(),
    lastMove: pos.lastMove(),
    hand: found.hand && { ...found.hand, active: human ? pos.toMove : null },
    marks: GAMES[state.game].marks(pos),
  });
  renderPanel(found, human);
  if (human && found.decision) askDecision(found.decision);
  maybeComputer();
}

function renderPanel(found, human) {
  const pos = state.pos;
  const outcome = pos.outcome();
  let status;
  if (outcome.isOver) {
    status = `Game over: ${outcome.word} (${outcome.reason})`;
  } else if (found.decision) {
    status = `${pos.toMove} decides the promotion on ${found.decision.square}`;
  } else if (found.needsRoll) {
    status = `${pos.toMove} to roll`;
  } else {
    status = `${pos.toMove} to move${GAMES[state.game].detail(pos)}`;
  }
  if (!outcome.isOver && !human) status += " (computer thinking)";
  $("[data-status]").textContent = status;
  $('[data-action="roll"]').disabled = !human || !found.needsRoll;
  $("[data-roll]").textContent = state.roll ?? "";
  $("[data-roll]").dataset.roll = state.roll ?? "";
  $('[data-action="pass"]').hidden = !(human && found.pass);
  renderExchanges(human ? found.exchanges : []);
  const scores = $("[data-scores]");
  scores.hidden = pos.rules !== "ludii";
  if (pos.rules === "ludii") {
    const s = pos.scores();
    const ranking = pos.ranking();
    scores.textContent = Object.entries(s).map(([c, v]) => `${c} ${v}` +
      (ranking ? ` (#${ranking[c]})` : "")).join("  ");
  }
  const list = $("[data-moves]");
  list.replaceChildren(...state.moves.map((m) => {
    const item = document.createElement("li");
    item.textContent = m.roll === null ? m.readable : `${m.roll}: ${m.readable}`;
    item.dataset.action = m.action;
    return item;
  }));
  list.scrollTop = list.scrollHeight;
  $('[data-action="undo"]').disabled = state.pos.moveStack().length === 0 && state.roll === null;
}

function renderExchanges(exchanges) {
  const box = $("[data-exchange]");
  const options = exchanges.map((pair) => pair.join(","));
  box.hidden = options.length === 0;
  const select = $('[data-field="exchange"]');
  if ([...select.options].map((o) => o.value).join() !== options.join()) {
    select.replaceChildren(...exchanges.map((pair) => new Option(pair.join(" and "), pair.join(","))));
  }
}

/**
 * Plays a move for the side to move with the roll, if any: a board move
 * ({from, to, kind}, {kind}, {pass: true}) or a computer's move text.
 */
function play(move) {
  try {
    state.moves.push(state.pos.play(move, state.roll));
  } catch (error) {
    $("[data-status]").textContent = `${error.name}: ${error.message}`;
    return;
  }
  state.roll = null;
  refresh();
}

async function humanMove(from, to) {
  const promotion = state.dests?.promotions.find((p) => p.from === from && p.to === to);
  if (!promotion) {
    play({ from, to });
    return;
  }
  const kind = await state.board.choose(promotion.kinds.map((k) => ({
    value: k, kind: k, colour: promotion.colour, label: k,
  })));
  if (kind) play({ from, to, kind });
}

let deciding = false;
async function askDecision(decision) {
  if (deciding) return;
  deciding = true;
  const pos = state.pos;
  const choices = decision.kinds.map((k) => ({ value: k, kind: k, colour: decision.colour, label: k }));
  if (decision.keep) choices.push({ value: "keep", label: "keep the pawn" });
  const choice = await state.board.choose(choices);
  deciding = false;
  if (choice && state.pos === pos && state.dests?.decision?.square === decision.square) {
    play(choice === "keep" ? { pass: true } : { kind: choice });
  } else if (!choice) {
    refresh();
  }
}

function roll() {
  if (!state.dests?.needsRoll) return;
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
    if (pos.dests(state.roll).needsRoll) {
      state.roll = state.dice.roll();
      renderPanel(pos.dests(state.roll), false);
    }
    worker.postMessage({
      id, game: state.game, rules: state.rules, text: pos.toString(), roll: state.roll,
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
    state.moves.push(state.pos.exchange(first, second));
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
    const pos = new kc[record.game].Position(record.start, { rules: state.rules });
    newGame(pos);
    for (const action of record.actions) state.moves.push(pos.pushAction(action));
    $("[data-record-status]").textContent = `imported ${record.actions.length} actions`;
  } catch (error) {
    $("[data-record-status]").textContent = `${error.name}: ${error.message}`;
  }
  refresh();
}

$('[data-action="new"]').addEventListener("click", () => newGame());
$('[data-action="undo"]').addEventListener("click", undo);
$('[data-action="flip"]').addEventListener("click", () => {
  const sides = GAMES[state.game].sides;
  state.board.setOrientation(sides[(sides.indexOf(state.board.orientation) + 1) % sides.length]);
});
$('[data-action="roll"]').addEventListener("click", roll);
$('[data-action="pass"]').addEventListener("click", () => play({ pass: true }));
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
