// The club page's table list, kept up to date: polls the club's live.json every few
// seconds and redraws the rows (names are set with textContent, never as HTML).
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
    p.textContent = "No tables are open yet.";
    box.replaceChildren(p);
    return;
  }
  const table = document.createElement("table");
  table.className = "list stack-on-phone";
  table.id = "club-tables";
  const head = table.createTHead().insertRow();
  for (const h of ["Table", "Game", "Stakes", "Buy-in", "Seats", "Join"]) {
    const th = document.createElement("th");
    if (h === "Join") {
      const hidden = document.createElement("span");
      hidden.className = "sr-only";
      hidden.textContent = h;
      th.append(hidden);
    } else th.textContent = h;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const t of tables) {
    const row = body.insertRow();
    row.append(
      cell(t.name + (t.status === "paused" ? " (paused)" : ""), "Table"),
      cell(t.game || `${t.structure} Hold'em`, "Game"),
      cell(t.stakes, "Stakes"),
      cell(t.buy_in, "Buy-in"),
      cell(`${t.taken} / ${t.seats}`, "Seats"),
    );
    const td = document.createElement("td");
    const a = document.createElement("a");
    a.className = "button small";
    a.href = t.url;
    a.textContent = "Join";
    a.setAttribute("aria-label", `Join ${t.name}`);
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
