// @ts-check
// The legend of the rings on the board (#ring-legend): what each ring and tint means, each shown
// with a sample drawn by the board's own code. It is open on a person's first visit, when the
// rings first matter, and afterwards on demand.

import { RING_KINDS, drawRingSample } from "./board.js";
import { readChoice, writeChoice } from "../lib/choices.js";

const SEEN_KEY = "walak-pussa.rings-explained";

/**
 * Gives each ring of the legend its sample, drawn when the legend opens; opens it on a first visit.
 * @param {HTMLDetailsElement} details the legend (#ring-legend), its list of `[data-ring]` items inside, each with its sample's canvas
 */
export function wireLegend(details) {
  // Each sample's canvas is in the page already, 44 px square before it is first drawn.
  const samples = RING_KINDS.map((kind) => {
    const sample = details.querySelector(`[data-ring="${kind}"] canvas`);
    if (!(sample instanceof HTMLCanvasElement)) throw new Error(`the ring legend has no sample for "${kind}"`);
    return { kind, sample };
  });
  const draw = () => {
    for (const { kind, sample } of samples) drawRingSample(sample, kind);
  };
  details.addEventListener("toggle", () => details.open && draw());
  if (!readChoice(SEEN_KEY)) {
    details.open = true; // (its "toggle" event draws the samples)
    writeChoice(SEEN_KEY, true);
  }
}
