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
  /** "2:h1f3", "4:pass", "=K", "exchange:rh4,be8". */
  pushAction(text: string): void;
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
  exchange(first: string, second: string): void;
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
