// @ts-check
// The page in an embed's frame (`?embed=1`): the game of both pages (compose.js), laid out in the
// frame (share/embed.js), set up by the frame's address — a game to play or only to watch, a demo
// or a looped move (share/embed-driver.js, loaded beside the engine), or two rule sets compared
// (share/embed-compare.js, with boards of its own) — and keeping nothing in the
// visitor's browser. It follows no later change of its address: a frame shows what it opened with.

import { enterEmbedLayout } from "../share/embed.js";
import { showNotice } from "../ui/ui.js";
import { composeGame } from "./compose.js";
import { problemsNotice } from "./router.js";
import { drawEarlyBoard } from "./early-board.js";

/**
 * Lays the frame out before anything is drawn, and starts loading the frame's driver. Returns
 * what opens the frame once the engine is there, and what draws its boards before the engine
 * where they are known (`drawEarly`, once the words are in), in the room they then keep.
 * @param {import("./router.js").Route & {frame: NonNullable<import("./router.js").Route["frame"]>}} route
 */
export function prepareFrame(route) {
  const layout = enterEmbedLayout(route.frame);
  const pair = route.frame.compare;
  if (route.frame.kind === "compare" && pair) {
    // Two rule sets side by side: boards of their own, no game to play (share/embed-compare.js).
    const compare = import("../share/embed-compare.js");
    return {
      loaded: compare,
      drawEarly: () => drawEarlyBoard(route, layout.box),
      /** @param {any} engine */
      async start(engine) {
        const { startCompare } = await compare;
        const problems = startCompare(engine, { ...route.frame, compare: pair }, route.fragment, route.speed, layout);
        const notices = [problems, problemsNotice(route.problems)].filter((notice) => notice !== null);
        if (notices.length > 0) showNotice(...notices);
      },
    };
  }
  const driver = import("../share/embed-driver.js");
  return {
    /** Resolves when the frame's own part has loaded. */
    loaded: driver,
    drawEarly: () => drawEarlyBoard(route, layout.box),
    /** Opens the frame on `engine` (engine.js). @param {any} engine */
    async start(engine) {
      const { startEmbed } = await driver;
      const composed = composeGame(engine, route, { frame: true, measureBox: layout.box });
      const { app, trainers } = composed;
      const { driver: embedDriver, problems } = startEmbed(app, route.frame, route.setup, route.fragment, layout);
      composed.afterChange.push(() => embedDriver.changed());
      if (route.lesson) trainers.openLesson();
      if (route.puzzles) trainers.openPuzzles();
      const notices = [problems, problemsNotice(route.problems)].filter((notice) => notice !== null);
      if (notices.length > 0) showNotice(...notices);
      composed.begin();
      layout.onFit(composed.redraw);
    },
  };
}
