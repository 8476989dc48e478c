// The side panel: tabs for the hand log, the chat and (for hosts) the host tools, plus the
// shuffle proof of the hand. All user text goes in with textContent, never as HTML.

import { handText, lineText } from "../phrases.js";
import { gettext, interpolate, locales, pgettext } from "../i18n.js";
import { cardText } from "./cards.js";
import { fieldStep, fromField, money, toField } from "./format.js";
import { h, winnersText } from "./render.js";

const CARD_RE = /\b([2-9TJQKA][shdc])\b/g;

/** Text with card codes ("Ah") shown as coloured cards, built from text nodes only. */
export function withCards(text) {
  const frag = document.createDocumentFragment();
  let last = 0;
  for (const match of text.matchAll(CARD_RE)) {
    frag.append(text.slice(last, match.index));
    const span = h("span", `card-text suit-${match[1][1]}`, cardText(match[1]));
    frag.append(span);
    last = match.index + match[1].length;
  }
  frag.append(text.slice(last));
  return frag;
}

export class Panel {
  constructor(root, { send, confirm }) {
    this.root = root;
    this.send = send;
    this.confirm = confirm;
    this.aside = root.querySelector("#side-panel");
    this.tabs = [...root.querySelectorAll("#side-panel [role=tab]")];
    this.logEl = root.querySelector("#hand-log");
    this.logTitle = root.querySelector("#log-title");
    this.proofEl = root.querySelector("#hand-proof");
    this.deckResults = new Map(); // hand number -> this browser's deck check (R15)
    this.chatEl = root.querySelector("#chat-lines");
    this.chatForm = root.querySelector("#chat-form");
    this.chatInput = root.querySelector("#chat-input");
    this.unreadEl = root.querySelector("#chat-unread");
    this.host = root.querySelector("#panel-host");
    this.chatIds = new Set();
    this.unread = 0;
    this.lastHand = null;

    this.tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.select(tab));
      tab.addEventListener("keydown", (e) => {
        const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (!step) return;
        const next = this.tabs[(i + step + this.tabs.length) % this.tabs.length];
        next.focus();
        this.select(next);
      });
    });
    root.querySelector("#btn-panel").addEventListener("click", () => this.toggle());
    root.querySelector("#btn-panel-close").addEventListener("click", () => this.toggle(false));
    this.chatForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = this.chatInput.value.trim();
      if (!text || text.length > 300) return;
      if (this.send({ type: "chat", text })) this.chatInput.value = "";
    });
    if (this.host) this.wireHost();
  }

  toggle(open = !this.aside.classList.contains("open")) {
    this.aside.classList.toggle("open", open);
    this.root.querySelector("#btn-panel").setAttribute("aria-expanded", String(open));
    if (open) this.tabs.find((t) => t.getAttribute("aria-selected") === "true")?.focus();
  }

  select(tab) {
    for (const t of this.tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      this.root.querySelector(`#${t.getAttribute("aria-controls")}`).hidden = !on;
    }
    if (tab.id === "tab-chat") {
      this.unread = 0;
      this.showUnread();
      this.chatEl.scrollTop = this.chatEl.scrollHeight;
    }
  }

  chatVisible() {
    const panel = this.root.querySelector("#panel-chat");
    const wide = getComputedStyle(this.aside).position !== "fixed";
    return !panel.hidden && (wide || this.aside.classList.contains("open"));
  }

  showUnread() {
    this.unreadEl.textContent = this.unread ? String(this.unread) : "";
    this.unreadEl.hidden = !this.unread;
    const badge = this.root.querySelector("#panel-unread");
    badge.textContent = this.unreadEl.textContent;
    badge.hidden = !this.unread;
  }

  // --- hand log -----------------------------------------------------------------------------
  update(state) {
    this.latest = state;
    if (state.hand) this.lastState = state; // between hands, keep showing the last hand's log
    const shown = state.hand || (this.lastState && this.lastState.hand);
    this.logTitle.textContent = shown ? interpolate(gettext("Hand #%(number)s"), { number: shown.number }) : gettext("No hand yet");
    // before the first hand, the table's own lines (a host's corrections) are the log
    const lines = !shown ? (Array.isArray(state.log) ? state.log : []) : Array.isArray(shown.log) ? shown.log : summary(state.hand ? state : this.lastState);
    const check = shown && this.deckResults.get(shown.number);
    const signature = JSON.stringify([shown && shown.number, lines, check]);
    if (signature !== this.logSignature) {
      this.logSignature = signature;
      const atBottom = this.logEl.scrollHeight - this.logEl.scrollTop - this.logEl.clientHeight < 40;
      this.logEl.replaceChildren();
      for (const line of lines) {
        const li = h("li", line.seat ? "" : "dealer");
        if (line.name) li.append(h("strong", "", line.name), " ");
        li.append(withCards(lineText(line)));
        this.logEl.append(li);
      }
      if (!lines.length) this.logEl.append(h("li", "dealer", shown ? gettext("No actions yet.") : gettext("The hand log appears here.")));
      if (check) this.logEl.append(h("li", check.ok ? "dealer deck-ok" : "dealer deck-bad", check.text));
      if (atBottom || lines.length < 3) this.logEl.scrollTop = this.logEl.scrollHeight;
      this.renderProof(shown);
    }
    if (this.host) this.updateHost(state);
  }

  renderProof(hand) {
    this.proofEl.replaceChildren();
    const deck = hand && hand.deck;
    if (!deck) return;
    const root = h("code", "hash", deck.root);
    root.title = gettext("Root of the 52 salted card commitments, published before any player's nonce");
    this.proofEl.append(h("span", "", `${gettext("Deck commitment")} `), root);
    const check = this.deckResults.get(hand.number);
    if (check) this.proofEl.append(h("br"), h("span", check.ok ? "verify-result ok" : "verify-result bad", check.text));
  }

  /** The browser's own check of a hand's deck (deckcheck.js): a line in the live log. */
  deckResult(handNumber, result) {
    this.deckResults.set(handNumber, result);
    if (this.latest) this.update(this.latest);
  }

  // --- chat ---------------------------------------------------------------------------------
  addChat(line) {
    if (!line || (line.id !== undefined && this.chatIds.has(line.id))) return;
    if (line.id !== undefined) this.chatIds.add(line.id);
    const atBottom = this.chatEl.scrollHeight - this.chatEl.scrollTop - this.chatEl.clientHeight < 40;
    const li = h("li");
    const at = line.at ? new Date(line.at) : null;
    if (at && !Number.isNaN(at.getTime())) {
      // the page's language decides the clock: "03:04 PM" in English (US), "15:04" in Italian
      const time = h("time", "", at.toLocaleTimeString(locales(), { hour: "2-digit", minute: "2-digit" }));
      time.dateTime = line.at;
      li.append(time, " ");
    }
    li.append(h("strong", "", line.name || "?"), " ");
    if (line.guest) li.append(h("span", "guest-mark", pgettext("a guest's mark", "guest")), " ");
    li.append(h("span", "", line.text || ""));
    this.chatEl.append(li);
    while (this.chatEl.childElementCount > 200) this.chatEl.firstElementChild.remove();
    if (atBottom) this.chatEl.scrollTop = this.chatEl.scrollHeight;
    return true;
  }

  receiveChat(line, { quiet = false } = {}) {
    if (this.addChat(line) && !quiet && !this.chatVisible()) {
      this.unread += 1;
      this.showUnread();
    }
  }

  // --- host tools ---------------------------------------------------------------------------
  wireHost() {
    const op = (name, seat) => this.send(seat ? { type: "host", op: name, seat } : { type: "host", op: name });
    this.host.querySelector("#host-pause").addEventListener("click", () => op("pause"));
    this.host.querySelector("#host-resume").addEventListener("click", () => op("resume"));
    this.host.querySelector("#host-close").addEventListener("click", async () => {
      const sure = await this.confirm(gettext("Close this table? Everyone is cashed out after the current hand."), gettext("Close table"));
      if (sure) op("close");
    });
    this.host.addEventListener("click", async (e) => {
      const button = e.target.closest("[data-host-op]");
      if (!button) return;
      const seat = Number(button.dataset.seat);
      if (button.dataset.hostOp === "adjust") {
        this.openAdjust(seat, button.dataset.name, Number(button.dataset.stack));
        return;
      }
      if (button.dataset.hostOp === "remove") {
        const ok = await this.confirm(
          interpolate(gettext("Remove %(name)s from the table? They are cashed out."), { name: button.dataset.name }),
          gettext("Remove"),
        );
        if (!ok) return;
      }
      op(button.dataset.hostOp, seat);
    });
  }

  /** The host corrects a player's stack between hands, with a reason (op "adjust"). */
  openAdjust(seat, name, stack) {
    const dialog = this.root.querySelector("#adjust-dialog");
    if (!dialog) return;
    const field = dialog.querySelector("#adjust-stack");
    const reason = dialog.querySelector("#adjust-reason");
    const error = dialog.querySelector("#adjust-error");
    dialog.querySelector("#adjust-title").textContent = interpolate(gettext("Correct %(name)s's stack"), { name });
    field.step = fieldStep();
    field.value = toField(stack);
    reason.value = "";
    error.textContent = "";
    dialog.querySelector("form").onsubmit = (e) => {
      e.preventDefault();
      const value = fromField(field.value);
      if (!Number.isInteger(value) || value < 0) {
        error.textContent = gettext("A stack is a whole amount, zero or more.");
        return;
      }
      if (!reason.value.trim()) {
        error.textContent = gettext("Say why the stack changes.");
        return;
      }
      this.send({ type: "host", op: "adjust", seat, stack: value, reason: reason.value.trim() });
      dialog.close();
    };
    dialog.querySelectorAll("[data-close]").forEach((b) => { b.onclick = () => dialog.close(); });
    dialog.showModal();
    field.select();
  }

  updateHost(state) {
    const table = state.table;
    const status = this.host.querySelector("#host-status");
    status.textContent =
      table.status === "closed" ? gettext("The table is closed.") :
      table.status === "paused" ? gettext("The game is paused.") :
      table.close_requested ? gettext("The table closes after this hand.") :
      table.pause_requested ? gettext("The game pauses after this hand.") : gettext("The game is running.");
    if (table.pending_settings && Object.keys(table.pending_settings).length) {
      status.textContent += ` ${gettext("New settings apply from the next hand.")}`;
    }
    this.host.querySelector("#host-pause").hidden = table.status !== "open" || !!table.pause_requested;
    this.host.querySelector("#host-resume").hidden = !(table.status === "paused" || table.pause_requested);
    this.host.querySelector("#host-close").hidden = table.status === "closed" || !!table.close_requested;

    const requests = this.host.querySelector("#host-requests");
    const players = this.host.querySelector("#host-players");
    requests.replaceChildren();
    players.replaceChildren();
    // `label`: what a screen reader says, with the player's name ("Approve %(name)s")
    const action = (text, label, opName, seat, cls = "secondary") => {
      const b = h("button", `small ${cls}`, text);
      b.type = "button";
      b.dataset.hostOp = opName;
      b.dataset.seat = String(seat.number);
      b.dataset.name = seat.player.name;
      b.setAttribute("aria-label", interpolate(label, { name: seat.player.name }));
      return b;
    };
    for (const seat of state.seats) {
      if (!seat.player) continue;
      const li = h("li");
      li.append(h("span", "who", `${seat.number}. `), h("strong", "", seat.player.name), " ",
        seat.player.guest ? h("span", "guest-mark", pgettext("a guest's mark", "guest")) : "", " ",
        h("span", "muted", seat.status === "requested" ? gettext("asks to sit") : money(seat.stack)));
      const buttons = h("span", "host-buttons");
      if (seat.status === "requested") {
        buttons.append(
          action(gettext("Approve"), gettext("Approve %(name)s"), "approve", seat, ""),
          action(gettext("Reject"), gettext("Reject %(name)s"), "reject", seat, "danger"),
        );
        li.append(buttons);
        requests.append(li);
      } else {
        if (!table.tournament) {
          // between hands: a stack corrected, with a reason
          const adjust = action(gettext("Correct"), gettext("Correct %(name)s's stack"), "adjust", seat);
          adjust.dataset.stack = String(seat.stack);
          adjust.disabled = !!(state.hand && !state.hand.finished && seat.in_hand);
          buttons.append(adjust);
        }
        if (!state.you || seat.number !== state.you.seat) {
          buttons.append(action(gettext("Remove"), gettext("Remove %(name)s"), "remove", seat, "danger"));
        }
        li.append(buttons);
        players.append(li);
      }
    }
    if (!requests.childElementCount) requests.append(h("li", "muted", gettext("No one is waiting.")));
    if (!players.childElementCount) players.append(h("li", "muted", gettext("No one is seated.")));
    // the guests' list follows who sits where; a new guest at the link says so itself
    const seated = state.seats.map((s) => `${s.number}:${s.player ? s.player.user_id : ""}:${s.status}`).join(",");
    if (seated !== this.seatedKey) {
      this.seatedKey = seated;
      this.loadGuests();
    }
  }

  /** The table's guests for its hosts (guests.json): watching, asking or playing; remove, ban. */
  async loadGuests() {
    const list = this.host && this.host.querySelector("#host-guests");
    if (!list) return;
    let guests;
    try {
      const response = await fetch(list.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) return;
      guests = (await response.json()).guests || [];
    } catch {
      return;
    }
    list.replaceChildren();
    for (const g of guests) {
      const li = h("li");
      const where = g.asking ? interpolate(gettext("asks for seat %(number)s"), { number: g.seat })
        : g.seat ? interpolate(gettext("in seat %(number)s"), { number: g.seat }) : gettext("watching");
      li.append(h("strong", "", g.name), " ", h("span", "guest-mark", pgettext("a guest's mark", "guest")), " ", h("span", "muted", where), " ");
      const buttons = h("span", "host-buttons");
      for (const [op, text, label, cls] of [
        ["remove_guest", gettext("Remove"), gettext("Remove %(name)s"), "secondary"],
        ["ban_guest", gettext("Ban"), gettext("Ban %(name)s from the club's tables"), "danger"],
      ]) {
        const b = h("button", `small ${cls}`, text);
        b.type = "button";
        b.setAttribute("aria-label", interpolate(label, { name: g.name }));
        b.addEventListener("click", async () => {
          const question = op === "ban_guest"
            ? gettext("Ban %(name)s? They leave every table of the club and no link lets them in again.")
            : gettext("Remove %(name)s from this table? A seat they hold is cashed out.");
          if (await this.confirm(interpolate(question, { name: g.name }), text)) {
            this.send({ type: "host", op, user: g.user_id });
          }
        });
        buttons.append(b);
      }
      li.append(buttons);
      list.append(li);
    }
    if (!list.childElementCount) list.append(h("li", "muted", gettext("No guests.")));
  }
}

