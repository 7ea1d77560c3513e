// The page's elements by id: the one short name every part of the page uses for them.

/** The element with id `id`, or null. */
export const $ = (id) => document.getElementById(id);
