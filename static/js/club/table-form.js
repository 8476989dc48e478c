// The open-a-table form's stake presets: a button fills the structure, blinds and buy-in range
// (the server checks them like any typed value); editing one of those fields unmarks it.
const buttons = [...document.querySelectorAll("[data-preset]")];
const form = buttons.length ? buttons[0].closest("form") : null;

function mark(pressed) {
  for (const b of buttons) b.setAttribute("aria-pressed", String(b === pressed));
}

for (const button of buttons) {
  button.addEventListener("click", () => {
    const values = JSON.parse(button.dataset.preset);
    for (const [name, value] of Object.entries(values)) form.elements[name].value = String(value);
    mark(button);
  });
}
if (form) {
  const names = new Set(buttons.flatMap((b) => Object.keys(JSON.parse(b.dataset.preset))));
  form.addEventListener("input", (e) => {
    if (e.isTrusted && names.has(e.target.name)) mark(null);
  });
}
