// A Kaissa readable move that cannot be read gives a short, escaped
// message however long the text: parseReadable and pushReadable quote a
// bounded excerpt of it, never the whole text, and no raw control
// character.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as kc from "../dist/index.js";

await kc.ready;

const HUGE = 16 << 20;
// ESC, NUL and a line end, repeated.
const CONTROLS = "\u001b\u0000\n".repeat(Math.floor(HUGE / 3));

// Texts that reach each place the parser explains a fault.
const TEXTS = [
  "T" + CONTROLS + "f4",
  "f" + "1".repeat(HUGE),
  "x".repeat(HUGE) + "f4",
  "e" + CONTROLS + "e5",
  "Z" + CONTROLS,
  CONTROLS,
  "H@" + CONTROLS,
];

function readableError(fn) {
  try {
    fn();
  } catch (error) {
    assert.equal(error.name, "ReadableMoveError", error.message.slice(0, 200));
    return error.message;
  }
  assert.fail("no error thrown");
}

function assertShortAndEscaped(message) {
  assert.ok(Buffer.byteLength(message) < 200, `${Buffer.byteLength(message)} bytes`);
  assert.ok(!/[\u0000-\u001f\u007f]/.test(message), JSON.stringify(message));
}

test("huge readable moves give short escaped messages", () => {
  const pos = new kc.kaissa.Position();
  const start = pos.toString();
  for (const text of TEXTS) {
    assertShortAndEscaped(readableError(() => pos.parseReadable(text)));
    assertShortAndEscaped(readableError(() => pos.pushReadable(text)));
  }
  assert.equal(pos.toString(), start);
  assert.equal(pos.pushReadable("e5"), "e2e5");
});

test("a short faulty text is quoted escaped", () => {
  const message = readableError(() => new kc.kaissa.Position().parseReadable("T\u001b2f4"));
  assert.ok(message.includes("\\u{1b}2"), message);
  assertShortAndEscaped(message);
});
