// @ts-check
// Whether the page's own server offers live play, and a room's link in the address: read on
// every visit, so apart from the live game itself (live-game.js), which loads when first needed.
// On a static host the question fails or answers something else, and the page offers games by
// links alone.

/**
 * Resolves with whether `live` beside the page answers `{"live": true}` (docs/live-protocol.md).
 * @returns {Promise<boolean>}
 */
export async function liveOffered() {
  try {
    const response = await fetch(new URL("live", location.href), { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) return false;
    return (await response.json())?.live === true;
  } catch {
    return false;
  }
}

/**
 * The room a link asks for (`#live=CODE`, the code in base32), or null for another address.
 * @param {string} hash
 * @returns {string | null}
 */
export function readRoomLink(hash) {
  const found = /^#live=([A-Za-z2-7]{8,32})$/.exec(hash);
  return found ? found[1].toUpperCase() : null;
}
