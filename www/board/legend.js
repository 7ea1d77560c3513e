// The legend of the rings on the board (#ring-legend): what each ring and tint means, each shown
// with a sample drawn by the board's own code. It is open on a person's first visit, when the
// rings first matter, and afterwards on demand.

import { RING_KINDS, drawRingSample } from "./board.js";
import { readChoice, writeChoice } from "../lib/choices.js";

const SEEN_KEY = "walak-pussa.rings-explained";

export function wireLegend(details) {
  const list = details.querySelector("ul");
  for (const kind of RING_KINDS) {
    const item = list.querySelector(`[data-ring="${kind}"]`);
    const sample = document.createElement("canvas");
    sample.setAttribute("aria-hidden", "true");
    // Its size before it is first drawn too (a bare canvas is 300 px wide: a phone's page would widen).
    sample.width = sample.height = 44;
    item.prepend(sample);
  }
  const draw = () => {
    for (const sample of list.querySelectorAll("canvas")) drawRingSample(sample, sample.parentElement.dataset.ring);
  };
  details.addEventListener("toggle", () => details.open && draw());
  if (!readChoice(SEEN_KEY)) {
    details.open = true; // (its "toggle" event draws the samples)
    writeChoice(SEEN_KEY, true);
  }
}
