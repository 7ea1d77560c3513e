// @ts-check
// The board on the page: what it shows of the game (the controller, game/app.js) and of the help
// beside it (analysis/analysis.js) — the scene, rings where a move may be played now, the preview
// of the hole under the pointer or focus, the hint, the move values and the last move's marks —
// which way round it is seen, the room it takes, and the hole buttons over it. The board's view
// state lives here; it reads the controller and the help it is given (page/compose.js composes them) and
// plays through the controller, never changing it otherwise. It imports nothing above the board.

import { drawBoard } from "./board.js";
import { holeIndex, sideOf } from "./holes.js";
import { HoleButtons } from "./input.js";
import { describePreview, describeRefusal, holeValueTags } from "./board-words.js";
import { t } from "../i18n/index.js";
import { $ } from "../lib/dom.js";
import { holeOfMove, legalHoles } from "../lib/records.js";

/** @import { GameState, Side } from "../types/engine.js" */
/** @import { HoleValue, MoveMarks, Room } from "./board.js" */
/** @import { RefusalReason } from "./board-words.js" */
/** @import { Move } from "../lib/records.js" */
/** @import { Motion } from "./animation.js" */
/** @import { MoveSummary, Scene } from "./scene.js" */

/**
 * What the board reads of the game's controller (game/app.js, which page/compose.js hands it),
 * and what it asks of it: to play a hole, why one cannot be played, a move's preview, to turn the
 * board.
 * @typedef {object} BoardController
 * @property {Scene} scene the position shown
 * @property {GameState} state
 * @property {boolean} animating a move is being shown
 * @property {boolean} turned Flip has turned the board round
 * @property {BoardKind} kind the kind of game on the board (game/kinds/)
 * @property {MoveMarks | null} lastMarks the move that led to the position
 * @property {(number: number) => boolean} canPlay whether the person may play the mover's hole now
 * @property {(number: number) => void} play
 * @property {(number: number) => MoveSummary | null} preview what playing the mover's hole would do
 * @property {(side: Side, number: number) => RefusalReason | null} refusal why `side`'s hole may not be played now
 * @property {() => void} turnBoard
 * @property {number | null} directionHole Parker's first move: the hole tapped, waiting for its direction
 */
/**
 * The kind of game, as the board reads it: the side the board is seen from before Flip, and what
 * it writes on the board itself (a lesson's rings — the hole to play, the one a sowing should stop
 * before — and a puzzle's values), null where the help's move values go.
 * @typedef {object} BoardKind
 * @property {() => Side} seenFrom
 * @property {() => {rings: {hint: number | null, end: number | null} | null, values: Map<number, HoleValue> | null} | null} marks
 */
/**
 * What the board reads of the help beside the game (analysis/analysis.js): whether the move
 * values are on, what is proved of the position shown (analysis/values.js's entry), the hint.
 * @typedef {object} BoardHelp
 * @property {boolean} showValues
 * @property {ProvedValues | null} currentExact
 * @property {{number: Move | null} | null} currentHint
 */
/**
 * What the solver found of a position, as the board reads it: while it works (`pending`), once
 * proved (`done`, with its `result`: every move's value when `moveValues` were asked for), or not
 * (`unproven`, `failed`). Its `result` is there once it is done.
 * @typedef {{state: "pending" | "done" | "unproven" | "failed", moveValues: boolean,
 *   result: {value: number, move_values?: Record<string, number>} | null}} ProvedValues
 */

// How long a refused tap's reason stays under the board.
const REFUSAL_SHOWN_MS = 3500;

/**
 * What the board writes on the holes of the player to move when move values are on: by track
 * index, `{text, best}` once proved, "…" while they are being worked out; null when off.
 * @param {BoardController} app
 * @param {BoardHelp} analysis
 * @returns {Map<number, HoleValue> | null}
 */
