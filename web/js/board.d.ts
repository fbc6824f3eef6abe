// Types of the board component (see board.js).

export interface BoardOptions {
  game?: "kaissa" | "chaturaji";
  /** The side (Kaissa) or colour (Chaturaji) at the bottom. */
  orientation?: string;
  coordinates?: boolean;
  /** A move by the user: `from` is a square, or "stone" for the Home Stone in hand. */
  onMove?: (from: string, to: string) => void;
  /** A Home Stone placement (default: onMove("stone", square)). */
  onPlace?: (square: string) => void;
}

export interface BoardState {
  /** Square -> piece code (Kaissa letters "U"/"u", Chaturaji "gK"). */
  pieces?: Record<string, string>;
  /** Square -> the squares its piece may move to now (a position's `dests().dests`; "stone": the Home Stone's squares). */
  dests?: Map<string, string[]> | Record<string, string[]>;
  lastMove?: [string, string] | string[] | null;
  /** The squares the Home Stone may be placed on now (default: dests' "stone"). */
  placements?: string[] | null;
  /** Kaissa: whose stone is in hand, and which side may place now. */
  hand?: { yellow: boolean; red: boolean; active: "yellow" | "red" | null } | null;
  /** Chaturaji: squares drawn with diagonals, and each colour's throne. */
  marks?: { marked: string[]; thrones: Record<string, string> } | null;
}

export interface Choice {
  value: string;
  kind?: string;
  colour?: string;
  label?: string;
}

export class Board {
  constructor(element: HTMLElement, options?: BoardOptions);
  readonly game: "kaissa" | "chaturaji";
  orientation: string;
  set(state: BoardState): void;
  setOrientation(orientation: string): void;
  setCoordinates(on: boolean): void;
  /** As a click on the square. */
  select(square: string): void;
  /** Shows a chooser over the board; resolves with the value picked or null. */
  choose(choices: Choice[]): Promise<string | null>;
  destroy(): void;
}
