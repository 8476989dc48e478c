// "Copy" buttons: each .copy-field holds an input.copy (the text), a [data-copy] button and a
// [data-copied] line that says it worked. The club page's invitation links and a settlement's
// payment details use it; with no clipboard access (an insecure origin) the text is selected.
import { gettext } from "./i18n.js";

for (const field of document.querySelectorAll(".copy-field")) {
  const input = field.querySelector("input.copy");
  const copy = field.querySelector("[data-copy]");
  const said = field.querySelector("[data-copied]");
  if (!input || !copy) continue;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      said.textContent = gettext("Copied.");
    } catch {
      input.hidden = false;
      input.select();
      said.textContent = gettext("Press Ctrl+C (or Copy) to copy the selected text.");
    }
  });
}
