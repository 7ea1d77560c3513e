// The position editor: a teacher or a player sets up any board by hand (to show a necklace
// capture, or to study an ending) and plays on from it. The engine decides whether a position is
// possible; the editor only collects the numbers and shows the engine's answer as they change.

import { openGame } from "./game-start.js";
import { formatNumber, onLanguageChange, t } from "./i18n/index.js";
import { positionRefusal } from "./refusals.js";
import { sideName } from "./words.js";

const HOLES = 14;
const TOTAL = 56;

/** Track order of the inputs as they are laid out: North's row on top, drawn from North's left on the right. */
const NORTH_ROW = [13, 12, 11, 10, 9, 8, 7];
const SOUTH_ROW = [0, 1, 2, 3, 4, 5, 6];

export class PositionEditor {
  /**
   * `dialog` holds the form (see index.html #position-dialog); `Game` is the engine's class;
   * `onPlay(start)` starts a game from the position, an engine set-up.
   */
  constructor(dialog, Game, onPlay) {
    this.dialog = dialog;
    this.form = dialog.querySelector("form");
    this.Game = Game;
    this.holes = [];
    this.buildRows();
    this.nameHoles();
    onLanguageChange(() => {
      this.nameHoles();
      if (dialog.open) this.check();
    });
    this.form.addEventListener("input", () => this.check());
    this.field("position-clear").addEventListener("click", () => this.fill({ board: Array(HOLES).fill(0), reserves: [0, 0] }));
    this.field("position-opening").addEventListener("click", () => this.fill({ board: Array(HOLES).fill(4), reserves: [0, 0] }));
    dialog.addEventListener("close", () => {
      if (dialog.returnValue === "play" && this.check()) onPlay(this.read());
    });
  }

  field(id) {
    return this.dialog.querySelector(`#${id}`);
  }

  buildRows() {
    this.numbers = [];
    for (const [id, row] of [["position-north", NORTH_ROW], ["position-south", SOUTH_ROW]]) {
      const container = this.field(id);
      // Each hole's number in move notation (1–7 from its owner's left), beside the row as on the
      // board: a sighted person sees which end is hole 1. The inputs' own names say it aloud.
      const numbers = this.field(`${id}-numbers`);
      for (const hole of row) {
        const number = document.createElement("span");
        number.dataset.number = String((hole % 7) + 1);
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
        container.append(input);
      }
    }
  }

  nameHoles() {
    for (const number of this.numbers) number.textContent = formatNumber(Number(number.dataset.number));
    this.holes.forEach((input, hole) => {
      const side = sideName(hole < 7 ? "south" : "north");
      input.setAttribute("aria-label", t("position.hole", { side, hole: (hole % 7) + 1 }));
    });
  }

  /** Opens the editor on `position` ({board, reserves, to_move}), e.g. the one on the board now. */
  open(position) {
    this.fill(position);
    this.form.elements.turn.value = position.to_move ?? "south";
    this.check();
    this.dialog.showModal();
  }

  fill({ board, reserves }) {
    board.forEach((seeds, hole) => (this.holes[hole].value = String(seeds)));
    this.field("position-reserve-south").value = String(reserves[0]);
    this.field("position-reserve-north").value = String(reserves[1]);
    this.check();
  }

  /** The position in the form, as an engine set-up (numbers may still be invalid). */
  read() {
    const count = (input) => (/^\d+$/.test(input.value.trim()) ? Number(input.value) : NaN);
    return {
      board: this.holes.map(count),
      reserves: [count(this.field("position-reserve-south")), count(this.field("position-reserve-north"))],
      to_move: this.form.elements.turn.value,
    };
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
        openGame(this.Game, { start, options: { rounds: false } }).free();
      } catch (error) {
        problem = positionRefusal(error);
      }
    }
    const said = this.field("position-said");
    said.textContent = problem
      ? t("position.refused", { reason: problem })
      : t("position.ready", { seeds: t("count.seeds", { count: total }), side: sideName(start.to_move) });
    said.classList.toggle("error", problem !== null);
    this.field("position-play").disabled = problem !== null;
    return problem === null;
  }
}
