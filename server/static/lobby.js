// The lobby: creates tables through the API and lists the open ones.
const $ = (selector) => document.querySelector(selector);
const COLOURS = { kaissa: ["yellow", "red"], chaturaji: ["red", "black", "yellow", "green"] };
const KINDS = ["human", "bot:random", "bot:greedy", "bot:mcts:2000", "bot:alphabeta:4", "bot:expectimax:2"];

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
      select.append(new Option(kind, kind));
    }
    label.append(select);
    return label;
  }));
}

async function create(event) {
  event.preventDefault();
  $("[data-error]").textContent = "";
  const form = new FormData($('[data-form="create"]'));
  const game = form.get("game");
  const seats = COLOURS[game].map((_, i) => form.get(`seat${i}`));
  let clock = null;
  const clockText = form.get("clock");
  if (clockText.startsWith("live:")) {
    const [, initial, increment] = clockText.split(":");
    clock = { initial_ms: Number(initial), increment_ms: Number(increment) };
  } else if (clockText.startsWith("days:")) {
    clock = { days_per_move: Number(clockText.split(":")[1]) };
  }
  const body = { game, seats, clock, private: form.get("private") === "on" };
  if (game === "chaturaji") body.rules = form.get("rules");
  const reply = await fetch("/api/games", { method: "POST", body: JSON.stringify(body) });
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

$('[name="game"]').addEventListener("change", drawSeats);
$('[data-form="create"]').addEventListener("submit", create);
drawSeats();
listGames();
