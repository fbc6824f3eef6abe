// The demo's static server serves page/ and dist/ and nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { resolve, serve } from "../scripts/serve.mjs";

test("paths outside page/ and dist/ are refused", () => {
  assert.match(resolve("/"), /page[\\/]index\.html$/);
  assert.match(resolve("/dist/index.js"), /dist[\\/]index\.js$/);
  for (const path of ["/../package.json", "/dist/../../Cargo.toml", "/%2e%2e/src/lib.rs", "/dist/%2e%2e/scripts/serve.mjs"]) {
    const file = resolve(path);
    assert.ok(file === null || /[\\/](page|dist)[\\/]/.test(file), `${path} -> ${file}`);
    assert.ok(file === null || !file.includes(".."), `${path} -> ${file}`);
  }
});

test("the server answers the page and 404 for the rest", async () => {
  const server = await serve(0);
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const page = await fetch(`${base}/?game=kaissa`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type"), /text\/html/);
    assert.match(await page.text(), /data-board/);
    assert.equal((await fetch(`${base}/../Cargo.toml`)).status, 404);
    assert.equal((await fetch(`${base}/nothing-here.js`)).status, 404);
    const wasm = await fetch(`${base}/dist/wasm/kaissa_chaturaji_bg.wasm`);
    assert.equal(wasm.headers.get("content-type"), "application/wasm");
  } finally {
    server.close();
  }
});
