// The lobby: creates tables through the API and lists the open ones.
const $ = (selector) => document.querySelector(selector);
const COLOURS = { kaissa: ["yellow", "red"], chaturaji: ["red", "black", "yellow", "green"] };
const KINDS = ["human", "player", "bot:random", "bot:greedy", "bot:mcts:2000", "bot:alphabeta:4", "bot:expectimax:2"];
const KIND_TEXT = { human: "anyone with the link", player: "a player by name…" };
// Every write says it is JSON: the server takes no other from a logged-in page.
const JSON_TYPE = { "Content-Type": "application/json" };

function drawSeats() {
  const game = $('[name="game"]').value;
  $("[data-rules-field]").hidden = game !== "chaturaji";
  const seats = $("[data-seats]");
  seats.replaceChildren(...COLOURS[game].map((colour, i) => {
    const label = document.createElement("label");
    label.textContent = `Seat ${i} (${colour}) `;
    const select = document.createElement("select");
    select.name = `seat${i}`;
    for (const kind of KINDS) {
      if (game === "chaturaji" && kind.startsWith("bot:alphabeta")) continue;
      select.append(new Option(KIND_TEXT[kind] ?? kind, kind));
    }
    const name = document.createElement("input");
    name.name = `seat${i}-player`;
    name.placeholder = "player name";
    name.maxLength = 20;
    name.hidden = true;
    select.addEventListener("change", () => { name.hidden = select.value !== "player"; });
    label.append(select, " ", name);
    return label;
  }));
}

async function create(event) {
  event.preventDefault();
  $("[data-error]").textContent = "";
  const form = new FormData($('[data-form="create"]'));
  const game = form.get("game");
  const seats = COLOURS[game].map((_, i) => {
    const kind = form.get(`seat${i}`);
    return kind === "player" ? `player:${(form.get(`seat${i}-player`) || "").trim()}` : kind;
  });
  let clock = null;
  const clockText = form.get("clock");
  if (clockText.startsWith("live:")) {
    const [, initial, increment] = clockText.split(":");
    clock = { initial_ms: Number(initial), increment_ms: Number(increment) };
  } else if (clockText.startsWith("days:")) {
    clock = { days_per_move: Number(clockText.split(":")[1]) };
  }
  const body = { game, seats, clock, private: form.get("private") === "on", rated: form.get("rated") === "on" };
  if (game === "chaturaji") body.rules = form.get("rules");
  const reply = await fetch("/api/games", { method: "POST", headers: JSON_TYPE, body: JSON.stringify(body) });
  const answer = await reply.json();
  if (!reply.ok) {
    $("[data-error]").textContent = answer.error;
    return;
  }
  $("[data-created]").hidden = false;
  const link = $("[data-table-link]");
  link.href = answer.url;
  link.textContent = location.origin + answer.url;
  $("[data-seat-links]").replaceChildren(...answer.seats.map((seat) => {
    const item = document.createElement("li");
    if (seat.join) {
      const a = document.createElement("a");
      a.href = `${answer.url}?join=${seat.join}`;
      a.textContent = `${seat.colour}: ${location.origin}${a.getAttribute("href")}`;
      a.dataset.seatLink = seat.seat;
      item.append(a);
    } else if (seat.kind.startsWith("player:")) {
      const a = document.createElement("a");
      a.href = answer.url;
      a.textContent = `${seat.colour}: kept for ${seat.kind.slice(7)}, who takes it on the table's page`;
      a.dataset.seatLink = seat.seat;
      item.append(a);
    } else {
      item.textContent = `${seat.colour}: ${seat.kind}`;
    }
    return item;
  }));
  listGames();
}

async function listGames() {
  const reply = await fetch("/api/games");
  if (!reply.ok) return;
  const { games } = await reply.json();
  $("[data-games]").replaceChildren(...games.map((g) => {
    const item = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/g/${g.id}`;
    a.textContent = `${g.game}${g.rules ? " (" + g.rules + ")" : ""}: ${g.status}`;
    item.append(a);
    return item;
  }));
}

/** Shows who is logged in, or the login and registration form. */
async function showAccount() {
  const reply = await fetch("/api/account");
  const answer = reply.ok ? await reply.json() : {};
  const me = answer.name ? answer : null;
  $("[data-logged-in]").hidden = !me;
  $('[data-form="account"]').hidden = Boolean(me);
  $("[data-my-games-block]").hidden = true;
  if (me) {
    const link = $("[data-account-name]");
    link.textContent = me.name;
    link.href = `/@/${encodeURIComponent(me.name)}`;
    const mine = await fetch("/api/account/games");
    if (!mine.ok) return;
    const { games } = await mine.json();
    $("[data-my-games-block]").hidden = games.length === 0;
    $("[data-my-games]").replaceChildren(...games.map((g) => {
      const item = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/g/${g.id}`;
      a.textContent = `table ${g.id}, seat ${g.seat}: ${g.status}`;
      item.append(a);
      return item;
    }));
  }
}

async function account(event) {
  event.preventDefault();
  $("[data-account-error]").textContent = "";
  const register = event.submitter?.dataset.action === "register";
  const form = new FormData($('[data-form="account"]'));
  const reply = await fetch(register ? "/api/accounts" : "/api/login", {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({ name: form.get("name"), password: form.get("password") }),
  });
  if (!reply.ok) {
    const answer = await reply.json().catch(() => ({ error: reply.statusText }));
    $("[data-account-error]").textContent = answer.error;
    return;
  }
  $('[data-form="account"]').reset();
  await showAccount();
}

async function logout() {
  await fetch("/api/logout", { method: "POST", headers: JSON_TYPE, body: "{}" });
  await showAccount();
}

$('[data-form="account"]').addEventListener("submit", account);
$('[data-action="logout"]').addEventListener("click", logout);
showAccount();
$('[name="game"]').addEventListener("change", drawSeats);
$('[data-form="create"]').addEventListener("submit", create);
drawSeats();
listGames();
