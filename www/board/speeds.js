// @ts-check
// The animation's speeds (animation.js), apart from the animation: the address names them
// (share/url.js), and reading an address must not bring the animation into the first board's file.

/** Milliseconds for one seed dropped, per speed. */
export const SPEEDS = { slow: 320, normal: 140, fast: 45, instant: 0 };

/** @typedef {keyof typeof SPEEDS} Speed */
