// @ts-check
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

/**
 * The key of a message: English's table (en.js) has every one.
 * @typedef {keyof typeof import("./en.js").default} MessageKey
 */
/**
 * A message's words in one language: a sentence, or for a count one sentence per plural form
 * the language has (`Intl.PluralRules`' categories: `{one, other}` in English).
 * @typedef {string | PluralForms} Entry
 */
/** @typedef {Partial<Record<Intl.LDMLPluralRule, string>> & {other: string}} PluralForms */
/**
 * A language's table: every message of English's, in its words.
 * @typedef {{ [Key in MessageKey]: Entry }} Table
 */
/**
 * What fills a message's `{placeholder}`: a number (written the language's way), a message, a
 * function giving its words when the message is said (a list joined the language's way), or
 * anything else, written as it is.
 * @typedef {string | number | Message | (() => unknown)} Param
 */
/** @typedef {Record<string, Param>} Params */
/**
 * Something to say later, in whatever language is in use then (`msg`, `say`).
 * @typedef {object} Message
 * @property {MessageKey} key
 * @property {Params} params
 */

/** @type {Map<string, Table>} */
const tables = new Map();
// Each table, English too, is loaded when its language is chosen (the build makes each a file of
// its own): a visitor fetches only the words of the language in use.
/** @type {Record<string, () => Promise<{default: Table}>>} */
const LOADERS = {
  en: () => import("./en.js"),
  ml: () => import("./ml.js"),
  th: () => import("./th.js"),
  ur: () => import("./ur.js"),
  pa: () => import("./pa.js"),
  sl: () => import("./sl.js"),
  si: () => import("./si.js"),
};
// The page's own words of each table but English's (index.html's words and the board's), for a
// first board drawn before the whole table has come (`translatePageEarly`). The page's build makes
// them a file of their own, and the table's file the rest (scripts/bundle.mjs): a slow phone has
// these few kilobytes well before the rest. Unbundled (the unit tests) each is the whole table.
/** @type {Record<string, () => Promise<{default: Partial<Table>}>>} */
const PAGE_WORDS_LOADERS = {
  ml: () => import("./ml.js?page"),
  th: () => import("./th.js?page"),
  ur: () => import("./ur.js?page"),
  pa: () => import("./pa.js?page"),
  sl: () => import("./sl.js?page"),
  si: () => import("./si.js?page"),
};
let current = REFERENCE;
let formats = makeFormats(REFERENCE);
/** @type {Set<(code: string) => void>} */
const listeners = new Set();

/**
 * The language's formats, each made when first used: making them all costs a slow phone about
 * 50 ms before its first board, which needs none but the numbers.
 * @param {string} code
 */
function makeFormats(code) {
  /**
   * @template T
   * @param {() => T} make
   * @returns {() => T}
   */
  const once = (make) => {
    /** @type {T | undefined} */
    let made;
    return () => (made ??= make());
  };
  return {
    plural: once(() => new Intl.PluralRules(code)),
    number: once(() => new Intl.NumberFormat(code)),
    percent: once(() => new Intl.NumberFormat(code, { style: "percent" })),
    or: once(() => listFormat(code, "disjunction", "list.or")),
    and: once(() => listFormat(code, "conjunction", "list.and")),
  };
}

/**
 * Joins lists as `code` does. A browser without the language's list data (Debian's Chromium has
 * none for Sinhala or Punjabi) would join them in English: then the table's own words join them,
 * `{first}` (all but the last item, separated by "list.separator") and `{last}` in `key`.
 */
/**
 * @param {string} code
 * @param {Intl.ListFormatType} type
 * @param {MessageKey} key
 * @returns {(items: string[]) => string}
 */
function listFormat(code, type, key) {
  if (Intl.ListFormat.supportedLocalesOf(code).length > 0) {
    const format = new Intl.ListFormat(code, { type });
    if (new Intl.Locale(format.resolvedOptions().locale).language === code) return (items) => format.format(items);
  }
  return (items) =>
    items.length < 2 ? items.join("") : t(key, { first: items.slice(0, -1).join(t("list.separator")), last: items[items.length - 1] });
}

/** The code of the language in use. */
export const language = () => current;

/**
 * "ltr" or "rtl" for a language (the one in use by default).
 * @param {string} [code]
 * @returns {"ltr" | "rtl"}
 */
