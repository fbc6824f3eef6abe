// kaissa-chaturaji: Merchant Kaissa and Chaturaji in WebAssembly.
//
//   import * as kc from "kaissa-chaturaji";
//   await kc.ready;
//   const pos = new kc.kaissa.Position();
//   pos.push("e2e5");
//
// The classes below wrap the WebAssembly ones: they check argument types
// (a wrong type is a TypeError before anything reaches the module) and
// pass everything else through; the library's errors arrive as Error
// objects named NotationError, IllegalMoveError, ReadableMoveError,
// ExchangeError, RecordError, SpecError, LimitError or UndoError (a die roll other
// than 2-5 is a NotationError; RangeError for another number or a name
// out of range), and the position is then unchanged.
import init, * as wasm from "./wasm/kaissa_chaturaji.js";

const wasmUrl = new URL("./wasm/kaissa_chaturaji_bg.wasm", import.meta.url);

async function load() {
  const node = typeof process !== "undefined" && process.versions && process.versions.node;
  if (node && wasmUrl.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    await init({ module_or_path: await readFile(wasmUrl) });
  } else {
    await init({ module_or_path: wasmUrl });
  }
}

/** Resolves once the WebAssembly module is ready; await it before anything else. */
export const ready = load();

function string(value, what) {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, not ${typeof value}`);
  }
  return value;
}

function number(value, what) {
  if (typeof value !== "number") {
    throw new TypeError(`${what} must be a number, not ${typeof value}`);
  }
  return value;
}

// Kaissa move texts by the module's move numbers (see legalMoveCodes in
// web/src/kaissa.rs), made once each.
const KAISSA_TEXTS = [];

function kaissaSquare(index) {
  return "abcdefghij"[index % 10] + (Math.floor(index / 10) + 1);
}

function kaissaMoveText(code) {
  let text = KAISSA_TEXTS[code];
  if (text === undefined) {
    text = code >= 10000
      ? `H@${kaissaSquare(code - 10000)}`
      : kaissaSquare(Math.floor(code / 100)) + kaissaSquare(code % 100);
    KAISSA_TEXTS[code] = text;
  }
  return text;
}

function split(text) {
  return text === "" ? [] : text.split(" ");
}

function optionalRoll(roll) {
  return roll === undefined || roll === null ? undefined : number(roll, "roll");
}

// A board move ({from, to}, {from, to, kind}, {kind} or {pass: true}; see
// dests() in index.d.ts) as the arguments of the module's playBoard.
function boardMove(move) {
  if (typeof move !== "object" || move === null) {
    throw new TypeError("a move is a move text or a board move {from, to, kind, pass}");
  }
  const field = (name) => (move[name] === undefined || move[name] === null
    ? undefined : string(move[name], name));
  return [field("from"), field("to"), field("kind"), Boolean(move.pass)];
}

function noRoll(roll) {
  if (roll !== undefined && roll !== null) throw new TypeError("a Merchant Kaissa move takes no roll");
}

function svgArgs(options = {}) {
  const { size, coordinates, lastMove } = options;
  return [
    size === undefined ? undefined : number(size, "size"),
    coordinates === undefined ? undefined : Boolean(coordinates),
    lastMove === undefined ? undefined : Boolean(lastMove),
  ];
}

// Passed to a constructor by the classes' own #wrap: an empty shell
// whose inner WebAssembly object is set right after.
const WRAP = Symbol("wrap");

function readable(record) {
  if (typeof record === "string") {
    const records = readRecords(record);
    if (records.length === 0) {
      const error = new Error("the text holds no game record");
      error.name = "RecordError";
      throw error;
    }
    return records[0];
  }
  return record;
}

/** A Merchant Kaissa position and the stack of moves pushed on it. */
class KaissaPosition {
  #inner;

  /** The start, or the position `text` describes. */
  constructor(text) {
    if (text === WRAP) return;
    this.#inner = text === undefined
      ? new wasm.KaissaPosition()
      : new wasm.KaissaPosition(string(text, "position text"));
  }

  static #wrap(inner) {
    const pos = new KaissaPosition(WRAP);
    pos.#inner = inner;
    return pos;
  }

  /** The position a record ends in, its moves pushed (text or readRecords() object). */
  static fromRecord(record) {
    const rec = readable(record);
    if (rec.game !== "kaissa") throw new TypeError(`a ${rec.game} record is not a Kaissa game`);
    const pos = new KaissaPosition(rec.start);
    for (const action of rec.actions) pos.push(action);
    return pos;
  }

  get game() { return "kaissa"; }
  get toMove() { return this.#inner.toMove; }
  get turn() { return this.#inner.turn; }
  get ply() { return this.#inner.ply; }
  toString() { return this.#inner.toString(); }
  clone() { return KaissaPosition.#wrap(this.#inner.clone()); }
  root() { return KaissaPosition.#wrap(this.#inner.root()); }
  legalMoves() { return Array.from(this.#inner.legalMoveCodes(), kaissaMoveText); }
  countLegalMoves() { return this.#inner.countLegalMoves(); }
  isLegal(move) { return this.#inner.isLegal(string(String(move), "move")); }
  push(move) { this.#inner.push(string(typeof move === "object" && move !== null ? String(move) : move, "move")); }
  /** What a board needs: {dests, promotions, pass, decision, exchanges, needsRoll, hand}. */
  dests() { return this.#inner.dests(); }
  /** Plays a board move ({from, to}; from "stone" places the Home Stone) or a move text. */
  play(move, roll) {
    noRoll(roll);
    if (typeof move === "string") return this.#inner.playText(move);
    return this.#inner.playBoard(...boardMove(move));
  }
  /** Plays a record's action (a move text) and returns {action, move, roll, readable}. */
  pushAction(text) { return this.#inner.playText(string(text, "action")); }
  lastMove() { return this.#inner.lastMove(); }
  pop() { return this.#inner.pop(); }
  peek() { return this.#inner.peek(); }
  moveStack() { return this.#inner.moveStack(); }
  readable(move) { return this.#inner.readable(string(move, "move")); }
  parseReadable(text) { return this.#inner.parseReadable(string(text, "readable move")); }
  pushReadable(text) { return this.#inner.pushReadable(string(text, "readable move")); }
  pieceAt(square) { return this.#inner.pieceAt(string(square, "square")); }
  pieces() { return this.#inner.pieces(); }
  homeStoneWindow(side) {
    return this.#inner.homeStoneWindow(side === undefined ? undefined : string(side, "side"));
  }
  stoneSquare(side) { return this.#inner.stoneSquare(string(side, "side")); }
  outcome() { return this.#inner.outcome(); }
  isGameOver() { return this.#inner.isGameOver(); }
  perft(depth) { return this.#inner.perft(number(depth, "depth")); }
  perftDivide(depth) { return this.#inner.perftDivide(number(depth, "depth")); }
  playSeededGame(seed = 0, maxPlies = 10000) {
    return this.#inner.playSeededGame(seed, number(maxPlies, "maxPlies"));
  }
  hash() { return this.#inner.hash(); }
  diagram() { return this.#inner.diagram(); }
  svg(options) { return this.#inner.svg(...svgArgs(options)); }
  toRecord(tags) { return this.#inner.toRecord(tags); }
  /** Frees the WebAssembly memory now (otherwise the garbage collector does). */
  free() { this.#inner.free(); }
  /** @internal */
  get _inner() { return this.#inner; }
}

/** A Chaturaji position under its rules options, and the plies pushed on it. */
class ChaturajiPosition {
  #inner;

  /**
   * `new Position()`, `new Position({rules, text, drawLimit})` or
   * `new Position(text, {rules, drawLimit})`.
   */
  constructor(first, second) {
    if (first === WRAP) return;
    let options = {};
    let text;
    if (typeof first === "string") {
      text = first;
      options = second ?? {};
    } else if (first !== undefined && first !== null) {
      if (typeof first !== "object") throw new TypeError("expected a position text or an options object");
      options = first;
      text = options.text;
    }
    const rules = options.rules === undefined ? undefined : string(options.rules, "rules");
    this.#inner = new wasm.ChaturajiPosition(
      text === undefined ? undefined : string(text, "position text"),
      rules,
      options.drawLimit,
    );
  }

  static #wrap(inner) {
    const pos = new ChaturajiPosition(WRAP);
    pos.#inner = inner;
    return pos;
  }

  /** The position a record ends in, its actions pushed. */
  static fromRecord(record) {
    const rec = readable(record);
    if (rec.game !== "chaturaji") throw new TypeError(`a ${rec.game} record is not a Chaturaji game`);
    const pos = new ChaturajiPosition(rec.start, { rules: rec.rules ?? "sheet" });
    for (const action of rec.actions) pos.pushAction(action);
    return pos;
  }

  get game() { return "chaturaji"; }
  get rules() { return this.#inner.rules; }
  get toMove() { return this.#inner.toMove; }
  get ply() { return this.#inner.ply; }
  get quietPlies() { return this.#inner.quietPlies; }
  toString() { return this.#inner.toString(); }
  clone() { return ChaturajiPosition.#wrap(this.#inner.clone()); }
  legalMoves(roll) { return split(this.#inner.legalMovesText(optionalRoll(roll))); }
  isLegal(roll, move) { return this.#inner.isLegal(optionalRoll(roll), string(String(move), "move")); }
  push(roll, move) {
    this.#inner.push(optionalRoll(roll), string(typeof move === "object" && move !== null ? String(move) : move, "move"));
  }
  /** What a board needs for `roll`: {dests, promotions, pass, decision, exchanges, needsRoll, hand}. */
  dests(roll) { return this.#inner.dests(optionalRoll(roll)); }
  /** Plays a board move ({from, to, kind}, {kind}, {pass: true}) or a move text for `roll`. */
  play(move, roll) {
    if (typeof move === "string") return this.#inner.playText(move, optionalRoll(roll));
    return this.#inner.playBoard(...boardMove(move), optionalRoll(roll));
  }
  pushAction(text) { return this.#inner.pushAction(string(text, "action")); }
  lastMove() { return this.#inner.lastMove(); }
  pop() { return this.#inner.pop(); }
  moveStack() { return this.#inner.moveStack(); }
  history() { return this.#inner.history(); }
  readable(roll, move) { return this.#inner.readable(optionalRoll(roll), string(move, "move")); }
  parseReadable(roll, text) { return this.#inner.parseReadable(optionalRoll(roll), string(text, "readable move")); }
  pushReadable(roll, text) { return this.#inner.pushReadable(optionalRoll(roll), string(text, "readable move")); }
  pieceAt(square) { return this.#inner.pieceAt(string(square, "square")); }
  pieces() { return this.#inner.pieces(); }
  scores() { return this.#inner.scores(); }
  ranking() { return this.#inner.ranking(); }
  pendingPromotion() { return this.#inner.pendingPromotion(); }
  promotionChoices() { return this.#inner.promotionChoices(); }
  commander(colour) { return this.#inner.commander(string(colour, "colour")); }
  isOut(colour) { return this.#inner.isOut(string(colour, "colour")); }
  possibleExchanges() { return this.#inner.possibleExchanges(); }
  rajaReturnSquares(colour) { return this.#inner.rajaReturnSquares(string(colour, "colour")); }
  exchange(first, second) { return this.#inner.exchange(string(first, "first"), string(second, "second")); }
  outcome() { return this.#inner.outcome(); }
  isGameOver() { return this.#inner.isGameOver(); }
  perft(depth) { return this.#inner.perft(number(depth, "depth")); }
  perftDivide(depth) { return this.#inner.perftDivide(number(depth, "depth")); }
  playSeededGame(seed = 0, maxPlies = 10000) {
    return this.#inner.playSeededGame(seed, number(maxPlies, "maxPlies"));
  }
  hash() { return this.#inner.hash(); }
  diagram() { return this.#inner.diagram(); }
  svg(options) { return this.#inner.svg(...svgArgs(options)); }
  toRecord(tags) { return this.#inner.toRecord(tags); }
  free() { this.#inner.free(); }
  /** @internal */
  get _inner() { return this.#inner; }
}

/** The seeded die: faces 2 to 5, the same faces for a seed as the Rust DiceRoller. */
class Dice {
  #inner;
  constructor(seed = 0) { this.#inner = new wasm.Dice(seed); }
  roll() { return this.#inner.roll(); }
  free() { this.#inner.free(); }
}

/** A computer player from a spec: random, greedy, mcts:500, mcts:200ms, alphabeta:4, ... */
export class Agent {
  #inner;
  constructor(spec, options = {}) {
    this.#inner = new wasm.Agent(string(spec, "spec"), options.seed ?? 0);
  }
  get spec() { return this.#inner.spec; }
  /** The move text chosen in `pos` (for `roll` in Chaturaji); `pos` is unchanged. */
  choose(pos, roll) {
    if (pos instanceof KaissaPosition) return this.#inner.chooseKaissa(pos._inner);
    if (pos instanceof ChaturajiPosition) return this.#inner.chooseChaturaji(pos._inner, optionalRoll(roll));
    throw new TypeError("choose() takes a kaissa.Position or a chaturaji.Position");
  }
  /**
   * Thinks about `pos` within `limit` ({depth, nodes, time} in
   * milliseconds; {} for the agent's own budget) after `roll` (Chaturaji)
   * and returns {move, score, depth, nodes, timeMs, pv}, calling
   * `onProgress` with the same shape after each iteration; undefined when
   * the game is over. For Kaissa, `onProgress` may come third.
   */
  think(pos, limit = {}, roll, onProgress) {
    if (typeof roll === "function" && onProgress === undefined) {
      onProgress = roll;
      roll = undefined;
    }
    const { depth, nodes, time } = limitArgs(limit);
    if (onProgress !== undefined && typeof onProgress !== "function") {
      throw new TypeError(`onProgress must be a function, not ${typeof onProgress}`);
    }
    if (pos instanceof KaissaPosition) {
      if (roll !== undefined && roll !== null) {
        throw new TypeError("Merchant Kaissa has no die: think() takes no roll for a kaissa.Position");
      }
      return this.#inner.thinkKaissa(pos._inner, depth, nodes, time, onProgress);
    }
    if (pos instanceof ChaturajiPosition) {
      return this.#inner.thinkChaturaji(pos._inner, optionalRoll(roll), depth, nodes, time, onProgress);
    }
    throw new TypeError("think() takes a kaissa.Position or a chaturaji.Position");
  }
  reset() { this.#inner.reset(); }
  free() { this.#inner.free(); }
}

const LIMIT_KEYS = ["depth", "nodes", "time"];

/** The bounds of a think() limit: numbers or undefined, no other keys. */
function limitArgs(limit) {
  if (limit === undefined || limit === null) return {};
  if (typeof limit !== "object") {
    throw new TypeError(`a limit must be an object {depth, nodes, time}, not ${typeof limit}`);
  }
  for (const key of Object.keys(limit)) {
    if (!LIMIT_KEYS.includes(key)) {
      throw new TypeError(`unknown limit "${key}": a limit takes depth, nodes and time (ms)`);
    }
  }
  const bound = (key) => (limit[key] === undefined || limit[key] === null ? undefined : number(limit[key], key));
  return { depth: bound("depth"), nodes: bound("nodes"), time: bound("time") };
}

/** Reads every record in `text`: {game, rules, tags, result, termination, start, actions, final}. */
export function readRecords(text, options = {}) {
  return wasm.readRecords(string(text, "record text"), Boolean(options.lenient));
}

/** The package version. */
export function version() {
  return wasm.version();
}

export const kaissa = Object.freeze({ Position: KaissaPosition });
/** Chaturaji's board marks: {marked: squares with diagonals, thrones: colour -> square}. */
function boardMarks() {
  return wasm.chaturajiBoardMarks();
}

export const chaturaji = Object.freeze({ Position: ChaturajiPosition, Dice, boardMarks });
