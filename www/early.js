// @ts-check
// Runs before the page is first drawn (a plain blocking script in <head>, the page's only one),
// so that a framed page never flashes the full page, a chosen theme never flashes the other
// colours and a page served by the service worker is first drawn with its game. It marks <html>,
// and in a frame asks for the frame's own scripts; embed.js reads the options properly, reports
// what is wrong and does the rest. (The table of the page's language is asked for by
// words-first.js, which need not wait for the stylesheet.)

(function () {
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var embed = query.get("embed");
  var embedded = embed !== null && embed !== "0";
  if (embedded) {
    root.setAttribute("data-embed", "");
    // The frame's own part, which main.js asks for only once it has run (page/frame-page.js):
    // asked for now, a frame on a slow phone's first visit was playable some 0.2 s sooner.
    var files = query.has("compare") ? FRAME_FILES.compare : FRAME_FILES.game;
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = files[i];
      document.head.appendChild(link);
    }
  }
  // The theme in use: the one asked for; else, on the full page only, the one chosen in its
  // Colours menu; else the system's (theme.js makes the same choice and keeps following it).
  var theme = query.get("theme");
  if (theme !== "light" && theme !== "dark" && theme !== "auto" && !embedded) {
    try {
      theme = localStorage.getItem("walak-pussa.theme");
    } catch (error) {
      theme = null; // storage disabled
    }
  }
  if (theme !== "light" && theme !== "dark") theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  root.setAttribute("data-theme", theme);
  var scheme = document.querySelector('meta[name="color-scheme"]');
  if (scheme) scheme.setAttribute("content", theme);
  // Served by the service worker (a returning visit, or offline), the full page has its scripts
  // and its engine at hand: it is shown once started (main.js), in one painting, rather than laid
  // out and painted without its game first and again with it, which cost a slow phone some 60 ms
  // before its board was playable. Should it never start, it is shown after two seconds anyway.
  if (!embedded && navigator.serviceWorker && navigator.serviceWorker.controller) {
    root.setAttribute("data-starting", "");
    setTimeout(function () {
      root.removeAttribute("data-starting");
    }, 2000);
  }
})();
