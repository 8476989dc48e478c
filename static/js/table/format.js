// Amounts: integers in the club's smallest unit, shown the club's way (state.table.amount_format)
// in the page's language, plus the conversions between those integers and what a player types
// in a number field. Written like the server writes them (pokerclub/amounts.py format_amount):
// English "12,345" and "€123.45", Italian "12.345" and "123,45 €" (thousands always grouped).

import { language } from "../i18n.js";

let format = { kind: "chips", symbol: "", decimals: 0 };

export function setAmountFormat(value) {
  if (value && typeof value === "object") format = value;
}

function places() {
  return format.kind === "currency" ? Math.max(0, Number(format.decimals) || 0) : 0;
}

const marksCache = new Map();

/** The language's decimal mark and thousands separator, from Intl: "." and "," in English. */
function marks(lang = language()) {
  if (!marksCache.has(lang)) {
    let parts = [];
    try {
      parts = new Intl.NumberFormat(lang, { useGrouping: true }).formatToParts(1234567.5);
    } catch {
      /* an unknown language: English marks */
    }
    const part = (type, fallback) => (parts.find((p) => p.type === type) || { value: fallback }).value;
    marksCache.set(lang, { decimal: part("decimal", "."), group: part("group", ",") });
  }
  return marksCache.get(lang);
}

/** 1234567 -> "1,234,567" (English) or "1.234.567" (Italian): groups of three, always. */
function grouped(whole, group) {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** 12345 -> "12,345" (chips) or "€123.45" (currency with two decimals); "123,45 €" in Italian. */
export function money(amount) {
  const n = Math.round(Number(amount) || 0);
  const sign = n < 0 ? "-" : "";
  const digits = places();
  const abs = Math.abs(n);
  const whole = Math.floor(abs / 10 ** digits);
  const { decimal, group } = marks();
  let text = grouped(whole, group);
  if (digits) text += decimal + String(abs % 10 ** digits).padStart(digits, "0");
  const symbol = format.kind === "currency" ? format.symbol || "" : "";
  if (!symbol) return sign + text;
  // where the decimal mark is a comma the symbol follows the amount, as the server writes it
  return decimal === "," ? `${sign}${text}\u00a0${symbol}` : sign + symbol + text;
}

/** True when amounts are plain counts ("194"), false when money ("€1.94"): a seat says
 * "194 chips" or "stack €1.94". */
export function amountIsCount() {
  return !(format.kind === "currency" && (format.symbol || places()));
}

/** A number with `digits` decimals in the page's language: 2.5 -> "2.5", "2,5" in Italian. */
export function decimalText(value, digits = 0) {
  const { decimal } = marks();
  return Number(value).toFixed(digits).replace(".", decimal);
}

/** The value a number field shows for an amount: 1250 -> "12.50" with two decimals. A number
 * field's value is always written with "." whatever the language (the browser shows it). */
export function toField(amount) {
  const digits = places();
  return digits ? (amount / 10 ** digits).toFixed(digits) : String(amount);
}

/** What a player typed in a number field -> an integer amount, or NaN. */
export function fromField(text) {
  const value = Number(String(text).trim().replace(/,/g, ""));
  if (String(text).trim() === "" || !Number.isFinite(value)) return NaN;
  return Math.round(value * 10 ** places());
}

/** The smallest step a number field accepts. */
export function fieldStep() {
  const digits = places();
  return digits ? (1 / 10 ** digits).toFixed(digits) : "1";
}
