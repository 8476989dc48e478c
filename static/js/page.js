// Small behaviours of every page, without inline handlers (the Content-Security-Policy allows
// no inline script): a form with data-confirm asks its question before it is sent; a
// read-only field with data-select selects its text when tapped (an invitation link); a
// dropdown menu (details.prefs: the table's Options and Invite) closes on a click or a tap
// anywhere else, or on Escape, so it never stays over the log, the chat or the host's tools;
// a wide table in its own scrolling box (.scroll-x) fades at the edge that has more to see.

document.addEventListener("submit", (event) => {
  const question = event.target.closest("form[data-confirm]")?.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

document.addEventListener("click", (event) => {
  const field = event.target.closest("input[data-select]");
  if (field) field.select();
});

document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll("details.prefs[open], details.house-rules[open]")) {
    if (!menu.contains(event.target)) menu.removeAttribute("open");
  }
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of document.querySelectorAll("details.prefs[open], details.house-rules[open]")) {
    menu.removeAttribute("open");
    menu.querySelector("summary")?.focus();
  }
});

function markScrollers() {
  for (const box of document.querySelectorAll(".scroll-x")) {
    box.classList.toggle("more-right", box.scrollLeft + box.clientWidth < box.scrollWidth - 2);
    box.classList.toggle("more-left", box.scrollLeft > 2);
  }
}

document.addEventListener("scroll", (event) => {
  if (event.target instanceof Element && event.target.matches(".scroll-x")) markScrollers();
}, { capture: true, passive: true });
window.addEventListener("resize", markScrollers);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", markScrollers);
else markScrollers();
