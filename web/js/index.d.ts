// Types of the kaissa-chaturaji package (hand-written; see index.js).

/** Resolves once the WebAssembly module is ready. */
export const ready: Promise<void>;

/** The package version. */
export function version(): string;

/** How a game stands. */
export interface Outcome {
  /** "ongoing", "draw", "yellow-wins", "red-wins", "rg-wins", "green-wins", ... */
  word: string;
  /** The winning side, alliance or colour; empty unless somebody won. */
  winners: string[];
  /** Why the game ended (a record's Termination word), or null while it goes on. */
  reason: string | null;
  isOver: boolean;
}

/** Where a side stands with its Home Stone placement (turns 8 to 10). */
export interface HomeStoneWindow {
  side: "yellow" | "red";
  firstTurn: number;
  lastTurn: number;
  nextTurn: number;
  inHand: boolean;
  openNow: boolean;
  lastChance: boolean;
  /** Squares it may place its stone on now. */
  squares: string[];
}

export interface SvgOptions {
  /** Pixels per square, 8 to 1000 (default 48). */
  size?: number;
  coordinates?: boolean;
  lastMove?: boolean;
}

/**
 * What a board needs from a position (`pos.dests()`, Chaturaji
 * `pos.dests(roll)`), in the shape chessground's `dests` has, plus the
 * moves that are not a step from one square to another.
 */
export interface Dests {
  /**
   * Origin -> the squares its piece may go to now. Kaissa: the origin
   * "stone" is the Home Stone in hand, its targets the squares it may be
   * placed on. Empty when nothing may move (game over, no roll yet, a
   * pending decision).
   */
  dests: Map<string, string[]>;
  /** Chaturaji special promotions: from -> to needs one of `kinds` ("K", "E", "H", "B"). */
  promotions: { from: string; to: string; colour: Colour; kinds: string[] }[];
  /** Chaturaji: the roll allows no move, the one move is a pass: `play({pass: true}, roll)`. */
  pass: boolean;
  /**
   * Chaturaji (Ludii ruleset): the pending promotion decision: the pawn's
   * square and colour, the kinds it may become (`play({kind})`), and whether
   * keeping the pawn (`play({pass: true})`) is the choice.
   */
  decision: { square: string; colour: Colour; kinds: string[]; keep: boolean } | null;
  /** Chaturaji: the raja exchanges possible now, as `exchange(first, second)` takes them. */
  exchanges: [string, string][];
  /** Chaturaji: no roll was given and one is needed before anything moves. */
  needsRoll: boolean;
  /** Kaissa: whose Home Stone is still in hand; null in Chaturaji. */
  hand: { yellow: boolean; red: boolean } | null;
}

/**
 * A move as a board reports it: `{from, to}` (an origin of `dests` and one
 * of its targets; Kaissa's origin "stone" places the Home Stone),
 * `{from, to, kind}` (a Chaturaji special promotion), `{kind}` (a Ludii
 * promotion decision) or `{pass: true}`.
 */
export interface BoardMove {
  from?: string;
  to?: string;
  kind?: string;
  pass?: boolean;
}

/** What `play`, `pushAction` and `exchange` return. */
export interface Played {
  /** The action as game records write it: "e2e5", "H@c1", "2:h1f3", "=K", "exchange:rh4,be8". */
  action: string;
  /** The move text ("e2e5", "h1f3", "pass", "=K"); undefined for an exchange. */
  move: string | undefined;
  /** The die face the move was played with, or null (Kaissa, a decision, an exchange). */
  roll: number | null;
  /** The move in readable notation ("e5", "gH b1-c3", "=H", "exchange rh4 be8"). */
  readable: string;
}

/** A game record as readRecords() returns it. */
export interface GameRecordData {
  game: "kaissa" | "chaturaji";
  rules: "sheet" | "opposite" | "ludii" | null;
  tags: Record<string, string>;
  result: string;
  termination: string;
  start: string;
  actions: string[];
  final: string;
}