export const direction = (code = current) => LANGUAGES.find((l) => l.code === code)?.dir ?? "ltr";

/**
 * Loads a language's table (once). Rejects for a code not offered.
 * @param {string} code
 * @returns {Promise<Table>}
 */
export async function loadTable(code) {
  if (!CODES.includes(code)) throw new Error(`no language "${code}"`);
  let table = tables.get(code);
  if (!table) {
    // A table but English's comes in two files in the page's build: its page words and the rest.
    const [page, rest] = await Promise.all([PAGE_WORDS_LOADERS[code]?.(), LOADERS[code]()]);
    table = /** @type {Table} */ ({ ...page?.default, ...rest.default });
    tables.set(code, table);
  }
  return table;
}

/**
 * Makes `code` the language in use: the page's `lang` and `dir` (where there is a page: not under
 * Node's tests), then everyone listening redraws.
 * @param {string} code
 */
export async function setLanguage(code) {
  await loadTable(code);
  current = code;
  formats = makeFormats(code);
  markPage(code);
  for (const listener of listeners) listener(code);
}

/** The page's `lang` and `dir` for `code` (where there is a page: not under Node's tests). @param {string} code */
function markPage(code) {
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = code;
    root.dir = direction(code);
  }
}

/**
 * Calls `listener(code)` after every change of language.
 * @param {(code: string) => void} listener
 */
export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** Whether the table of the language in use has loaded: until then nothing can be said. */
export const ready = () => tables.has(current);

/** A few words known before any table has loaded (`knowEarlyWords`). @type {Record<string, string>} */
let earlyWords = {};

/**
 * Words the page may say before its table has loaded: English's for the board itself (its side
 * names and marks), which the build writes into the page, so that an English page draws its first
 * board without waiting for the table. A loaded table's words come first.
 * @param {Record<string, string>} words
 */
export function knowEarlyWords(words) {
  earlyWords = words;
}

/**
 * The words for `key` in the language in use (English if a table lacks it), with `params` filled in.
 * @param {MessageKey} key
 * @param {Params} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const entry = tables.get(current)?.[key] ?? tables.get(REFERENCE)?.[key] ?? earlyWords[key];
  if (entry === undefined) throw new Error(`no message "${key}"`);
  // A count's plural form, as the language in use chooses it (not a number: "other").
  const text = typeof entry === "object" ? entry[formats.plural().select(Number(params.count))] ?? entry.other : entry;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? show(params[name]) : whole));
}

/**
 * Whether the tables have a message `key`.
 * @param {string} key
 * @returns {key is MessageKey}
 */
export const has = (key) => key in (tables.get(current) ?? {});

/**
 * A parameter in words: a number written the language's way, a message said, a function's
 * words, anything else as it is.
 * @param {Param} value
 * @returns {string}
 */
function show(value) {
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "function") return String(value());
  if (value !== null && typeof value === "object" && "key" in value) return say(value);
  return String(value);
}

/**
 * Something to say later, in whatever language is in use then. Params may be messages too.
 * @param {MessageKey} key
 * @param {Params} [params]
 * @returns {Message}
 */
export const msg = (key, params = {}) => ({ key, params });

/**
 * Words for a message made by `msg`; plain strings are said as they are.
 * @param {Message | string} message
 * @returns {string}
 */
export function say(message) {
  return typeof message === "string" ? message : t(message.key, message.params);
}

/**
 * Whether every offered language writes `n` as plain digits: a whole number below 1,000 (Latin
 * digits, no grouping; tests/unit/i18n.test.mjs checks each language). The board's numbers are,
 * and they spare the page its number format, whose first making costs a slow phone 50 ms.
 * @param {number} n
 */
const plainDigits = (n) => Number.isInteger(n) && n >= 0 && n < 1000;

/** @param {number} n */
export const formatNumber = (n) => (plainDigits(n) ? String(n) : formats.number().format(n));

/**
 * A share of 1 as a percentage: 0.42 → "42%" (or "42 %", …). A whole percentage is written by the
 * language's own pattern (languages.js): the engine's download count needs no percent format,
 * whose first making costs a slow phone 50 ms as the page loads.
 * @param {number} fraction
 */
export function formatPercent(fraction) {
  const whole = Math.round(fraction * 100);
  const pattern = LANGUAGES.find((l) => l.code === current)?.percent;
  if (pattern && whole >= 0 && whole <= 100 && Math.abs(whole - fraction * 100) < 1e-9) return pattern.replace("#", String(whole));
  return formats.percent().format(fraction);
}

