// The playable page in headless Chromium: moves by clicks, Home Stone
// placement, rolls, passes, promotion decisions, an exchange, whole games
// by clicks and by computer seats, the page's position against the
// package's, and no console error. Screenshots go to web/artefacts/.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as kc from "../dist/index.js";
import { ARTEFACTS, changed, position, skipUnlessReady, start } from "./browser.mjs";

const skip = skipUnlessReady();
let browser;

before(async () => {
  if (skip) return;
  await kc.ready;
  browser = await start();
});

after(async () => {
  await browser?.close();
});

// The library's own exchange position (tests/chaturaji/audit.rs).
const EXCHANGE_TEXT = "4,bE,3/5,bP,2/2,rP,5/yK,7/8/8/8/3,gK,4 y rbyg - rb 3 40";

// A small reproducible generator (ours) for the moves the test picks.
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/** A Kaissa move for a human that ends games soon: capture a Home Stone, else any capture. */
function pickKaissa(pos, next) {
  const moves = pos.legalMoves();
  const pieces = pos.pieces();
  const stone = moves.filter((m) => !m.startsWith("H@") && pieces[m.match(/[a-j]\d+$/)[0]]?.toUpperCase() === "H");
  if (stone.length) return stone[0];
  const captures = moves.filter((m) => !m.startsWith("H@") && pieces[m.match(/[a-j]\d+$/)[0]]);
  const pool = captures.length && next(3) ? captures : moves;
  return pool[next(pool.length)];
}

async function clickMove(page, move) {
  if (move.startsWith("H@")) {
    await page.click('[data-action="place-stone"]');
    await page.click(`[data-square="${move.slice(2)}"]`);
    return;
  }
  const [, from, to] = /^([a-j]\d+)([a-j]\d+)/.exec(move);
  await page.click(`[data-square="${from}"]`);
  await page.click(`[data-square="${to}"]`);
}

async function actions(page) {
  return page.$$eval("[data-moves] li", (items) => items.map((li) => li.dataset.action));
}

