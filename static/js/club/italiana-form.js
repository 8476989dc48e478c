// The table form when the host picks poker all'italiana (R31-R39): the structure turns to pot
// limit (R38.1) unless the host chose one, the blinds' two fields say what they are in this
// game (the invito and the cip, R33.1, R34.4), and the game's house rules show only while the
// game or a mixed list with ITA deals it. Without JavaScript every field shows as the server
// labels it; the server checks everything either way.
import { gettext } from "../i18n.js";

const form = document.querySelector("select[name=game]")?.closest("form");
// the game's house rules: the server's list (tables.play.forms.ITALIANA_FIELDS), one place
const HOUSE_RULES = (form?.dataset.houseRules || "").split(" ").filter(Boolean);

function labelOf(name) {
  const input = form.elements[name];
  return input && input.id ? form.querySelector(`label[for="${input.id}"]`) : null;
}

function dealsItaliana() {
  const ita = form.querySelector("input[name=mixed_games][value=ITA]");
  return form.elements.game.value === "italiana" || !!(ita && ita.checked);
}

if (form) {
  const labels = { small_blind: labelOf("small_blind"), big_blind: labelOf("big_blind") };
  const plain = Object.fromEntries(Object.entries(labels).map(([name, label]) => [name, label && label.textContent]));
  const italiana = {
    // Translators: the table form's small blind field when the game is poker all'italiana (R33.1)
    small_blind: gettext("Invito (everyone's ante)"),
    // Translators: the table form's big blind field when the game is poker all'italiana (R34.4)
    big_blind: gettext("Cip (the least opening bet)"),
  };
  // a table that deals the game already keeps its structure: the host chose it
  let structureChosen = form.elements.game.value === "italiana";

  const update = () => {
    const alone = form.elements.game.value === "italiana";
    for (const [name, label] of Object.entries(labels)) if (label) label.textContent = alone ? italiana[name] : plain[name];
    const shown = dealsItaliana();
    for (const name of HOUSE_RULES) {
      const input = form.elements[name];
      const field = input && input.closest ? input.closest(".field") : null;
      if (field) field.hidden = !shown;
    }
  };

  form.addEventListener("change", (e) => {
    if (e.target.name === "structure") structureChosen = true;
    if (e.target.name === "game" && e.target.value === "italiana" && !structureChosen) {
      form.elements.structure.value = "pot_limit"; // R38.1: the game's usual structure
    }
    if (e.target.name === "game" || e.target.name === "mixed_games") update();
  });
  update();
}
