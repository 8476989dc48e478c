// The club page's invitation links: "Copy link" (static/js/copy.js) puts a link on the
// clipboard; "Share…" opens the phone's share sheet (the Web Share API), offered only where
// the browser has one.
import "../copy.js";
import { gettext } from "../i18n.js";

for (const cell of document.querySelectorAll(".invite-link")) {
  const input = cell.querySelector("input.copy");
  const share = cell.querySelector("[data-share]");
  if (share && input && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", () => {
      navigator.share({ title: document.title, text: gettext("Join our poker club"), url: input.value }).catch(() => {});
    });
  }
}
