// The page's languages: the message tables, the language in use, and numbers, plurals and lists
// written the way that language writes them.
//
// English (en.js) is the reference table; every other table has exactly its keys and the same
// {placeholders}. A value is a string, or for a count an object of plural forms chosen by the
// `count` parameter ({one, other} in English; {one, two, few, other} in Slovenian; …).
// Messages are looked up when they are shown, so a change of language re-renders the page:
// something to be said later is kept as `msg(key, params)` and turned into words by `say`.

import { CODES, LANGUAGES, REFERENCE } from "./languages.js";

export { CODES, LANGUAGES, REFERENCE, STORAGE_KEY, offeredFor, pageLanguage, startingLanguage } from "./languages.js";

const tables = new Map();
// Each table, English too, is loaded when its language is chosen (the build makes each a file of
// its own): a visitor fetches only the words of the language in use.
const LOADERS = {
  en: () => import("./en.js"),
  ml: () => import("./ml.js"),
  th: () => import("./th.js"),
  ur: () => import("./ur.js"),
  pa: () => import("./pa.js"),
  sl: () => import("./sl.js"),
  si: () => import("./si.js"),
};
let current = REFERENCE;
let formats = makeFormats(REFERENCE);
const listeners = new Set();

function makeFormats(code) {
  return {
    plural: new Intl.PluralRules(code),
    number: new Intl.NumberFormat(code),
    percent: new Intl.NumberFormat(code, { style: "percent" }),
    or: listFormat(code, "disjunction", "list.or"),
    and: listFormat(code, "conjunction", "list.and"),
  };
}

/**
 * Joins lists as `code` does. A browser without the language's list data (Debian's Chromium has
 * none for Sinhala or Punjabi) would join them in English: then the table's own words join them,
 * `{first}` (all but the last item, separated by "list.separator") and `{last}` in `key`.
 */
function listFormat(code, type, key) {
  if (Intl.ListFormat.supportedLocalesOf(code).length > 0) {
    const format = new Intl.ListFormat(code, { type });
    if (new Intl.Locale(format.resolvedOptions().locale).language === code) return (items) => format.format(items);
  }
  return (items) =>
    items.length < 2 ? items.join("") : t(key, { first: items.slice(0, -1).join(t("list.separator")), last: items.at(-1) });
}

/** The code of the language in use. */
export const language = () => current;

/** "ltr" or "rtl" for a language (the one in use by default). */
export const direction = (code = current) => LANGUAGES.find((l) => l.code === code)?.dir ?? "ltr";

/** Loads a language's table (once). Rejects for a code not offered. */
export async function loadTable(code) {
  if (!CODES.includes(code)) throw new Error(`no language "${code}"`);
  if (!tables.has(code)) tables.set(code, (await LOADERS[code]()).default);
  return tables.get(code);
}

/** Makes `code` the language in use: the page's `lang` and `dir`, then everyone listening redraws. */
export async function setLanguage(code) {
  await loadTable(code);
  current = code;
  formats = makeFormats(code);
  document.documentElement.lang = code;
  document.documentElement.dir = direction(code);
  for (const listener of listeners) listener(code);
}

/** Calls `listener(code)` after every change of language. */
export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** Whether the table of the language in use has loaded: until then nothing can be said. */
export const ready = () => tables.has(current);

/** The words for `key` in the language in use (English if a table lacks it), with `params` filled in. */
export function t(key, params = {}) {
  let text = tables.get(current)?.[key] ?? tables.get(REFERENCE)?.[key];
  if (text === undefined) throw new Error(`no message "${key}"`);
  if (typeof text === "object") {
    const count = params.count;
    text = text[formats.plural.select(count)] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? show(params[name]) : whole));
}

/** Whether the tables have a message `key`. */
export const has = (key) => key in (tables.get(current) ?? {});

// A parameter may be a number (written the language's way), a message, or a function giving its
// words when the message is said (e.g. a list joined the language's way).
function show(value) {
  if (typeof value === "number") return formats.number.format(value);
  if (typeof value === "function") return String(value());
  if (value !== null && typeof value === "object" && "key" in value) return say(value);
  return String(value);
}

/** Something to say later, in whatever language is in use then. Params may be messages too. */
export const msg = (key, params = {}) => ({ key, params });

/** Words for a message made by `msg`; plain strings are said as they are. */
export function say(message) {
  return typeof message === "string" ? message : t(message.key, message.params);
}

export const formatNumber = (n) => formats.number.format(n);

/** A share of 1 as a percentage: 0.42 → "42%" (or "42 %", …). */
export const formatPercent = (fraction) => formats.percent.format(fraction);

/** "a, b or c", as the language in use writes it. */
export const formatOr = (items) => formats.or(items.map(String));

/** "a, b and c", as the language in use writes it. */
export const formatAnd = (items) => formats.and(items.map(String));

/**
 * Fills in the static page: `data-i18n` (the text), `data-i18n-title`, `data-i18n-aria-label`
 * and `data-i18n-content` (a meta element) name the key of each element under `root`.
 */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const [marker, attribute] of Object.entries(TRANSLATED_ATTRIBUTES)) {
    for (const element of root.querySelectorAll(`[${marker}]`)) element.setAttribute(attribute, t(element.getAttribute(marker)));
  }
  document.title = t("page.title");
}

const TRANSLATED_ATTRIBUTES = {
  "data-i18n-title": "title",
  "data-i18n-aria-label": "aria-label",
  "data-i18n-content": "content",
};
