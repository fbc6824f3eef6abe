// dests() and play(): what a board is given matches the legal moves
// exactly (every target plays a legal move, every legal move is a
// target), along seeded games of both games and in positions made for
// the special moves: the Home Stone, special promotions, passes, Ludii
// decisions and a raja exchange.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as kc from "../dist/index.js";

await kc.ready;

// The library's exchange position (tests/chaturaji/audit.rs,
// raja_exchange_returns_to_throne_or_next_to_it), encoded by hand.
const EXCHANGE_TEXT = "4,bE,3/5,bP,2/2,rP,5/yK,7/8/8/8/3,gK,4 y rbyg - rb 3 40";
// tests/chaturaji/audit.rs, special_promotion_four_choices_with_precedence:
// f7:gP a1:gB e8:bB h8:bK a5:yK h4:rK, Green to move.
const SPECIAL_TEXT = "4,bB,2,bK/5,gP,2/8/yK,7/7,rK/8/8/gB,7 g rbyg g - 5 60";

// A small reproducible generator (ours) for the moves the tests pick.
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const COLOUR = { r: "red", b: "black", y: "yellow", g: "green" };

function sorted(list) {
  return [...list].sort();
}

/** Every board move dests() offers, as the move texts play() makes of them. */
function kaissaOffered(pos) {
  const { dests } = pos.dests();
  const texts = [];
  for (const [from, targets] of dests) {
    for (const to of targets) {
      const copy = pos.clone();
      const played = copy.play({ from, to });
      copy.free();
      assert.equal(played.action, played.move);
      assert.equal(played.readable, pos.readable(played.move));
      texts.push(played.move);
    }
  }
  return texts;
}

test("Kaissa: dests are the legal moves, along seeded games", () => {
  let placements = 0;
  let positions = 0;
  for (const seed of [1, 2, 3]) {
    const next = generator(seed);
    const pos = new kc.kaissa.Position();
    for (let ply = 0; ply < 60 && !pos.isGameOver(); ply++) {
      const legal = pos.legalMoves();
      const found = pos.dests();
      assert.deepEqual(sorted(kaissaOffered(pos)), sorted(legal), pos.toString());
      const window = pos.homeStoneWindow();
      assert.deepEqual(found.hand, {
        yellow: pos.homeStoneWindow("yellow").inHand,
        red: pos.homeStoneWindow("red").inHand,
      });
      assert.equal(found.dests.has("stone"), window.openNow && window.squares.length > 0);
      if (found.dests.has("stone")) {
        assert.deepEqual(sorted(found.dests.get("stone")), sorted(window.squares));
      }
      assert.deepEqual([found.promotions, found.pass, found.decision, found.exchanges, found.needsRoll],
        [[], false, null, [], false]);
      positions++;
      // Place the stone when the window opens, so that placements are seen.
      const move = found.dests.has("stone")
        ? { from: "stone", to: found.dests.get("stone")[0] }
        : legal[next(legal.length)];
      const mover = pos.toMove;
      const played = pos.play(move);
      if (played.move.startsWith("H@")) {
        placements++;
        assert.deepEqual(pos.lastMove(), [played.move.slice(2)]);
        assert.equal(pos.dests().hand[mover], false);
      }
    }
    pos.free();
  }
  assert.ok(positions > 100, `${positions} positions`);
  assert.ok(placements >= 3, `${placements} Home Stones placed by play()`);
});

test("Kaissa: play() rejects what is not a legal board move, changing nothing", () => {
  const pos = new kc.kaissa.Position();
  const before = pos.toString();
  const named = (fn, name) => assert.throws(fn, (e) => e.name === name);
  named(() => pos.play({ from: "e2", to: "e9" }), "IllegalMoveError");
  named(() => pos.play({ from: "stone", to: "c1" }), "IllegalMoveError");
  named(() => pos.play({ from: "e2" }), "NotationError");
  named(() => pos.play({ from: "z2", to: "e5" }), "NotationError");
  named(() => pos.play({ pass: true }), "IllegalMoveError");
  named(() => pos.play({ from: "e2", to: "e5", kind: "Q" }), "IllegalMoveError");
  assert.throws(() => pos.play({ from: 5, to: "e5" }), TypeError);
  assert.throws(() => pos.play(null), TypeError);
  assert.throws(() => pos.play({ from: "e2", to: "e5" }, 3), TypeError);
  assert.equal(pos.toString(), before);
  assert.equal(pos.lastMove(), null);
  const played = pos.play({ from: "e2", to: "e5" });
  assert.deepEqual(played, { action: "e2e5", move: "e2e5", roll: null, readable: "e5" });
  assert.deepEqual(pos.lastMove(), ["e2", "e5"]);
  const readable = pos.readable("e9e6");
  assert.deepEqual(pos.pushAction("e9e6"), { action: "e9e6", move: "e9e6", roll: null, readable });
});

