// Tell the server this browser's time zone (a cookie the server reads on every request,
// pokerclub/middleware.py): times are shown in it until the member picks one on their
// profile. Zone names ("Europe/Rome") hold only characters a cookie value may.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && /^[A-Za-z0-9_+\-/]+$/.test(zone) && !document.cookie.split("; ").includes(`tz=${zone}`)) {
  document.cookie = `tz=${zone}; path=/; max-age=31536000; SameSite=Lax`;
}
