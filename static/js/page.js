// Small behaviours of every page, without inline handlers (the Content-Security-Policy allows
// no inline script): a form with data-confirm asks its question before it is sent; a
// read-only field with data-select selects its text when tapped (an invitation link); a
// dropdown menu (details.prefs: the table's Options and Invite) closes on a click or a tap
// anywhere else, or on Escape, so it never stays over the log, the chat or the host's tools.

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
