// The table form when the host picks poker all'italiana (R31-R39) or Telesina (R40): the
// structure turns to pot limit (R38.1, R40.5) unless the host chose one, the blinds' two fields
// say what they are in the game (the invito and the cip, R33.1, R34.4; the invito and the least
// bet, R40.2), and each game's house rules show only while the game or a mixed list with it
// deals it. Without JavaScript every field shows as the server labels it; the server checks
// everything either way.
import { gettext } from "../i18n.js";

const form = document.querySelector("select[name=game]")?.closest("form");
// each game's house rules, by game and by mixed code: the server's lists
// (tables.play.forms.HOUSE_RULES), one place
const HOUSE_RULES = JSON.parse(form?.dataset.houseRules || "{}");
const INVITO_GAMES = ["italiana", "telesina"];

function labelOf(name) {
  const input = form.elements[name];
  return input && input.id ? form.querySelector(`label[for="${input.id}"]`) : null;
}

function dealt() {
  const codes = [...form.querySelectorAll("input[name=mixed_games]:checked")].map((box) => box.value);
  return [form.elements.game.value, ...codes];
}

if (form) {
  const labels = { small_blind: labelOf("small_blind"), big_blind: labelOf("big_blind") };
  const plain = Object.fromEntries(Object.entries(labels).map(([name, label]) => [name, label && label.textContent]));
  const stakes = {
    italiana: {
      // Translators: the table form's small blind field when the game is poker all'italiana (R33.1)
      small_blind: gettext("Invito (everyone's ante)"),
      // Translators: the table form's big blind field when the game is poker all'italiana (R34.4)
      big_blind: gettext("Cip (the least opening bet)"),
    },
    telesina: {
      // Translators: the table form's small blind field when the game is Telesina (R40.2)
      small_blind: gettext("Invito (everyone's ante)"),
      // Translators: the table form's big blind field when the game is Telesina (R40.2)
      big_blind: gettext("Least bet"),
    },
  };
  // a table that deals the game already keeps its structure: the host chose it
  let structureChosen = INVITO_GAMES.includes(form.elements.game.value);

  const update = () => {
    const own = stakes[form.elements.game.value];
    for (const [name, label] of Object.entries(labels)) if (label) label.textContent = own ? own[name] : plain[name];
    const shown = new Set(dealt().flatMap((game) => HOUSE_RULES[game] || []));
    const all = new Set(Object.values(HOUSE_RULES).flat());
    for (const name of all) {
      const input = form.elements[name];
      const field = input && input.closest ? input.closest(".field") : null;
      if (field) field.hidden = !shown.has(name);
    }
  };

  form.addEventListener("change", (e) => {
    if (e.target.name === "structure") structureChosen = true;
    if (e.target.name === "game" && INVITO_GAMES.includes(e.target.value) && !structureChosen) {
      form.elements.structure.value = "pot_limit"; // R38.1, R40.5: the games' usual structure
    }
    if (e.target.name === "game" || e.target.name === "mixed_games") update();
  });
  update();
}
