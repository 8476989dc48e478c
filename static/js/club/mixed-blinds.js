// The table form's blinds per game (R20): a game's "Blinds in PLO8" field shows only while
// that game is ticked in the mixed-games list (without JavaScript every field shows; the
// server keeps only the listed games' blinds either way).
const form = document.querySelector("input[name=mixed_games]")?.closest("form");

function update() {
  for (const input of form.querySelectorAll("input[name^=blinds_]")) {
    const code = input.name.slice("blinds_".length);
    const game = form.querySelector(`input[name=mixed_games][value="${code}"]`);
    const field = input.closest(".field");
    if (field && game) field.hidden = !game.checked && !input.value;
  }
}

if (form) {
  form.addEventListener("change", (e) => {
    if (e.target.name === "mixed_games") update();
  });
  update();
}
