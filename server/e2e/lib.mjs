// Helpers of the browser tests: a kc-server process (started, killed and
// started again on the same data and port), Chromium through
// playwright-core from web/node_modules, pages that record every console
// error and page error, and moves played by clicking squares.
//
// The scripts take the server from the environment: KC_SERVER_BIN (the
// built kc-server) and KC_DATA (its data directory); KC_CHROMIUM
// overrides Chromium's path (/usr/bin/chromium).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer, connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(dirname(dirname(fileURLToPath(import.meta.url)))), "web");
const { chromium } = createRequire(join(web, "package.json"))("playwright-core");

export const MOVE = /^([a-j](?:10|[1-9]))([a-j](?:10|[1-9]))([A-Z]?)$/;

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port) {
  for (let i = 0; i < 400; i++) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => { socket.destroy(); resolve(true); });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    await sleep(25);
  }
  throw new Error(`kc-server does not listen on ${port}`);
}

/** A kc-server on a free loopback port over KC_DATA. */
export class Server {
  static async start() {
    const server = new Server(await freePort());
    await server.#spawn();
    return server;
  }

  constructor(port) {
    this.port = port;
    this.base = `http://127.0.0.1:${port}/`;
  }

  async #spawn() {
    const bin = process.env.KC_SERVER_BIN;
    const data = process.env.KC_DATA;
    check(bin && data, "KC_SERVER_BIN and KC_DATA must be set");
    this.child = spawn(bin, ["--listen", `127.0.0.1:${this.port}`, "--data", data, "--create-per-minute", "0"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.exited = new Promise((resolve) => this.child.once("exit", resolve));
    await listening(this.port);
  }

  /**
   * Kills the process (SIGKILL) and starts it again on the same data and
   * port. Until a few seconds after it listens again, pages may fail to
   * reach it: `outage()` says whether now is such a time.
   */
  async restart() {
    this.outageUntil = Infinity;
    this.child.kill("SIGKILL");
    await this.exited;
    await this.#spawn();
    this.outageUntil = Date.now() + 3000;
  }

  /** Whether the server is being restarted (or was, a moment ago). */
  outage() {
    return Date.now() <= (this.outageUntil ?? 0);
  }

  async stop() {
    this.child.kill("SIGKILL");
    await this.exited;
  }

  /** A JSON request to the API. */
  async api(path, body) {
    const reply = await fetch(new URL(path, this.base), body === undefined
      ? {}
      : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await reply.json();
    check(reply.ok, `${path}: ${reply.status} ${JSON.stringify(answer)}`);
    return answer;
  }
}

/** What Chromium says of a connection the server refused. */
const REFUSED = /ERR_CONNECTION_REFUSED|WebSocket connection to .* failed/;

/** Chromium, and pages whose errors are collected in `errors`. */
export class Browser {
  static async launch() {
    const browser = new Browser();
    browser.chromium = await chromium.launch({
      executablePath: process.env.KC_CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
    });
    return browser;
  }

  errors = [];

  /** A page in a browser context of its own (its own local storage). */
  async open(url, name = url) {
    const context = await this.chromium.newContext();
    const page = await context.newPage();
    page.on("pageerror", (error) => this.errors.push(`${name}: ${error}`));
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      // A page that reconnects while the server restarts is refused: that
      // is the restart, not a fault of the page.
      if (this.server?.outage() && REFUSED.test(m.text())) return;
      this.errors.push(`${name}: ${m.text()}`);
    });
    await page.goto(url);
    return page;
  }

  /** Fails on any console error or page error seen so far. */
  checkErrors() {
    check(this.errors.length === 0, `console or page errors: ${this.errors.join("; ")}`);
  }

  async close() {
    await this.chromium.close();
  }
}

/** Runs `body(server, browser)`, then stops both; exits non-zero on failure. */
export async function scenario(body) {
  const server = await Server.start();
  let browser = null;
  try {
    browser = await Browser.launch();
    browser.server = server;
    await body(server, browser);
    browser.checkErrors();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (browser) await browser.close();
    await server.stop();
  }
}

/** Waits until `page` shows `count` moves and, when `mine`, its own turn. */
export async function waitForPly(page, count, mine = true) {
  await page.waitForFunction(
    ([count, mine]) => document.querySelectorAll("[data-moves] li").length === count &&
      (!mine || document.querySelector("[data-status]").textContent.includes("(you)")),
    [count, mine],
    { timeout: 15000 },
  );
}

/** Plays `text` (`e2e5`, `H@c1`, `h1f3`, `pass`, ...) on `page` by clicks. */
export async function clickMove(page, text) {
  const match = MOVE.exec(text);
  if (match) {
    await page.click(`[data-square="${match[1]}"]`);
    await page.click(`[data-square="${match[2]}"]`);
  } else if (text.startsWith("H@")) {
    await page.click('[data-action="place-stone"]');
    await page.click(`[data-square="${text.slice(2)}"]`);
  } else {
    await page.click(`[data-choices] [data-move="${text}"]`);
  }
}

/** The seat links of a created game (`/g/<id>?join=<secret>`). */
export function seatLinks(server, created) {
  return created.seats.map((s) => new URL(`${created.url}?join=${s.join}`, server.base).href);
}

/** Waits until `page` says the game is over; returns the status text. */
export async function waitForEnd(page) {
  await page.waitForFunction(() => document.querySelector("[data-status]").textContent.startsWith("Game over"), null, { timeout: 15000 });
  return page.textContent("[data-status]");
}
