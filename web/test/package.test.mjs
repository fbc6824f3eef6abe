// The npm package in Node: perft against the Rust figures, the named
// errors with nothing changed, records, the die, the agents.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as kc from "../dist/index.js";

await kc.ready;

// A position text where Red and Black may exchange rajas: the library's
// own exchange test (tests/chaturaji/audit.rs,
// raja_exchange_returns_to_throne_or_next_to_it), encoded by hand.
const EXCHANGE_TEXT = "4,bE,3/5,bP,2/2,rP,5/yK,7/8/8/8/3,gK,4 y rbyg - rb 3 40";

function throwsNamed(fn, name) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof Error, "an Error");
    assert.equal(error.name, name, error.message);
    assert.ok(error.message.length > 0);
    return true;
  });
}

test("Kaissa perft from the start", () => {
  // docs/rules.md §1 (and tests/kaissa/perft.rs): 40, 1600, 70656.
  const pos = new kc.kaissa.Position();
  assert.deepEqual([0, 1, 2, 3].map((d) => pos.perft(d)), [1, 40, 1600, 70656]);
  const divide = pos.perftDivide(2);
  assert.equal(divide.length, 40);
  assert.equal(divide.reduce((sum, [, n]) => sum + n, 0), 1600);
});

test("Chaturaji perft under every rules option", () => {
  // docs/rules.md §2.11: 10^d to depth 4; depth 5 is 111900 (sheet) and
  // 113800 (partners opposite). Ludii: tests/chaturaji/perft.rs
  // (ludii_ruleset), 114900 at depth 5.
  const depth5 = { sheet: 111900, opposite: 113800, ludii: 114900 };
  for (const rules of ["sheet", "opposite", "ludii"]) {
    const pos = new kc.chaturaji.Position({ rules });
    assert.equal(pos.rules, rules);
    assert.deepEqual([1, 2, 3, 4].map((d) => pos.perft(d)), [10, 100, 1000, 10000], rules);
    assert.equal(pos.perft(5), depth5[rules], rules);
  }
});

test("Kaissa moves, push, pop, text", () => {
  const pos = new kc.kaissa.Position();
  const start = pos.toString();
  const moves = pos.legalMoves();
  assert.equal(moves.length, 40);
  assert.ok(moves.map(String).includes("e2e5"));
  assert.equal(pos.toMove, "yellow");
  pos.push("e2e5");
  assert.equal(pos.toMove, "red");
  assert.equal(pos.peek(), "e2e5");
  assert.equal(new kc.kaissa.Position(pos.toString()).toString(), pos.toString());
  assert.equal(pos.pop(), "e2e5");
  assert.equal(pos.toString(), start);
  assert.equal(pos.readable("e2e5"), "e5");
  assert.equal(pos.pushReadable("e5"), "e2e5");
  assert.ok(pos.svg().startsWith("<svg"));
  assert.equal(pos.outcome().word, "ongoing");
  assert.equal(typeof pos.hash(), "bigint");
});

test("Kaissa errors are named and change nothing", () => {
  const pos = new kc.kaissa.Position();
  pos.push("e2e5");
  const before = pos.toString();
  throwsNamed(() => pos.push("e2e9x"), "NotationError");
  throwsNamed(() => pos.push("e5e6"), "IllegalMoveError");
  throwsNamed(() => pos.push("a1a2"), "IllegalMoveError");
  throwsNamed(() => pos.parseReadable("Zz9"), "ReadableMoveError");
  throwsNamed(() => new kc.kaissa.Position("not a position"), "NotationError");
  assert.throws(() => pos.push(42), TypeError);
  assert.throws(() => pos.perft(-1), RangeError);
  assert.throws(() => pos.perft(1.5), RangeError);
  assert.equal(pos.toString(), before);
  assert.deepEqual(pos.moveStack(), ["e2e5"]);
  const empty = new kc.kaissa.Position();
  throwsNamed(() => empty.pop(), "UndoError");
});

