// @ts-check
// Drawing the board on a <canvas>.
//
// Holes are track indices (holes.js): South's row is drawn on the bottom row left to right, North's
// row on the top row from right to left (track index 7 top-right, 13 top-left). Sowing runs
// counterclockwise.
// North's reserve sits at the left end of the board, South's at the right end. In a tall box
// (an upright phone) the same board is turned a quarter to the left (`layoutPortrait`): the
// drawing code only reads the layout's places, so every piece follows.
//
// The board is a physical object: it is drawn the same way in every language, right-to-left ones
// included (South's row along the bottom, holes numbered along the engine's track). Only its
// words (the side names) and numbers follow the language in use.

import { formatNumber, t } from "../i18n/index.js";
import { HOLES, ROW, holeIndex, numberOf, sideOf } from "./holes.js";
import { drawGround, stampSeed } from "./kept-drawings.js";

/** @import { Side } from "../types/engine.js" */
/** @import { MoveSummary, Scene } from "./scene.js" */
/** @import { Motion } from "./animation.js" */

/** @typedef {{x: number, y: number}} Point */
/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/**
 * A hole as drawn: its centre and radius, and `cell`, the rectangle around it that is its tap
 * target; `label` its number (1–7 from its owner's left), written at `numberAt`.
 * @typedef {object} HoleLayout
 * @property {number} index its track index
 * @property {number} x
 * @property {number} y
 * @property {number} r
 * @property {number} label
 * @property {Side} owner
 * @property {Box} cell
 * @property {Point} numberAt
 */
/**
 * Where a side's name is written: beside the wood, or in its reserve (`onWood`).
 * @typedef {object} NamePlace
 * @property {number} x
 * @property {number} y
 * @property {CanvasTextAlign} align
 * @property {boolean} [onWood]
 */
/**
 * The board's geometry in CSS pixels: the holes, the reserves, the wood and the side's names,
 * for a board `width` × `height` whose holes are `u` apart.
 * @typedef {object} Layout
 * @property {boolean} portrait turned a quarter (the rows running down the screen)
 * @property {boolean} [flipped] seen from North's side
 * @property {number} width
 * @property {number} height
 * @property {number} u
 * @property {HoleLayout[]} holes by track index
 * @property {Record<Side, Box>} reserves
 * @property {Box} wood
 * @property {Record<Side, NamePlace>} names
 */
/** The room a board may take, in CSS pixels. @typedef {{width: number, height: number}} Room */
/** The marks the legend explains (`RING_KINDS`). @typedef {"legal" | "end" | "bead" | "hint" | "played" | "taken"} RingKind */
/** A mark on a hole. @typedef {RingKind | "lifted" | "focus"} Mark */
/** A move's exact value as written on its hole; the best moves' stand out. @typedef {{text: string, best: boolean}} HoleValue */
/**
 * The marks the board keeps on the move that led to the position: the hole played, the holes its
 * necklace took (track indices).
 * @typedef {{hole: number | null, captures: number[]}} MoveMarks  (`hole` null: a new round's bare direction)
 */
/**
 * What `drawBoard` draws besides the scene (see there).
 * @typedef {object} DrawOptions
 * @property {Motion | null} [motion]
 * @property {Pick<MoveSummary, "endHole" | "beadHoles"> | null} [preview]
 * @property {number | null} [focus]
 * @property {number | null} [hint]
 * @property {number[]} [playable]
 * @property {Map<number, HoleValue> | null} [values]
 * @property {Room | null} [box]
 * @property {boolean | null} [turned]
 * @property {boolean} [flipped]
 * @property {MoveMarks | null} [last]
 */


const COLORS = {
  woodLight: "#6b4226",
  woodDark: "#3b2212",
  woodEdge: "#24140a",
  grain: "rgba(20, 10, 4, 0.18)",
  holeInner: "#140b05",
  holeOuter: "#3a2211",
  holeRim: "rgba(255, 225, 180, 0.10)",
  legalRim: "rgba(255, 206, 120, 0.75)",
  seed: "#e0262c",
  seedShade: "#7a0d12",
  seedShine: "rgba(255, 255, 255, 0.6)",
  seedSpot: "#120605",
  count: "#f6e7cf",
  countEmpty: "rgba(246, 231, 207, 0.35)",
  outOfPlay: "rgba(0, 0, 0, 0.55)",
  label: "#3b2a1d",
  labelMuted: "#7a6552",
  turn: "#2b1a0e",
  lifted: "rgba(255, 255, 255, 0.55)",
  // Where a sowing would stop (a preview, the lesson's target): pink dashes, unlike the blue double
  // ring of the hole played last and the green dots of the hint.
  end: "#ff8fd0",
  bead: "#ffd34d",
  focus: "#ffffff",
  hint: "#7dff9a",
  // The last move: the hole played glows blue in a double ring, the holes its necklace took are
  // tinted with the beads' gold (strong enough to see on a phone's small holes), until the next move.
  lastPlayed: "rgba(120, 190, 255, 0.32)",
  lastPlayedRim: "rgba(150, 205, 255, 0.9)",
  lastTaken: "rgba(255, 211, 77, 0.5)",
  // Move value tags: the best moves' tag stands out from the others.
  value: "#f6e7cf",
  valueBest: "#8ff0a8",
  hand: "rgba(250, 240, 220, 0.92)",
  // Parker's rule sets: a puta or naga hole (never lifted), a tied hole (its owner's colour), a
  // hole of three a seed passes over.
  blocked: "#c9a0ff",
  blockedTag: "#e6d4ff",
  tiedSouth: "#7fe0d0",
  tiedNorth: "#ffb27f",
  skipped: "rgba(201, 160, 255, 0.85)",
};