/**
 * Checks dests(roll) against legalMoves(roll): every target, with each
 * kind when it needs one, plays a legal move, and their number (with the
 * pass) is the number of legal moves.
 */
function checkChaturaji(pos, roll) {
  const legal = pos.legalMoves(roll);
  const found = pos.dests(roll);
  const offered = [];
  const tryMove = (move) => {
    const copy = pos.clone();
    const played = copy.play(move, roll);
    copy.free();
    assert.equal(played.roll, roll);
    assert.equal(played.action, `${roll}:${played.move}`);
    assert.equal(played.readable, pos.readable(roll, played.move));
    offered.push(played.move);
  };
  for (const [from, targets] of found.dests) {
    for (const to of targets) {
      const promotion = found.promotions.find((p) => p.from === from && p.to === to);
      if (promotion) {
        assert.equal(promotion.colour, COLOUR[pos.pieceAt(from)[0]]);
        for (const kind of promotion.kinds) tryMove({ from, to, kind });
        assert.throws(() => pos.play({ from, to }, roll), (e) => e.name === "IllegalMoveError");
      } else {
        tryMove({ from, to });
      }
    }
  }
  if (found.pass) tryMove({ pass: true });
  assert.equal(found.pass, legal.length === 1 && legal[0] === "pass");
  assert.deepEqual(sorted(offered), sorted(legal), `${pos.toString()} roll ${roll}`);
  assert.equal(found.decision, null);
  assert.equal(found.needsRoll, false);
  assert.equal(found.hand, null);
  return found;
}

function checkDecision(pos) {
  const found = pos.dests(null);
  const legal = pos.legalMoves(null);
  assert.equal(found.decision.square, pos.pendingPromotion());
  assert.equal(found.decision.colour, pos.toMove);
  assert.equal(found.dests.size, 0);
  assert.equal(found.needsRoll, false);
  const offered = found.decision.kinds.map((k) => `=${k}`);
  if (found.decision.keep) offered.push("pass");
  assert.deepEqual(sorted(offered), sorted(legal));
  for (const kind of found.decision.kinds) {
    const copy = pos.clone();
    const played = copy.play({ kind });
    copy.free();
    assert.deepEqual([played.action, played.move, played.roll], [`=${kind}`, `=${kind}`, null]);
  }
  // The roll, if one is given, does not matter while the decision is pending.
  assert.deepEqual(pos.dests(4).decision, found.decision);
}

for (const rules of ["sheet", "opposite", "ludii"]) {
  test(`Chaturaji (${rules}): dests(roll) are the legal moves, along seeded games`, () => {
    const dice = new kc.chaturaji.Dice(7);
    let passes = 0;
    let decisions = 0;
    let positions = 0;
    for (const seed of [1, 2, 3, 4]) {
      const next = generator(seed);
      const pos = new kc.chaturaji.Position({ rules });
      for (let ply = 0; ply < 400 && !pos.isGameOver(); ply++) {
        positions++;
        if (pos.pendingPromotion()) {
          checkDecision(pos);
          decisions++;
          const legal = pos.legalMoves(null);
          pos.play(legal[next(legal.length)]);
          continue;
        }
        const before = pos.dests();
        assert.equal(before.needsRoll, true);
        assert.equal(before.dests.size, 0);
        for (const roll of [2, 3, 4, 5]) {
          if (checkChaturaji(pos, roll).pass) passes++;
        }
        const roll = dice.roll();
        const legal = pos.legalMoves(roll);
        const played = pos.play(legal[next(legal.length)], roll);
        const squares = pos.lastMove();
        if (played.move === "pass") assert.equal(squares, null);
        else assert.deepEqual(squares, [played.move.slice(0, 2), played.move.slice(2, 4)]);
      }
      const over = pos.dests(3);
      if (pos.isGameOver()) {
        assert.deepEqual([over.dests.size, over.pass, over.needsRoll, over.exchanges.length], [0, false, false, 0]);
      }
      pos.free();
    }
    assert.ok(positions > 400, `${positions} positions`);
    assert.ok(passes > 0, "a forced pass was seen");
    if (rules === "ludii") assert.ok(decisions > 0, "a Ludii promotion decision was seen");
  });
}

