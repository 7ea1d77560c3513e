// @ts-check
// The languages the page offers, and the one it starts in: what the early script needs to fetch
// the right table at once, without any table (index.js has the tables and the words).

/**
 * A language the page offers: its code (BCP 47), its name in its own words, its direction.
 * @typedef {object} Language
 * @property {string} code
 * @property {string} name
 * @property {"ltr" | "rtl"} dir
 * @property {string} percent  how it writes a whole percentage, `#` for the number's digits (as
 *   its `Intl.NumberFormat` percent format does: tests/unit/i18n.test.mjs checks 0–100 %)
 */

/**
 * The languages offered, each named in its own language.
 * @type {Language[]}
 */
export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr", percent: "#%" },
  { code: "ml", name: "മലയാളം", dir: "ltr", percent: "#%" },
  { code: "th", name: "ไทย", dir: "ltr", percent: "#%" },
  { code: "ur", name: "اردو", dir: "rtl", percent: "#%" },
  { code: "pa", name: "ਪੰਜਾਬੀ", dir: "ltr", percent: "#%" },
  { code: "sl", name: "Slovenščina", dir: "ltr", percent: "#\u00a0%" },
  { code: "si", name: "සිංහල", dir: "ltr", percent: "#%" },
];
export const CODES = LANGUAGES.map((l) => l.code);
export const REFERENCE = "en";
/** Where the chosen language is remembered. */
export const STORAGE_KEY = "walak-pussa.language";

/**
 * The language to start in: the one the address asks for (`?lang=`, already checked: a bad value
 * is reported by url.js, never guessed at), then the one chosen before, then the browser's
 * preferences, then English.
 */
/**
 * @param {object} [choices]
 * @param {string | null} [choices.asked] the address's `lang`
 * @param {string | null} [choices.stored] the language chosen on an earlier visit
 * @param {readonly string[]} [choices.preferred] the browser's languages, most preferred first
 * @returns {string}
 */
export function startingLanguage({ asked = null, stored = null, preferred = [] } = {}) {
  for (const code of [asked, stored]) if (code !== null && CODES.includes(code)) return code;
  for (const tag of preferred) {
    const code = offeredFor(tag);
    if (code) return code;
  }
  return REFERENCE;
}

/**
 * The language offered for a BCP 47 tag such as "sl-SI", or null.
 * @param {string} tag
 * @returns {string | null}
 */
export function offeredFor(tag) {
  // Most tags name an offered language outright ("en-US", "sl"): Intl.Locale's first use costs a
  // slow phone tens of milliseconds before the first board. Punjabi's script needs it.
  const primary = /^([a-z]{2,3})(?:-[A-Za-z0-9]{1,8})*$/.exec(tag)?.[1];
  if (primary && primary !== "pa" && CODES.includes(primary)) return primary;
  let locale;
  try {
    locale = new Intl.Locale(tag).maximize();
  } catch {
    return null;
  }
  // Punjabi here is written in Gurmukhi; Punjabi in Shahmukhi (Pakistan) is another script.
  if (locale.language === "pa" && locale.script !== "Guru") return null;
  return CODES.includes(locale.language) ? locale.language : null;
}

/**
 * The language a page opened at `search` starts in, as `startingLanguage` chooses it.
 * @param {string} [search] the address's query
 * @returns {string}
 */
export function pageLanguage(search = location.search) {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was remembered.
  }
  return startingLanguage({ asked: new URLSearchParams(search).get("lang"), stored, preferred: navigator.languages ?? [] });
}
