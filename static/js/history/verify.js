// The "check the deck" panel of a hand's page (R15): the browser re-checks, by itself, the
// hand's proof and every card its viewer saw (static/js/table/fairness.js).
import { gettext, interpolate, ngettext } from "../i18n.js";
import { verifyRecord } from "../table/fairness.js";

const data = JSON.parse(document.getElementById("hand-data").textContent);
const record = data.verify;
const button = document.querySelector("[data-verify]");
const result = document.querySelector("[data-verify-result]");

async function check() {
  result.textContent = gettext("Checking…");
  if (!record) {
    result.textContent = gettext("This hand has no deck proof.");
    result.className = "bad";
    return;
  }
  const outcome = await verifyRecord(record, { deckSize: data.deck_size || 52 });
  const count = outcome.opened;
  const checked = record.scheme === 1
    ? gettext("✓ deck checked: the seed matches the commitment and all %(count)s cards you saw came from its deck.")
    // Translators: a nonce is the random number each player's browser sends to help shuffle the deck
    : gettext("✓ deck checked: the commitments came before the players' nonces, the dealing order recomputes and all %(count)s cards opened to you match their commitments.");
  // Translators: cards dealt from a new stub in a draw game, which the deck proof cannot place (R42.6)
  const stub = outcome.uncovered ? " " + interpolate(ngettext("%(count)s card came from a new stub, which the proof does not cover.", "%(count)s cards came from a new stub, which the proof does not cover.", outcome.uncovered), { count: outcome.uncovered }) : "";
  result.textContent = outcome.ok
    ? interpolate(checked, { count }) + stub
    : interpolate(gettext("✗ DECK CHECK FAILED: %(problems)s"), { problems: outcome.problems.join("; ") });
  result.className = outcome.ok ? "ok" : "bad";
}

if (result) {  // an imported hand has no deck to check, and no panel for it
  button?.addEventListener("click", check);
  check();
}
