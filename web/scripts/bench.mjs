// Size and speed of the package, each figure beside its native or
// JavaScript peer measured in the same run (BENCHMARKS.md):
//
//   npm --prefix web run build && nice npm --prefix web run bench
//
// 1. dist/wasm/kaissa_chaturaji_bg.wasm, raw and gzipped;
// 2. Kaissa perft from the start in Node against the native library
//    (web/examples/native_rates.rs, release build), best of 3 each;
// 3. listing the legal moves of the start position per call: the package
//    (Kaissa, 40 moves as strings) against chess.js (chess, 20 moves);
// 4. MCTS iterations per second in Node, in headless Chromium (when
//    installed) and natively.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { Chess } from "chess.js";
import * as kc from "../dist/index.js";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const DEPTH = Number(process.env.KC_PERFT_DEPTH ?? 5);
const ITERATIONS = Number(process.env.KC_MCTS_ITERATIONS ?? 20000);
await kc.ready;

const wasm = readFileSync(join(web, "dist", "wasm", "kaissa_chaturaji_bg.wasm"));
console.log(`wasm_bytes ${wasm.length} gzipped ${gzipSync(wasm, { level: 9 }).length}`);

function native() {
  const out = execFileSync("cargo", [
    "run", "--quiet", "--release", "--manifest-path", join(web, "Cargo.toml"),
    "--example", "native_rates", "--", String(DEPTH), String(ITERATIONS),
  ], { encoding: "utf8" });
  const lines = Object.fromEntries(out.trim().split("\n").map((l) => {
    const parts = l.split(" ");
    return [parts[0] === "mcts" ? `mcts_${parts[1]}` : parts[0], parts];
  }));
  return {
    perft: Number(lines.kaissa_perft[3]),
    nodes: Number(lines.kaissa_perft[2]),
    mctsKaissa: Number(lines.mcts_kaissa[3]),
    mctsChaturaji: Number(lines.mcts_chaturaji[3]),
  };
}

// The repository's own perft example (`cargo run --release --example
// perft -- kaissa --threads 1 5`), timed as a whole process, when
// KC_BENCH_PERFT_EXAMPLE=1.
function perftExample() {
  const root = dirname(web);
  const start = performance.now();
  const out = execFileSync("cargo", ["run", "--quiet", "--release", "--example", "perft", "--", "kaissa", "--threads", "1", String(DEPTH)],
    { cwd: root, encoding: "utf8" });
  const seconds = (performance.now() - start) / 1000;
  return { seconds, nodes: Number(out.trim().split("\n").pop()) };
}

function mctsSeconds(game) {
  new kc.Agent("mcts:500", { seed: 9 }).choose(game === "kaissa" ? new kc.kaissa.Position() : new kc.chaturaji.Position(), 5);
  const agent = new kc.Agent(`mcts:${ITERATIONS}`, { seed: 1 });
  const pos = game === "kaissa" ? new kc.kaissa.Position() : new kc.chaturaji.Position();
  const start = performance.now();
  agent.choose(pos, 5);
  return (performance.now() - start) / 1000;
}

native(); // builds the example
const runs = [];
for (let i = 0; i < 3; i++) {
  const n = native();
  const start = performance.now();
  const nodes = new kc.kaissa.Position().perft(DEPTH);
  const seconds = (performance.now() - start) / 1000;
  if (nodes !== n.nodes) throw new Error(`perft ${nodes} != native ${n.nodes}`);
  runs.push({ native: n, wasm: seconds, mctsKaissa: mctsSeconds("kaissa"), mctsChaturaji: mctsSeconds("chaturaji") });
}
const best = (f) => Math.min(...runs.map(f));
if (process.env.KC_BENCH_PERFT_EXAMPLE === "1") {
  perftExample();
  const example = [0, 1, 2].map(() => perftExample());
  const start = performance.now();
  new kc.kaissa.Position().perft(DEPTH);
  const wasm = (performance.now() - start) / 1000;
  const seconds = Math.min(...example.map((e) => e.seconds));
  console.log(`perft_example kaissa ${DEPTH} nodes ${example[0].nodes} process_s ${seconds.toFixed(3)} ` +
    `node_wasm_s ${wasm.toFixed(3)} speed_ratio ${(seconds / wasm).toFixed(2)}`);
}
const perftNative = best((r) => r.native.perft);
const perftWasm = best((r) => r.wasm);
console.log(`kaissa_perft_${DEPTH} nodes ${runs[0].native.nodes} native_s ${perftNative.toFixed(3)} ` +
  `node_wasm_s ${perftWasm.toFixed(3)} speed_ratio ${(perftNative / perftWasm).toFixed(2)}`);

function perCall(fn, calls) {
  for (let i = 0; i < calls / 10; i++) fn();
  const start = performance.now();
  for (let i = 0; i < calls; i++) fn();
  return ((performance.now() - start) * 1000) / calls;
}
const kaissa = new kc.kaissa.Position();
const chess = new Chess();
const ours = Math.min(...[0, 1, 2].map(() => perCall(() => kaissa.legalMoves(), 100000)));
const peer = Math.min(...[0, 1, 2].map(() => perCall(() => chess.moves(), 20000)));
const peerVerbose = Math.min(...[0, 1, 2].map(() => perCall(() => chess.moves({ verbose: true }), 20000)));
console.log(`legal_moves_us_per_call kaissa_start_40 ${ours.toFixed(2)} ` +
  `chessjs_start_20_san ${peer.toFixed(2)} chessjs_start_20_verbose ${peerVerbose.toFixed(2)}`);

const rate = (seconds) => (ITERATIONS / seconds).toFixed(0);
const nodeK = best((r) => r.mctsKaissa);
const nodeC = best((r) => r.mctsChaturaji);
const nativeK = best((r) => r.native.mctsKaissa);
const nativeC = best((r) => r.native.mctsChaturaji);
console.log(`mcts_iterations_per_s kaissa native ${rate(nativeK)} node ${rate(nodeK)}` +
  ` chaturaji native ${rate(nativeC)} node ${rate(nodeC)}`);

try {
  const { start } = await import("../e2e/browser.mjs");
  const browser = await start();
  const { page } = await browser.open("?game=kaissa");
  const seconds = await page.evaluate(async (iterations) => {
    const kc = await import("/dist/index.js");
    await kc.ready;
    const out = {};
    for (const game of ["kaissa", "chaturaji"]) {
      let best = Infinity;
      new kc.Agent("mcts:500", { seed: 9 }).choose(game === "kaissa" ? new kc.kaissa.Position() : new kc.chaturaji.Position(), 5);
      for (let i = 0; i < 3; i++) {
        const agent = new kc.Agent(`mcts:${iterations}`, { seed: 1 });
        const pos = game === "kaissa" ? new kc.kaissa.Position() : new kc.chaturaji.Position();
        const t = performance.now();
        agent.choose(pos, 5);
        best = Math.min(best, (performance.now() - t) / 1000);
      }
      out[game] = best;
    }
    const t = performance.now();
    new kc.kaissa.Position().perft(5);
    out.perft5 = (performance.now() - t) / 1000;
    return out;
  }, ITERATIONS);
  console.log(`mcts_iterations_per_s chromium kaissa ${rate(seconds.kaissa)} chaturaji ${rate(seconds.chaturaji)}` +
    ` (chromium kaissa perft 5: ${seconds.perft5.toFixed(3)} s)`);
  await browser.close();
} catch (error) {
  console.log(`chromium: not measured (${error.message})`);
}
