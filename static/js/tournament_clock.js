// The clock for the room (templates/tournaments/clock.html): the tournament's numbers from its
// summary (docs/protocol.md, "A tournament's numbers"), read every few seconds and when a
// level's time runs out; a countdown in between; a chime at a new level if the room asked
// for sound; the screen kept awake where the browser can. A reload or a server restart
// loses nothing: the clock is read from the server's stored times.
import { clockText } from "./clock_text.js";
import { gettext, interpolate, ngettext } from "./i18n.js";
import { money } from "./table/format.js";
import { blindsText } from "./table/tournament.js";

const root = document.getElementById("room-clock");
const READ_MS = 5000;
let data = null;
let loadedAt = 0;
let lastLevel = null;
let sound = false;
let wake = null;

const el = (id) => document.getElementById(id);

function remaining() {
  if (!data || data.remaining === null || data.remaining === undefined) return null;
  return data.paused ? data.remaining : Math.max(0, data.remaining - (Date.now() - loadedAt) / 1000);
}

function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.3, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 1.2);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 1.2);
  } catch {
    // no sound here: the clock still shows the new level
  }
}

function draw() {
  if (!data) return;
  const running = data.status === "running";
  const state = el("rc-state");
  state.textContent = data.paused ? gettext("Paused") : data.hand_for_hand ? gettext("Hand for hand") : "";
  state.hidden = !state.textContent;
  el("rc-level").textContent = !running ? "" : data.on_break ? gettext("Break") : interpolate(gettext("Level %(level)s"), { level: data.level });
  const left = remaining();
  el("rc-time").textContent = running && left !== null ? clockText(left) : running ? "∞" : "";
  el("rc-blinds").textContent = running && data.blinds ? (data.on_break ? interpolate(gettext("then %(blinds)s"), { blinds: blindsText(data.blinds) }) : blindsText(data.blinds)) : "";
  el("rc-next").textContent = running && data.next ? interpolate(gettext("next %(blinds)s"), { blinds: blindsText(data.next) })
    + (data.break_next ? " · " + interpolate(ngettext("then a %(minutes)s-minute break", "then a %(minutes)s-minute break", data.break_minutes), { minutes: data.break_minutes }) : "") : "";
  el("rc-left").textContent = interpolate(gettext("%(left)s of %(entries)s"), { left: data.left, entries: data.entries });
  el("rc-average").textContent = money(data.average); // chips: the default amount format
  el("rc-pool").textContent = data.pool;
  el("rc-paid").textContent = String(data.paid);
  const end = el("rc-end");
  end.textContent = data.status === "finished" && data.winners.length ? interpolate(gettext("%(name)s wins the tournament!"), { name: data.winners.join(", ") }) : "";
  end.hidden = !end.textContent;
  const level = running ? `${data.level}:${data.on_break}` : null;
  if (sound && lastLevel !== null && level !== null && level !== lastLevel) chime();
  lastLevel = level;
}

async function load() {
  try {
    const response = await fetch(root.dataset.summary, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (response.ok) {
      data = await response.json();
      loadedAt = Date.now();
      draw();
    }
  } catch {
    // offline for a moment: the next read catches up
  }
}

async function keepAwake() {
  try {
    if ("wakeLock" in navigator && document.visibilityState === "visible") wake = await navigator.wakeLock.request("screen");
  } catch {
    wake = null; // not allowed here: the screen may sleep
  }
}

if (root) {
  load();
  setInterval(load, READ_MS);
  setInterval(() => {
    const left = remaining();
    if (data && data.status === "running" && left !== null) {
      el("rc-time").textContent = clockText(left);
      if (left <= 0) setTimeout(load, 800);
    }
  }, 1000);
  el("rc-full").addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else root.requestFullscreen?.().catch(() => {});
  });
  el("rc-sound").addEventListener("click", (event) => {
    sound = !sound;
    event.currentTarget.setAttribute("aria-pressed", String(sound));
    if (sound) chime(); // a browser lets a page sound only after a tap: this one
  });
  keepAwake();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !wake) keepAwake();
  });
}
