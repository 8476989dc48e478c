// Amounts: integers in the club's smallest unit, shown the club's way (state.table.amount_format),
// plus the conversions between those integers and what a player types in a number field.

let format = { kind: "chips", symbol: "", decimals: 0 };

export function setAmountFormat(value) {
  if (value && typeof value === "object") format = value;
}

function places() {
  return format.kind === "currency" ? Math.max(0, Number(format.decimals) || 0) : 0;
}

/** 12345 -> "12,345" (chips) or "€123.45" (currency with two decimals). */
export function money(amount) {
  const n = Math.round(Number(amount) || 0);
  const sign = n < 0 ? "-" : "";
  const digits = places();
  const abs = Math.abs(n);
  const whole = Math.floor(abs / 10 ** digits);
  let text = whole.toLocaleString("en-US");
  if (digits) text += "." + String(abs % 10 ** digits).padStart(digits, "0");
  return sign + (format.kind === "currency" ? format.symbol || "" : "") + text;
}

/** The value a number field shows for an amount: 1250 -> "12.50" with two decimals. */
export function toField(amount) {
  const digits = places();
  return digits ? (amount / 10 ** digits).toFixed(digits) : String(amount);
}

/** What a player typed -> an integer amount, or NaN. */
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
