// What the club reads in an amount being typed, shown under its field before it is written
// down: "Buy-in: 20,50 €", or why it is refused ("This club counts whole chips: ..."). The
// server reads it (pokerclub.views.amount_preview, the one parser: Club.parse_amount), so the
// page says exactly what the form will write. A field opts in with data-amount-url; with
// data-amount-kind="NAME" the checked radio of that name labels the amount.

import { gettext, interpolate } from "./i18n.js";

const WAIT_MS = 250;

function kindLabel(form, name) {
  const checked = name && form.querySelector(`input[type=radio][name="${name}"]:checked`);
  const label = checked && checked.closest("label");
  return label ? label.textContent.trim() : "";
}

for (const field of document.querySelectorAll("input[data-amount-url]")) {
  const output = document.createElement("output");
  output.className = "amount-preview muted";
  output.setAttribute("aria-live", "polite");
  output.htmlFor = field.id || "";
  field.closest("label").after(output);
  let timer = 0;
  let asked = 0;
  const show = async () => {
    const text = field.value.trim();
    const ask = ++asked;
    if (!text) {
      output.textContent = "";
      return;
    }
    const url = `${field.dataset.amountUrl}?text=${encodeURIComponent(text)}`;
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      const answer = await response.json();
      if (ask !== asked) return; // a later keystroke asked again
      output.classList.toggle("refused", !answer.ok);
      const kind = kindLabel(field.form, field.dataset.amountKind);
      if (!answer.ok) output.textContent = answer.message;
      else if (kind) output.textContent = interpolate(gettext("%(kind)s: %(amount)s"), { kind, amount: answer.shown });
      else output.textContent = interpolate(gettext("Reads as %(amount)s"), { amount: answer.shown });
    } catch {
      if (ask === asked) output.textContent = "";
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(show, WAIT_MS);
  };
  field.addEventListener("input", later);
  field.form.addEventListener("change", (event) => {
    if (event.target.type === "radio") show();
  });
}
