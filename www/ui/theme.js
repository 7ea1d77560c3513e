// The page's colours: light, dark, or the system's, followed as it changes. The address's `theme`
// comes first; else, on the full page, the choice made in the header's Colours menu (`#theme`),
// remembered in this browser; else the system's. An embed never reads that choice: the page around
// it, or its visitor's system, chooses its colours. early.js makes the same choice before the
// first paint; this module keeps it up to date.

export const THEME_KEY = "walak-pussa.theme";
const CHOICES = ["auto", "light", "dark"];

let fixed = null; // "light" or "dark"; null follows the system
let system = null; // the system's colours, followed from the first time they are asked for

/** The system's colours: asked for when first shown (not on import, so that Node can read this module's importers). */
function systemColours() {
  if (system === null) {
    system = matchMedia("(prefers-color-scheme: dark)");
    system.addEventListener("change", () => {
      if (!fixed) show();
    });
  }
  return system;
}

function show() {
  const theme = fixed ?? (systemColours().matches ? "dark" : "light");
  document.documentElement.dataset.theme = theme;
  // The browser's own parts (scroll bars, the page before the style sheet) in the same colours.
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", theme);
}

/** Shows `theme`: "light", "dark", or "auto" (or null) to follow the system. */
export function showTheme(theme) {
  fixed = theme === "light" || theme === "dark" ? theme : null;
  show();
}

/** The choice remembered from the Colours menu: "auto", "light" or "dark". */
function rememberedTheme() {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return CHOICES.includes(value) ? value : "auto";
  } catch {
    return "auto"; // storage disabled
  }
}

/** The theme to start with: the address's, else on the full page the remembered one, else "auto". */
export function startingTheme() {
  const asked = new URLSearchParams(location.search).get("theme");
  if (CHOICES.includes(asked)) return asked;
  return document.documentElement.hasAttribute("data-embed") ? "auto" : rememberedTheme();
}

/** Wires the Colours menu (full page only): a choice applies at once and is remembered. */
export function wireThemeSwitch(select) {
  select.value = startingTheme();
  select.addEventListener("change", () => {
    showTheme(select.value);
    try {
      localStorage.setItem(THEME_KEY, select.value);
    } catch {
      // Not remembered, but used now.
    }
    // An address that names a theme would otherwise bring the old one back on reload.
    const url = new URL(location.href);
    if (url.searchParams.has("theme")) {
      url.searchParams.set("theme", select.value);
      history.replaceState(history.state, "", url);
    }
  });
}
