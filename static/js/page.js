// Small behaviours of every page, without inline handlers (the Content-Security-Policy allows
// no inline script): a form with data-confirm asks its question before it is sent; a
// read-only field with data-select selects its text when tapped (an invitation link).

document.addEventListener("submit", (event) => {
  const question = event.target.closest("form[data-confirm]")?.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

document.addEventListener("click", (event) => {
  const field = event.target.closest("input[data-select]");
  if (field) field.select();
});
