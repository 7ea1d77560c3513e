// @ts-check
// A game against the computer: it plays the side the person does not, at the set-up's level,
// through the opponent seam. Undo, Redo and the arrow keys step past its replies, so that the
// person lands on their own turn; the level can be changed during the game.

import { language, t } from "../../i18n/index.js";
import { otherSide } from "../../lib/sides.js";
import { sideName } from "../../board/board-words.js";
import { levelName } from "../../ui/words.js";
import { computerOpponent } from "../opponents.js";
import { kind } from "./kind.js";

/** @type {import("./kind.js").RivalWords} */
const COMPUTER = {
  name: "side.computer", toMove: "turn.computerToMove", thinking: "turn.computerThinking", won: "result.computerWon",
};

/**
 * @param {import("./kind.js").Setup} setup
 * @returns {import("./kind.js").Kind}
 */
export function againstComputer(setup) {
  const side = otherSide(setup.side);
  return kind(setup, {
    rival: { side, words: COMPUTER },
    computerSide: side,
    opponents: (computer) => ({ [side]: computerOpponent(computer, side, setup.level) }),
    modeWords: () => t("mode.computer", {
      side: sideName(setup.side),
      level: levelName(setup.level).toLocaleLowerCase(language()),
    }),
    label: () => t("games.computer", { level: levelName(setup.level), side: sideName(setup.side) }),
    document: () => ({ mode: "computer", side: setup.side }),
  });
}
