// @ts-check
// A lesson or a puzzle (trainer/): the board serves it. Nobody else plays, nothing is kept, and
// no help is given (the puzzle shows the move values itself once answered). It decides the side
// the board is seen from, the rings and values on the holes, and what follows a move shown; while
// its step waits for its panel (`watching`), no tap is taken. Its panel takes moves back, so
// Undo and stepping through the moves stand aside.

import { kind, refuse } from "./kind.js";

/**
 * @param {import("./kind.js").Setup} setup  the position's set-up (two players at one device)
 * @param {import("./kind.js").Training} training
 * @param {boolean} watching
 * @returns {import("./kind.js").Kind}
 */
export function training(setup, training, watching) {
  return kind(setup, {
    training,
    keeps: false,
    undoes: false,
    browses: false,
    reviews: false,
    refusal: (game, side) => (watching ? "training" : refuse(game, side)),
    noHelp: () => ({ said: null }),
    followMove: (app) => {
      training.moveShown(app);
      return true;
    },
    seenFrom: () => training.side(),
    marks: () => ({ rings: training.rings(), values: training.values?.() ?? null }),
  });
}
