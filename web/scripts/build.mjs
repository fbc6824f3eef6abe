// Builds the npm package in dist/: the WebAssembly module (cargo, then
// wasm-opt when it is installed, then wasm-bindgen's ES module glue for
// browsers and Node) and the hand-written JavaScript and types from js/.
// It first checks the tools (scripts/check.mjs): a missing wasm32 target
// or wasm-bindgen-cli is one line saying what to run, and status 1.
//
//   npm run build            (KC_WASM_OPT=0 skips wasm-opt)
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { checkTools } from "./check.mjs";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(web, "dist");
const target = join(web, "target");

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  execFileSync(command, args, { stdio: "inherit", cwd: web });
}

function found(command) {
  try {
    execFileSync(command, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

checkTools();
run("cargo", [
  "build", "--release", "--locked", "--target", "wasm32-unknown-unknown",
  "--manifest-path", join(web, "Cargo.toml"), "--target-dir", target,
]);
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "wasm"), { recursive: true });
const built = join(target, "wasm32-unknown-unknown", "release", "kaissa_chaturaji_web.wasm");
// wasm-opt runs before wasm-bindgen: Debian's binaryen (version 108)
// breaks the externref table wasm-bindgen adds, and the glue wasm-bindgen
// generates afterwards matches the optimised module.
let module = built;
if (process.env.KC_WASM_OPT !== "0" && found("wasm-opt")) {
  module = join(target, "kaissa_chaturaji_web.opt.wasm");
  run("wasm-opt", ["-O3", "--enable-bulk-memory", "--enable-nontrapping-float-to-int",
    "--enable-sign-ext", "--enable-mutable-globals", built, "-o", module]);
} else {
  console.log("wasm-opt skipped (not installed or KC_WASM_OPT=0)");
}
run("wasm-bindgen", [
  "--target", "web", "--out-dir", join(dist, "wasm"), "--out-name", "kaissa_chaturaji",
  "--no-typescript", module,
]);
const wasmFile = join(dist, "wasm", "kaissa_chaturaji_bg.wasm");
for (const name of readdirSync(join(web, "js"))) {
  copyFileSync(join(web, "js", name), join(dist, name));
}
const pkg = JSON.parse(readFileSync(join(web, "package.json"), "utf8"));
writeFileSync(join(dist, "package.json"), JSON.stringify({
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  license: pkg.license,
  type: "module",
  main: "./index.js",
  types: "./index.d.ts",
  exports: {
    ".": { types: "./index.d.ts", default: "./index.js" },
    "./board": { types: "./board.d.ts", default: "./board.js" },
  },
  engines: pkg.engines,
}, null, 2) + "\n");
const bytes = readFileSync(wasmFile);
console.log(`dist/wasm/kaissa_chaturaji_bg.wasm: ${statSync(wasmFile).size} bytes, ` +
  `${gzipSync(bytes, { level: 9 }).length} gzipped`);
if (!existsSync(join(dist, "index.js"))) process.exit(1);
