// A time left as a clock shows it, for the lobby's and the table's tournament clock
// (the server writes it the same way: tables/tournaments/views.py clock_text).

/** 354 -> "5:54", 3725 -> "1:02:05". */
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
