// Hostile strings: every entry point either works or throws a named
// error, changes nothing, and never traps the WebAssembly instance (a
// trap would make every later call fail, which the last checks catch).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as kc from "../dist/index.js";

await kc.ready;

const NAMES = new Set([
  "NotationError", "IllegalMoveError", "ReadableMoveError", "ExchangeError",
  "RecordError", "SpecError", "UndoError", "RangeError", "TypeError",
]);

// SplitMix64-like 32-bit generator (our own) for reproducible strings.
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const ALPHABET = "abcdefghijk0123456789/,:@=+-xH KQRBNPUTSIAEyrgbw#*\n\t[]\"\\\u0000\u00e9\u{1F600}";

function hostileStrings(count, seed) {
  const next = generator(seed);
  const fixed = [
    "", " ", "\u0000", "a".repeat(100000), "9".repeat(400), "-1", "e2e5 e2e5", "H@", "H@z99",
    "e0e5", "e2e11", "a1a1", "=", "=Q", "pass pass", "1:h1f3", "9:h1f3", "exchange:", "exchange:rh4",
    "exchange:rh4,", "exchange:zz9,bb9", "10/10/10", "/".repeat(5000), ",".repeat(5000),
    "[Game \"kaissa\"]", "[Game \"chaturaji\"]\n[Rules \"ludii\"]\n\n1. =K *", "[".repeat(10000),
    "\u{1F600}\u{1F600}", "é2é5", "\ud800", "K".repeat(300),
  ];
  const out = [...fixed];
  for (let i = 0; i < count; i++) {
    const length = next() % 60;
    let s = "";
    for (let j = 0; j < length; j++) s += ALPHABET[next() % ALPHABET.length];
    out.push(s);
  }
  return out;
}

function tolerated(fn) {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof Error, `threw a non-Error: ${error}`);
    assert.ok(NAMES.has(error.name), `unexpected ${error.name}: ${error.message}`);
  }
}

test("hostile strings against both games", () => {
  const strings = hostileStrings(3000, 11);
  const kaissa = new kc.kaissa.Position();
  kaissa.push("e2e5");
  const chaturaji = ["sheet", "opposite", "ludii"].map((rules) => new kc.chaturaji.Position({ rules }));
  const kBefore = kaissa.toString();
  const cBefore = chaturaji.map(String);
  for (const s of strings) {
    tolerated(() => new kc.kaissa.Position(s));
    for (const rules of ["sheet", "opposite", "ludii", s]) {
      tolerated(() => new kc.chaturaji.Position(s, { rules }));
    }
    tolerated(() => kaissa.isLegal(s));
    tolerated(() => kaissa.readable(s));
    tolerated(() => kaissa.parseReadable(s));
    tolerated(() => kaissa.pieceAt(s));
    tolerated(() => kaissa.homeStoneWindow(s));
    tolerated(() => kc.readRecords(s));
    tolerated(() => kc.readRecords(s, { lenient: true }));
    tolerated(() => new kc.Agent(s));
    for (const pos of chaturaji) {
      tolerated(() => pos.isLegal(5, s));
      tolerated(() => pos.readable(5, s));
      tolerated(() => pos.parseReadable(3, s));
      tolerated(() => pos.pieceAt(s));
      tolerated(() => pos.rajaReturnSquares(s));
      tolerated(() => pos.exchange(s, s));
    }
  }
  // Pushes and board moves: whatever succeeds is taken back, so the
  // positions stay put.
  const playsBack = (pos, fn) => {
    try {
      fn();
      pos.pop();
    } catch (error) {
      assert.ok(NAMES.has(error.name), error.message);
    }
  };
  for (const s of strings) {
    playsBack(kaissa, () => kaissa.push(s));
    for (const move of [s, { from: s, to: s }, { from: "stone", to: s }, { from: "e9", to: s }, { from: s, to: "e6" },
      { from: "e9", to: "e6", kind: s }]) {
      playsBack(kaissa, () => kaissa.play(move));
    }
    for (const pos of chaturaji) {
      for (const roll of [2, 5, null]) {
        tolerated(() => pos.dests(roll));
        for (const move of [s, { from: s, to: s }, { from: "h1", to: s }, { kind: s }, { from: "h1", to: "f3", kind: s },
          { pass: true, kind: s }, { from: s }]) {
          playsBack(pos, () => pos.play(move, roll));
        }
      }
    }
    for (const pos of chaturaji) {
      for (const roll of [2, 5, null]) {
        try {
          pos.push(roll, s);
          pos.pop();
        } catch (error) {
          assert.ok(NAMES.has(error.name), error.message);
        }
      }
      try {
        pos.pushAction(s);
        pos.pop();
      } catch (error) {
        assert.ok(NAMES.has(error.name), error.message);
      }
    }
  }
  assert.equal(kaissa.toString(), kBefore);
  assert.deepEqual(chaturaji.map(String), cBefore);
  // The instance still works.
  assert.equal(new kc.kaissa.Position().perft(2), 1600);
  assert.equal(chaturaji[0].perft(3), 1000);
});

test("hostile numbers and types", () => {
  const pos = new kc.chaturaji.Position();
  for (const value of [NaN, Infinity, -Infinity, -0.5, 1e300, 2 ** 53, -1, 0, 1, 6, 2.5]) {
    tolerated(() => pos.legalMoves(value));
    tolerated(() => pos.perft(value));
    tolerated(() => new kc.chaturaji.Dice(value));
    tolerated(() => new kc.chaturaji.Position({ drawLimit: value }));
    tolerated(() => pos.svg({ size: value }));
    tolerated(() => new kc.kaissa.Position().playSeededGame(value, 10));
    tolerated(() => pos.dests(value));
    tolerated(() => pos.clone().play({ pass: true }, value));
  }
  for (const value of [undefined, null, 5, {}, [], () => 1, Symbol("s"), 10n]) {
    tolerated(() => new kc.kaissa.Position().push(value));
    tolerated(() => pos.push(2, value));
    tolerated(() => new kc.kaissa.Position().play(value));
    tolerated(() => new kc.kaissa.Position().play({ from: value, to: "e5" }));
    tolerated(() => pos.clone().play(value, 2));
    tolerated(() => pos.clone().play({ from: "h1", to: "f3", kind: value }, 2));
    tolerated(() => pos.dests(value));
    tolerated(() => new kc.kaissa.Position().toRecord(value));
    tolerated(() => new kc.kaissa.Position().toRecord({ Event: value }));
  }
  assert.equal(pos.perft(2), 100);
});