test("Home Stone window and placement", () => {
  const pos = new kc.kaissa.Position();
  assert.equal(pos.homeStoneWindow().openNow, false);
  // Play seeded random moves (never the stone) until Yellow's window opens.
  const dice = new kc.chaturaji.Dice(3);
  while (!pos.homeStoneWindow().openNow) {
    const moves = pos.legalMoves().filter((m) => !m.startsWith("H@"));
    pos.push(moves[(dice.roll() * 7 + pos.ply * 13) % moves.length]);
  }
  const window = pos.homeStoneWindow();
  assert.equal(window.side, pos.toMove);
  assert.equal(window.inHand, true);
  assert.ok(window.squares.length > 0);
  const placement = `H@${window.squares[0]}`;
  assert.ok(pos.legalMoves().includes(placement));
  assert.equal(pos.readable(placement), placement);
  pos.push(placement);
  assert.equal(pos.stoneSquare(window.side), window.squares[0]);
  assert.equal(pos.homeStoneWindow(window.side).inHand, false);
});

test("Chaturaji moves, rolls, passes, errors", () => {
  const pos = new kc.chaturaji.Position({ rules: "sheet" });
  assert.deepEqual(pos.legalMoves(2), ["h1f3"]);
  assert.deepEqual(pos.legalMoves(4), ["pass"]);
  const start = pos.toString();
  throwsNamed(() => pos.push(2, "h1h3"), "IllegalMoveError");
  throwsNamed(() => pos.push(2, "h1"), "NotationError");
  throwsNamed(() => pos.push(6, "h1f3"), "NotationError");
  throwsNamed(() => pos.push(null, "h1f3"), "NotationError");
  throwsNamed(() => pos.legalMoves(1), "NotationError");
  assert.throws(() => new kc.chaturaji.Position({ rules: "chess" }), RangeError);
  assert.equal(pos.toString(), start);
  pos.push(4, "pass");
  assert.equal(pos.toMove, "black");
  assert.deepEqual(pos.pop(), { roll: 4, move: "pass" });
  pos.push(2, "h1f3");
  assert.equal(pos.readable(5, pos.legalMoves(5)[0]).length > 0, true);
  assert.ok(pos.svg({ size: 20 }).startsWith("<svg"));
  const ludii = new kc.chaturaji.Position({ rules: "ludii" });
  assert.deepEqual(ludii.scores(), { red: 0, black: 0, yellow: 0, green: 0 });
  assert.equal(ludii.ranking(), null);
  assert.equal(ludii.toMove, "green");
});

test("raja exchange", () => {
  const pos = new kc.chaturaji.Position(EXCHANGE_TEXT, { rules: "sheet" });
  assert.deepEqual(pos.possibleExchanges(), [["red", "black"]]);
  assert.deepEqual(pos.rajaReturnSquares("red"), ["h4"]);
  const before = pos.toString();
  throwsNamed(() => pos.exchange("rg4", "bd8"), "ExchangeError");
  assert.equal(pos.toString(), before);
  pos.exchange("rh4", "bd8");
  assert.equal(pos.pieceAt("h4"), "rK");
  assert.equal(pos.pieceAt("d8"), "bK");
  assert.deepEqual(pos.history(), ["exchange:rh4,bd8"]);
  const back = kc.chaturaji.Position.fromRecord(pos.toRecord());
  assert.equal(back.toString(), pos.toString());
});

test("seeded die and seeded games are reproducible", () => {
  const a = new kc.chaturaji.Dice(7);
  const b = new kc.chaturaji.Dice(7n);
  const faces = Array.from({ length: 50 }, () => a.roll());
  assert.deepEqual(Array.from({ length: 50 }, () => b.roll()), faces);
  assert.ok(faces.every((f) => f >= 2 && f <= 5));
  assert.throws(() => new kc.chaturaji.Dice(-1), RangeError);
});

