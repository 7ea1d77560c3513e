// @ts-check
// Pictures of the game for articles and print, drawn by the engine (`Game.svg`, `Game.svgFrames`)
// in the reader's words and saved as SVG files: the position shown, and the last move step by step
// (the position before it, each step of its trace, the position after), its frames stacked in one
// picture, top to bottom, so that it prints on one page and is one file to keep.
//
// The page's own engine draws no pictures (every first visit waits for it, and few save one): the
// computer's engine, which does, is loaded into the page for the first picture. The service worker
// keeps its file, so that pictures are drawn offline too.

import { openGame } from "../game/game-start.js";
import { sideName } from "../board/board-words.js";
import { ruleSetName } from "./rule-set-words.js";
import { t } from "../i18n/index.js";
import { asMove, firstMoves, plyCount } from "../lib/records.js";
import { saveFile } from "../lib/dom.js";

/** @import { GameOptions, PicturedGame, StartPosition } from "../types/engine.js" */

/**
 * The game a picture is drawn from: where the game began, its options and the moves played in
 * the position shown.
 * @typedef {{start: StartPosition | null, options: GameOptions, record: string}} Pictured
 */

/** @type {Promise<typeof PicturedGame> | null} */
let drawing = null;

/** The computer's engine's game class, which draws pictures, its engine started on first use. */
function pictureGame() {
  if (!drawing) {
    drawing = import("computer-engine").then(async (engine) => {
      await engine.default({ module_or_path: new URL(COMPUTER_WASM, import.meta.url) });
      return engine.Game;
    });
    // A failed load (the network gone, say) is tried again with the next picture.
    drawing.catch(() => (drawing = null));
  }
  return drawing;
}

// Room between two frames of a move, in the frames' own units.
const FRAME_GAP = 16;

/** The words the engine writes on a picture, in the language in use. @param {string} title */
const pictureWords = (title) => ({
  south: t("side.south"), north: t("side.north"), puta: t("mark.puta"), naga: t("mark.naga"), tied: t("mark.tied"),
  hand: t("picture.hand"), title,
});

/**
 * Saves the position shown as an SVG file; resolves with the file's name.
 * @param {Pictured} pictured
 */
export async function savePosition({ start, options, record }) {
  const game = openGame(await pictureGame(), { start, options, record });
  let svg;
  try {
    svg = game.svg(pictureWords(t("picture.title", { rules: ruleSetName(options.rules ?? "mancala-world") })));
  } finally {
    game.free();
  }
  const name = `walak-pussa-${plyCount(record)}.svg`;
  saveFile(svg, "image/svg+xml", name);
  return name;
}

/**
 * Saves the frames of the last move played (none: null) as one SVG file; resolves with the file's
 * name.
 * @param {Pictured} pictured
 * @param {import("../types/engine.js").Ply} last the last move of `record`
 */
export async function saveLastMove(pictured, last) {
  if (plyCount(pictured.record) === 0) return null;
  return saveMove({ ...pictured, record: firstMoves(pictured.record, -1) }, asMove(last.move), last.side);
}

/**
 * Saves the frames of `move`, played in the position pictured (by `side`, or the player to move
 * there), as one SVG file; resolves with the file's name.
 * @param {Pictured} pictured
 * @param {number | string} move as the engine's `play` takes it
 * @param {import("../types/engine.js").Side | null} [side]
 */
export async function saveMove({ start, options, record }, move, side = null) {
  const game = openGame(await pictureGame(), { start, options, record });
  let frames;
  try {
    const hole = typeof move === "number" ? move : parseInt(move, 10);
    const mover = side ?? game.state().to_move;
    const title = t("picture.framesTitle", { rules: ruleSetName(options.rules ?? "mancala-world"), side: sideName(mover), hole });
    frames = game.svgFrames(move, pictureWords(title));
  } finally {
    game.free();
  }
  const name = `walak-pussa-${plyCount(record) + 1}-frames.svg`;
  saveFile(stackFrames(frames), "image/svg+xml", name);
  return name;
}

/**
 * The frames of a move (the engine's SVG texts, all of one size) in one SVG, top to bottom, each
 * kept whole as a picture of its own within it.
 * @param {string[]} frames
 */
export function stackFrames(frames) {
  const size = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(frames[0] ?? "");
  const width = Number(size?.[1] ?? 0);
  const height = Number(size?.[2] ?? 0);
  const total = frames.length * height + (frames.length - 1) * FRAME_GAP;
  const placed = frames.map((frame, i) => frame.replace("<svg ", `<svg x="0" y="${i * (height + FRAME_GAP)}" `));
  const title = /<title>[^<]*<\/title>/.exec(frames[0] ?? "")?.[0] ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${total}" width="${width}" height="${total}">${title}${placed.join("")}</svg>\n`;
}
