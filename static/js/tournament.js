// The tournament lobby, live: a socket that hears "changed" (docs/protocol.md) and reloads
// the lobby's part of the page; the level clock counts down between reloads and reloads the
// part when it reaches zero (the server reads the level from stored times, R24.4).

import { clockText } from "./clock_text.js";

const CLOSE_FORBIDDEN = 4403;
const lobby = document.getElementById("lobby");

let loading = false;
let again = false;

async function reload() {
  if (loading) {
    again = true;
    return;
  }
  loading = true;
  try {
    const response = await fetch(lobby.dataset.part, { credentials: "same-origin" });
    if (response.ok) {
      lobby.innerHTML = await response.text();
      startCountdown();
    }
  } catch (error) {
    // offline for a moment: the next change or the reconnect reloads it
  } finally {
    loading = false;
    if (again) {
      again = false;
      reload();
    }
  }
}

let ticking = null;

function startCountdown() {
  clearInterval(ticking);
  const counter = lobby.querySelector("[data-remaining]");
  if (!counter) return;
  let left = Number(counter.dataset.remaining);
  const started = Date.now();
  ticking = setInterval(() => {
    const now = Math.max(0, Math.round(left - (Date.now() - started) / 1000));
    counter.textContent = clockText(now);
    if (now === 0) {
      clearInterval(ticking);
      setTimeout(reload, 1000);
    }
  }, 1000);
}

function connect(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}${lobby.dataset.socket}`);
  ws.addEventListener("open", () => {
    if (attempt) reload(); // what changed while the socket was away
    attempt = 0;
  });
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "changed") reload();
  });
  ws.addEventListener("close", (event) => {
    if (event.code === CLOSE_FORBIDDEN) return;
    const wait = Math.min(30000, 500 * 2 ** attempt) * (0.5 + Math.random());
    setTimeout(() => connect(attempt + 1), wait);
  });
}

if (lobby) {
  startCountdown();
  connect();
}
