// The computer players, off the page's thread: a message {id, game,
// rules, text, roll, spec, seat, seed} is answered with {id, move, ms,
// score, depth, nodes} (what the agent found thinking within its spec's
// budget), or {id, error}. Each seat keeps its agent (and its search tree) while its
// spec stays the same.
import * as kc from "/dist/index.js";

const agents = new Map();

self.addEventListener("message", async (event) => {
  await kc.ready;
  const { id, game, rules, text, roll, spec, seat, seed } = event.data;
  try {
    const key = `${game}:${rules}:${seat}`;
    let entry = agents.get(key);
    if (!entry || entry.spec !== spec) {
      entry = { spec, agent: new kc.Agent(spec, { seed: (seed + [...seat].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 65521, 0)) % 2 ** 32 }) };
      agents.set(key, entry);
    }
    const pos = game === "kaissa" ? new kc.kaissa.Position(text) : new kc.chaturaji.Position(text, { rules });
    const start = performance.now();
    const thought = game === "kaissa" ? entry.agent.think(pos, {}) : entry.agent.think(pos, {}, roll ?? undefined);
    pos.free();
    const { move, score, depth, nodes } = thought ?? {};
    self.postMessage({ id, move, ms: performance.now() - start, score, depth, nodes });
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
});
