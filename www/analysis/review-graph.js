// @ts-check
// The game review's evaluation graph (`svg#review-graph`): drawing it and taking its input. It is
// given what to draw (South's exact value after each move and the start, each move's mark, the
// move shown, the page's direction) and knows nothing of the solver, the game or the review's
// state; it says which move the person picked through `onChoose(ply)`, and asks `describe(ply)`
// for what a move's point says to assistive technology.
//
// It owns the graph's children, its viewBox and its slider attributes (`aria-label`,
// `aria-valuemin`, `aria-valuemax`, `aria-valuenow`, `aria-valuetext`), the move chosen with the
// keyboard, and its clicks, keys, focus and resizing. The review's findings published on the same
// element (`data-values`, `data-losses`, `data-state`: docs/page-contract.md) are review.js's.

import { formatNumber, t } from "../i18n/index.js";

/**
 * What the graph draws (`update`): South's exact lead after each move and at the start (null
 * where not known), each move's mark, the move shown, and whether the page reads right to left.
 * @typedef {object} GraphData
 * @property {(number | null)[]} values
 * @property {(MarkKind | null)[]} marks
 * @property {number} shown
 * @property {boolean} rtl
 */
/** @typedef {"inaccuracy" | "mistake" | "blunder"} MarkKind */
/**
 * The graph as last drawn, for clicks and keys: its moves, scales and points.
 * @typedef {object} GraphLayout
 * @property {number} n the moves of the line
 * @property {(ply: number) => number} xOf
 * @property {(south: number) => number} yOf
 * @property {number} mid
 * @property {number} width
 * @property {{ply: number, south: number, mark: MarkKind | null}[]} points
 * @property {boolean} rtl
 */

const SVG = "http://www.w3.org/2000/svg";

const signed = (/** @type {number} */ n) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));

/**
 * An SVG element with `attributes`, and `text` inside it if given.
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @param {string | null} [text]
 */
