// A board for both games, framework-free: `new Board(element, options)`
// draws into `element` and reports what the user does; the caller keeps
// the game and tells the board what to show with `set(state)`.
//
//   const board = new Board(div, { game: "kaissa", onMove: (from, to) => pos.play({ from, to }) });
//   board.set({ pieces: pos.pieces(), dests: pos.dests().dests, lastMove: pos.lastMove(), hand });
//
// `dests` is what a position's dests() gives: origin -> targets, where
// the origin "stone" is the Home Stone in hand (a click on the stone,
// then on a square, reports onMove("stone", square)).
//
// Moves are made by click-click or by dragging; legal targets are dotted;
// the last move is marked; coordinates run along two edges; the board
// turns to any side (`orientation`); it fills its container's width and
// keeps square squares. Keyboard: Tab to the board, arrows move, Enter or
// Space picks up and puts down, Escape lets go. Every square is an
// element with `data-square="<name>"`.
import { CHATURAJI_FIGURES, KAISSA_FIGURES, PIECE_COLOURS, PIECE_CSS, pieceSvg } from "./pieces.js";

/** The origin in `dests` that stands for the Home Stone in hand. */
const STONE = "stone";
const COLOUR_NAMES = { r: "red", b: "black", y: "yellow", g: "green" };
const KAISSA_NAMES = {
  U: "Ubar", Q: "Ubara", T: "Tarnsman", S: "Scribe", B: "Builder", I: "Initiate",
  P: "Spearman", R: "Rider", A: "Assassin", H: "Home Stone",
};
const CHATURAJI_NAMES = { K: "Raja", E: "Elephant", H: "Horse", B: "Boat", P: "Pawn" };

const CSS = `
.kc-board-wrap { width: 100%; max-width: 100%; user-select: none; -webkit-user-select: none; touch-action: none; }
.kc-board { display: grid; width: 100%; aspect-ratio: 1; border: 2px solid #5b4327; box-sizing: border-box; position: relative; }
.kc-sq { position: relative; display: flex; align-items: center; justify-content: center; min-width: 0; min-height: 0; outline: none; }
.kc-light { background: #eed9b4; } .kc-dark { background: #b98a58; }
.kc-chaturaji .kc-light { background: #e6dfc8; } .kc-chaturaji .kc-dark { background: #9cae8a; }
.kc-sq.kc-marked { background-image: linear-gradient(45deg, transparent 49%, rgba(60, 50, 30, 0.35) 49.5%, rgba(60, 50, 30, 0.35) 50.5%, transparent 51%), linear-gradient(-45deg, transparent 49%, rgba(60, 50, 30, 0.35) 49.5%, rgba(60, 50, 30, 0.35) 50.5%, transparent 51%); }
.kc-sq[data-throne]::before { content: ""; position: absolute; inset: 3px; border: 3px solid var(--kc-throne); border-radius: 3px; pointer-events: none; }
.kc-sq.kc-last { box-shadow: inset 0 0 0 100vmax rgba(240, 220, 40, 0.38); }
.kc-sq.kc-selected { box-shadow: inset 0 0 0 100vmax rgba(40, 140, 220, 0.45); }
.kc-sq:focus-visible { box-shadow: inset 0 0 0 3px #1b64c8; }
.kc-sq.kc-dest::after { content: ""; position: absolute; width: 28%; height: 28%; border-radius: 50%; background: rgba(20, 60, 30, 0.45); pointer-events: none; }
.kc-sq.kc-dest.kc-occupied::after { width: 88%; height: 88%; background: none; border: 0.35em solid rgba(20, 60, 30, 0.45); box-sizing: border-box; }
.kc-coord { position: absolute; font: 600 clamp(7px, 1.6vw, 12px) sans-serif; opacity: 0.75; pointer-events: none; }
.kc-coord-file { right: 3px; bottom: 1px; } .kc-coord-rank { left: 3px; top: 1px; }
.kc-hand { display: flex; gap: 0.5em; align-items: center; min-height: 2.6em; padding: 0.2em 0; font: 14px sans-serif; }
.kc-stone { width: 2.4em; height: 2.4em; padding: 0; border: 2px solid transparent; border-radius: 6px; background: #f4ecdc; display: inline-flex; align-items: center; justify-content: center; }
.kc-stone[data-action] { cursor: pointer; border-color: #8a6a3c; }
.kc-stone[data-action][aria-pressed="true"] { border-color: #1b64c8; background: #d8e8ff; }
.kc-stone:disabled { opacity: 0.5; cursor: default; }
.kc-ghost { position: fixed; pointer-events: none; z-index: 10; transform: translate(-50%, -50%); display: flex; align-items: center; justify-content: center; }
.kc-chooser { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; gap: 0.4em; background: rgba(30, 30, 30, 0.55); z-index: 5; }
.kc-chooser button { width: 18%; aspect-ratio: 1; border-radius: 8px; border: 2px solid #333; background: #f6f1e6; display: flex; align-items: center; justify-content: center; cursor: pointer; }
.kc-chooser button:focus-visible { outline: 3px solid #1b64c8; }
`;

