// @ts-check
// Drawings the board keeps rather than draws again. A move is shown frame by frame, and each frame
// draws the whole board: on a slow phone the wood and the empty holes, with their gradients, and a
// seed's gradient and three ovals, each a hundred or more times, were most of a frame. The wood
// and the holes are the same in every frame of a board of one size, and a seed of one size is the
// same seed turned: both are drawn once, at the screen's own pixels, and then copied.

/**
 * A board's ground: what it was drawn for (the layout, one object as long as the board's room does
 * not change, and the canvas's pixels), and the drawing kept.
 * @typedef {{layout: object, width: number, height: number, image: HTMLCanvasElement}} Ground
 */

/** @type {WeakMap<HTMLCanvasElement, Ground>} */
const grounds = new WeakMap();

/**
 * Draws the ground of `canvas` (the wood and the empty holes, which `draw` draws in CSS pixels on
 * the context it is given) for `layout`: copied when it is kept for that layout, else drawn, and
 * kept first where `keep` says (the frames of a move shown). A board drawn once, as the page's
 * first, is drawn straight onto its canvas: keeping it would only add a copy of every pixel on the
 * slowest part of a visit. `ctx` is the canvas's context, scaled by `dpr`.
 * @param {HTMLCanvasElement} canvas
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} dpr
 * @param {object} layout
 * @param {boolean} keep
 * @param {(ctx: CanvasRenderingContext2D) => void} draw
 */
export function drawGround(canvas, ctx, dpr, layout, keep, draw) {
  const { width, height } = canvas;
  let ground = grounds.get(canvas);
  if (!ground || ground.layout !== layout || ground.width !== width || ground.height !== height) {
    const image = keep ? document.createElement("canvas") : null;
    const its = image?.getContext("2d");
    if (!image || !its) {
      draw(ctx);
      return;
    }
    image.width = width;
    image.height = height;
    its.setTransform(dpr, 0, 0, dpr, 0, 0);
    draw(its);
    ground = { layout, width, height, image };
    grounds.set(canvas, ground);
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(ground.image, 0, 0);
  ctx.restore();
}

// A seed's size changes with the board's and, in a reserve, with its count: the last few sizes
// drawn are kept.
const MOST_STAMPS = 16;
/** @type {Map<string, {canvas: HTMLCanvasElement, half: number}>} */
const stamps = new Map();

/**
 * Stamps a seed of radius `r` (CSS pixels) at (`x`, `y`), turned by `angle`: a seed drawn once by
 * `draw` (centred on the origin, unturned, in CSS pixels) at `dpr` device pixels to the CSS
 * pixel, then copied. `reach` is how far the seed's drawing goes from its centre, in radii.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {number} angle
 * @param {number} dpr
 * @param {number} reach
 * @param {(ctx: CanvasRenderingContext2D, r: number) => void} draw
 */
export function stampSeed(ctx, x, y, r, angle, dpr, reach, draw) {
  const key = `${r.toFixed(3)}@${dpr}`;
  let stamp = stamps.get(key);
  if (!stamp) {
    // A pixel of margin all round, so that the seed's edge is smoothed as it is drawn.
    const half = Math.ceil(r * reach * dpr) + 1;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 2 * half;
    const its = canvas.getContext("2d");
    if (!its) {
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(angle);
      draw(ctx, r);
      ctx.restore();
      return;
    }
    its.setTransform(dpr, 0, 0, dpr, half, half);
    draw(its, r);
    stamp = { canvas, half: half / dpr };
    if (stamps.size >= MOST_STAMPS) stamps.delete(/** @type {string} */ (stamps.keys().next().value));
  } else {
    stamps.delete(key); // kept as the most recently used
  }
  stamps.set(key, stamp);
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.drawImage(stamp.canvas, -stamp.half, -stamp.half, 2 * stamp.half, 2 * stamp.half);
  ctx.restore();
}
