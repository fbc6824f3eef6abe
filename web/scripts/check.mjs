// Checks the tools `npm run build` needs before it starts: Rust with the
// wasm32-unknown-unknown target, and wasm-bindgen-cli at exactly the
// version web/Cargo.toml pins (the generated glue must match the
// wasm-bindgen crate). When something is missing it prints one line that
// says what to run, and exits with status 1.
//
//   node scripts/check.mjs        (npm run build runs it first)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const TARGET = "wasm32-unknown-unknown";

/** The wasm-bindgen version web/Cargo.toml pins (`wasm-bindgen = "=X"`). */
export function pinnedVersion() {
  const manifest = readFileSync(join(web, "Cargo.toml"), "utf8");
  const line = manifest.split("\n").find((l) => l.startsWith("wasm-bindgen = \"="));
  if (!line) throw new Error("web/Cargo.toml does not pin wasm-bindgen exactly");
  return line.slice("wasm-bindgen = \"=".length, line.indexOf("\"", "wasm-bindgen = \"=".length));
}

/** What `command --version`-like arguments print, or null when it cannot run. */
function output(command, args) {
  try {
    return execFileSync(command, args, { cwd: web, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/**
 * The commands to run before the build can work (empty when none): the
 * wasm32 target, wasm-bindgen-cli at the pinned version.
 */
export function missingTools() {
  const commands = [];
  const sysroot = output("rustc", ["--print", "sysroot"]);
  if (sysroot === null) {
    commands.push("curl --proto '=https' -sSf https://sh.rustup.rs | sh");
  }
  if (sysroot === null || !existsSync(join(sysroot, "lib", "rustlib", TARGET))) {
    commands.push(`rustup target add ${TARGET}`);
  }
  const version = pinnedVersion();
  const found = output("wasm-bindgen", ["--version"]);
  if (found === null) {
    commands.push(`cargo install wasm-bindgen-cli --version =${version}`);
  } else if (found !== `wasm-bindgen ${version}`) {
    commands.push(`cargo install --force wasm-bindgen-cli --version =${version}`);
  }
  return commands;
}

/** Exits with one line and status 1 when a tool is missing. */
export function checkTools() {
  const commands = missingTools();
  if (commands.length === 0) return;
  console.error(`npm run build needs the ${TARGET} target and wasm-bindgen-cli ${pinnedVersion()} ` +
    `(as web/Cargo.toml pins); run: ${commands.join(" && ")}`);
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) checkTools();