function holeValues(app, analysis) {
  const exact = analysis.showValues && app.state.status === "playing" ? analysis.currentExact : null;
  if (!exact || exact.state === "unproven" || exact.state === "failed") return null;
  const side = app.state.to_move;
  const values = new Map();
  if (exact.state !== "done" || !exact.moveValues || !exact.result) {
    for (const n of legalHoles(app.state)) values.set(holeIndex(side, n), { text: "…", best: false });
    return values;
  }
  const { move_values: moveValues, value } = exact.result;
  for (const [hole, tag] of holeValueTags(moveValues ?? {}, value)) values.set(holeIndex(side, hole), tag);
  return values;
}

export class BoardView {
  /**
   * `canvas`: the board's canvas. `measureBox()` gives the room for the board
   * (`{width, height}`), measured only when the window or the frame changes (not on each draw, so
   * that the board keeps its size while the words under it change). `publish(scene, playable)`
   * mirrors each scene drawn, with the moves ringed as playable, onto the page (ui/ui.js
   * `publishScene`).
   * @param {HTMLCanvasElement} canvas
   * @param {object} parts
   * @param {BoardController} parts.app
   * @param {BoardHelp} parts.analysis
   * @param {() => Room} parts.measureBox
   * @param {(scene: Scene, playable: number[]) => void} parts.publish
   */
  constructor(canvas, { app, analysis, measureBox, publish }) {
    this.canvas = canvas;
    this.app = app;
    this.analysis = analysis;
    this.measureBox = measureBox;
    this.publish = publish;
    /** @type {Room | null} the room for the board, measured from `begin` on (the page is laid out by then) */
    this.box = null;
    this.sized = ""; // the room and pixel density last drawn for
    this.painting = false; // the board is painted from `begin` on
    /** @type {{number: number, hole: number, summary: MoveSummary} | null} the hole under the pointer or focus */
    this.preview = null;
    /** @type {string | null} the position the hole buttons' choice was made in */
    this.shownRecord = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.refusalTimer = undefined;
    this.holes = new HoleButtons($("holes"), {
      play: (number) => {
        this.preview = null;
        $("preview").textContent = "";
        $("tap-said").hidden = true;
        app.play(number);
      },
      refuse: (number, hole) => this.sayRefusal(number, hole),
      preview: (number, hole) => this.setPreview(number, hole),
      confirmTaps: () => $("confirm-taps").checked,
    });
  }

  /**
   * Seen from North's side: as the kind of game says (a lesson or a puzzle as it says; against
   * someone elsewhere, from the person's side to begin with, North's row at the bottom for North),
   * turned round by Flip, as the game keeps it.
   */
  get flipped() {
    const { app } = this;
    return (app.kind.seenFrom() === "north") !== app.turned;
  }

  /**
   * Draws `scene` (a frame of the move being shown, with its `motion`), or the position shown.
   * @param {Scene} [scene]
   * @param {Motion | null} [motion]
   */
  draw(scene = this.app.scene, motion = null) {
    const { app, analysis } = this;
    // Rings invite a move only where the person may really play now: never in a view-only
    // embed, on the computer's turn, while a move is shown or once the game is over.
    const playable = scene.legal.filter((n) => app.canPlay(n));
    // Until the page's game is open (`begin`, in the same task as the page's start, so that
    // nothing drawn before it could be seen) only the board's mirror follows, each position put
    // on the board as the page starts (the saved game, then a link's): `begin` lays out and
    // paints the board and places its hole buttons, which for each of those would have cost a
    // slow phone some 20 ms for nothing.
    if (!this.painting) {
      this.publish(scene, playable);
      return;
    }
    const shown = this.preview && app.canPlay(this.preview.number) ? this.preview : null;
    const hint = app.animating ? null : analysis.currentHint;
    // What the kind of game writes on the board itself: a lesson rings the hole it asks for, and
    // the empty hole a sowing should stop in front of; a puzzle gives its move values.
    const marks = app.animating ? null : app.kind.marks();
    const rings = marks?.rings ?? null;
    // (A bare direction, a match's new round's, has no hole to ring.)
    const hinted = hint?.number ? holeOfMove(hint.number) : 0;
    const hintHole = hinted > 0 ? holeIndex(app.state.to_move, hinted) : (rings?.hint ?? null);
    const target = rings?.end != null ? { endHole: rings.end, beadHoles: [] } : null;
    const options = {
      motion,
      preview: shown?.summary ?? target,
      // The hole whose move waits for its direction stays marked while the choice is asked.
      focus: shown?.hole ?? (app.directionHole !== null ? holeIndex(app.state.to_move, app.directionHole) : null),
      hint: hintHole,
      playable,
      values: app.animating ? null : marks ? marks.values : holeValues(app, analysis),
      box: this.box,
      flipped: this.flipped,
      last: app.animating ? null : app.lastMarks,
    };
    const layout = drawBoard(this.canvas, scene, options);
    $("flip").setAttribute("aria-pressed", String(this.flipped));
    $("board-wrap").style.width = `${layout.width}px`;
    this.publish(scene, playable);
    this.holes.update(layout, scene, (n) => playable.includes(n));
  }

