// Our own piece figures, one SVG drawing per kind, in a 100x100 box.
// Each figure is drawn with the current piece colours: the CSS custom
// properties --kc-fill (the body) and --kc-line (outlines and marks).
//
// Merchant Kaissa: Ubar U, Ubara Q, Tarnsman T, Scribe S, Builder B,
// Initiate I, Spearman P, Rider R, Assassin A, Home Stone H.
// Chaturaji: Raja K, Elephant E, Horse H, Boat B, Pawn P.

const BASE = '<path class="b" d="M22 90 H78 Q80 84 74 80 H26 Q20 84 22 90 Z"/>';

function figure(body, marks = "") {
  return BASE + body + (marks ? `<g class="m">${marks}</g>` : "");
}

/** The figures of Merchant Kaissa, by kind letter. */
export const KAISSA_FIGURES = {
  // Ubar: a tall crown of three spikes with an orb.
  U: figure('<path class="b" d="M30 80 L24 36 L40 50 L50 22 L60 50 L76 36 L70 80 Z"/><circle class="b" cx="50" cy="16" r="6"/>',
    '<path d="M32 70 H68"/><circle cx="50" cy="58" r="4"/>'),
  // Ubara: a tiara of five pearls.
  Q: figure('<path class="b" d="M30 80 L22 40 L36 56 L42 34 L50 54 L58 34 L64 56 L78 40 L70 80 Z"/>' +
    '<circle class="b" cx="22" cy="36" r="5"/><circle class="b" cx="42" cy="30" r="5"/><circle class="b" cx="58" cy="30" r="5"/><circle class="b" cx="78" cy="36" r="5"/>',
    '<path d="M32 70 Q50 62 68 70"/>'),
  // Tarnsman: a tarn (a great bird) with spread wings.
  T: figure('<path class="b" d="M50 40 C40 26 22 22 8 30 C22 34 30 42 36 54 L42 80 H58 L64 54 C70 42 78 34 92 30 C78 22 60 26 50 40 Z"/><circle class="b" cx="50" cy="30" r="7"/>',
    '<path d="M50 27 L58 31 L50 34"/><path d="M44 62 L50 70 L56 62"/>'),
  // Scribe: an unrolled scroll with lines of writing.
  S: figure('<path class="b" d="M30 24 H70 V76 H30 Z"/><rect class="b" x="24" y="18" width="52" height="10" rx="5"/><rect class="b" x="24" y="72" width="52" height="10" rx="5"/>',
    '<path d="M38 38 H62 M38 48 H62 M38 58 H56"/>'),
  // Builder: a walled tower with a gate.
  B: figure('<path class="b" d="M28 80 V40 H34 V28 H44 V36 H56 V28 H66 V40 H72 V80 Z"/>',
    '<path d="M44 80 V64 Q50 56 56 64 V80"/><path d="M34 48 H66"/>'),
  // Initiate: a robed figure beneath a sun.
  I: figure('<path class="b" d="M50 40 L72 80 H28 Z"/><circle class="b" cx="50" cy="30" r="10"/>',
    '<path d="M50 10 V16 M36 16 L40 21 M64 16 L60 21 M30 30 H36 M64 30 H70"/><path d="M50 48 V72"/>'),
  // Spearman: a spear and a round shield.
  P: figure('<path class="b" d="M48 80 V24 H52 V80 Z"/><path class="b" d="M50 8 L58 26 H42 Z"/><circle class="b" cx="50" cy="58" r="16"/>',
    '<circle cx="50" cy="58" r="6"/>'),
  // Rider: a high tharlarion, a riding lizard, with its head raised.
  R: figure('<path class="b" d="M28 80 C26 60 34 50 42 44 L40 30 C40 20 52 14 62 18 L78 26 C80 30 78 34 74 34 L62 34 C60 40 62 48 68 56 C74 64 74 74 72 80 Z"/>',
    '<circle cx="58" cy="24" r="2.5"/><path d="M42 56 Q52 60 60 54"/>'),
  // Assassin: a dagger, point up.
  A: figure('<path class="b" d="M50 8 L58 52 H42 Z"/><rect class="b" x="30" y="52" width="40" height="8" rx="3"/><rect class="b" x="45" y="60" width="10" height="14"/><circle class="b" cx="50" cy="78" r="5"/>',
    '<path d="M50 16 V48"/>'),
  // Home Stone: a rounded stone carved with rings.
  H: '<path class="b" d="M18 62 C16 40 32 24 50 24 C70 24 84 40 82 62 C80 80 64 86 50 86 C34 86 20 80 18 62 Z"/>' +
    '<g class="m"><circle cx="50" cy="56" r="18"/><circle cx="50" cy="56" r="8"/><path d="M50 38 V30"/></g>',
};

