// @ts-check
// A game two friends play apart, each on their own device, by sending each other links (share/
// link-game.js): the person plays their side here; on the friend's turn the page offers to send
// the move. The game carries an id that both copies share; a new game by links, a rematch too,
// is a game of its own with a new one.

import { t } from "../../i18n/index.js";
import { otherSide } from "../../lib/sides.js";
import { sideName } from "../../board/board-words.js";
import { newGameId } from "../games.js";
import { kind, plainSetup, refuse } from "./kind.js";

/** @type {import("./kind.js").RivalWords} */
const FRIEND = { name: "side.friend", toMove: "turn.friendToMove", won: "result.friendWon" };

/**
 * @param {import("./kind.js").Setup} setup
 * @returns {import("./kind.js").Kind}
 */
export function byLinks(setup) {
  const friend = otherSide(setup.side);
  return kind(setup, {
    rival: { side: friend, words: FRIEND },
    friendSide: friend,
    // The friend's moves come by their links, not from a tap here.
    refusal: (game, side) => refuse(game, side, (state) => (state.to_move === friend ? "friend" : null)),
    modeWords: () => t("mode.link", { side: sideName(setup.side) }),
    label: () => t("games.link", { side: sideName(setup.side) }),
    document: () => ({ mode: "link", side: setup.side, game: setup.game }),
    fresh: () => ({ ...plainSetup(setup), game: newGameId() }),
  });
}