test("Chaturaji: a special promotion needs one of four kinds", () => {
  const pos = new kc.chaturaji.Position(SPECIAL_TEXT, { rules: "sheet" });
  const found = checkChaturaji(pos, 5);
  const promotions = found.promotions.map((p) => [p.from, p.to, p.colour, sorted(p.kinds)]);
  assert.deepEqual(sorted(promotions.map(String)), sorted([
    ["f7", "e8", "green", ["B", "E", "H", "K"]],
    ["f7", "f8", "green", ["B", "E", "H", "K"]],
  ].map(String)));
  assert.ok(found.dests.get("f7").includes("f8"));
  const readable = pos.readable(5, "f7f8K");
  const played = pos.play({ from: "f7", to: "f8", kind: "K" }, 5);
  assert.deepEqual(played, { action: "5:f7f8K", move: "f7f8K", roll: 5, readable });
  assert.equal(pos.pieceAt("f8"), "gK");
  assert.throws(() => pos.play({ from: "h4", to: "h5", kind: "Q" }, 2), (e) => e.name === "NotationError");
});

test("Chaturaji: the exchanges dests lists are the ones exchange() takes", () => {
  const pos = new kc.chaturaji.Position(EXCHANGE_TEXT, { rules: "sheet" });
  const found = pos.dests();
  assert.equal(found.needsRoll, true);
  const expected = [];
  for (const [a, b] of pos.possibleExchanges()) {
    for (const sa of pos.rajaReturnSquares(a)) {
      for (const sb of pos.rajaReturnSquares(b)) expected.push(`${a[0]}${sa},${b[0]}${sb}`);
    }
  }
  assert.ok(expected.length > 0);
  assert.deepEqual(sorted(found.exchanges.map((pair) => pair.join(","))), sorted(expected));
  for (const [first, second] of found.exchanges) {
    const copy = pos.clone();
    const played = copy.exchange(first, second);
    assert.deepEqual(played, {
      action: `exchange:${first},${second}`, move: undefined, roll: null,
      readable: `exchange ${first} ${second}`,
    });
    assert.deepEqual(copy.dests().exchanges, []);
    copy.free();
  }
  // The same with a roll: an exchange takes no turn.
  assert.deepEqual(pos.dests(3).exchanges, found.exchanges);
});

test("Chaturaji: play() needs a roll, and a bad one changes nothing", () => {
  const pos = new kc.chaturaji.Position({ rules: "sheet" });
  const before = pos.toString();
  const named = (fn, name) => assert.throws(fn, (e) => e.name === name);
  const [move] = pos.legalMoves(2);
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  named(() => pos.play({ from, to }), "NotationError");
  named(() => pos.play({ from, to }, 7), "NotationError");
  named(() => pos.dests(6), "NotationError");
  named(() => pos.play({ kind: "K" }, 2), "IllegalMoveError");
  named(() => pos.play({ pass: true }, 2), "IllegalMoveError");
  named(() => pos.play({ from, pass: true }, 2), "NotationError");
  named(() => pos.play({ to }, 2), "NotationError");
  named(() => pos.play({ from: "i9", to }, 2), "NotationError");
  named(() => pos.play({ kind: "KK" }, 2), "NotationError");
  assert.equal(pos.toString(), before);
  const played = pos.play({ from, to }, 2);
  assert.deepEqual([played.action, played.move, played.roll], [`2:${move}`, move, 2]);
  assert.deepEqual(pos.history(), [`2:${move}`]);
});