test("records round-trip for both games and every rules option", () => {
  const games = [
    () => new kc.kaissa.Position(),
    () => new kc.chaturaji.Position({ rules: "sheet" }),
    () => new kc.chaturaji.Position({ rules: "opposite" }),
    () => new kc.chaturaji.Position({ rules: "ludii" }),
  ];
  for (const make of games) {
    for (const seed of [1, 2, 3]) {
      const pos = make();
      const outcome = pos.playSeededGame(seed, 400);
      const text = pos.toRecord({ Event: "round trip" });
      const [record] = kc.readRecords(text);
      assert.equal(record.game, pos.game);
      assert.equal(record.tags.Event, "round trip");
      assert.equal(record.final, pos.toString());
      const back = pos.game === "kaissa"
        ? kc.kaissa.Position.fromRecord(text)
        : kc.chaturaji.Position.fromRecord(text);
      assert.equal(back.toString(), pos.toString());
      assert.deepEqual(back.outcome(), outcome);
    }
  }
  throwsNamed(() => kc.readRecords("[Game \"kaissa\"]\n\n1. e2e9 *\n"), "RecordError");
});

test("agents choose legal moves and leave the position alone", () => {
  const pos = new kc.kaissa.Position();
  for (const spec of ["random", "greedy", "alphabeta:2", "mcts:50", "alphabeta:30ms", "mcts:30ms"]) {
    const agent = new kc.Agent(spec, { seed: 5 });
    const before = pos.toString();
    const move = agent.choose(pos);
    assert.ok(pos.legalMoves().includes(move), `${spec}: ${move}`);
    assert.equal(pos.toString(), before);
  }
  const cpos = new kc.chaturaji.Position({ rules: "ludii" });
  const agent = new kc.Agent("mcts:40", { seed: 1 });
  for (let i = 0; i < 8; i++) {
    const roll = 2 + (i % 4);
    const move = agent.choose(cpos, roll);
    assert.ok(cpos.legalMoves(roll).includes(move));
    cpos.push(roll, move);
  }
  throwsNamed(() => new kc.Agent("alphabeta:3", {}).choose(cpos, 2), "SpecError");
  throwsNamed(() => new kc.Agent("mcts:0"), "SpecError");
});

test("a time budget ends near its time", () => {
  const pos = new kc.kaissa.Position();
  const agent = new kc.Agent("mcts:100ms", { seed: 2 });
  const start = performance.now();
  agent.choose(pos);
  const took = performance.now() - start;
  assert.ok(took >= 80 && took < 2000, `took ${took} ms`);
});

test("clone and root are independent positions", () => {
  const pos = new kc.kaissa.Position();
  pos.push("e2e5");
  const copy = pos.clone();
  copy.pop();
  assert.equal(pos.moveStack().length, 1);
  assert.equal(pos.root().toString(), copy.toString());
  const c = new kc.chaturaji.Position({ rules: "ludii" });
  const d = c.clone();
  d.push(2, d.legalMoves(2)[0]);
  assert.equal(c.ply, 0);
  assert.equal(d.ply, 1);
});

test("legal move lists agree with the library's own move texts", () => {
  // perftDivide(1) names every legal move with the library's text; the
  // lists must be the same moves, along seeded random games.
  for (const seed of [1, 2, 3, 4]) {
    const pos = new kc.kaissa.Position();
    const dice = new kc.chaturaji.Dice(seed);
    for (let ply = 0; ply < 200 && !pos.isGameOver(); ply++) {
      const moves = pos.legalMoves();
      assert.deepEqual([...moves].sort(), pos.perftDivide(1).map(([m]) => m).sort());
      pos.push(moves[(dice.roll() * 31 + ply * 17) % moves.length]);
    }
  }
  for (const rules of ["sheet", "ludii"]) {
    const pos = new kc.chaturaji.Position({ rules });
    const dice = new kc.chaturaji.Dice(5);
    for (let ply = 0; ply < 300 && !pos.isGameOver(); ply++) {
      const roll = pos.pendingPromotion() ? null : dice.roll();
      const moves = pos.legalMoves(roll);
      const divide = pos.perftDivide(1).filter(([r]) => r === roll).map(([, m]) => m);
      assert.deepEqual([...moves].sort(), divide.sort());
      pos.push(roll, moves[ply % moves.length]);
    }
  }
});