/** Without a server log: the hand's board(s), pot and result, as log lines. */
function summary(state) {
  const hand = state.hand;
  const lines = [];
  hand.boards.forEach((board, i) => {
    if (!board.length) return;
    const cards = board.join(" "); // card codes: the log draws them as cards
    const text = hand.boards.length > 1
      ? interpolate(gettext("Board %(number)s: %(cards)s"), { number: i + 1, cards })
      : interpolate(gettext("Board: %(cards)s"), { cards });
    lines.push({ text });
  });
  if (!hand.finished && hand.pot_total) lines.push({ text: interpolate(gettext("Pot: %(amount)s"), { amount: money(hand.pot_total) }) });
  for (const seat of state.seats) {
    if (seat.player && seat.shown && seat.cards.length) {
      const values = { cards: seat.cards.join(" "), hand: seat.hand_words && handText(seat.hand_words) };
      // Translators: after the player's name: "shows Ah Kd (two pair)"; Ah Kd are card codes
      const text = seat.hand_words ? interpolate(gettext("shows %(cards)s (%(hand)s)"), values) : interpolate(gettext("shows %(cards)s"), values);
      lines.push({ seat: seat.number, name: seat.player.name, text });
    }
  }
  if (hand.finished) {
    const text = winnersText(state);
    if (text) lines.push({ text });
  }
  return lines;
}
