// A tournament table's numbers (docs/protocol.md, "A tournament's numbers"): the level,
// blinds and ante, the time to the next level counting down from the server's reading, the
// next level or break, players left, average and biggest stack, the prize pool and places
// paid, "hand for hand" on the bubble; at the end, who won, and each player's own place
// and prize once they are out. Read from the tournament's summary (JSON) when the table's
// hand or status changes, when the level's time runs out, and every few seconds for a
// viewer without a seat (a player out, a spectator) while the tournament runs.
import { clockText } from "../clock_text.js";
import { gettext, interpolate, ngettext } from "../i18n.js";
import { money } from "./format.js";

/** "50/100 · ante 10": a level's blinds and ante, as a table and the room's clock write them. */
export function blindsText(b) {
  const values = { small: money(b.small), big: money(b.big), ante: money(b.ante) };
  let text = interpolate(gettext("%(small)s/%(big)s"), values);
  if (b.ante) text += " · " + interpolate(b.big_blind_ante ? gettext("big-blind ante %(ante)s") : gettext("ante %(ante)s"), values);
  return text;
}

const WATCH_MS = 10000;

export class TournamentLine {
  constructor(root) {
    this.line = root.querySelector("#tournament-line");
    this.end = root.querySelector("#tournament-end");
    this.root = root;
    this.url = this.line ? this.line.dataset.summary : null;
    this.key = null;
    this.data = null;
    this.loadedAt = 0;
    this.ticking = null;
    this.loading = false;
  }

  /** From each table state: read the summary again when the hand or the table's status changes. */
  update(state) {
    if (!this.url) return;
    const hand = state.hand ? state.hand.number : 0;
    const key = `${hand}|${state.table.status}|${state.you && state.you.seat ? 1 : 0}`;
    // a player out (or a spectator) hears of no other table's hands: read it every few seconds
    this.watching = !(state.you && state.you.seat) || state.table.status === "closed";
    if (key === this.key) return;
    this.key = key;
    this.load();
  }

  async load() {
    if (this.loading) {
      this.again = true;
      return;
    }
    this.loading = true;
    try {
      const response = await fetch(this.url, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.ok) {
        this.data = await response.json();
        this.loadedAt = Date.now();
        this.draw();
      }
    } catch {
      // offline for a moment: the next state reads it again
    } finally {
      this.loading = false;
      if (this.again) {
        this.again = false;
        this.load();
      }
    }
  }

  /** Seconds to the next level now, counted down in the browser from the reading. */
  remaining() {
    const d = this.data;
    if (!d || d.remaining === null || d.remaining === undefined) return null;
    if (d.paused) return d.remaining;
    return Math.max(0, d.remaining - (Date.now() - this.loadedAt) / 1000);
  }

  draw() {
    const d = this.data;
    clearInterval(this.ticking);
    clearTimeout(this.polling);
    this.drawLine();
    this.drawEnd();
    if (d && d.status === "running" && this.watching) this.polling = setTimeout(() => this.load(), WATCH_MS);
    if (d && d.status === "running" && !d.paused && d.remaining !== null) {
      this.ticking = setInterval(() => {
        const left = this.remaining();
        const clock = this.line.querySelector(".t-clock");
        if (clock) clock.textContent = ` · ${clockText(left)}`;
        if (left <= 0) {
          clearInterval(this.ticking);
          setTimeout(() => this.load(), 1000);
        }
      }, 1000);
    }
  }

  drawLine() {
    const d = this.data;
    const parts = [];
    const add = (text, cls) => {
      const span = document.createElement("span");
      span.className = cls;
      // the " · " before an item is its own, so an item a phone leaves out takes its " · " along
      const after = parts.length && !parts[parts.length - 1].classList.contains("pill");
      span.textContent = after ? ` · ${text}` : text;
      parts.push(span);
    };
    if (d && d.status === "running") {
      if (d.hand_for_hand) add(gettext("Hand for hand"), "pill t-hfh");
      if (d.paused) add(gettext("Paused"), "pill");
      if (d.on_break) add(gettext("Break"), "t-level");
      else add(interpolate(gettext("Level %(level)s"), { level: d.level }), "t-level");
      if (d.blinds && !d.on_break) add(blindsText(d.blinds), "t-blinds");
      if (d.remaining !== null) add(clockText(this.remaining()), "t-clock");
      if (d.on_break && d.blinds) add(interpolate(gettext("then %(blinds)s"), { blinds: blindsText(d.blinds) }), "t-next");
      else if (d.next) add(interpolate(gettext("next %(blinds)s"), { blinds: blindsText(d.next) }), "t-next");
      if (d.break_next) add(interpolate(ngettext("then a %(minutes)s-minute break", "then a %(minutes)s-minute break", d.break_minutes), { minutes: d.break_minutes }), "t-break");
      add(interpolate(ngettext("%(left)s of %(entries)s left", "%(left)s of %(entries)s left", d.left), { left: d.left, entries: d.entries }), "t-left");
      add(d.biggest === null ? interpolate(gettext("average %(average)s"), { average: money(d.average) })
        : interpolate(gettext("average %(average)s · biggest %(biggest)s"), { average: money(d.average), biggest: money(d.biggest) }), "t-stacks");
      add(interpolate(ngettext("prize pool %(pool)s · %(paid)s paid", "prize pool %(pool)s · %(paid)s paid", d.paid), { pool: d.pool, paid: d.paid }), "t-pool");
    }
    this.line.replaceChildren(...parts);
    this.line.hidden = !parts.length;
  }

  drawEnd() {
    const d = this.data;
    const box = this.end;
    const over = d && d.status === "finished";
    const me = (d && d.me) || {};
    const lines = [];
    if (over && d.winners.length) {
      const strong = document.createElement("strong");
      strong.className = "t-winner";
      strong.textContent = interpolate(gettext("%(name)s wins the tournament!"), { name: d.winners.join(", ") });
      lines.push(strong);
    } else if (over) {
      lines.push(document.createTextNode(gettext("The tournament is over.")));
    }
    if (me.place) {
      const p = document.createElement("p");
      p.className = "t-mine";
      const values = { place: me.place, entries: d.entries, prize: me.prize };
      // Translators: a finishing place, e.g. "You finished in place 5 of 30 and win €20."
      p.textContent = me.place === 1 ? (me.prize ? interpolate(gettext("You won %(prize)s."), values) : gettext("You won."))
        : me.prize ? interpolate(gettext("You finished in place %(place)s of %(entries)s and win %(prize)s."), values)
        : interpolate(gettext("You finished in place %(place)s of %(entries)s."), values);
      lines.push(p);
    }
    if (lines.length) {
      const link = document.createElement("a");
      link.className = "button";
      link.href = d.lobby;
      link.id = "tournament-results";
      link.textContent = over ? gettext("See the results") : gettext("Back to the lobby");
      lines.push(link);
    }
    box.replaceChildren(...lines);
    box.hidden = !lines.length;
    this.root.classList.toggle("tournament-over", !!over);
  }
}
