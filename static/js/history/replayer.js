// The hand replayer: step forward and back through every decision of a finished hand and
// see stacks, bets, pots and the board change. The server sends only what this viewer may
// see (their own cards, others' from the moment they were shown); this module just draws.

const data = JSON.parse(document.getElementById("hand-data").textContent);
const root = document.getElementById("replayer");

function money(amount) {
  const { symbol, decimals } = data.amount;
  const sign = amount < 0 ? "-" : "";
  let value = Math.abs(amount);
  let text;
  if (decimals) {
    const unit = 10 ** decimals;
    text = `${Math.floor(value / unit).toLocaleString("en")}.${String(value % unit).padStart(decimals, "0")}`;
  } else {
    text = value.toLocaleString("en");
  }
  return `${sign}${symbol}${text}`;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function card(name) {
  if (!name) return el("span", { class: "card back", "aria-label": "face-down card" }, "🂠");
  const red = name[1] === "h" || name[1] === "d";
  const suit = { c: "♣", d: "♦", h: "♥", s: "♠" }[name[1]];
  return el("span", { class: `card${red ? " red" : ""}`, "aria-label": name }, name[0].replace("T", "10") + suit);
}

let index = 0;

function render() {
  const step = data.steps[index];
  const boards = root.querySelector("[data-board]");
  boards.replaceChildren(
    ...step.boards.map((board, i) =>
      el("div", { class: "board-row" }, ...(step.boards.length > 1 ? [el("span", { class: "muted" }, `Run ${i + 1}: `)] : []), ...board.map(card))
    )
  );
  const pots = step.pots.length > 1
    ? step.pots.map((p, i) => `${i === 0 ? "Main" : `Side ${i}`} ${money(p.amount)}`).join(" · ")
    : "";
  root.querySelector("[data-pot]").textContent =
    step.street === "finished" ? (step.rake ? `Rake ${money(step.rake)}` : "") : `Pot ${money(step.pot)}${pots ? ` (${pots})` : ""}`;
  const seats = root.querySelector("[data-seats]");
  seats.replaceChildren(
    ...data.seats.map((number) => {
      const s = step.seats[String(number)];
      const classes = ["seat"];
      if (s.folded) classes.push("folded");
      if (step.to_act === number) classes.push("to-act");
      if (number === data.me) classes.push("me");
      const cards = s.folded && !s.cards ? [] : [card(s.cards?.[0]), card(s.cards?.[1])];
      const equity = step.equities && step.equities[String(number)] !== undefined
        ? el("span", { class: "equity" }, `${step.equities_exact ? "" : "≈"}${(step.equities[String(number)] * 100).toFixed(1)}%`)
        : "";
      const tags = [];
      if (number === data.button) tags.push("D");
      if (s.all_in) tags.push("all-in");
      if (s.mucked) tags.push("mucked");
      return el("li", { class: classes.join(" "), "data-seat": number },
        el("span", { class: "name" }, `${s.name}${tags.length ? ` (${tags.join(", ")})` : ""}`),
        el("span", { class: "stack" }, money(s.stack)),
        el("span", { class: "cards" }, ...cards),
        s.bet ? el("span", { class: "bet" }, money(s.bet)) : "",
        s.won ? el("span", { class: "won" }, `won ${money(s.won)}`) : "",
        equity,
      );
    })
  );
  const log = root.querySelector("[data-log]");
  log.replaceChildren(...data.steps.slice(0, index + 1).flatMap((s, i) =>
    s.lines.map((line) => el("li", { class: i === index ? "current" : "" }, line))
  ));
  root.querySelector("[data-position]").textContent = `Step ${index + 1} of ${data.steps.length}`;
  root.querySelector("[data-back]").disabled = index === 0;
  root.querySelector("[data-first]").disabled = index === 0;
  root.querySelector("[data-forward]").disabled = index === data.steps.length - 1;
  root.querySelector("[data-last]").disabled = index === data.steps.length - 1;
}

function go(to) {
  index = Math.max(0, Math.min(data.steps.length - 1, to));
  render();
}

root.querySelector("[data-first]").addEventListener("click", () => go(0));
root.querySelector("[data-back]").addEventListener("click", () => go(index - 1));
root.querySelector("[data-forward]").addEventListener("click", () => go(index + 1));
root.querySelector("[data-last]").addEventListener("click", () => go(data.steps.length - 1));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea")) return;
  if (event.key === "ArrowRight") go(index + 1);
  if (event.key === "ArrowLeft") go(index - 1);
});
root.hidden = false;
render();
