// The "verify shuffle" panel of a hand's page (R15): recompute the deck in the browser.
import { verifyHand } from "./shuffle.js";

const data = JSON.parse(document.getElementById("hand-data").textContent).verify;
const button = document.querySelector("[data-verify]");
const result = document.querySelector("[data-verify-result]");

button?.addEventListener("click", async () => {
  result.textContent = "Checking…";
  try {
    const outcome = await verifyHand(data.seed, data.commitment, data.known);
    result.textContent = outcome.ok
      ? `Verified: the seed matches the commitment and all ${outcome.checked} cards you saw came from its deck.`
      : `Not verified: ${outcome.reason}`;
    result.className = outcome.ok ? "ok" : "bad";
  } catch (error) {
    result.textContent = `Could not verify: ${error.message}`;
    result.className = "bad";
  }
});
