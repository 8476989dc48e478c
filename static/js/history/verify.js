// The "check the deck" panel of a hand's page (R15): the browser re-checks, by itself, the
// hand's proof and every card its viewer saw (static/js/table/fairness.js).
import { verifyRecord } from "../table/fairness.js";

const record = JSON.parse(document.getElementById("hand-data").textContent).verify;
const button = document.querySelector("[data-verify]");
const result = document.querySelector("[data-verify-result]");

async function check() {
  result.textContent = "Checking…";
  if (!record) {
    result.textContent = "This hand has no deck proof.";
    result.className = "bad";
    return;
  }
  const outcome = await verifyRecord(record);
  result.textContent = outcome.ok
    ? record.scheme === 1
      ? `✓ deck checked: the seed matches the commitment and all ${outcome.opened} cards you saw came from its deck.`
      : `✓ deck checked: the commitments came before the players' nonces, the dealing order recomputes and all ${outcome.opened} cards opened to you match their commitments.`
    : `✗ DECK CHECK FAILED: ${outcome.problems.join("; ")}`;
  result.className = outcome.ok ? "ok" : "bad";
}

if (result) {  // an imported hand has no deck to check, and no panel for it
  button?.addEventListener("click", check);
  check();
}
