// The page's words in the reader's language: Django's JavaScriptCatalog (/jsi18n/, a classic
// script that base.html loads before any module) defines gettext, ngettext, pgettext and
// interpolate as globals. Modules import them from here, so a module also runs without the
// catalog (under Node in the tests, a page without it): the English msgid is then the text.
// `makemessages -d djangojs` reads the calls: only literal strings go inside gettext() & co.,
// values go in as named placeholders, `interpolate(gettext("Seat %(number)s"), { number })`.

const catalog = globalThis;

/** The text of `msgid` in the page's language. */
export function gettext(msgid) {
  return typeof catalog.gettext === "function" ? catalog.gettext(msgid) : msgid;
}

/** The singular or plural text for `count`, as the language counts. */
export function ngettext(singular, plural, count) {
  if (typeof catalog.ngettext === "function") return catalog.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

/** The text of `msgid` where one English word means two things; `context` says which. */
export function pgettext(context, msgid) {
  return typeof catalog.pgettext === "function" ? catalog.pgettext(context, msgid) : msgid;
}

/** "%(name)s" placeholders filled from `values` (Django's interpolate with named=true). */
export function interpolate(format, values) {
  return String(format).replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]));
}

/** The page's language, from <html lang> ("en", "it"); "en" without a page. */
export function language() {
  const lang = typeof document !== "undefined" && document.documentElement ? document.documentElement.lang : "";
  return (lang || "en").toLowerCase();
}

/**
 * Locales for Intl date and time formats: the browser's own variants of the page's language
 * first (an "en-GB" browser keeps its clock on an English page), then the language itself
 * (an Italian page writes a 24-hour "15:04" whatever the browser's language).
 */
export function locales() {
  const lang = language();
  const base = lang.split("-")[0];
  const browser = typeof navigator !== "undefined" && Array.isArray(navigator.languages) ? navigator.languages : [];
  return [...browser.filter((l) => String(l).toLowerCase().split("-")[0] === base), lang];
}
