// The hand replayer: step forward and back through every decision of a finished hand. Each
// step is a picture of the table shaped like a live `state` message (tables/hands/
// timeline.py, built by the live projection), drawn by the live table's own renderer, so a
// hand looks the same live and in its replay. The server sends only what this viewer may
// see (their own cards, others' from the moment they were shown); this module just draws.

import { lineText } from "../phrases.js";
import { gettext, interpolate } from "../i18n.js";
import { setAmountFormat } from "../table/format.js";
import { withCards } from "../table/panel.js";
import { h, TableView } from "../table/render.js";

const data = JSON.parse(document.getElementById("hand-data").textContent);
const root = document.getElementById("replayer");
const logEl = root.querySelector("[data-log]");
const view = new TableView(root, { seating: false });
setAmountFormat(data.table.amount_format);

function stateAt(i) {
  const step = data.steps[i];
  return { type: "state", version: i + 1, table: data.table, seats: Object.values(step.seats), hand: step.hand, you: step.you };
}

/** The log up to this step, the step's own lines marked; it scrolls to keep them in view. */
function renderLog(index) {
  logEl.replaceChildren();
  let target = null;
  data.steps.slice(0, index + 1).forEach((step, i) => {
    for (const line of step.lines) {
      const li = h("li", i === index ? "current" : line.seat ? "" : "dealer");
      li.append(withCards(lineText(line)));
      if (i === index) li.setAttribute("aria-current", "step");
      logEl.append(li);
      if (i === index) target = li;
    }
  });
  target = target || logEl.lastElementChild; // a step without words: follow the last line
  if (!target) return;
  const top = target.offsetTop; // the log is positioned (history.css): offsets are within it
  const bottom = top + target.offsetHeight;
  if (bottom > logEl.scrollTop + logEl.clientHeight) logEl.scrollTop = bottom - logEl.clientHeight;
  else if (top < logEl.scrollTop) logEl.scrollTop = top;
}

let index = 0;

function go(to) {
  const next = Math.max(0, Math.min(data.steps.length - 1, to));
  const previous = index >= 0 && next === index + 1 ? stateAt(index) : null; // one step on: animate it
  index = next;
  view.render(stateAt(index), previous);
  renderLog(index);
  root.querySelector("[data-position]").textContent = interpolate(gettext("Step %(step)s of %(steps)s"), { step: index + 1, steps: data.steps.length });
  root.querySelector("[data-back]").disabled = index === 0;
  root.querySelector("[data-first]").disabled = index === 0;
  root.querySelector("[data-forward]").disabled = index === data.steps.length - 1;
  root.querySelector("[data-last]").disabled = index === data.steps.length - 1;
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
window.addEventListener("resize", () => view.render(stateAt(index)));
root.hidden = false;
index = -1;
go(0);