// Narrower than this the board is not drawn smaller (an embed in a tiny frame still gets a board).
export const MIN_BOARD_WIDTH = 120;
// The long board's length in hole units: pad, reserve, gap, 7 holes, gap, reserve, pad.
export const LONG_UNITS = 9.8;
// Holes closer than this (CSS px) crowd their counts onto their neighbours: a box where the long
// board's would be takes the upright board whenever its holes are bigger at all.
export const NARROW_UNIT = 40;

/**
 * The widest long board, in whole CSS pixels, whose layout fits `maxWidth` × `maxHeight`: the board
 * keeps its proportions, so a frame's smaller dimension decides (the label bands have a minimum
 * height, so the proportions are not quite fixed and the width is searched for).
 * @param {number} maxWidth
 * @param {number} maxHeight
 * @returns {number}
 */
function fitBoardWidth(maxWidth, maxHeight) {
  let high = Math.max(MIN_BOARD_WIDTH, Math.floor(maxWidth));
  if (longHeight(high) <= maxHeight) return high;
  let low = MIN_BOARD_WIDTH;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (longHeight(mid) <= maxHeight) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * The biggest board that fits `maxWidth` × `maxHeight` CSS pixels: the long board when the box is
 * wide, the board turned a quarter (the rows running down the screen) when a tall box gives its
 * holes clearly more room — a phone held upright — or any more room where the long board's holes
 * would be crowded (`NARROW_UNIT`).
 * @param {number} maxWidth
 * @param {number} maxHeight
 * @returns {Layout}
 */
export function fitBoard(maxWidth, maxHeight) {
  const long = layoutBoard(fitBoardWidth(maxWidth, maxHeight));
  const turned = layoutPortrait(fitPortraitUnit(maxWidth, maxHeight));
  const narrow = long.u < NARROW_UNIT && turned.u > long.u;
  return narrow || turned.u > long.u * 1.1 ? turned : long;
}

// Labels, counts and badges keep a minimum size for legibility on boards down to 240 px wide;
// smaller boards (an embed in a tiny frame) shrink those minimums with the board, so that they
// do not overlap.
const LEGIBLE_UNIT = 240 / 9.8;
const legible = (/** @type {number} */ min, /** @type {number} */ u) => Math.min(min, (min * u) / LEGIBLE_UNIT);
// The band for the hole numbers and side names around the wood.
const bandOf = (/** @type {number} */ u) => Math.max(0.42 * u, legible(18, u));

/**
 * The long board's height for a canvas `width` pixels wide: a label band, the wood, a label band.
 * (The searches for the size that fits ask only this, not a whole layout each step.)
 * @param {number} width
 */
function longHeight(width) {
  const u = width / LONG_UNITS;
  const band = bandOf(u);
  return Math.ceil(band + 2.55 * u + band + 2); // (added as layoutBoard places them: the same pixel)
}

/**
 * Board geometry in CSS pixels for a canvas `width` pixels wide: the long board, South's row
 * along the bottom. Each hole has its centre and radius, and `cell`, the rectangle around it that
 * is its tap target; `numberAt` is where its number is written.
 * @param {number} width
 * @returns {Layout}
 */
export function layoutBoard(width) {
  const u = width / LONG_UNITS;
  const labelBand = bandOf(u);
  const woodTop = labelBand;
  const woodHeight = 2.55 * u;
  const rowGap = 0.15 * u;
  const holeRadius = 0.43 * u;
  const topRowY = woodTop + 0.2 * u + 0.5 * u;
  const bottomRowY = topRowY + u + rowGap;
  const firstHoleX = 0.2 * u + 1.1 * u + 0.1 * u + 0.5 * u;
  const woodBottom = woodTop + woodHeight;

  /** @type {HoleLayout[]} */
  const holes = [];
  for (let i = 0; i < HOLES; i++) {
    const owner = sideOf(i);
    const south = owner === "south";
    const column = south ? numberOf(i) - 1 : ROW - numberOf(i); // North's row runs right to left.
    const x = firstHoleX + column * u;
    const y = south ? bottomRowY : topRowY;
    // A row's cells reach from the middle between the rows out over its number.
    const cellTop = south ? y - (u + rowGap) / 2 : 0;
    const cellBottom = south ? woodBottom + labelBand : y + (u + rowGap) / 2;
    holes.push({
      index: i, x, y, r: holeRadius,
      // The hole's number in move notation: 1..7 from its owner's left.
      label: numberOf(i),
      owner,
      cell: { x: x - u / 2, y: cellTop, w: u, h: cellBottom - cellTop },
      numberAt: { x, y: south ? woodBottom + labelBand / 2 : labelBand / 2 },
    });
  }

  const reserveWidth = 1.0 * u;
  const reserveHeight = 2.0 * u + rowGap;
  const reserveTop = topRowY - 0.5 * u;
  const reserves = {
    north: { x: 0.25 * u, y: reserveTop, w: reserveWidth, h: reserveHeight },
    south: { x: width - 0.25 * u - reserveWidth, y: reserveTop, w: reserveWidth, h: reserveHeight },
  };

  return {
    portrait: false, width, height: longHeight(width), u, holes, reserves,
    wood: { x: 0, y: woodTop, w: width, h: woodHeight },
    // Each side's name, at its reserve's end of the board.
    names: {
      north: { x: reserves.north.x, y: labelBand / 2, align: "left" },
      south: { x: reserves.south.x + reserveWidth, y: woodBottom + labelBand / 2, align: "right" },
    },
  };
}

// The turned board's length in hole units: pad, reserve, gap, 7 holes, gap, reserve, pad. Its
// reserves are shorter than the long board's, so that the holes get more of a phone's height.
const PAD = 0.15;
const RESERVE = 0.75;
const GAP = 0.1;
const PORTRAIT_LENGTH = 2 * (PAD + RESERVE + GAP) + ROW;

/**
 * Board geometry for holes `u` CSS pixels apart, the board turned a quarter to the left: South's
 * row runs up the right-hand side (its hole 1 at the bottom, near a right thumb) to South's
 * reserve at the top; North's row runs down the left-hand side to North's reserve at the bottom.
 * Sowing still goes round counterclockwise. The numbers stand beside the rows; each side's name
 * is written in its reserve, which leaves the whole height to the wood.
 * @param {number} u
 * @returns {Layout}
 */
export function layoutPortrait(u) {
  const { numberBand, width, height } = portraitSize(u);
  const rowGap = 0.15 * u;
  const wood = { x: numberBand, y: 1, w: 2.55 * u, h: PORTRAIT_LENGTH * u };
  const northX = wood.x + 0.7 * u;
  const southX = northX + u + rowGap;
  // South's hole 1 is the lowest.
  const lowest = wood.y + wood.h - (PAD + RESERVE + GAP + 0.5) * u;

  /** @type {HoleLayout[]} */
  const holes = [];
  for (let i = 0; i < HOLES; i++) {
    const owner = sideOf(i);
    const south = owner === "south";
    const column = south ? numberOf(i) - 1 : ROW - numberOf(i);
    const x = south ? southX : northX;
    const y = lowest - column * u;
    // A row's cells reach from the middle between the rows out over its numbers.
    const cellLeft = south ? x - (u + rowGap) / 2 : 0;
    const cellRight = south ? width : x + (u + rowGap) / 2;
    holes.push({
      index: i, x, y, r: 0.43 * u,
      label: numberOf(i),
      owner,
      cell: { x: cellLeft, y: y - u / 2, w: cellRight - cellLeft, h: u },
      numberAt: { x: south ? width - numberBand / 2 : numberBand / 2, y },
    });
  }

  const reserve = (/** @type {number} */ y) => ({ x: northX - 0.5 * u, y, w: 2 * u + rowGap, h: RESERVE * u });
  const reserves = {
    south: reserve(wood.y + PAD * u),
    north: reserve(wood.y + wood.h - (PAD + RESERVE) * u),
  };
  /** @type {(box: Box) => NamePlace} */
  const nameIn = (box) => ({ x: box.x + 0.3 * u, y: box.y + box.h / 2, align: "left", onWood: true });
  return {
    portrait: true, width, height, u, holes, reserves, wood,
    names: { south: nameIn(reserves.south), north: nameIn(reserves.north) },
  };
}

/**
 * The turned board's size for holes `u` CSS pixels apart: its number bands beside the wood, and
 * the wood's length (what the search for the size that fits asks, and the layout's own).
 * @param {number} u
 */
function portraitSize(u) {
  const numberBand = Math.max(0.45 * u, legible(20, u));
  return { numberBand, width: Math.ceil(2 * numberBand + 2.55 * u), height: Math.ceil(PORTRAIT_LENGTH * u + 2) };
}

/**
 * The same board seen from North's side: every place turned half round the board's centre, so
 * that North's row lies along the bottom (or up the right-hand side when turned a quarter). The
 * holes keep their track indices; only where they are drawn changes.
 * @param {Layout} layout
 * @returns {Layout}
 */
export function turnAround(layout) {
  const { width, height } = layout;
  /**
   * @template {Point} P
   * @param {P} place
   * @returns {P}
   */
  const point = (place) => ({ ...place, x: width - place.x, y: height - place.y });
  const box = (/** @type {Box} */ { x, y, w, h }) => ({ x: width - x - w, y: height - y - h, w, h });
  const reserves = { north: box(layout.reserves.north), south: box(layout.reserves.south) };
  // A name beside the wood moves to the other end and aligns the other way; one written in its
  // reserve keeps its place in it, left of the count.
  /** @type {(side: Side) => NamePlace} */
  const name = (side) => {
    const place = layout.names[side];
    if (!place.onWood) return { ...point(place), align: place.align === "left" ? "right" : "left" };
    const [from, to] = [layout.reserves[side], reserves[side]];
    return { ...place, x: to.x + place.x - from.x, y: to.y + place.y - from.y };
  };
  return {
    ...layout,
    flipped: true,
    wood: box(layout.wood),
    holes: layout.holes.map((hole) => ({ ...point(hole), cell: box(hole.cell), numberAt: point(hole.numberAt) })),
    reserves,
    names: { north: name("north"), south: name("south") },
  };
}

/**
 * The biggest hole spacing whose turned board fits `maxWidth` × `maxHeight`.
 * @param {number} maxWidth
 * @param {number} maxHeight
 * @returns {number}
 */
function fitPortraitUnit(maxWidth, maxHeight) {
  let low = 4;
  let high = 400;
  for (let k = 0; k < 30; k++) {
    const mid = (low + high) / 2;
    const { width, height } = portraitSize(mid);
    if (width <= maxWidth && height <= maxHeight) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * The canvas's 2D drawing context (a canvas gives it unless it already has a context of another kind).
 * @param {HTMLCanvasElement} canvas
 */
function context2d(canvas) {
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("the board's canvas gives no 2D context");
  return ctx;
}

// The page's font for its language (style.css), read from the canvas when a drawing starts.
const FALLBACK_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
let family = FALLBACK_FAMILY;
// The device pixels to a CSS pixel of the drawing under way (a seed is kept at the screen's pixels).
let pixelRatio = 1;

/**
 * @param {number} px
 * @param {number} [weight]
 */
function font(px, weight = 600) {
  return `${weight} ${Math.round(px)}px ${family}`;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

// The wood is lit from North's side: from above on the long board, from the left when turned.
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {number} u
 * @param {boolean} portrait
 */
function drawWood(ctx, { x, y, w, h }, u, portrait) {
  const gradient = portrait ? ctx.createLinearGradient(x, 0, x + w, 0) : ctx.createLinearGradient(0, y, 0, y + h);
  gradient.addColorStop(0, COLORS.woodLight);
  gradient.addColorStop(1, COLORS.woodDark);
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, 0.3 * u);
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = COLORS.woodEdge;
  ctx.stroke();

  // A few gentle grain lines along the board, the same on every draw.
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = COLORS.grain;
  ctx.lineWidth = Math.max(1, 0.02 * u);
  const [along, across] = portrait ? [h, w] : [w, h];
  const point = (/** @type {number} */ a, /** @type {number} */ c) => /** @type {[number, number]} */ (portrait ? [x + c, y + a] : [x + a, y + c]);
  for (let k = 1; k < 9; k++) {
    const c = (k * across) / 9;
    ctx.beginPath();
    ctx.moveTo(...point(0, c));
    for (let s = 0; s <= 24; s++) ctx.lineTo(...point((s * along) / 24, c + Math.sin(s * 0.9 + k * 1.7) * 0.04 * u));
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {() => void} path traces the cavity's outline
 * @param {number} cx
 * @param {number} cy
 * @param {number} radius
 */
function drawCavity(ctx, path, cx, cy, radius) {
  const gradient = ctx.createRadialGradient(cx, cy - radius * 0.25, radius * 0.1, cx, cy, radius);
  gradient.addColorStop(0, COLORS.holeInner);
  gradient.addColorStop(1, COLORS.holeOuter);
  path();
  ctx.fillStyle = gradient;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = COLORS.holeRim;
  ctx.stroke();
}

// An olinda seed: a glossy red oval with a black spot at one end. `angle` turns it, so a heap
// does not look stamped (each is the one seed drawn once and copied: kept-drawings.js).
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {number} [angle]
 */
function drawSeed(ctx, x, y, r, angle = 0.6) {
  stampSeed(ctx, x, y, r, angle, pixelRatio, SEED_REACH, paintSeed);
}

// How far a seed's drawing reaches from its centre, in radii (its oval's long half-axis).
const SEED_REACH = 1.15;

/**
 * A seed of radius `r` centred on the origin, unturned.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} r
 */
function paintSeed(ctx, r) {
  const gradient = ctx.createRadialGradient(-r * 0.3, -r * 0.35, r * 0.1, 0, 0, r * SEED_REACH);
  gradient.addColorStop(0, COLORS.seed);
  gradient.addColorStop(1, COLORS.seedShade);
  ctx.beginPath();
  ctx.ellipse(0, 0, r * SEED_REACH, r * 0.9, 0, 0, 2 * Math.PI);
  ctx.fillStyle = gradient;
  ctx.fill();
  // The black spot, where the seed was attached to its pod.
  ctx.beginPath();
  ctx.ellipse(r * 0.72, 0, r * 0.42, r * 0.62, 0, 0, 2 * Math.PI);
  ctx.fillStyle = COLORS.seedSpot;
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(-r * 0.35, -r * 0.38, r * 0.3, r * 0.18, -0.5, 0, 2 * Math.PI);
  ctx.fillStyle = COLORS.seedShine;
  ctx.fill();
}

// Seeds lie in a heap (a sunflower spiral) so a small count reads at a glance; the number is the
// truth for big ones.
const HEAP_MAX = 24;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} count
 * @param {number} radius
 * @param {number} u
 */
function drawHeap(ctx, cx, cy, count, radius, u) {
  const shown = Math.min(count, HEAP_MAX);
  const seedR = Math.max(2, (shown > 12 ? 0.066 : 0.085) * u);
  const spread = radius - seedR * 1.6;
  for (let k = 0; k < shown; k++) {
    const dist = spread * Math.sqrt((k + 0.5) / Math.max(shown, 6));
    const angle = k * GOLDEN_ANGLE + 0.6;
    drawSeed(ctx, cx + dist * Math.cos(angle), cy + dist * Math.sin(angle), seedR, angle * 1.7);
  }
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} count
 * @param {number} px
 * @param {boolean} dim
 */
function drawCount(ctx, x, y, count, px, dim) {
  ctx.font = font(px, 700);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (!dim) {
    ctx.lineWidth = Math.max(2, px * 0.22);
    ctx.strokeStyle = "rgba(20, 8, 2, 0.85)";
    ctx.lineJoin = "round";
    ctx.strokeText(formatNumber(count), x, y + px * 0.05);
  }
  ctx.fillStyle = dim ? COLORS.countEmpty : COLORS.count;
  ctx.fillText(formatNumber(count), x, y + px * 0.05);
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} color
 * @param {number} width
 * @param {number[]} [dash]
 * @param {CanvasLineCap} [cap]
 */
function ring(ctx, x, y, r, color, width, dash = [], cap = "butt") {
  ctx.save();
  ctx.lineCap = cap;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.restore();
}

/**
 * A ring of round dots (the hint's), `size` across.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} color
 * @param {number} size
 */
function dots(ctx, x, y, r, color, size) {
  ring(ctx, x, y, r, color, size, [0, size * 2.2], "round");
}

/**
 * An empty hole (part of the board's ground).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number, r: number}} hole
 */
function holeCavity(ctx, hole) {
  drawCavity(ctx, () => {
    ctx.beginPath();
    ctx.arc(hole.x, hole.y, hole.r, 0, 2 * Math.PI);
  }, hole.x, hole.y, hole.r);
}

/**
 * What a hole holds and its marks, drawn in its cavity.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number, r: number}} hole
 * @param {number} count
 * @param {{inPlay: boolean, legal: boolean, marks: Set<Mark>, u: number}} how
 */
function drawHole(ctx, hole, count, { inPlay, legal, marks, u }) {
  if (!inPlay) {
    // Out of play for this round (match mode): shaded, no count.
    ctx.beginPath();
    ctx.arc(hole.x, hole.y, hole.r, 0, 2 * Math.PI);
    ctx.fillStyle = COLORS.outOfPlay;
    ctx.fill();
    ring(ctx, hole.x, hole.y, hole.r * 0.55, "rgba(255,255,255,0.18)", 1.5, [3, 3]);
    return;
  }
  const w = Math.max(1.5, 0.035 * u);
  const tint = marks.has("played") ? COLORS.lastPlayed : marks.has("taken") ? COLORS.lastTaken : null;
  if (tint) {
    ctx.beginPath();
    ctx.arc(hole.x, hole.y, hole.r, 0, 2 * Math.PI);
    ctx.fillStyle = tint;
    ctx.fill();
  }
  if (marks.has("played")) {
    ring(ctx, hole.x, hole.y, hole.r + 1, COLORS.lastPlayedRim, w);
    ring(ctx, hole.x, hole.y, hole.r + 1 + w * 2, COLORS.lastPlayedRim, w);
  }
  if (legal) ring(ctx, hole.x, hole.y, hole.r - 1, COLORS.legalRim, w);
  if (marks.has("lifted")) ring(ctx, hole.x, hole.y, hole.r + 2, COLORS.lifted, w);
  if (marks.has("end")) ring(ctx, hole.x, hole.y, hole.r + 2, COLORS.end, w * 1.3, [w * 2, w * 1.6]);
  if (marks.has("bead")) ring(ctx, hole.x, hole.y, hole.r + 2, COLORS.bead, w * 1.6);
  if (marks.has("focus")) ring(ctx, hole.x, hole.y, hole.r + 4, COLORS.focus, w * 1.2);
  if (marks.has("hint")) dots(ctx, hole.x, hole.y, hole.r + 6, COLORS.hint, w * 1.6);
  drawHeap(ctx, hole.x, hole.y, count, hole.r, u);
  // The count sits in a badge on the hole's lower right rim, so it never hides the seeds.
  const bx = hole.x + hole.r * 0.72;
  const by = hole.y + hole.r * 0.72;
  const br = Math.max(legible(8, u), 0.17 * u);
  ctx.beginPath();
  ctx.arc(bx, by, br, 0, 2 * Math.PI);
  ctx.fillStyle = count === 0 ? "rgba(40, 22, 10, 0.9)" : "#f6e7cf";
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(20, 8, 2, 0.8)";
  ctx.stroke();
  ctx.font = font(Math.max(legible(10, u), 0.2 * u), 700);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = count === 0 ? "rgba(246, 231, 207, 0.6)" : "#2b1a0e";
  ctx.fillText(formatNumber(count), bx, by + 0.5);
}

/**
 * A tag over a hole's top rim: a word, on `fill`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {HoleLayout} hole
 * @param {string} text
 * @param {string} fill
 * @param {number} u
 */
function drawHoleTag(ctx, hole, text, fill, u) {
  const px = Math.max(legible(10, u), 0.19 * u);
  ctx.font = font(px, 700);
  const w = ctx.measureText(text).width + px * 0.8;
  const h = px * 1.3;
  const x = hole.x - w / 2;
  const y = hole.y - hole.r - h * 0.35;
  roundRect(ctx, x, y, w, h, h / 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(20, 8, 2, 0.8)";
  ctx.stroke();
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = "#1d1208";
  ctx.fillText(text, x + w / 2, y + h / 2 + 0.5);
}

/**
 * Parker's marks: puta and naga holes ringed and named, tied holes ringed in their owner's colour
 * and named by the owner's initial, the hole of three a seed is passing over.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} layout
 * @param {Scene} scene
 */
function drawParkerMarks(ctx, layout, scene) {
  const { u } = layout;
  const w = Math.max(1.5, 0.05 * u);
  for (const hole of layout.holes) {
    const blocked = scene.blocked[hole.index];
    const tied = scene.tiedBy[hole.index];
    if (blocked) {
      ring(ctx, hole.x, hole.y, hole.r - w, COLORS.blocked, w, [w * 1.2, w * 1.2]);
      drawHoleTag(ctx, hole, t(`mark.${blocked}`), COLORS.blockedTag, u);
    }
    if (tied) {
      const color = tied === "south" ? COLORS.tiedSouth : COLORS.tiedNorth;
      ring(ctx, hole.x, hole.y, hole.r - w, color, w * 1.3);
      ring(ctx, hole.x, hole.y, hole.r - w * 3, color, w * 0.8);
      drawHoleTag(ctx, hole, `${t("mark.tied")} · ${t(tied === "south" ? "side.southShort" : "side.northShort")}`, color, u);
    }
    if (scene.skipped === hole.index) ring(ctx, hole.x, hole.y, hole.r + 3, COLORS.skipped, w * 1.4, [w, w]);
  }
}

/**
 * A move's value in a tag on the hole's upper left rim, opposite the count badge.
 * @param {CanvasRenderingContext2D} ctx
 * @param {HoleLayout} hole
 * @param {HoleValue} value
 * @param {number} u
 */
function drawValueTag(ctx, hole, { text, best }, u) {
  const px = Math.max(legible(11, u), 0.22 * u);
  ctx.font = font(px, 700);
  const w = Math.max(ctx.measureText(text).width + px * 0.8, px * 1.5);
  const h = px * 1.35;
  const x = hole.x - hole.r * 0.78 - w / 2;
  const y = hole.y - hole.r * 0.78 - h / 2;
  roundRect(ctx, x, y, w, h, h / 2);
  ctx.fillStyle = best ? COLORS.valueBest : COLORS.value;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(20, 8, 2, 0.8)";
  ctx.stroke();
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = best ? "#06240f" : "#2b1a0e";
  ctx.fillText(text, x + w / 2, y + h / 2 + 0.5);
}

/**
 * An empty reserve (part of the board's ground).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 */
function reserveCavity(ctx, box) {
  const r = Math.min(box.w, box.h) / 2;
  drawCavity(ctx, () => roundRect(ctx, box.x, box.y, box.w, box.h, r), box.x + box.w / 2,
    box.y + box.h / 2, Math.max(box.w, box.h) / 2);
}

/**
 * What a reserve holds, and its count, drawn in its cavity. `nameEnd`: where the side's name
 * written in it ends (a reserve lying across the turned board), or null: its seeds then lie after
 * the name, never under it.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {number} count
 * @param {number} u
 * @param {number | null} [nameEnd]
 */
function drawReserve(ctx, box, count, u, nameEnd = null) {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const px = Math.max(legible(12, u), 0.32 * u);
  // A reserve lying across the turned board holds its side's name at its left, its count at its
  // right end (room for the biggest count) and its seeds between them: nothing written is drawn
  // over seeds. An upright one has its seeds above its count.
  if (box.w > box.h) {
    ctx.font = font(px, 700);
    const countWidth = ctx.measureText(formatNumber(56)).width;
    const countX = box.x + box.w - 0.2 * u - countWidth / 2;
    const left = nameEnd === null ? box.x + 0.2 * u : nameEnd + 0.12 * u;
    const right = countX - countWidth / 2 - 0.1 * u;
    drawReserveSeeds(ctx, { x: left, y: box.y + 0.08 * u, w: Math.max(right - left, 0.2 * u), h: box.h - 0.16 * u }, count, u);
    drawCount(ctx, countX, cy, count, px, count === 0);
  } else {
    drawReserveSeeds(ctx, { x: box.x + 0.12 * u, y: box.y + 0.15 * u, w: box.w - 0.24 * u, h: box.h - 0.85 * u }, count, u);
    drawCount(ctx, cx, cy + 0.62 * u, count, px, count === 0);
  }
}

/**
 * A reserve's seeds, every one of them up to all 56, in rows filling `area` from its far end: the
 * more seeds, the closer they lie and the smaller they are drawn, so 21 and 35 look different.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} area
 * @param {number} count
 * @param {number} u
 */
function drawReserveSeeds(ctx, area, count, u) {
  const shown = Math.min(count, 56);
  if (shown === 0) return;
  let spacing = Math.min(0.2 * u, Math.sqrt((area.w * area.h) / shown));
  while (spacing > 1 && Math.floor(area.w / spacing) * Math.floor(area.h / spacing) < shown) spacing *= 0.95;
  const columns = Math.max(1, Math.floor(area.w / spacing));
  const rows = Math.max(1, Math.floor(area.h / spacing));
  const radius = Math.max(1.5, Math.min(0.07 * u, spacing * 0.45));
  const across = area.w > area.h;
  for (let k = 0; k < shown; k++) {
    // Fill along the short side first, then step along the long one.
    const [along, side] = across ? [Math.floor(k / rows), k % rows] : [Math.floor(k / columns), k % columns];
    const nudge = ((k * 37) % 7) / 7 - 0.5; // the same small offsets on every draw
    const x = across ? area.x + (along + 0.5) * spacing : area.x + (side + 0.5 + nudge * 0.3) * spacing;
    const y = across ? area.y + (side + 0.5 + nudge * 0.3) * spacing : area.y + (along + 0.5) * spacing;
    drawSeed(ctx, x, y, radius, k * 2.1);
  }
}

// The labels lie on the page around the wood, so they take the page's text colours (light or
// dark theme): `--ink` and `--muted` from the stylesheet, else the light theme's.
/**
 * @param {HTMLCanvasElement} canvas
 */
function labelColors(canvas) {
  const style = getComputedStyle(canvas);
  return {
    label: style.getPropertyValue("--ink").trim() || COLORS.label,
    muted: style.getPropertyValue("--muted").trim() || COLORS.labelMuted,
  };
}

// A side's name: bold for the player to move.
const namePx = (/** @type {number} */ u) => Math.max(legible(11, u), 0.24 * u);

/**
 * Where `side`'s name ends when it is written in its reserve, or null when it is written beside the
 * wood: measured in bold, so that its reserve's seeds stay put as the turn changes.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} layout
 * @param {Side} side
 * @returns {number | null}
 */
function nameEndIn(ctx, layout, side) {
  const place = layout.names[side];
  if (!place.onWood) return null;
  ctx.font = font(namePx(layout.u), 700);
  return place.x + ctx.measureText(t(`board.${side}`)).width;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} layout
 * @param {Side | null} toMove
 * @param {{label: string, muted: string}} colors
 */
function drawLabels(ctx, layout, toMove, colors) {
  const { u, holes, names } = layout;
  const px = Math.max(legible(10, u), 0.2 * u);
  ctx.font = font(px, 500);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = colors.muted;
  for (const hole of holes) ctx.fillText(formatNumber(hole.label), hole.numberAt.x, hole.numberAt.y);

  for (const side of /** @type {Side[]} */ (["north", "south"])) {
    const { x, y, align, onWood } = names[side];
    ctx.fillStyle = onWood ? COLORS.count : colors.label;
    ctx.font = font(namePx(u), side === toMove ? 700 : 500);
    ctx.textAlign = align;
    // A name written in its reserve stands out from the seeds under it.
    if (onWood) {
      ctx.lineWidth = Math.max(2, namePx(u) * 0.22);
      ctx.strokeStyle = "rgba(20, 8, 2, 0.85)";
      ctx.lineJoin = "round";
      ctx.strokeText(t(`board.${side}`), x, y);
    }
    ctx.fillText(t(`board.${side}`), x, y);
  }
}

/**
 * Centre of a hole (a track index) or of a side's reserve, in CSS pixels.
 * @param {Layout} layout
 * @param {number | Side} where
 * @returns {Point}
 */
function placeOf(layout, where) {
  if (typeof where === "number") return layout.holes[where];
  const box = layout.reserves[where];
  return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
}

const lerp = (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ t) => a + (b - a) * t;

// The hand: the seeds not yet sown, carried just above the hole they are over.
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} layout
 * @param {Scene} scene
 * @param {Motion | null} motion
 */
function drawHand(ctx, layout, scene, motion) {
  if (scene.hand <= 0 || scene.handAt === null) return;
  const u = layout.u;
  let at = placeOf(layout, scene.handAt);
  if (motion && motion.event.event === "drop" && motion.from !== null) {
    const from = placeOf(layout, motion.from);
    const t = easeInOut(motion.t);
    at = { x: lerp(from.x, at.x, t), y: lerp(from.y, at.y, t) };
  }
  const up = layout.holes[0].r * 0.9;
  const x = at.x;
  const y = at.y - up;
  ctx.beginPath();
  ctx.ellipse(x, y, 0.36 * u, 0.24 * u, 0, 0, 2 * Math.PI);
  ctx.fillStyle = COLORS.hand;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(60, 30, 10, 0.6)";
  ctx.stroke();
  const shown = Math.min(scene.hand, 5);
  for (let k = 0; k < shown; k++) drawSeed(ctx, x - 0.2 * u + k * 0.1 * u, y - 0.04 * u, Math.max(2, 0.06 * u));
  ctx.font = font(Math.max(legible(11, u), 0.22 * u), 700);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = "#3b2212";
  ctx.fillText(formatNumber(scene.hand), x, y + 0.12 * u);
}

// Seeds on their way to or from a reserve (a captured bead, a claim, a refill).
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} layout
 * @param {Scene} scene
 * @param {Motion | null} motion
 */
function drawFlight(ctx, layout, scene, motion) {
  if (!motion) return;
  const e = motion.event;
  /** @type {number | Side} a hole, or a side's reserve */
  let from;
  /** @type {number | Side} */
  let to;
  if (e.event === "capture") {
    from = e.hole;
    to = scene.toMove;
  } else if (e.event === "claim") {
    from = e.hole;
    to = e.side;
  } else if (e.event === "fill") {
    from = sideOf(e.hole);
    to = e.hole;
  } else {
    return;
  }
  const a = placeOf(layout, from);
  const b = placeOf(layout, to);
  const t = easeInOut(motion.t);
  const x = lerp(a.x, b.x, t);
  const y = lerp(a.y, b.y, t) - Math.sin(Math.PI * t) * layout.u * 0.8;
  const n = Math.min(e.seeds, 6);
  for (let k = 0; k < n; k++) {
    const angle = k * GOLDEN_ANGLE;
    const d = k === 0 ? 0 : 0.12 * layout.u;
    drawSeed(ctx, x + d * Math.cos(angle), y + d * Math.sin(angle), Math.max(2.5, 0.08 * layout.u));
  }
}

/**
 * @param {number} t
 */
function easeInOut(t) {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/**
 * The layout for a board `width` wide: without a `height`, the long board that wide; in a box,
 * the biggest that fits, turned as `turned` says (true or false), or as the box's shape suits (null).
 * @param {number} width
 * @param {number | undefined} height
 * @param {boolean | null} turned
 * @returns {Layout}
 */
function fitLayout(width, height, turned) {
  if (height === undefined) return layoutBoard(width);
  if (turned === true) return layoutPortrait(fitPortraitUnit(width, height));
  if (turned === false) return layoutBoard(fitBoardWidth(width, height));
  return fitBoard(width, height);
}

// The layout last worked out for each canvas, by what it was worked out from: an animation draws
// sixty frames a second in the same room, and fitting a board is a search over its sizes.
/** @type {WeakMap<HTMLCanvasElement, {key: string, layout: Layout}>} */
const layouts = new WeakMap();

/**
 * @param {HTMLCanvasElement} canvas
 * @param {Room | null} box
 * @param {boolean} flipped
 * @param {boolean | null} turned
 * @returns {Layout}
 */
function layoutFor(canvas, box, flipped, turned) {
  const width = box ? box.width : Math.round(canvas.clientWidth || (canvas.parentElement?.clientWidth ?? 0));
  const key = `${width}x${box?.height}x${flipped}x${turned}`;
  const known = layouts.get(canvas);
  if (known?.key === key) return known.layout;
  const fitted = fitLayout(Math.max(MIN_BOARD_WIDTH, width), box?.height, turned);
  const layout = flipped ? turnAround(fitted) : fitted;
  layouts.set(canvas, { key, layout });
  return layout;
}

/**
 * Sizes `canvas` at the pixel ratio for the biggest board that fits `box` ({width, height} in CSS
 * pixels), or to its CSS width when there is no box, and returns the layout and context.
 * @param {HTMLCanvasElement} canvas
 * @param {Room | null} box
 * @param {boolean} flipped
 * @param {boolean | null} turned
 */
function prepare(canvas, box, flipped, turned) {
  const layout = layoutFor(canvas, box, flipped, turned);
  const cssWidth = layout.width;
  const dpr = window.devicePixelRatio || 1;
  pixelRatio = dpr;
  // Without a box the CSS width decides (a canvas once drawn in a box forgets that box's width).
  canvas.style.width = box ? `${cssWidth}px` : "";
  canvas.style.height = `${layout.height}px`;
  canvas.dataset.orientation = layout.portrait ? "portrait" : "landscape";
  canvas.dataset.flipped = String(flipped);
  const pixelWidth = Math.round(cssWidth * dpr);
  const pixelHeight = Math.round(layout.height * dpr);
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  const ctx = context2d(canvas);
  family = getComputedStyle(canvas).fontFamily || FALLBACK_FAMILY;
  // Left and right on the board are the board's own, whatever the page's direction.
  ctx.direction = "ltr";
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, cssWidth, layout.height);
  return { ctx, layout };
}

/**
 * Draws a scene (see scene.js) onto `canvas`, crisp at the device pixel ratio.
 * `options.motion`: the movement in progress, from the animator; `options.preview`: the end hole
 * and beads of a move being considered; `options.focus`: a hole to ring; `options.hint`: the hole
 * a hint suggests; `options.playable`: the moves (1–7 of the player to move) that the person
 * looking at the board may play now, each ringed as an invitation. A legal move alone is not
 * ringed: a view-only board, the computer's turn or a move being shown invite nothing.
 * `options.last`: the move that led to the position, `{hole, captures}` in track indices, marked
 * until the next move (not while a move is being shown: its own marks are then drawn).
 * `options.values`: a Map from track index to `{text, best}`, a move's exact value written on
 * its hole (the best moves stand out). `options.box`: the room the board may take ({width,
 * height}); it is then drawn as big as fits, turned a quarter in a tall box, or as
 * `options.turned` says (true: turned, false: the long board). Without a box it takes the canvas's
 * CSS width. `options.flipped`: drawn from North's side (`turnAround`).
 * Returns the layout.
 * @param {HTMLCanvasElement} canvas
 * @param {Scene} scene
 * @param {DrawOptions} [options]
 * @returns {Layout}
 */
export function drawBoard(canvas, scene, { motion = null, preview = null, focus = null, hint = null, playable: moves = [],
  values = null, box = null, turned = null, flipped = false, last = null } = {}) {
  const { ctx, layout } = prepare(canvas, box, flipped, turned);
  drawGround(canvas, ctx, pixelRatio, layout, motion !== null, (ground) => {
    drawWood(ground, layout.wood, layout.u, layout.portrait);
    for (const hole of layout.holes) holeCavity(ground, hole);
    reserveCavity(ground, layout.reserves.north);
    reserveCavity(ground, layout.reserves.south);
  });
  const playable = new Set(
    scene.status === "playing" ? moves.map((n) => holeIndex(scene.toMove, n)) : [],
  );
  const marks = Array.from({ length: HOLES }, () => new Set());
  if (scene.lifted !== null && scene.hand > 0) marks[scene.lifted].add("lifted");
  if (scene.endHole !== null) marks[scene.endHole].add("end");
  for (const hole of scene.captured) marks[hole].add("bead");
  for (const hole of scene.eaten) marks[hole].add("bead");
  if (preview) {
    if (preview.endHole !== null) marks[preview.endHole].add("end");
    for (const hole of preview.beadHoles) marks[hole].add("bead");
  }
  if (last) {
    if (last.hole !== null) marks[last.hole].add("played");
    for (const hole of last.captures) marks[hole].add("taken");
  }
  if (focus !== null) marks[focus].add("focus");
  if (hint !== null) marks[hint].add("hint");

  for (const hole of layout.holes) {
    drawHole(ctx, hole, scene.board[hole.index], {
      inPlay: scene.inPlay[hole.index] !== false,
      legal: playable.has(hole.index),
      marks: marks[hole.index],
      u: layout.u,
    });
  }
  drawParkerMarks(ctx, layout, scene);
  if (values) for (const [index, value] of values) drawValueTag(ctx, layout.holes[index], value, layout.u);
  drawReserve(ctx, layout.reserves.north, scene.reserves[1], layout.u, nameEndIn(ctx, layout, "north"));
  drawReserve(ctx, layout.reserves.south, scene.reserves[0], layout.u, nameEndIn(ctx, layout, "south"));
  drawLabels(ctx, layout, scene.status === "playing" ? scene.toMove : null, labelColors(canvas));
  drawFlight(ctx, layout, scene, motion);
  drawHand(ctx, layout, scene, motion);
  return layout;
}

/** The marks the ring legend explains, as drawHole draws them (`legal` is a playable hole). */
/** @type {RingKind[]} */
export const RING_KINDS = ["legal", "end", "bead", "hint", "played", "taken"];

/**
 * Draws one hole with one of `RING_KINDS` on a piece of wood, for the legend of the rings: the
 * sample is drawn by the board's own code, so it always looks as the board does.
 * @param {HTMLCanvasElement} canvas
 * @param {RingKind} kind
 */
export function drawRingSample(canvas, kind) {
  const size = 44;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const ctx = context2d(canvas);
  family = getComputedStyle(canvas).fontFamily || FALLBACK_FAMILY;
  pixelRatio = dpr;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const u = 40;
  drawWood(ctx, { x: 0, y: 0, w: size, h: size }, u, false);
  holeCavity(ctx, { x: size / 2, y: size / 2, r: 13 });
  const marks = new Set(kind === "legal" ? [] : [kind]);
  // A hole the necklace took is empty.
  const seeds = kind === "taken" ? 0 : 3;
  drawHole(ctx, { x: size / 2, y: size / 2, r: 13 }, seeds, { inPlay: true, legal: kind === "legal", marks, u });
}
