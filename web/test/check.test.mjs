// The build's tool check (scripts/check.mjs) with a PATH that holds only
// stand-ins: a `rustc` that prints a sysroot we make (with or without the
// wasm32 target) and, or not, a `wasm-bindgen` that prints a version.
// A missing tool is one line on stderr naming the command to run, and
// status 1; the build stops there too, before cargo.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pinnedVersion } from "../scripts/check.mjs";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const PINNED = pinnedVersion();

/** A PATH directory with the stand-ins asked for; returns its environment. */
function toolbox({ target, bindgen }) {
  const root = mkdtempSync(join(tmpdir(), "kc-check-"));
  const bin = join(root, "bin");
  const sysroot = join(root, "sysroot");
  mkdirSync(bin);
  mkdirSync(join(sysroot, "lib", "rustlib", "x86_64-unknown-linux-gnu"), { recursive: true });
  if (target) mkdirSync(join(sysroot, "lib", "rustlib", "wasm32-unknown-unknown"));
  const script = (name, text) => {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "${text}"\n`);
    chmodSync(join(bin, name), 0o755);
  };
  script("rustc", sysroot);
  if (bindgen) script("wasm-bindgen", `wasm-bindgen ${bindgen}`);
  return { root, env: { ...process.env, PATH: bin } };
}

function run(script, box) {
  const result = spawnSync(process.execPath, [join(web, "scripts", script)], {
    cwd: web, env: box.env, encoding: "utf8",
  });
  rmSync(box.root, { recursive: true, force: true });
  return result;
}

function oneLine(result, command) {
  assert.equal(result.status, 1, result.stderr);
  assert.equal(result.stdout, "");
  const lines = result.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, result.stderr);
  assert.ok(lines[0].endsWith(`run: ${command}`), lines[0]);
  assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
}

test("the pinned version is read from Cargo.toml", () => {
  assert.match(PINNED, /^\d+\.\d+\.\d+$/);
});

test("no wasm-bindgen: one line saying what to install", () => {
  oneLine(run("check.mjs", toolbox({ target: true })),
    `cargo install wasm-bindgen-cli --version =${PINNED}`);
});

test("another wasm-bindgen version: one line saying what to reinstall", () => {
  oneLine(run("check.mjs", toolbox({ target: true, bindgen: "0.1.0" })),
    `cargo install --force wasm-bindgen-cli --version =${PINNED}`);
});

test("no wasm32 target: one line saying what to add", () => {
  oneLine(run("check.mjs", toolbox({ target: false, bindgen: PINNED })),
    "rustup target add wasm32-unknown-unknown");
});

test("both missing: one line with both commands", () => {
  oneLine(run("check.mjs", toolbox({ target: false })),
    `rustup target add wasm32-unknown-unknown && cargo install wasm-bindgen-cli --version =${PINNED}`);
});

test("no Rust at all: one line with rustup, the target and wasm-bindgen", () => {
  const box = toolbox({ target: true });
  rmSync(join(box.env.PATH, "rustc"));
  oneLine(run("check.mjs", box), "curl --proto '=https' -sSf https://sh.rustup.rs | sh && " +
    `rustup target add wasm32-unknown-unknown && cargo install wasm-bindgen-cli --version =${PINNED}`);
});

test("everything there: silent success", () => {
  const result = run("check.mjs", toolbox({ target: true, bindgen: PINNED }));
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout + result.stderr, "");
});

test("the build stops at the check, before cargo", () => {
  const result = run("build.mjs", toolbox({ target: true }));
  oneLine(result, `cargo install wasm-bindgen-cli --version =${PINNED}`);
});