/** Reads every record in `text` (checked against the rules); throws a RecordError. */
export function readRecords(text: string, options?: { lenient?: boolean }): GameRecordData[];

declare class KaissaPosition {
  /** The start, or the position `text` describes (NotationError otherwise). */
  constructor(text?: string);
  static fromRecord(record: string | GameRecordData): KaissaPosition;
  readonly game: "kaissa";
  readonly toMove: "yellow" | "red";
  readonly turn: number;
  readonly ply: number;
  /** The position text. */
  toString(): string;
  clone(): KaissaPosition;
  root(): KaissaPosition;
  /** Move texts: "e2e5", "H@c1". */
  legalMoves(): string[];
  countLegalMoves(): number;
  isLegal(move: string): boolean;
  /** NotationError or IllegalMoveError, nothing changed, when it cannot be played. */
  push(move: string): void;
  /** What a board needs: the targets of each origin ("stone": the Home Stone in hand). */
  dests(): Dests;
  /** Plays a board move or a move text; NotationError or IllegalMoveError, nothing changed. */
  play(move: BoardMove | string): Played;
  /** Plays a record's action (a move text). */
  pushAction(text: string): Played;
  /** The squares of the last pushed move ([from, to], or [to] for a placement), or null. */
  lastMove(): string[] | null;
  /** UndoError when nothing was pushed. */
  pop(): string;
  peek(): string | undefined;
  moveStack(): string[];
  /** SAN-like: "e5", "dxe5", "Tf4", "H@c1", "Bxh10#". */
  readable(move: string): string;
  parseReadable(text: string): string;
  pushReadable(text: string): string;
  pieceAt(square: string): string | undefined;
  pieces(): Record<string, string>;
  homeStoneWindow(side?: "yellow" | "red"): HomeStoneWindow;
  stoneSquare(side: "yellow" | "red"): string | undefined;
  outcome(): Outcome;
  isGameOver(): boolean;
  perft(depth: number): number;
  perftDivide(depth: number): [string, number][];
  playSeededGame(seed?: number | bigint, maxPlies?: number): Outcome;
  hash(): bigint;
  diagram(): string;
  svg(options?: SvgOptions): string;
  toRecord(tags?: Record<string, string>): string;
  free(): void;
}

export interface ChaturajiOptions {
  rules?: "sheet" | "opposite" | "ludii";
  text?: string;
  /** Quiet plies that draw under the sheet's rules (default 200; null: none). */
  drawLimit?: number | null;
}

export type Colour = "red" | "black" | "yellow" | "green";

declare class ChaturajiPosition {
  constructor(options?: ChaturajiOptions);
  constructor(text: string, options?: ChaturajiOptions);
  static fromRecord(record: string | GameRecordData): ChaturajiPosition;
  readonly game: "chaturaji";
  readonly rules: "sheet" | "opposite" | "ludii";
  readonly toMove: Colour;
  readonly ply: number;
  readonly quietPlies: number;
  toString(): string;
  clone(): ChaturajiPosition;
  /** Moves for a roll 2-5 ("h1f3", "pass"); a pending Ludii decision's ("=K") without one. */
  legalMoves(roll?: number | null): string[];
  isLegal(roll: number | null | undefined, move: string): boolean;
  push(roll: number | null | undefined, move: string): void;
  /** What a board needs for `roll` (2-5; omitted before the roll and for a decision). */
  dests(roll?: number | null): Dests;
  /** Plays a board move or a move text for `roll` (omitted for a Ludii decision). */
  play(move: BoardMove | string, roll?: number | null): Played;
  /** "2:h1f3", "4:pass", "=K", "exchange:rh4,be8". */
  pushAction(text: string): Played;
  /** The squares of the last ply pop() can take back ([from, to]), or null. */
  lastMove(): string[] | null;
  pop(): { roll: number | null; move: string };
  moveStack(): { roll: number | null; move: string }[];
  history(): string[];
  /** "gH b1-c3", "rE h3xh7", "pass", "=H". */
  readable(roll: number | null | undefined, move: string): string;
  parseReadable(roll: number | null | undefined, text: string): string;
  pushReadable(roll: number | null | undefined, text: string): string;
  pieceAt(square: string): string | undefined;
  pieces(): Record<string, string>;
  scores(): Record<Colour, number>;
  ranking(): Record<Colour, number> | null;
  pendingPromotion(): string | undefined;
  promotionChoices(): string[];
  commander(colour: Colour): Colour | undefined;
  isOut(colour: Colour): boolean;
  possibleExchanges(): [Colour, Colour][];
  rajaReturnSquares(colour: Colour): string[];
  /** `exchange("rh4", "be8")`; ExchangeError when not possible. */
  exchange(first: string, second: string): Played;
  outcome(): Outcome;
  isGameOver(): boolean;
  perft(depth: number): number;
  perftDivide(depth: number): [number | null, string, number][];
  playSeededGame(seed?: number | bigint, maxPlies?: number): Outcome;
  hash(): bigint;
  diagram(): string;
  svg(options?: SvgOptions): string;
  toRecord(tags?: Record<string, string>): string;
  free(): void;
}

