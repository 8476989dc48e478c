// The player's table preferences (sounds and their volume, title flash, four-colour deck),
// kept in localStorage, and the "your turn" signals: a sound (sounds.js) and a flashing title.

import { gettext } from "../i18n.js";
import { Sounds } from "./sounds.js";

const KEY = "pokerclub.table.prefs";
const DEFAULTS = { sound: true, volume: 60, flash: true, fourColour: false };

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export class Prefs {
  constructor(root) {
    this.root = root;
    this.values = load();
    this.sounds = new Sounds();
    this.flashTimer = null;
    this.title = document.title;
    for (const box of root.querySelectorAll("input[data-pref]")) {
      box.checked = !!this.values[box.dataset.pref];
      box.addEventListener("change", () => this.set(box.dataset.pref, box.checked));
    }
    for (const range of root.querySelectorAll("input[data-pref-range]")) {
      range.value = String(this.values[range.dataset.prefRange]);
      range.addEventListener("input", () => this.set(range.dataset.prefRange, Number(range.value)));
    }
    this.apply();
    window.addEventListener("focus", () => this.stopFlash());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.stopFlash();
    });
  }

  set(name, value) {
    this.values[name] = value;
    try {
      localStorage.setItem(KEY, JSON.stringify(this.values));
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    this.apply();
  }

  apply() {
    document.documentElement.classList.toggle("four-colour", !!this.values.fourColour);
    this.sounds.muted = !this.values.sound;
    this.sounds.volume = Math.min(100, Math.max(0, Number(this.values.volume) || 0)) / 100;
  }

  /** The sounds of what just happened (sounds.js soundsBetween). */
  play(kinds) {
    for (const kind of kinds) this.sounds.play(kind);
  }

  /** Called once when a decision becomes the viewer's. */
  yourTurn() {
    this.sounds.play("turn");
    if (this.values.flash && (document.visibilityState !== "visible" || !document.hasFocus())) this.startFlash();
  }

  turnOver() {
    this.stopFlash();
  }

  startFlash() {
    if (this.flashTimer) return;
    let on = false;
    this.flashTimer = setInterval(() => {
      on = !on;
      document.title = on ? `▶ ${gettext("Your turn!")}` : this.title;
    }, 900);
  }

  stopFlash() {
    if (!this.flashTimer) return;
    clearInterval(this.flashTimer);
    this.flashTimer = null;
    document.title = this.title;
  }
}