/** The figures of Chaturaji, by kind letter. */
export const CHATURAJI_FIGURES = {
  // Raja: a domed crown with a jewel and a spire.
  K: figure('<path class="b" d="M28 80 V60 C28 38 72 38 72 60 V80 Z"/><path class="b" d="M50 12 L56 34 H44 Z"/><rect class="b" x="24" y="60" width="52" height="8" rx="3"/>',
    '<circle cx="50" cy="50" r="5"/>'),
  // Elephant: a head with wide ears and a curled trunk.
  E: figure('<path class="b" d="M36 30 C40 18 60 18 64 30 C78 26 90 36 86 52 C82 62 70 62 66 56 L62 66 C62 72 66 76 70 74 C72 82 58 84 54 76 L52 64 H48 L46 80 H34 L36 56 C30 62 18 62 14 52 C10 36 22 26 36 30 Z"/>',
    '<circle cx="42" cy="40" r="2.5"/><circle cx="58" cy="40" r="2.5"/><path d="M24 40 Q22 48 28 52 M76 40 Q78 48 72 52"/>'),
  // Horse: a horse's head and neck, maned.
  H: figure('<path class="b" d="M30 80 C28 62 34 50 42 40 L36 30 L46 28 L50 16 L56 26 C72 30 84 44 80 58 C78 62 72 62 70 58 L62 50 C60 60 66 70 70 80 Z"/>',
    '<circle cx="56" cy="36" r="2.5"/><path d="M46 32 C40 42 36 56 38 72"/>'),
  // Boat: a hull with a mast and a sail.
  B: '<path class="b" d="M12 64 H88 L74 84 H26 Z"/><path class="b" d="M48 14 H52 V64 H48 Z"/><path class="b" d="M54 18 C72 30 76 46 74 58 H54 Z"/><path class="b" d="M46 24 C34 36 30 48 32 58 H46 Z"/>' +
    '<g class="m"><path d="M20 72 H80"/></g>',
  // Pawn: a foot soldier, head and cloak.
  P: figure('<path class="b" d="M34 80 C34 64 40 56 46 52 C38 48 36 40 40 34 H60 C64 40 62 48 54 52 C60 56 66 64 66 80 Z"/><circle class="b" cx="50" cy="28" r="11"/>',
    '<path d="M40 62 H60"/>'),
};

/** Body and line colours per side (Kaissa) and colour (Chaturaji). */
export const PIECE_COLOURS = {
  yellow: ["#f2c230", "#4a3500"],
  red: ["#c8312b", "#2b0605"],
  black: ["#34373d", "#e8e8e8"],
  green: ["#2e9a4a", "#062b10"],
};

/** An SVG element string of a figure, drawn in `colour`. */
export function pieceSvg(figures, kind, colour, title = "") {
  const [fill, line] = PIECE_COLOURS[colour] ?? PIECE_COLOURS.black;
  const body = figures[kind] ?? "";
  return `<svg class="kc-piece" viewBox="0 0 100 100" role="img" aria-label="${title}" ` +
    `style="--kc-fill:${fill};--kc-line:${line}">${body}</svg>`;
}

/** The stylesheet the figures need (inserted once by the board). */
export const PIECE_CSS = `
.kc-piece { width: 86%; height: 86%; overflow: visible; pointer-events: none; }
.kc-piece .b { fill: var(--kc-fill); stroke: var(--kc-line); stroke-width: 3; stroke-linejoin: round; }
.kc-piece .m, .kc-piece .m * { fill: none; stroke: var(--kc-line); stroke-width: 3; stroke-linecap: round; stroke-linejoin: round; }
`;
