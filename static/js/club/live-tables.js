// The club page's table list, kept up to date: polls the club's live.json every few
// seconds and redraws the rows (names are set with textContent, never as HTML).
import { gettext, interpolate, pgettext } from "../i18n.js";

const box = document.getElementById("club-tables-live");

/** A cell; `label` names it when the table is laid out as cards on a phone (site.css). */
function cell(text, label) {
  const td = document.createElement("td");
  td.textContent = text;
  td.dataset.label = label;
  return td;
}

function render(tables) {
  if (!tables.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = gettext("No tables are open yet.");
    box.replaceChildren(p);
    return;
  }
  const table = document.createElement("table");
  table.className = "list stack-on-phone";
  table.id = "club-tables";
  const head = table.createTHead().insertRow();
  const label = {
    table: pgettext("poker table", "Table"),
    game: pgettext("poker variant", "Game"),
    stakes: gettext("Stakes"),
    buyIn: gettext("Buy-in"),
    seats: gettext("Seats"),
  };
  for (const text of Object.values(label)) {
    const th = document.createElement("th");
    th.textContent = text;
    head.appendChild(th);
  }
  const join = document.createElement("th");
  const hidden = document.createElement("span");
  hidden.className = "sr-only";
  hidden.textContent = gettext("Join");
  join.append(hidden);
  head.appendChild(join);
  const body = table.createTBody();
  for (const t of tables) {
    const row = body.insertRow();
    row.append(
      cell(t.status === "paused" ? interpolate(gettext("%(name)s (paused)"), { name: t.name }) : t.name, label.table),
      // Translators: %(structure)s is "No-limit", "Pot-limit" or "Fixed-limit"
      cell(t.game || interpolate(gettext("%(structure)s Hold'em"), { structure: t.structure }), label.game),
      cell(t.stakes, label.stakes),
      cell(t.buy_in, label.buyIn),
      cell(`${t.taken} / ${t.seats}`, label.seats),
    );
    const td = document.createElement("td");
    const a = document.createElement("a");
    a.className = "button small";
    a.href = t.url;
    a.textContent = gettext("Join");
    a.setAttribute("aria-label", interpolate(gettext("Join %(name)s"), { name: t.name }));
    td.appendChild(a);
    row.appendChild(td);
  }
  box.replaceChildren(table);
}

async function refresh() {
  try {
    const response = await fetch(box.dataset.url, { headers: { Accept: "application/json" } });
    if (response.ok) render((await response.json()).tables);
  } catch {
    // offline for a moment: keep the last list
  }
}

if (box) setInterval(refresh, 5000);
