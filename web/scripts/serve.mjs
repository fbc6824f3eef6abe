// A small static server for the playable page: `npm run demo` serves
// page/ at / and the built package at /dist/ on http://127.0.0.1:$PORT/
// (default 8080). Nothing else is served; everything works offline.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const roots = { "/dist/": join(web, "dist"), "/": join(web, "page") };
const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json",
  ".svg": "image/svg+xml", ".ts": "text/plain; charset=utf-8",
};

/** The file a URL path names, or null when it is outside the served folders. */
export function resolve(pathname) {
  for (const [prefix, root] of Object.entries(roots)) {
    if (!pathname.startsWith(prefix)) continue;
    let rest = decodeURIComponent(pathname.slice(prefix.length));
    if (rest === "" || rest.endsWith("/")) rest += "index.html";
    const file = normalize(join(root, rest));
    return file.startsWith(root + sep) ? file : null;
  }
  return null;
}

export function serve(port = Number(process.env.PORT ?? 8080), host = "127.0.0.1") {
  const server = createServer(async (request, response) => {
    let file = null;
    try {
      file = resolve(new URL(request.url, "http://localhost").pathname);
    } catch {
      file = null;
    }
    if (!file || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(file ? 405 : 404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-cache",
      });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    }
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const server = await serve();
  const { port } = server.address();
  console.log(`serving the page on http://127.0.0.1:${port}/ (Ctrl-C stops)`);
}
