// The die's check in the browser: once a game is over the server publishes
// its seed, and the page recomputes every roll with WebCrypto. The k-th
// roll (k = 0, 1, 2, ...) is
//   2 + (HMAC-SHA-256(key = server seed bytes,
//                     message = "<id>:<k>:<seed0>:<seed1>:...")[0] mod 4)
// with the seeds in lowercase hex, and the commitment published at the
// start is hex(SHA-256(server seed bytes)).

function bytes(hex) {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`not hex: ${hex}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The faces rolled in a game, in order, from its move tokens (`2:h1f3`, `4:pass`). */
export function rolledFaces(moves) {
  return moves.map((token) => /^([2-5]):/.exec(token)).filter(Boolean).map((m) => Number(m[1]));
}

/**
 * Checks a finished game's dice: `{ ok: true, rolls }`, or `{ ok: false,
 * reason }` naming the commitment or the first roll that does not match.
 */
export async function checkDice(id, dice, moves) {
  const seed = bytes(dice.server_seed);
  const commitment = hex(await crypto.subtle.digest("SHA-256", seed));
  if (commitment !== dice.commitment.toLowerCase()) {
    return { ok: false, reason: `the server seed does not match the commitment (${commitment})` };
  }
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const seeds = dice.seeds.map((s) => s.toLowerCase()).join(":");
  const faces = rolledFaces(moves);
  for (let k = 0; k < faces.length; k++) {
    const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}:${k}:${seeds}`));
    const face = 2 + (new Uint8Array(mac)[0] % 4);
    if (face !== faces[k]) {
      return { ok: false, reason: `roll ${k + 1} (${moves.filter((t) => /^[2-5]:/.test(t))[k]}) should be ${face}` };
    }
  }
  return { ok: true, rolls: faces.length };
}

/** A fresh client seed: 16 random bytes in lowercase hex. */
export function clientSeed() {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}
