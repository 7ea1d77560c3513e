// @ts-check
// Changing the page's own address without a new entry in its history.

/**
 * Sets (or with `value` null, removes) a part of the address's query, keeping the page's history entry.
 * @param {string} name
 * @param {string | null} value
 */
export function setAddressPart(name, value) {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(history.state, "", url);
}