function installStyles() {
  if (typeof document === "undefined" || document.getElementById("kc-board-styles")) return;
  const style = document.createElement("style");
  style.id = "kc-board-styles";
  style.textContent = CSS + PIECE_CSS;
  document.head.appendChild(style);
}

/** The geometry of a game's board. */
function geometry(game) {
  return game === "kaissa"
    ? { files: "abcdefghij", ranks: 10, orientations: ["yellow", "red"] }
    : { files: "abcdefgh", ranks: 8, orientations: ["green", "red", "black", "yellow"] };
}

export class Board {
  /**
   * @param {HTMLElement} element where the board is drawn (its contents are replaced)
   * @param {object} options game ("kaissa" | "chaturaji"), orientation (a side or colour
   *   at the bottom), coordinates (default true), onMove(from, to) (from "stone" for
   *   the Home Stone), onPlace(square) (default: onMove("stone", square))
   */
  constructor(element, options = {}) {
    installStyles();
    this.element = element;
    this.game = options.game === "chaturaji" ? "chaturaji" : "kaissa";
    this.geo = geometry(this.game);
    this.orientation = options.orientation ?? this.geo.orientations[0];
    this.coordinates = options.coordinates ?? true;
    this.onMove = options.onMove ?? (() => {});
    this.onPlace = options.onPlace ?? ((square) => this.onMove(STONE, square));
    this.state = { pieces: {}, dests: new Map(), lastMove: null, placements: null, hand: null, marks: null };
    this.selected = null;
    this.placing = false;
    this.drag = null;
    this.focusSquare = null;
    this.chooserResolve = null;
    this.#build();
  }

