// The table's sounds, made with Web Audio (no files): the deal, a check, chips for a bet or a
// call, a fold, your turn and a win. `soundsBetween` says which a change of state makes; the
// Sounds player makes them at the player's volume (prefs.js keeps the mute switch and volume).
// Each sound played is also announced as a `table-sound` event on the document.

/** The sounds from `previous` to `state` (its next version), in the order they happened. */
export function soundsBetween(previous, state) {
  const out = [];
  const before = previous && previous.hand;
  const after = state.hand;
  if (!after) return out;
  if (!before || before.number !== after.number) {
    if (!after.finished) out.push("deal");
    return out;
  }
  const was = new Map(previous.seats.map((s) => [s.number, s]));
  for (const seat of state.seats) {
    const action = seat.last_action;
    const old = was.get(seat.number);
    if (!action || (old && JSON.stringify(old.last_action) === JSON.stringify(action))) continue;
    if (action.kind === "fold") out.push("fold");
    else if (action.kind === "check") out.push("check");
    else if (["call", "bet", "raise", "all_in", "bring_in"].includes(action.kind)) out.push("chips");
  }
  if (after.finished && !before.finished && state.seats.some((s) => (s.won || 0) > 0)) out.push("win");
  return out;
}

// Each sound: [delay s, frequency Hz, length s, wave, loudness 0..1] notes.
const VOICES = {
  deal: [[0, 1800, 0.04, "triangle", 0.5], [0.09, 1700, 0.04, "triangle", 0.5]],
  check: [[0, 420, 0.05, "square", 0.35], [0.08, 420, 0.05, "square", 0.35]],
  chips: [[0, 2600, 0.03, "triangle", 0.6], [0.04, 3100, 0.03, "triangle", 0.5], [0.08, 2800, 0.04, "triangle", 0.4]],
  fold: [[0, 300, 0.12, "sine", 0.4]],
  turn: [[0, 880, 0.1, "sine", 0.8], [0.14, 1320, 0.1, "sine", 0.8]],
  win: [[0, 660, 0.12, "sine", 0.7], [0.12, 880, 0.12, "sine", 0.7], [0.24, 1320, 0.2, "sine", 0.7]],
};

export class Sounds {
  constructor() {
    this.audio = null;
    this.volume = 0.6; // 0..1
    this.muted = false;
    // Browsers only let a page make sound after the player has interacted with it.
    const unlock = () => {
      if (!this.audio && window.AudioContext) this.audio = new AudioContext();
      if (this.audio && this.audio.state === "suspended") this.audio.resume().catch(() => {});
    };
    document.addEventListener("pointerdown", unlock, { once: true, capture: true });
    document.addEventListener("keydown", unlock, { once: true, capture: true });
  }

  play(kind) {
    const notes = VOICES[kind];
    if (!notes || this.muted || this.volume <= 0) return;
    document.dispatchEvent(new CustomEvent("table-sound", { detail: { kind, volume: this.volume } }));
    const ctx = this.audio;
    if (!ctx || ctx.state !== "running") return;
    const now = ctx.currentTime;
    for (const [delay, freq, length, wave, loud] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      const peak = Math.max(0.0002, 0.25 * loud * this.volume);
      gain.gain.setValueAtTime(0.0001, now + delay);
      gain.gain.exponentialRampToValueAtTime(peak, now + delay + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + delay + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + delay);
      osc.stop(now + delay + length + 0.01);
    }
  }
}
