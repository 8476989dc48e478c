// The table page's entry point: reads the state the page was rendered with, opens the socket,
// and hands every `state` message to the renderers; chat lines and errors go to the side
// panel and a toast. Each module draws from the whole state, so any state can be redrawn.

import { showHouseRules } from "./rules.js";
import { gettext, interpolate, pgettext } from "../i18n.js";
import { Clock } from "./clock.js";
import { Controls, isMyTurn } from "./controls.js";
import { DeckCheck } from "./deckcheck.js";
import { Dialogs } from "./dialogs.js";
import { setAmountFormat } from "./format.js";
import { Panel } from "./panel.js";
import { Prefs } from "./prefs.js";
import { stakesText, TableView } from "./render.js";
import { soundsBetween } from "./sounds.js";
import { TableSocket } from "./socket.js";
import { TournamentLine } from "./tournament.js";

const root = document.getElementById("table-app");
const notice = root.querySelector("#conn-notice");
const toastEl = root.querySelector("#toast");
let state = null;
let toastTimer = null;
let wasAsked = false;

function readInitialState() {
  const el = document.getElementById("initial-state");
  if (!el) return null;
  try {
    let value = JSON.parse(el.textContent);
    if (typeof value === "string") value = JSON.parse(value);
    return value && value.table ? value : null;
  } catch {
    return null;
  }
}

function toast(text) {
  toastEl.textContent = text;
  toastEl.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (toastEl.hidden = true), 5000);
}

function send(message) {
  if (socket.send(message)) return true;
  toast(gettext("Not connected: reconnecting…"));
  return false;
}

// a watcher by the table's watching link has no seat to take
const view = new TableView(root, { seating: !("watching" in root.dataset), playing: true });
const controls = new Controls(root, send);
const dialogs = new Dialogs(root, send);
const panel = new Panel(root, { send, confirm: (text, ok) => dialogs.confirm(text, ok) });
const prefs = new Prefs(root);
const clock = new Clock(root, { onOverdue: () => socket.sync() });
const tournamentLine = new TournamentLine(root);
const deckCheck = new DeckCheck(root.dataset.wsPath, (m) => socket.send(m), (hand, result) => panel.deckResult(hand, result));

function askedOfMe(s) {
  const hand = s.hand;
  const me = s.you && s.you.seat;
  if (isMyTurn(s)) return `act:${hand.number}:${s.version}`;
  const p = hand && !hand.finished && hand.pending;
  if (me && p && (p.seat === me || (p.seats || []).includes(me))) return `${p.kind}:${hand.number}`;
  return null;
}

/** Draws a state; `follows` (from the socket) is true when it is the next version after the last. */
function showState(s, { follows = false } = {}) {
  const previous = follows ? state : null;
  state = s;
  setAmountFormat(s.table.amount_format);
  root.querySelector("#stakes").textContent = stakesText(s.table, s.seats);
  root.querySelector("#hand-no").textContent = s.hand ? interpolate(gettext("Hand #%(number)s"), { number: s.hand.number }) : "";
  const status = root.querySelector("#table-status");
  const bomb = s.table.bomb_pot || {};
  status.textContent = s.table.status === "closed" ? pgettext("table status", "Closed")
    : s.table.status === "paused" ? pgettext("table status", "Paused")
    : s.table.pause_requested ? gettext("Pausing after this hand")
    // R21: a bomb pot being played, or the next hand one by the table's count
    // Translators: a bomb pot is a hand where everyone puts chips in before the flop
    : s.hand && s.hand.bomb_pot && !s.hand.finished ? (s.hand.double_board ? gettext("Bomb pot · double board") : gettext("Bomb pot"))
    : s.hand && s.hand.double_board && !s.hand.finished ? gettext("Double board") // R23
    : bomb.next_by_count ? gettext("Bomb pot next hand") : "";
  status.hidden = !status.textContent;
  root.classList.toggle("seated", !!(s.you && s.you.seat));
  showHouseRules(root, s.table);
  view.render(s, previous);
  controls.update(s);
  dialogs.update(s);
  panel.update(s);
  clock.update(s);
  deckCheck.update(s);
  tournamentLine.update(s);
  if (previous) prefs.play(soundsBetween(previous, s));
  const asked = askedOfMe(s);
  if (asked && !wasAsked) prefs.yourTurn();
  if (!asked) prefs.turnOver();
  wasAsked = !!asked;
}

function onMessage(msg) {
  if (msg.type === "chat") {
    panel.receiveChat(msg);
  } else if (msg.type === "chat_history" || msg.type === "history") {
    const lines = msg.messages || msg.lines || [];
    for (const line of lines) panel.receiveChat(line, { quiet: true });
  } else if (msg.type === "moved") {
    // a tournament moved this player to another of its tables: the page follows them
    if (typeof msg.url === "string" && msg.url.startsWith("/")) window.location.assign(msg.url);
  } else if (msg.type === "notice") {
    // a word from the table's tournament (a deal proposed or declined): the lobby has more
    if (typeof msg.text === "string") toast(msg.text);
  } else if (msg.type === "guests_changed") {
    panel.loadGuests?.();
  } else if (msg.type === "nonce_ok") {
    deckCheck.accepted(msg.hand);
  } else if (msg.type === "error" && String(msg.ref || "").startsWith("nonce:")) {
    deckCheck.refused(msg);
  } else if (msg.type === "error") {
    controls.unlock();
    if (msg.code === "stale_version") socket.sync(true);
    else toast(msg.message || interpolate(gettext("Error: %(code)s"), { code: msg.code }));
  }
}

function onStatus(status) {
  notice.hidden = status === "open";
  notice.classList.toggle("refused", status === "refused");
  if (status === "reconnecting") notice.textContent = gettext("Connection lost. Reconnecting…");
  if (status === "refused") {
    notice.textContent = gettext("You can't join this table: you are signed out, or not (or no longer) a member of its club. Sign in as a member and reload the page.");
  }
  if (status === "let_out") {
    notice.classList.add("refused");
    notice.textContent = gettext("The host has closed this table to you: you were removed, or the link you came by was replaced. Ask the host for the table's new link.");
  }
  if (status !== "open") controls.unlock();
}

const initial = readInitialState();
const socket = new TableSocket(root.dataset.wsPath, { onState: showState, onMessage, onStatus }, initial ? initial.version : 0);
if (initial) showState(initial);
else {
  notice.hidden = false;
  notice.textContent = gettext("Connecting…");
}
socket.connect();
window.addEventListener("resize", () => state && view.render(state));
