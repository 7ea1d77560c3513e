// @ts-check
// The position editor: a teacher or a player sets up any board by hand (to show a necklace
// capture, or to study an ending) and plays on from it. The engine decides whether a position is
// possible; the editor only collects the numbers and shows the engine's answer as they change.
// On a phone the numbers are tapped in: a tap on a hole (or a reserve) adds a seed, its − or a
// hold on it takes one away. The number fields stay, for typing and for keys and screen readers.

import { openGame } from "./game-start.js";
import { formatNumber, onLanguageChange, t } from "../i18n/index.js";
import { positionRefusal } from "../ui/refusals.js";
import { sideName } from "../board/board-words.js";
import { HOLES, numberOf, rowOf, sideOf } from "../board/holes.js";
import { SIDES } from "../lib/sides.js";
import { $ } from "../lib/dom.js";
import { isParker } from "../lib/records.js";

/** @import { RuleSet, Side, StartPosition } from "../types/engine.js" */
/** @import { GameClass } from "./game-start.js" */

/**
 * A hole's or a reserve's place in the editor: its number field, the button over it that takes
 * the taps, its − button, and whose it is (`hole` 1–7, or null for a reserve).
 * @typedef {{input: HTMLInputElement, add: HTMLButtonElement, take: HTMLButtonElement, side: Side, hole: number | null}} Place
 */

const TOTAL = 56;
/** Holding a hole this long takes a seed away instead of adding one. */
const HOLD_MS = 500;

/** The holes of each row as their inputs are laid out: North's row on top, from North's left on the right. */
const NORTH_ROW = rowOf("north").reverse();
const SOUTH_ROW = rowOf("south");

/**
 * The seeds in a field, or NaN when it holds no whole number.
 * @param {HTMLInputElement} input
 */
const count = (input) => (/^\d+$/.test(input.value.trim()) ? Number(input.value) : NaN);

export class PositionEditor {
  /**
   * `dialog` holds the form (see index.html #position-dialog); `Game` is the engine's class;
   * `onPlay(start)` starts a game from the position, an engine set-up.
   * @param {HTMLDialogElement} dialog
   * @param {GameClass} Game
   * @param {(start: StartPosition) => void} onPlay
   */
  constructor(dialog, Game, onPlay) {
    this.dialog = dialog;
    this.form = $("position-form");
    this.Game = Game;
    /** @type {RuleSet} the rule set the position is played by (the New game form's) */
    this.rules = "mancala-world";
    /** @type {HTMLInputElement[]} the holes' fields, by track index */
    this.holes = [];
    /** @type {Place[]} every hole and reserve */
    this.places = [];
    /** @type {HTMLSpanElement[]} the holes' numbers beside the rows */
    this.numbers = [];
    this.buildRows();
    for (const side of SIDES) {
      const input = $(`position-reserve-${side}`);
      const cell = document.createElement("div");
      input.replaceWith(cell);
      this.addCell(cell, input, side, null);
      $(`position-rest-${side}`).addEventListener("click", () => this.rest(input));
    }
    this.nameHoles();
    onLanguageChange(() => {
      this.nameHoles();
      if (dialog.open) this.check();
    });
    this.form.addEventListener("input", () => this.check());
    $("position-clear").addEventListener("click", () => this.fill({ board: Array(HOLES).fill(0), reserves: [0, 0] }));
    $("position-opening").addEventListener("click", () => this.fill({ board: Array(HOLES).fill(4), reserves: [0, 0] }));
    dialog.addEventListener("close", () => {
      if (dialog.returnValue === "play" && this.check()) onPlay(this.read());
    });
  }

  buildRows() {
    /** @type {["position-north" | "position-south", number[]][]} */
    const rows = [["position-north", NORTH_ROW], ["position-south", SOUTH_ROW]];
    for (const [id, row] of rows) {
      const container = $(id);
      // Each hole's number in move notation (1–7 from its owner's left), beside the row as on the
      // board: a sighted person sees which end is hole 1. The inputs' own names say it aloud.
      const numbers = $(`${id}-numbers`);
      for (const hole of row) {
        const number = document.createElement("span");
        number.dataset.number = String(numberOf(hole));
        numbers.append(number);
        this.numbers.push(number);
      }
      for (const hole of row) {
        const input = document.createElement("input");
        input.type = "number";
        input.min = "0";
        input.max = String(TOTAL);
        input.required = true;
        input.inputMode = "numeric";
        input.className = "position-hole";
        input.dataset.hole = String(hole);
        this.holes[hole] = input;
        const cell = document.createElement("div");
        container.append(cell);
        this.addCell(cell, input, sideOf(hole), numberOf(hole));
      }
    }
  }

  /**
   * Fills `cell` with a hole's or a reserve's number field, a transparent button over it that
   * takes the taps (a tap adds a seed, a hold takes one away) and a − button. The two buttons are
   * left out of the Tab order: keys have the field itself, whose arrows count up and down.
   * @param {HTMLElement} cell
   * @param {HTMLInputElement} input
   * @param {Side} side
   * @param {number | null} hole
   */
  addCell(cell, input, side, hole) {
    const button = (/** @type {string} */ className) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = className;
      b.tabIndex = -1;
      return b;
    };
    const add = button("position-add");
    const take = button("position-take");
    take.textContent = "−";
    cell.className = "position-cell";
    cell.append(add, input, take);
    this.places.push({ input, add, take, side, hole });

