// Clocks: the countdown ring on the seat to act (from hand.deadline, corrected by server_time
// for the gap between the server's clock and ours), the time bank, the "next hand in" line,
// and a sync request when a deadline has passed but no new state came. During an all-in
// runout the deadline is the dealer's next street, not a player's clock: no ring is drawn.

import { gettext, interpolate } from "../i18n.js";
import { isRunout } from "./controls.js";

export class Clock {
  constructor(root, { onOverdue }) {
    this.root = root;
    this.nextHandEl = root.querySelector("#next-hand");
    this.onOverdue = onOverdue;
    this.state = null;
    this.offset = 0; // server time minus our time, in ms
    this.total = 0;
    this.overdueVersion = null;
    this.timer = setInterval(() => this.tick(), 200);
  }

  update(state) {
    this.state = state;
    const serverNow = Date.parse(state.server_time);
    if (Number.isFinite(serverNow)) this.offset = serverNow - Date.now();
    const hand = state.hand;
    this.deadline = hand && hand.deadline ? Date.parse(hand.deadline) : null;
    this.seats = [];
    if (hand && !hand.finished && !isRunout(hand)) {
      if (hand.pending && hand.pending.kind === "run_twice") this.seats = hand.pending.seats || [];
      else if (hand.pending && hand.pending.seat) this.seats = [hand.pending.seat];
      else if (hand.to_act) this.seats = [hand.to_act];
    }
    if (this.deadline) {
      const left = (this.deadline - this.now()) / 1000;
      const seat = state.seats.find((s) => s.number === this.seats[0]);
      const usual = hand.time_bank ? (seat && seat.time_bank) || state.table.time_bank_seconds : state.table.action_seconds;
      this.total = Math.max(left, usual || 0, 1);
    }
    this.tick();
  }

  now() {
    return Date.now() + this.offset;
  }

  tick() {
    const state = this.state;
    if (!state) return;
    const timebank = !!(state.hand && state.hand.time_bank);
    for (const el of this.root.querySelectorAll(".seat.timing")) {
      if (!this.deadline || !this.seats.includes(Number(el.dataset.seat))) {
        el.classList.remove("timing", "timebank", "hurry");
        el.style.removeProperty("--left");
        const text = el.querySelector(".seat-timer");
        if (text) text.textContent = "";
      }
    }
    if (this.deadline) {
      const left = Math.max(0, (this.deadline - this.now()) / 1000);
      for (const number of this.seats) {
        const el = this.root.querySelector(`.seat[data-seat="${number}"]`);
        if (!el) continue;
        el.classList.add("timing");
        el.classList.toggle("timebank", timebank);
        el.classList.toggle("hurry", left <= 5);
        el.style.setProperty("--left", String(Math.min(1, left / this.total)));
        const text = el.querySelector(".seat-timer");
        if (text) {
          // Translators: seconds left to act, on the seat ("12s")
          text.textContent = interpolate(gettext("%(seconds)ss"), { seconds: Math.ceil(left) });
          text.title = timebank ? gettext("Time bank") : gettext("Time to act");
        }
      }
      if (this.deadline - this.now() < -2000 && this.overdueVersion !== state.version) {
        this.overdueVersion = state.version;
        this.onOverdue();
      }
    }
    this.tickNextHand(state);
  }

  tickNextHand(state) {
    const between = !state.hand || state.hand.finished;
    const at = between && state.table.next_hand_at ? Date.parse(state.table.next_hand_at) : NaN;
    if (!Number.isFinite(at) || state.table.status !== "open") {
      this.nextHandEl.hidden = true;
      return;
    }
    const left = Math.ceil((at - this.now()) / 1000);
    this.nextHandEl.hidden = false;
    this.nextHandEl.textContent = left > 0
      // Translators: "s" is seconds ("Next hand in 5s")
      ? interpolate(gettext("Next hand in %(seconds)ss"), { seconds: left })
      : gettext("Dealing…");
    if (at - this.now() < -1500 && this.overdueVersion !== state.version) {
      this.overdueVersion = state.version;
      this.onOverdue();
    }
  }
}