function make(name, attributes, text = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

export class ReviewGraph {
  /**
   * @param {SVGSVGElement} svg the graph
   * @param {object} actions
   * @param {(ply: number) => void} actions.onChoose the person picked move `ply` (0: the start)
   * @param {(ply: number) => string} actions.describe what the graph says of move `ply`, its value and verdict
   */
  constructor(svg, { onChoose, describe }) {
    this.svg = svg;
    this.onChoose = onChoose;
    this.describe = describe;
    /** @type {GraphData | null} what update() was last given, or null while the graph shows nothing */
    this.data = null;
    /** @type {number | null} the move shown on the board, as last given */
    this.shown = null;
    /** @type {number | null} the move chosen with the keyboard */
    this.cursor = null;
    /** @type {GraphLayout | null} the graph as last drawn: its x scale, for clicks and keys */
    this.layout = null;

    svg.addEventListener("click", (event) => this.click(event));
    svg.addEventListener("keydown", (event) => this.key(event));
    // Only the cursor changes with the focus: redrawing the points under a click would lose it.
    svg.addEventListener("focus", () => this.renderCursor());
    svg.addEventListener("blur", () => this.renderCursor());
    let width = 0;
    new ResizeObserver(() => {
      const now = svg.getBoundingClientRect().width;
      if (now !== width) {
        width = now;
        this.render();
      }
    }).observe(svg);
  }

  /**
   * Draws the graph of `data`, or, given null, leaves it as it is (hidden with its panel) and
   * takes no more input until the next data.
   *
   * `data`: {values, marks, shown, rtl}: `values[ply]` South's exact lead after move `ply` (0: the
   * start), null where it is not known, one per move of the line and the start; `marks[ply]` the
   * kind of the mark of move `ply` ("inaccuracy", "mistake" or "blunder"), null for a perfect move
   * or one without a value; `shown` the move shown on the board; `rtl` whether the page reads right
   * to left (the time axis then runs right to left, as the move list does).
   * @param {GraphData | null} data
   */
  update(data) {
    this.data = data;
    if (!data) return;
    // Another move shown: the keyboard's choice starts from it.
    if (data.shown !== this.shown) {
      this.shown = data.shown;
      this.cursor = data.shown;
    }
    this.render();
  }

  /**
   * The evaluation graph: x the move number (0 the start), y South's exact lead after it (South
   * up). In a right-to-left page it runs right to left, as the move list does.
   */
  render() {
    const graph = this.svg;
    if (!this.data) return;
    const box = graph.getBoundingClientRect();
    if (box.width === 0) return;
    const width = Math.round(box.width);
    const height = Math.round(box.height) || 200;
    const { values, marks, shown, rtl } = this.data;
    const n = values.length - 1;
    /** @type {GraphLayout["points"]} */
    const points = [];
    values.forEach((south, ply) => {
      if (south !== null) points.push({ ply, south, mark: marks[ply] ?? null });
    });
    const top = Math.max(2, ...points.map((p) => Math.abs(p.south)));
    const scale = Math.ceil(top / 2) * 2;

    const narrow = width < 420;
    const gutter = narrow ? 30 : 40; // the y axis's numbers
    const pad = { top: 12, bottom: 26, start: gutter, end: 14 };
    const plotWidth = width - pad.start - pad.end;
    const plotHeight = height - pad.top - pad.bottom;
    const mid = pad.top + plotHeight / 2;
    const xOf = (/** @type {number} */ ply) => {
      const along = (n === 0 ? 0 : ply / n) * plotWidth;
      return rtl ? width - pad.start - along : pad.start + along;
    };
    const yOf = (/** @type {number} */ south) => mid - (south / scale) * (plotHeight / 2);
    this.layout = { n, xOf, yOf, mid, width, points, rtl };

    const children = [];
    const left = pad.start;
    const plotLeft = rtl ? pad.end : pad.start;
    children.push(make("rect", { class: "review-plot", x: plotLeft, y: pad.top, width: plotWidth, height: plotHeight }));
    // The halves: South ahead above the middle line, North ahead below.
    children.push(make("rect", { class: "review-south-half", x: plotLeft, y: pad.top, width: plotWidth, height: plotHeight / 2 }));
    children.push(make("line", { class: "review-zero", x1: plotLeft, x2: plotLeft + plotWidth, y1: mid, y2: mid }));
    // The y axis: the top, zero and the bottom, beside the plot on the side the moves start from.
    const axisX = rtl ? width - left + 4 : left - 4;
    const anchor = rtl ? "start" : "end";
    for (const value of [scale, 0, -scale]) {
      children.push(make("text", { class: "review-axis", x: axisX, y: yOf(value) + 4, "text-anchor": anchor }, signed(value)));
    }
    // Which half is whose, written inside the plot at its start.
    const labelX = rtl ? plotLeft + plotWidth - 6 : plotLeft + 6;
    const labelAnchor = rtl ? "end" : "start";
    children.push(make("text", { class: "review-half-label", x: labelX, y: pad.top + 14, "text-anchor": labelAnchor },
      t("review.southAhead")));
    children.push(make("text", { class: "review-half-label", x: labelX, y: pad.top + plotHeight - 6, "text-anchor": labelAnchor },
      t("review.northAhead")));
    // The x axis: move numbers, as many as fit.
    const every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((k) => (plotWidth / n) * k >= (narrow ? 28 : 34)) ?? 1000;
    for (let ply = 0; ply <= n; ply += every) {
      children.push(make("text", { class: "review-axis", x: xOf(ply), y: height - 6, "text-anchor": "middle" }, formatNumber(ply)));
    }
    // The move shown on the board.
    children.push(make("line", { class: "review-shown", x1: xOf(shown), x2: xOf(shown), y1: pad.top, y2: pad.top + plotHeight }));
    // The lead, move by move (a gap where a move has no value).
    /** @type {string[]} */
    let run = [];
    const runs = [run];
    const byPly = new Map(points.map((p) => [p.ply, p]));
    for (let ply = 0; ply <= n; ply++) {
      const point = byPly.get(ply);
      if (point) run.push(`${xOf(ply).toFixed(1)},${yOf(point.south).toFixed(1)}`);
      else if (run.length > 0) runs.push((run = []));
    }
    for (const r of runs) if (r.length > 1) children.push(make("polyline", { class: "review-line", points: r.join(" ") }));
    for (const point of points) {
      const kind = point.mark ?? "perfect";
      children.push(make("circle", {
        class: `review-point ${kind}`, cx: xOf(point.ply), cy: yOf(point.south), r: point.mark ? 4.5 : 3, "data-ply": point.ply,
      }));
    }
    // The move chosen with the keyboard, ringed while the graph has the focus.
    children.push(make("circle", { class: "review-cursor", r: 8 }));
    graph.setAttribute("viewBox", `0 0 ${width} ${height}`);
    graph.replaceChildren(...children);
    graph.setAttribute("aria-label", t("review.graphLabel"));
    graph.setAttribute("aria-valuemin", "0");
    graph.setAttribute("aria-valuemax", String(n));
    this.renderCursor();
  }

  /** The move chosen on the graph: its ring (while focused) and what the graph tells assistive technology. */
  renderCursor() {
    const graph = this.svg;
    const ring = graph.querySelector(".review-cursor");
    if (!this.layout || !ring) return;
    const { n, xOf, yOf, mid, points } = this.layout;
    const cursor = Math.min(Math.max(this.cursor ?? this.shown ?? 0, 0), n);
    const point = points.find((p) => p.ply === cursor);
    ring.setAttribute("cx", String(xOf(cursor)));
    ring.setAttribute("cy", String(point ? yOf(point.south) : mid));
    ring.setAttribute("visibility", document.activeElement === graph ? "visible" : "hidden");
    graph.setAttribute("aria-valuenow", String(cursor));
    graph.setAttribute("aria-valuetext", this.describe(cursor));
  }

  /**
   * A click goes to the move nearest to it along the time axis.
   * @param {MouseEvent} event
   */
  click(event) {
    if (!this.layout || !this.data) return;
    const box = this.svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * this.layout.width;
    let best = 0;
    for (let ply = 1; ply <= this.layout.n; ply++) {
      if (Math.abs(this.layout.xOf(ply) - x) < Math.abs(this.layout.xOf(best) - x)) best = ply;
    }
    this.choose(best);
  }

  /** @param {number} ply */
  choose(ply) {
    this.cursor = ply;
    this.onChoose(ply);
  }

  /**
   * Arrow keys choose a move (along the time axis as drawn), Enter or Space goes to it.
   * @param {KeyboardEvent} event
   */
  key(event) {
    if (!this.layout || !this.data) return;
    const { n, rtl } = this.layout;
    const cursor = Math.min(Math.max(this.cursor ?? this.shown ?? 0, 0), n);
    const later = rtl ? "ArrowLeft" : "ArrowRight";
    const earlier = rtl ? "ArrowRight" : "ArrowLeft";
    const to = {
      [later]: cursor + 1, ArrowUp: cursor + 1, [earlier]: cursor - 1, ArrowDown: cursor - 1,
      PageUp: cursor + 10, PageDown: cursor - 10, Home: 0, End: n,
    }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      this.cursor = Math.min(Math.max(to, 0), n);
      this.renderCursor();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.choose(cursor);
    }
  }
}