  #build() {
    const { files, ranks } = this.geo;
    this.element.replaceChildren();
    this.wrap = document.createElement("div");
    this.wrap.className = `kc-board-wrap kc-${this.game}`;
    this.topHand = document.createElement("div");
    this.topHand.className = "kc-hand";
    this.bottomHand = document.createElement("div");
    this.bottomHand.className = "kc-hand";
    this.grid = document.createElement("div");
    this.grid.className = `kc-board kc-${this.game}`;
    this.grid.setAttribute("role", "grid");
    this.grid.setAttribute("aria-label", this.game === "kaissa" ? "Merchant Kaissa board" : "Chaturaji board");
    this.grid.style.gridTemplateColumns = `repeat(${files.length}, 1fr)`;
    this.grid.style.gridTemplateRows = `repeat(${ranks}, 1fr)`;
    this.squares = new Map();
    for (let rank = ranks; rank >= 1; rank--) {
      for (let file = 0; file < files.length; file++) {
        const name = files[file] + rank;
        const square = document.createElement("div");
        square.className = `kc-sq ${(file + rank) % 2 === 0 ? "kc-light" : "kc-dark"}`;
        square.dataset.square = name;
        square.setAttribute("role", "gridcell");
        square.tabIndex = -1;
        this.squares.set(name, square);
        this.grid.appendChild(square);
      }
    }
    this.wrap.append(this.topHand, this.grid, this.bottomHand);
    if (this.game === "chaturaji") this.topHand.hidden = this.bottomHand.hidden = true;
    this.element.appendChild(this.wrap);
    this.grid.addEventListener("pointerdown", (e) => this.#pointerDown(e));
    window.addEventListener("pointermove", (this.moveListener = (e) => this.#pointerMove(e)));
    window.addEventListener("pointerup", (this.upListener = (e) => this.#pointerUp(e)));
    this.grid.addEventListener("keydown", (e) => this.#key(e));
    this.#layout();
    this.#focusable(this.squares.keys().next().value);
  }

  /** Removes the board and its listeners. */
  destroy() {
    window.removeEventListener("pointermove", this.moveListener);
    window.removeEventListener("pointerup", this.upListener);
    this.element.replaceChildren();
  }

  /** File and rank (from 0) of a square name. */
  #coords(name) {
    return [this.geo.files.indexOf(name[0]), Number(name.slice(1)) - 1];
  }

  /** Display column and row (row 0 at the top) of file and rank. */
  #display(file, rank) {
    const n = this.geo.ranks - 1;
    switch (this.orientation) {
      case "red": return this.game === "kaissa" ? [n - file, rank] : [rank, file];
      case "black": return [n - file, rank];
      case "yellow": return this.game === "kaissa" ? [file, n - rank] : [n - rank, n - file];
      default: return [file, n - rank];
    }
  }

  /** Whether the display swaps files and ranks (a quarter turn). */
  #quarterTurn() {
    return this.game === "chaturaji" && (this.orientation === "red" || this.orientation === "yellow");
  }

  #layout() {
    const n = this.geo.ranks - 1;
    for (const [name, square] of this.squares) {
      const [file, rank] = this.#coords(name);
      const [col, row] = this.#display(file, rank);
      square.style.gridColumn = String(col + 1);
      square.style.gridRow = String(row + 1);
      square.querySelectorAll(".kc-coord").forEach((c) => c.remove());
      if (!this.coordinates) continue;
      const swap = this.#quarterTurn();
      if (row === n) {
        const label = document.createElement("span");
        label.className = "kc-coord kc-coord-file";
        label.textContent = swap ? String(rank + 1) : this.geo.files[file];
        square.appendChild(label);
      }
      if (col === 0) {
        const label = document.createElement("span");
        label.className = "kc-coord kc-coord-rank";
        label.textContent = swap ? this.geo.files[file] : String(rank + 1);
        square.appendChild(label);
      }
    }
  }

  /** Turns the board so that `orientation` (a side or colour) sits at the bottom. */
  setOrientation(orientation) {
    if (!this.geo.orientations.includes(orientation)) throw new RangeError(`no side ${orientation}`);
    this.orientation = orientation;
    this.#layout();
    this.#render();
  }

  /** Shows or hides the coordinates. */
  setCoordinates(on) {
    this.coordinates = Boolean(on);
    this.#layout();
  }

  /**
   * What to show: pieces (square -> piece code: Kaissa letters, Chaturaji "gK"),
   * dests (Map from square -> target squares the user may move to; the origin
   * "stone" holds the Home Stone's squares), lastMove ([from, to], [to] or null),
   * placements (squares the Home Stone may go to now; by default dests' "stone"),
   * hand ({yellow, red: stone in hand; active: the side that may place}),
   * marks ({marked: squares drawn with diagonals, thrones: colour -> square}).
   */
  set(state) {
    this.state = { ...this.state, ...state };
    if (!(this.state.dests instanceof Map)) this.state.dests = new Map(Object.entries(this.state.dests ?? {}));
    if (this.selected && !this.state.dests.has(this.selected)) this.selected = null;
    if (this.placing && !this.#placements().length) this.placing = false;
    this.#render();
  }

  #pieceSvg(code) {
    if (this.game === "kaissa") {
      const kind = code.toUpperCase();
      const side = code === kind ? "yellow" : "red";
      return pieceSvg(KAISSA_FIGURES, kind, side, `${side} ${KAISSA_NAMES[kind] ?? kind}`);
    }
    const colour = COLOUR_NAMES[code[0]] ?? "black";
    return pieceSvg(CHATURAJI_FIGURES, code[1], colour, `${colour} ${CHATURAJI_NAMES[code[1]] ?? code[1]}`);
  }

  /** The squares the Home Stone may be placed on now. */
  #placements() {
    return this.state.placements ?? this.state.dests.get(STONE) ?? [];
  }