  /** After a change of the game: a hole chosen by a first tap is forgotten once the position changes. */
  changed() {
    const { record } = this.app.state;
    if (record !== this.shownRecord) {
      this.shownRecord = record;
      this.holes.unselect();
    }
    this.draw();
  }

  /** Turns the board round (Flip, or the F key): the game keeps it, and the controller's change redraws. */
  flip() {
    this.app.turnBoard();
  }

  /**
   * The first painting of the board, the page's game open, in the room measured now: the page
   * around the board has its words by then, so the resize observers' first report finds the board
   * already fitted.
   */
  begin() {
    this.painting = true;
    this.measure();
    this.changed();
  }

  /** Measures the room for the board again, and draws again at once if it or the pixel density changed. */
  resize() {
    if (this.measure()) this.draw();
  }

  /** Measures the room for the board; whether it or the pixel density changed since last measured. */
  measure() {
    this.box = this.measureBox();
    const sized = `${this.box.width}x${this.box.height}x${window.devicePixelRatio}`;
    if (sized === this.sized) return false;
    this.sized = sized;
    return true;
  }

  /**
   * Shows where the move of `number` (track hole `hole`) would end, or none (`null`).
   * @param {number | null} number
   * @param {number | null} hole
   */
  setPreview(number, hole) {
    const { app } = this;
    const summary = number === null ? null : app.preview(number);
    this.preview = number !== null && summary && hole !== null && sideOf(hole) === app.state.to_move ? { number, hole, summary } : null;
    this.tellPreview();
    if (!app.animating) this.draw();
  }

  /** Says the preview in words (again, after a change of language); a hole chosen by a first tap says how to play it. */
  tellPreview() {
    const { preview } = this;
    let words = "";
    if (preview) {
      words = describePreview(preview.number, preview.summary);
      if (this.holes.selected === preview.hole) words = `${words} ${t("tap.again")}`;
    }
    $("preview").textContent = words;
  }

  /**
   * Says for a moment why the hole tapped cannot be played now.
   * @param {number} number
   * @param {number} hole
   */
  sayRefusal(number, hole) {
    const side = sideOf(hole);
    const reason = this.app.refusal(side, number);
    if (reason) this.sayForAWhile(describeRefusal(reason, side, this.app.state));
  }

  /**
   * Says `text` over the board for a few seconds (a refused tap, a move the live game's server refused).
   * @param {string} text
   */
  sayForAWhile(text) {
    const said = $("tap-said");
    said.textContent = text;
    said.hidden = false;
    clearTimeout(this.refusalTimer);
    this.refusalTimer = setTimeout(() => {
      said.hidden = true;
    }, REFUSAL_SHOWN_MS);
  }
}
