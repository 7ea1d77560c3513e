// @ts-check
// The lesson and the puzzles (trainer/), on both pages: loaded when first opened, opened from
// their buttons, the address or the end of the lesson, and left for a game. Leaving one gives the
// game that was on the board back (game/app.js `endTraining`), or says why it could not.

import { later } from "../lib/later.js";
import { msg } from "../i18n/index.js";
import { FIRST_VISIT_SETUP } from "../game/first-visit.js";
import { showNotice } from "../ui/ui.js";
import { setAddressPart } from "./address.js";
import { $ } from "../lib/dom.js";

/** @import { Message } from "../i18n/index.js" */

/**
 * @typedef {object} Trainers
 * @property {(id?: string | null) => Promise<void>} openPuzzles  the puzzles, at puzzle `id` if given
 * @property {() => Promise<void>} openLesson
 * @property {() => void} leave          whichever is open makes way for a game
 */

/**
 * @param {import("../game/app.js").App} app
 * @param {{remember: boolean, speed: import("../board/animation.js").Speed | null}} options  `remember`: progress is kept (not in
 *   an embed); `speed`: the animation's speed the address asked for, which the lesson keeps
 * @returns {Trainers}
 */
export function wireTrainers(app, { remember, speed }) {
  // After a lesson or the puzzles, the game that was on the board is back (or why it is not).
  const afterTraining = (/** @type {string | Message | null} */ problem) => {
    setAddressPart("lesson", null);
    setAddressPart("puzzles", null);
    if (problem) showNotice(msg("notice.unreadable", { reason: problem }));
  };
  const puzzles = later(async () => new (await import("../trainer/puzzles.js")).Puzzles(app, {
    remember,
    onLeave: (problem) => {
      afterTraining(problem);
      $("puzzles-button").focus();
    },
  }));
  const lesson = later(async () => new (await import("../trainer/lesson.js")).Lesson(app, {
    remember,
    ...(speed ? { speed } : {}),
    onLeave: (problem) => {
      afterTraining(problem);
      $("learn").focus();
    },
    onPuzzle: () => openPuzzles(),
    onPlay: () => {
      lesson.now?.leave();
      app.newGame({ setup: { ...app.setup, ...FIRST_VISIT_SETUP } });
    },
  }));
  const openPuzzles = async (/** @type {string | null} */ id = null) => {
    lesson.now?.leave();
    (await puzzles.get()).enter(id);
  };
  const openLesson = async () => {
    puzzles.now?.leave();
    (await lesson.get()).enter();
  };
  $("puzzles-button").addEventListener("click", () => openPuzzles());
  $("learn").addEventListener("click", () => {
    setAddressPart("lesson", "1");
    openLesson();
  });
  return {
    openPuzzles,
    openLesson,
    leave: () => {
      lesson.now?.leave();
      puzzles.now?.leave();
    },
  };
}
