// The player's table preferences (sound, title flash, four-colour deck), kept in localStorage,
// and the "your turn" signals: a short beep made with Web Audio and a flashing page title.

const KEY = "pokerclub.table.prefs";
const DEFAULTS = { sound: true, flash: true, fourColour: false };

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
    this.audio = null;
    this.flashTimer = null;
    this.title = document.title;
    for (const box of root.querySelectorAll("input[data-pref]")) {
      box.checked = !!this.values[box.dataset.pref];
      box.addEventListener("change", () => this.set(box.dataset.pref, box.checked));
    }
    this.apply();
    // Browsers only let a page make sound after the player has interacted with it.
    const unlock = () => {
      if (!this.audio && window.AudioContext) this.audio = new AudioContext();
      if (this.audio && this.audio.state === "suspended") this.audio.resume().catch(() => {});
    };
    document.addEventListener("pointerdown", unlock, { once: true, capture: true });
    document.addEventListener("keydown", unlock, { once: true, capture: true });
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
  }

  /** Called once when a decision becomes the viewer's. */
  yourTurn() {
    if (this.values.sound) this.beep();
    if (this.values.flash && (document.visibilityState !== "visible" || !document.hasFocus())) this.startFlash();
  }

  turnOver() {
    this.stopFlash();
  }

  beep() {
    const ctx = this.audio;
    if (!ctx || ctx.state !== "running") return;
    const now = ctx.currentTime;
    for (const [offset, freq] of [[0, 880], [0.14, 1320]]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.12);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + offset);
      osc.stop(now + offset + 0.13);
    }
  }

  startFlash() {
    if (this.flashTimer) return;
    let on = false;
    this.flashTimer = setInterval(() => {
      on = !on;
      document.title = on ? "▶ Your turn!" : this.title;
    }, 900);
  }

  stopFlash() {
    if (!this.flashTimer) return;
    clearInterval(this.flashTimer);
    this.flashTimer = null;
    document.title = this.title;
  }
}