/**
 * "a, b or c", as the language in use writes it.
 * @param {readonly unknown[]} items
 */
export const formatOr = (items) => formats.or()(items.map(String));

/**
 * "a, b and c", as the language in use writes it.
 * @param {readonly unknown[]} items
 */
export const formatAnd = (items) => formats.and()(items.map(String));

/**
 * Fills in the static page: `data-i18n` (the text), `data-i18n-title`, `data-i18n-aria-label`
 * and `data-i18n-content` (a meta element) name the key of each element under `root`.
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  writeWords(pageWordsIn(root));
}

/**
 * Writes each place's words (`pageWordsIn`) in the language in use, and the page's title.
 * @param {ReturnType<typeof pageWordsIn>} places
 */
function writeWords(places) {
  for (const { element, attribute, key } of places) {
    if (attribute === null) element.textContent = t(key);
    else element.setAttribute(attribute, t(key));
  }
  document.title = t("page.title");
}

/**
 * Each place of the static page under `root` that says a message: the element, the attribute
 * (null: its text) and the message's key, which is the page's own (index.html's): a key no table
 * has throws when said, as any other would.
 * @param {ParentNode} root
 * @returns {{element: Element, attribute: string | null, key: MessageKey}[]}
 */
function pageWordsIn(root) {
  const keyOf = (/** @type {Element} */ element, /** @type {string} */ marker) => /** @type {MessageKey} */ (element.getAttribute(marker));
  /** @type {{element: Element, attribute: string | null, key: MessageKey}[]} */
  const places = [...root.querySelectorAll("[data-i18n]")].map((element) => ({ element, attribute: null, key: keyOf(element, "data-i18n") }));
  for (const [marker, attribute] of Object.entries(TRANSLATED_ATTRIBUTES)) {
    for (const element of root.querySelectorAll(`[${marker}]`)) places.push({ element, attribute, key: keyOf(element, marker) });
  }
  return places;
}

/** The language the page's own words are in: index.html's, English, until translated. */
let pageWords = REFERENCE;

/**
 * Writes the static page in `code`'s words before its whole table has come, from the table's page
 * words alone (`PAGE_WORDS_LOADERS`), which are then the early words (`knowEarlyWords`): for a
 * first board in that language, with the page around it as it will stay. The language in use
 * changes only with its whole table (`setLanguage`), and the page is not translated again then.
 * Rejects for a language without page words (English's are index.html's) or whose words cannot
 * be loaded; then nothing has changed.
 * @param {string} code
 */
export async function translatePageEarly(code) {
  const loader = PAGE_WORDS_LOADERS[code];
  if (!loader) throw new Error(`no page words for "${code}"`);
  const words = pageWordsOf((await loader()).default);
  // Every word the page says, or none: a key the page words lack (a build that left one out)
  // leaves the page as it was, waiting for its table.
  const places = pageWordsIn(document);
  const lacking = [...places.map(({ key }) => key), "page.title"].find((key) => !(key in words));
  if (lacking) throw new Error(`the page words of "${code}" lack "${lacking}"`);
  earlyWords = { ...earlyWords, ...words };
  markPage(code);
  writeWords(places);
  pageWords = code;
}

/**
 * A table's page words as early words: each a sentence (the static page has no counts).
 * @param {Partial<Table>} words
 * @returns {Record<string, string>}
 */
function pageWordsOf(words) {
  /** @type {Record<string, string>} */
  const sentences = {};
  for (const [key, entry] of Object.entries(words)) if (typeof entry === "string") sentences[key] = entry;
  return sentences;
}

/**
 * Writes the page's words (`translatePage`) in the language in use, unless they are in it
 * already: index.html is written in English, word for word as its table
 * (tests/unit/page-words.test.mjs), so an English page keeps the words it came with rather than
 * writing them all again as it starts (tens of milliseconds on a slow phone), and a page whose
 * first board translated it (first-board.js) is not translated twice.
 */
export function retranslatePage() {
  if (current === pageWords) return;
  translatePage();
  pageWords = current;
}

const TRANSLATED_ATTRIBUTES = {
  "data-i18n-title": "title",
  "data-i18n-aria-label": "aria-label",
  "data-i18n-content": "content",
};
