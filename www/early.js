// Runs before the page is first drawn (a plain blocking script in <head>, the page's only one),
// so that a framed page never flashes the full page and a chosen theme never flashes the other
// colours. It only marks <html>; embed.js reads the options properly, reports what is wrong and
// does the rest.
(function () {
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var embed = query.get("embed");
  if (embed !== null && embed !== "0") root.setAttribute("data-embed", "");
  // The theme in use: the one asked for, else the system's (embed.js keeps following it).
  var theme = query.get("theme");
  if (theme !== "light" && theme !== "dark") theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  root.setAttribute("data-theme", theme);
})();
