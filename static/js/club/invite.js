// The club page's invitation links: "Copy link" puts a link on the clipboard; "Share…" opens
// the phone's share sheet (the Web Share API), offered only where the browser has one.
for (const cell of document.querySelectorAll(".invite-link")) {
  const input = cell.querySelector("input.copy");
  const copy = cell.querySelector("[data-copy]");
  const share = cell.querySelector("[data-share]");
  const said = cell.querySelector("[data-copied]");
  if (!input || !copy) continue;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      said.textContent = "Copied.";
    } catch {
      input.select(); // no clipboard access (an insecure origin): the link is selected to copy
      said.textContent = "Press Ctrl+C (or Copy) to copy the selected link.";
    }
  });
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", () => {
      navigator.share({ title: document.title, text: "Join our poker club", url: input.value }).catch(() => {});
    });
  }
}