    let timer = 0;
    let held = false; // the hold took a seed: the click that ends it adds none
    add.addEventListener("pointerdown", (event) => {
      held = false;
      clearTimeout(timer);
      if (event.button !== 0) return;
      timer = setTimeout(() => {
        held = true;
        this.step(input, -1);
      }, HOLD_MS);
    });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) add.addEventListener(type, () => clearTimeout(timer));
    add.addEventListener("click", () => {
      if (held) held = false;
      else this.step(input, 1);
    });
    // No menu or callout on a long press: the hold is the way to take a seed.
    add.addEventListener("contextmenu", (event) => event.preventDefault());
    take.addEventListener("click", () => this.step(input, -1));
  }

  /** Names every field and button in the language in use: "South hole 3", "Add a seed to South's reserve". */
  nameHoles() {
    for (const number of this.numbers) number.textContent = formatNumber(Number(number.dataset.number));
    for (const { input, add, take, side, hole } of this.places) {
      const name = sideName(side);
      if (hole === null) {
        add.setAttribute("aria-label", t("position.addReserve", { side: name }));
        take.setAttribute("aria-label", t("position.takeReserve", { side: name }));
      } else {
        input.setAttribute("aria-label", t("position.hole", { side: name, hole }));
        add.setAttribute("aria-label", t("position.addHole", { side: name, hole }));
        take.setAttribute("aria-label", t("position.takeHole", { side: name, hole }));
      }
    }
  }

  /**
   * Adds one seed to a field (`by` 1) or takes one away (-1); an empty field counts as 0.
   * @param {HTMLInputElement} input
   * @param {number} by
   */
  step(input, by) {
    const now = count(input);
    const seeds = Number.isNaN(now) ? 0 : now;
    if (by > 0 && seeds >= TOTAL) return;
    input.value = String(Math.max(0, seeds + by));
    this.check();
  }

  /**
   * Puts the seeds still missing from the 56 into the reserve `input`.
   * @param {HTMLInputElement} input
   */
  rest(input) {
    const missing = this.missing();
    if (missing > 0) {
      input.value = String(count(input) + missing);
      this.check();
    }
  }

  /** How many seeds the board and reserves lack of the 56 (negative for too many; NaN while a field has no number). */
  missing() {
    return this.places.reduce((left, place) => left - count(place.input), TOTAL);
  }

  /**
   * Opens the editor on `position` ({board, reserves, to_move, direction?}), e.g. the one on the
   * board now, to be played by `rules`. Parker's rule sets also ask for the round's direction:
   * chosen already, or left to the next move.
   * @param {StartPosition} position
   * @param {RuleSet} rules
   */
  open(position, rules) {
    this.rules = rules;
    this.fill(position);
    this.turnChoice().value = position.to_move ?? "south";
    $("position-direction").hidden = !isParker(rules);
    this.choice("direction").value = (isParker(rules) && position.direction) || "";
    this.check();
    this.dialog.showModal();
  }

  /**
   * Puts a position's seeds in the fields.
   * @param {{board: readonly number[], reserves: readonly number[]}} position
   */
  fill({ board, reserves }) {
    board.forEach((seeds, hole) => (this.holes[hole].value = String(seeds)));
    $("position-reserve-south").value = String(reserves[0]);
    $("position-reserve-north").value = String(reserves[1]);
    this.check();
  }

  /** The radios of the player to move. */
  turnChoice() {
    return this.choice("turn");
  }

  /**
   * The form's radios named `name`: the player to move, or Parker's direction.
   * @param {"turn" | "direction"} name
   */
  choice(name) {
    const radios = this.form.elements.namedItem(name);
    if (!(radios instanceof RadioNodeList)) throw new Error(`the position editor has no radios "${name}"`);
    return radios;
  }

  /**
   * The position in the form, as an engine set-up (numbers may still be invalid).
   * @returns {StartPosition}
   */
  read() {
    /** @type {StartPosition} */
    const start = {
      board: this.holes.map(count),
      reserves: [count($("position-reserve-south")), count($("position-reserve-north"))],
      // One of the two radios is always checked.
      to_move: this.turnChoice().value === "north" ? "north" : "south",
    };
    const direction = this.choice("direction").value;
    if (isParker(this.rules) && (direction === "+" || direction === "-")) start.direction = direction;
    return start;
  }

  /** Shows whether the position can be played, and why not; returns whether it can. */
  check() {
    const start = this.read();
    const counts = [...start.board, ...start.reserves];
    const total = counts.reduce((sum, n) => sum + (Number.isNaN(n) ? 0 : n), 0);
    let problem = null;
    if (counts.some((n) => Number.isNaN(n) || n > TOTAL)) problem = t("position.numbers", { max: TOTAL });
    else {
      // The engine's refusal names its cause (`kind` and fields), said in the page's language.
      try {
        openGame(this.Game, { start, options: { rounds: false, first: start.to_move, rules: this.rules } }).free();
      } catch (error) {
        problem = positionRefusal(error);
      }
    }
    const said = $("position-said");
    said.textContent = problem
      ? t("position.refused", { reason: problem })
      : t("position.ready", { seeds: t("count.seeds", { count: total }), side: sideName(start.to_move) });
    said.classList.toggle("error", problem !== null);
    $("position-play").disabled = problem !== null;
    // The rest goes into a reserve only when seeds are missing; too many are said above.
    const missing = this.missing();
    for (const side of SIDES) $(`position-rest-${side}`).disabled = !(missing > 0);
    for (const { input, take } of this.places) take.disabled = !(count(input) > 0);
    return problem === null;
  }
}