/** The seeded die. */
declare class Dice {
  constructor(seed?: number | bigint);
  /** 2, 3, 4 or 5. */
  roll(): number;
  free(): void;
}

/** How long an agent may think about one move; every bound given applies, the first reached ends the search. */
export interface Limit {
  /** The deepest iteration, 1 to 95 (alpha-beta, expectimax). */
  depth?: number;
  /** The most nodes (MCTS: iterations), 1 to 1000000000. */
  nodes?: number;
  /** The most time, in milliseconds, 1 to 3600000. */
  time?: number;
}

/** What an agent found about a move, at the end of think() and after each iteration. */
export interface Thought {
  /** The best move text so far. */
  move: string;
  /** Centipawns for the player to move (alpha-beta: a won game n plies ahead is 30000 - n; MCTS and expectimax: the win rate on the logistic scale; random, greedy: 0). */
  score: number;
  /** The deepest iteration completed (0 for a move chosen without a search). */
  depth: number;
  /** Nodes searched (MCTS: iterations). */
  nodes: number;
  /** Milliseconds spent thinking. */
  timeMs: number;
  /** The expected line, the move first (Chaturaji: die faces as digits between moves). */
  pv: string[];
}

/** A computer player: "random", "greedy", "mcts", "mcts:500", "mcts:200ms", "alphabeta", "alphabeta:4", "alphabeta:300ms", "expectimax:2". */
export class Agent {
  constructor(spec: string, options?: { seed?: number | bigint });
  readonly spec: string;
  /** The chosen move text, or undefined when the game is over; `pos` is unchanged. */
  choose(pos: KaissaPosition): string | undefined;
  choose(pos: ChaturajiPosition, roll?: number | null): string | undefined;
  /**
   * Thinks within `limit` ({} for the agent's own budget), calling `onProgress` after each
   * iteration; undefined when the game is over. A bound the agent cannot honour (a depth
   * for MCTS) throws a LimitError; an exception from `onProgress` ends the search and is
   * thrown again.
   */
  think(pos: KaissaPosition, limit?: Limit, onProgress?: (thought: Thought) => void): Thought | undefined;
  think(pos: KaissaPosition, limit: Limit | undefined, roll: undefined | null, onProgress?: (thought: Thought) => void): Thought | undefined;
  think(pos: ChaturajiPosition, limit: Limit | undefined, roll?: number | null, onProgress?: (thought: Thought) => void): Thought | undefined;
  reset(): void;
  free(): void;
}

export const kaissa: { readonly Position: typeof KaissaPosition };
export const chaturaji: {
  readonly Position: typeof ChaturajiPosition;
  readonly Dice: typeof Dice;
  /** The 16 marked squares and each colour's throne (none under the Ludii ruleset). */
  boardMarks(): { marked: string[]; thrones: Record<Colour, string> };
};