  #targets() {
    if (this.placing) return new Set(this.#placements());
    if (this.selected) return new Set(this.state.dests.get(this.selected) ?? []);
    return new Set();
  }

  #render() {
    const { pieces, lastMove, marks } = this.state;
    const targets = this.#targets();
    const marked = new Set(marks?.marked ?? []);
    const thrones = new Map(Object.entries(marks?.thrones ?? {}).map(([colour, square]) => [square, colour]));
    for (const [name, square] of this.squares) {
      const code = pieces[name];
      if (square.dataset.piece !== (code ?? "")) {
        square.querySelectorAll(".kc-piece").forEach((p) => p.remove());
        if (code) square.insertAdjacentHTML("afterbegin", this.#pieceSvg(code));
        square.dataset.piece = code ?? "";
      }
      if (code) square.dataset.pieceCode = code; else delete square.dataset.pieceCode;
      square.classList.toggle("kc-last", Boolean(lastMove && lastMove.includes(name)));
      square.classList.toggle("kc-selected", name === this.selected);
      square.classList.toggle("kc-dest", targets.has(name));
      square.classList.toggle("kc-occupied", Boolean(code));
      square.classList.toggle("kc-marked", marked.has(name));
      const throne = thrones.get(name);
      if (throne) {
        square.dataset.throne = throne;
        square.style.setProperty("--kc-throne", PIECE_COLOURS[throne]?.[0] ?? "#444");
      } else if (square.dataset.throne) {
        delete square.dataset.throne;
      }
      square.setAttribute("aria-label", `${name}${code ? " " + this.#pieceName(code) : ""}`);
    }
    this.#renderHands();
  }