test("Kaissa: e2e5 by two clicks", { skip, timeout: 240000 }, async () => {
  const { page, errors } = await browser.open("?game=kaissa");
  assert.equal(await page.locator("[data-square]").count(), 100);
  const pos = new kc.kaissa.Position();
  assert.equal(await position(page), pos.toString());
  await page.click('[data-square="e2"]');
  assert.ok(await page.locator('[data-square="e5"].kc-dest').count(), "a dot on e5");
  await page.click('[data-square="e5"]');
  pos.push("e2e5");
  assert.equal(await position(page), pos.toString());
  assert.equal(await page.textContent("[data-moves] li"), "e5");
  await page.screenshot({ path: join(ARTEFACTS, "kaissa-e2e5.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

for (const rules of ["sheet", "opposite", "ludii"]) {
  test(`Chaturaji (${rules}): roll control, a roll and a move by clicks`, { skip, timeout: 240000 }, async () => {
    const { page, errors } = await browser.open(`?game=chaturaji&rules=${rules}&seed=4`);
    assert.equal(await page.locator("[data-square]").count(), 64);
    const pos = new kc.chaturaji.Position({ rules });
    assert.equal(await position(page), pos.toString());
    await page.click('[data-action="roll"]');
    const face = Number(await page.getAttribute("[data-roll]", "data-roll"));
    assert.ok(face >= 2 && face <= 5);
    const [move] = pos.legalMoves(face);
    if (move === "pass") {
      await page.click('[data-action="pass"]');
    } else {
      await page.click(`[data-square="${move.slice(0, 2)}"]`);
      await page.click(`[data-square="${move.slice(2, 4)}"]`);
    }
    pos.push(face, move);
    assert.equal(await position(page), pos.toString());
    await page.screenshot({ path: join(ARTEFACTS, `chaturaji-${rules}.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("Kaissa: a whole game by clicks against a computer, Home Stone placed by clicks", { skip, timeout: 240000 }, async () => {
  const { page, errors } = await browser.open("?game=kaissa&seats=human,greedy&delay=0");
  const next = generator(1);
  let placed = false;
  for (let ply = 0; ply < 3000; ply++) {
    const text = await position(page);
    const pos = new kc.kaissa.Position(text);
    if (pos.isGameOver()) break;
    if (pos.toMove !== "yellow") {
      await changed(page, text);
      continue;
    }
    const window = pos.homeStoneWindow();
    const move = window.openNow && !placed
      ? `H@${window.squares[0]}`
      : pickKaissa(pos, next);
    if (move.startsWith("H@")) placed = true;
    await clickMove(page, move);
    pos.push(move);
    const now = await position(page);
    if (now !== pos.toString()) {
      // The computer may already have answered: the page's position is
      // then one of Red's replies.
      const replies = pos.legalMoves().map((m) => { const p = pos.clone(); p.push(m); return p.toString(); });
      assert.ok(replies.includes(now) || pos.isGameOver(), `after ${move}: ${now}`);
    }
  }
  const final = new kc.kaissa.Position(await position(page));
  assert.ok(final.isGameOver(), "the game ended");
  assert.ok(placed, "a Home Stone was placed by clicks");
  const replay = new kc.kaissa.Position();
  for (const action of await actions(page)) replay.push(action);
  assert.equal(replay.toString(), final.toString());
  assert.match(await page.textContent("[data-status]"), /Game over/);
  await page.screenshot({ path: join(ARTEFACTS, "kaissa-game-over.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

for (const rules of ["sheet", "ludii"]) {
  test(`Chaturaji (${rules}): a whole game by clicks (Red) against three computers`, { skip, timeout: 240000 }, async () => {
    const { page, errors } = await browser.open(`?game=chaturaji&rules=${rules}&seats=human,greedy,greedy,greedy&delay=0&seed=9`);
    const next = generator(2);
    let passes = 0;
    let rolls = 0;
    let decisions = 0;
    for (let step = 0; step < 6000; step++) {
      const text = await position(page);
      const pos = new kc.chaturaji.Position(text, { rules });
      if (pos.isGameOver()) break;
      if (pos.toMove !== "red") {
        await changed(page, text, 30000);
        continue;
      }
      if (pos.pendingPromotion()) {
        await page.waitForSelector("[data-choice]");
        const choices = await page.$$eval("[data-choice]", (b) => b.map((x) => x.dataset.choice));
        await page.click(`[data-choice="${choices[next(choices.length)]}"]`);
        decisions++;
        await changed(page, text);
        continue;
      }
      await page.click('[data-action="roll"]');
      rolls++;
      const face = Number(await page.getAttribute("[data-roll]", "data-roll"));
      const moves = pos.legalMoves(face);
      const pieces = pos.pieces();
      const captures = moves.filter((m) => pieces[m.slice(2, 4)]);
      const pool = captures.length ? captures : moves;
      const move = pool[next(pool.length)];
      if (move === "pass") {
        passes++;
        await page.click('[data-action="pass"]');
      } else {
        await page.click(`[data-square="${move.slice(0, 2)}"]`);
        await page.click(`[data-square="${move.slice(2, 4)}"]`);
        // A special promotion (g7g8K): the chooser offers the kinds.
        if (move.length > 4) await page.click(`[data-choice="${move.slice(4)}"]`);
      }
      await changed(page, text);
    }
    const final = new kc.chaturaji.Position(await position(page), { rules });
    assert.ok(final.isGameOver(), "the game ended");
    assert.ok(rolls > 0 && passes > 0, `rolled ${rolls} times, passed ${passes} times`);
    const replay = new kc.chaturaji.Position({ rules });
    for (const action of await actions(page)) replay.pushAction(action);
    assert.equal(replay.toString(), final.toString());
    await page.screenshot({ path: join(ARTEFACTS, `chaturaji-${rules}-game-over.png`) });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("whole games between computer seats, both games", { skip, timeout: 240000 }, async () => {
  for (const [query, make] of [
    ["?game=kaissa&seats=greedy,random&delay=0", () => new kc.kaissa.Position()],
    ["?game=chaturaji&rules=opposite&seats=random,greedy,random,mcts:30&delay=0&seed=3",
      () => new kc.chaturaji.Position({ rules: "opposite" })],
  ]) {
    const { page, errors } = await browser.open(query);
    await page.waitForFunction(() => /Game over/.test(document.querySelector("[data-status]").textContent),
      null, { timeout: 120000 });
    const replay = make();
    for (const action of await actions(page)) {
      if (replay.game === "kaissa") replay.push(action); else replay.pushAction(action);
    }
    assert.equal(replay.toString(), await position(page));
    assert.ok(replay.isGameOver());
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("Chaturaji: a raja exchange through the page, record import and export", { skip, timeout: 240000 }, async () => {
  const { page, errors } = await browser.open("?game=chaturaji&rules=sheet");
  const pos = new kc.chaturaji.Position(EXCHANGE_TEXT, { rules: "sheet" });
  await page.click("details.record summary");
  await page.fill('[data-field="record"]', pos.toRecord());
  await page.click('[data-action="import"]');
  assert.equal(await position(page), pos.toString());
  await page.waitForSelector("[data-exchange]:not([hidden])");
  await page.selectOption('[data-field="exchange"]', "rh4,bd8");
  await page.click('[data-action="exchange"]');
  pos.exchange("rh4", "bd8");
  assert.equal(await position(page), pos.toString());
  await page.click('[data-action="export"]');
  const record = await page.inputValue('[data-field="record"]');
  assert.equal(kc.chaturaji.Position.fromRecord(record).toString(), pos.toString());
  await page.screenshot({ path: join(ARTEFACTS, "chaturaji-exchange.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("board: drag, keyboard, undo and orientation", { skip, timeout: 240000 }, async () => {
  const { page, errors } = await browser.open("?game=kaissa");
  const pos = new kc.kaissa.Position();
  await page.dragAndDrop('[data-square="e2"]', '[data-square="e5"]');
  pos.push("e2e5");
  assert.equal(await position(page), pos.toString());
  await page.focus('[data-square="a1"]');
  const reply = pos.legalMoves().find((m) => /^[a-j]9[a-j]\d+$/.test(m));
  // Keyboard: Enter on the piece, Enter on its target.
  await page.focus(`[data-square="${reply.slice(0, 2)}"]`);
  await page.keyboard.press("Enter");
  await page.focus(`[data-square="${reply.slice(2)}"]`);
  await page.keyboard.press("Enter");
  pos.push(reply);
  assert.equal(await position(page), pos.toString());
  await page.click('[data-action="undo"]');
  pos.pop();
  assert.equal(await position(page), pos.toString());
  await page.click('[data-action="flip"]');
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: join(ARTEFACTS, "kaissa-turned.png") });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Chaturaji: a special promotion by clicks and the kind chooser", { skip, timeout: 240000 }, async () => {
  // tests/chaturaji/audit.rs, special_promotion_four_choices_with_precedence.
  const text = "4,bB,2,bK/5,gP,2/8/yK,7/7,rK/8/8/gB,7 g rbyg g - 5 60";
  // A die seed whose first throw is 5 (the page's die restarts on import).
  const seed = [...Array(100).keys()].find((s) => new kc.chaturaji.Dice(s).roll() === 5);
  const { page, errors } = await browser.open(`?game=chaturaji&rules=sheet&seed=${seed}`);
  const pos = new kc.chaturaji.Position(text, { rules: "sheet" });
  await page.click("details.record summary");
  await page.fill('[data-field="record"]', pos.toRecord());
  await page.click('[data-action="import"]');
  assert.equal(await position(page), pos.toString());
  await page.click('[data-action="roll"]');
  assert.equal(await page.getAttribute("[data-roll]", "data-roll"), "5");
  await page.click('[data-square="f7"]');
  assert.ok(await page.locator('[data-square="f8"].kc-dest').count(), "a dot on f8");
  assert.ok(await page.locator('[data-square="e8"].kc-dest').count(), "a ring on e8");
  await page.click('[data-square="f8"]');
  const kinds = await page.$$eval("[data-choice]", (b) => b.map((x) => x.dataset.choice));
  assert.deepEqual(kinds.sort(), ["B", "E", "H", "K"]);
  await page.click('[data-choice="H"]');
  pos.push(5, "f7f8H");
  assert.equal(await position(page), pos.toString());
  assert.equal(await page.getAttribute("[data-moves] li:last-child", "data-action"), "5:f7f8H");
  assert.deepEqual(errors, []);
  await page.close();
});
