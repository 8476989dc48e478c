// "Copy" buttons: each .copy-field holds an input.copy (the text), a [data-copy] button and a
// [data-copied] line that says it worked. The club page's invitation links and a settlement's
// payment details use it; with no clipboard access (an insecure origin, a page without the
// focus, a browser that never answers) the text is selected instead, within a second and a half.
import { gettext } from "./i18n.js";

const ANSWER_MS = 1500;

/** The clipboard's write, refused when the browser has not answered in time. */
function writeText(text) {
  return Promise.race([
    navigator.clipboard.writeText(text),
    new Promise((_, reject) => setTimeout(() => reject(new Error("no answer")), ANSWER_MS)),
  ]);
}

for (const field of document.querySelectorAll(".copy-field")) {
  const input = field.querySelector("input.copy");
  const copy = field.querySelector("[data-copy]");
  const said = field.querySelector("[data-copied]");
  if (!input || !copy) continue;
  copy.addEventListener("click", async () => {
    try {
      await writeText(input.value);
      said.textContent = gettext("Copied.");
    } catch {
      input.hidden = false;
      input.select();
      said.textContent = gettext("Press Ctrl+C (or Copy) to copy the selected text.");
    }
  });
}