  #pieceName(code) {
    if (this.game === "kaissa") {
      const kind = code.toUpperCase();
      return `${code === kind ? "yellow" : "red"} ${KAISSA_NAMES[kind] ?? kind}`;
    }
    return `${COLOUR_NAMES[code[0]] ?? "?"} ${CHATURAJI_NAMES[code[1]] ?? code[1]}`;
  }

  #renderHands() {
    if (this.game !== "kaissa") return;
    const hand = this.state.hand ?? { yellow: false, red: false, active: null };
    const bottomSide = this.orientation;
    const topSide = bottomSide === "yellow" ? "red" : "yellow";
    for (const [element, side] of [[this.topHand, topSide], [this.bottomHand, bottomSide]]) {
      element.replaceChildren();
      const label = document.createElement("span");
      label.textContent = `${side === "yellow" ? "Yellow" : "Red"}: `;
      element.appendChild(label);
      if (!hand[side]) {
        const none = document.createElement("span");
        none.textContent = "Home Stone placed";
        none.style.opacity = "0.6";
        element.appendChild(none);
        continue;
      }
      const stone = document.createElement("button");
      stone.type = "button";
      stone.className = "kc-stone";
      stone.dataset.stoneInHand = side;
      stone.innerHTML = pieceSvg(KAISSA_FIGURES, "H", side, `${side} Home Stone in hand`);
      const open = hand.active === side && this.#placements().length > 0;
      if (open) {
        stone.dataset.action = "place-stone";
        stone.title = "Place the Home Stone: click it, then a square";
        stone.setAttribute("aria-pressed", String(this.placing));
        stone.addEventListener("click", () => {
          this.placing = !this.placing;
          this.selected = null;
          this.#render();
        });
      } else {
        stone.disabled = true;
        stone.title = "Home Stone in hand (placed on turn 8, 9 or 10)";
      }
      element.appendChild(stone);
    }
  }

  /** A click (or Enter) on a square. */
  select(name) {
    if (this.placing) {
      const ok = this.#placements().includes(name);
      this.placing = false;
      this.#render();
      if (ok) this.onPlace(name);
      return;
    }
    if (this.selected && (this.state.dests.get(this.selected) ?? []).includes(name)) {
      const from = this.selected;
      this.selected = null;
      this.#render();
      this.onMove(from, name);
      return;
    }
    this.selected = this.squares.has(name) && this.state.dests.has(name) && name !== this.selected ? name : null;
    this.#render();
  }

  #squareAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const square = hit && hit.closest ? hit.closest("[data-square]") : null;
    return square && this.grid.contains(square) ? square.dataset.square : null;
  }

  #pointerDown(event) {
    if (event.button !== 0 || this.chooserResolve) return;
    const square = event.target.closest("[data-square]");
    if (!square) return;
    this.drag = { from: square.dataset.square, x: event.clientX, y: event.clientY, ghost: null };
  }

  #pointerMove(event) {
    const drag = this.drag;
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
      if (!this.state.dests.has(drag.from)) return;
      this.selected = drag.from;
      this.placing = false;
      this.#render();
      const size = this.squares.get(drag.from).getBoundingClientRect().width;
      drag.ghost = document.createElement("div");
      drag.ghost.className = "kc-ghost";
      drag.ghost.style.width = drag.ghost.style.height = `${size}px`;
      drag.ghost.innerHTML = this.#pieceSvg(this.state.pieces[drag.from]);
      document.body.appendChild(drag.ghost);
      this.squares.get(drag.from).style.opacity = "0.4";
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
  }

  #pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    if (!drag.ghost) {
      const target = this.#squareAt(event.clientX, event.clientY);
      if (target === drag.from) this.select(target);
      return;
    }
    drag.ghost.remove();
    this.squares.get(drag.from).style.opacity = "";
    const target = this.#squareAt(event.clientX, event.clientY);
    if (target && target !== drag.from && (this.state.dests.get(drag.from) ?? []).includes(target)) {
      this.selected = null;
      this.#render();
      this.onMove(drag.from, target);
    }
  }

  #focusable(name) {
    if (this.focusSquare) this.squares.get(this.focusSquare).tabIndex = -1;
    this.focusSquare = name;
    this.squares.get(name).tabIndex = 0;
  }

  #key(event) {
    const square = event.target.closest("[data-square]");
    if (!square) return;
    const name = square.dataset.square;
    const [file, rank] = this.#coords(name);
    const [col, row] = this.#display(file, rank);
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (steps[event.key]) {
      event.preventDefault();
      const [dc, dr] = steps[event.key];
      for (const [other, element] of this.squares) {
        const [f, r] = this.#coords(other);
        const [c2, r2] = this.#display(f, r);
        if (c2 === col + dc && r2 === row + dr) {
          this.#focusable(other);
          element.focus();
          break;
        }
      }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.select(name);
    } else if (event.key === "Escape") {
      this.selected = null;
      this.placing = false;
      this.#render();
    }
  }

  /**
   * Asks the user to pick one of `choices` ({value, kind, colour, label}) over
   * the board; resolves with the value picked, or null when dismissed (Escape).
   * Each button carries `data-choice="<value>"`.
   */
  choose(choices) {
    this.#closeChooser(null);
    const overlay = document.createElement("div");
    overlay.className = "kc-chooser";
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-label", "Choose a piece");
    const figures = this.game === "kaissa" ? KAISSA_FIGURES : CHATURAJI_FIGURES;
    for (const choice of choices) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.choice = choice.value;
      button.title = choice.label ?? choice.value;
      button.innerHTML = choice.kind
        ? pieceSvg(figures, choice.kind, choice.colour, choice.label ?? choice.value)
        : (choice.label ?? choice.value);
      button.addEventListener("click", () => this.#closeChooser(choice.value));
      overlay.appendChild(button);
    }
    overlay.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.#closeChooser(null);
    });
    this.grid.appendChild(overlay);
    overlay.querySelector("button")?.focus();
    this.chooser = overlay;
    return new Promise((resolve) => { this.chooserResolve = resolve; });
  }

  #closeChooser(value) {
    if (this.chooser) this.chooser.remove();
    this.chooser = null;
    const resolve = this.chooserResolve;
    this.chooserResolve = null;
    if (resolve) resolve(value);
  }
}
