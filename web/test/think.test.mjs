// Agent.think in Node: a limit honoured or refused, the thought's shape
// at the end and after each iteration, the roll, a throwing callback.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as kc from "../dist/index.js";

await kc.ready;

function throwsNamed(fn, name) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof Error, "an Error");
    assert.equal(error.name, name, error.message);
    return true;
  });
}

function assertThought(thought, legal) {
  assert.deepEqual(Object.keys(thought).sort(), ["depth", "move", "nodes", "pv", "score", "timeMs"]);
  assert.ok(legal.includes(thought.move), thought.move);
  for (const key of ["score", "depth", "nodes", "timeMs"]) {
    assert.equal(typeof thought[key], "number", key);
  }
  assert.ok(Array.isArray(thought.pv));
}

test("alpha-beta thinks to a depth and reports each iteration", () => {
  const pos = new kc.kaissa.Position();
  const before = pos.toString();
  const agent = new kc.Agent("alphabeta", { seed: 1 });
  const seen = [];
  const thought = agent.think(pos, { depth: 3 }, (t) => seen.push(t));
  assertThought(thought, pos.legalMoves());
  assert.equal(pos.toString(), before);
  assert.equal(thought.depth, 3);
  assert.ok(thought.nodes > 0);
  assert.equal(thought.pv[0], thought.move);
  assert.deepEqual(seen.map((t) => t.depth), [1, 2, 3]);
  for (const t of seen) assertThought(t, pos.legalMoves());
  assert.deepEqual(seen[2].move, thought.move);
  // The same, with the roll argument left empty.
  assert.equal(agent.think(pos, { depth: 2 }, undefined, () => {}).depth, 2);
});

test("a won game scores near mate", () => {
  const pos = new kc.kaissa.Position("9h/1u8/10/10/10/10/10/10/10/1B2H4B y 20 -");
  const thought = new kc.Agent("alphabeta").think(pos, { depth: 2 });
  assert.equal(thought.move, "j1j10");
  assert.ok(thought.score > 30000 - 10, `${thought.score}`);
});

test("MCTS counts nodes and refuses a depth", () => {
  const pos = new kc.kaissa.Position();
  const agent = new kc.Agent("mcts", { seed: 3 });
  const thought = agent.think(pos, { nodes: 64 });
  assertThought(thought, pos.legalMoves());
  assert.equal(thought.nodes, 64);
  throwsNamed(() => agent.think(pos, { depth: 4 }), "LimitError");
  // The agent's own budget: mcts:20 runs 20 iterations.
  assert.equal(new kc.Agent("mcts:20", { seed: 3 }).think(pos).nodes, 20);
});

test("a time limit ends near its time", () => {
  const pos = new kc.kaissa.Position();
  const start = performance.now();
  const thought = new kc.Agent("alphabeta").think(pos, { time: 120 });
  const took = performance.now() - start;
  assert.ok(took >= 60 && took < 2000, `took ${took} ms`);
  assert.ok(thought.timeMs > 0 && thought.timeMs <= took + 1);
});

test("Chaturaji thinks after a roll", () => {
  const pos = new kc.chaturaji.Position({ rules: "ludii" });
  const agent = new kc.Agent("expectimax", { seed: 4 });
  const seen = [];
  const thought = agent.think(pos, { depth: 2 }, 5, (t) => seen.push(t.depth));
  assertThought(thought, pos.legalMoves(5));
  assert.ok(seen.length >= 1);
  throwsNamed(() => agent.think(pos, { depth: 2 }), "NotationError");
  throwsNamed(() => agent.think(pos, { depth: 2 }, 7), "NotationError");
  throwsNamed(() => agent.think(pos, { depth: 9 }, 5), "LimitError");
  // The same agent moves on to Kaissa (a new player for that game).
  const kpos = new kc.kaissa.Position();
  assertThought(agent.think(kpos, { depth: 1 }), kpos.legalMoves());
});

test("bad limits are refused before thinking", () => {
  const pos = new kc.kaissa.Position();
  const agent = new kc.Agent("alphabeta");
  throwsNamed(() => agent.think(pos, { depth: 0 }), "RangeError");
  throwsNamed(() => agent.think(pos, { depth: 96 }), "RangeError");
  throwsNamed(() => agent.think(pos, { depth: 2.5 }), "RangeError");
  throwsNamed(() => agent.think(pos, { nodes: 1e10 }), "RangeError");
  throwsNamed(() => agent.think(pos, { time: 3600001 }), "RangeError");
  throwsNamed(() => agent.think(pos, { movetime: 100 }), "TypeError");
  throwsNamed(() => agent.think(pos, { depth: "3" }), "TypeError");
  throwsNamed(() => agent.think(pos, 3), "TypeError");
  throwsNamed(() => agent.think(pos, {}, 3), "TypeError");
  throwsNamed(() => agent.think(pos, { depth: 1 }, undefined, 5), "TypeError");
  throwsNamed(() => agent.think("start", { depth: 1 }), "TypeError");
});

test("an exception from onProgress ends the search and is thrown again", () => {
  const pos = new kc.kaissa.Position();
  const agent = new kc.Agent("alphabeta");
  let calls = 0;
  assert.throws(
    () => agent.think(pos, { depth: 6 }, () => {
      calls++;
      throw new Error("enough");
    }),
    /enough/,
  );
  assert.equal(calls, 1);
  // The agent still thinks afterwards.
  assert.equal(agent.think(pos, { depth: 1 }).depth, 1);
});

test("a finished game gives undefined", () => {
  const pos = new kc.kaissa.Position("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -");
  assert.equal(new kc.Agent("alphabeta").think(pos, { depth: 2 }), undefined);
});
