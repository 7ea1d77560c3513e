// Every sentence of the embed mode and of the Embed dialog, in one place, so that they can join
// the page's translation tables.

import { sideName } from "./words.js";

const levelName = (level) => level.charAt(0).toUpperCase() + level.slice(1);

// ── The embedded game ──────────────────────────────────────────────────────────────────────────

export const BAR = {
  label: "Game",
  undo: "Take back the last move",
  restart: "Start again",
  pause: "Pause",
  resume: "Play",
};

/** The caption of a demo: who plays which side. */
export const demoCaption = ({ south, north }) => `South: ${levelName(south)} · North: ${levelName(north)}.`;

/** The caption of a move shown on a loop. */
export const loopCaption = (side, hole) => `${sideName(side)} plays hole ${hole}, again and again.`;

/** The notice shown when part of an embed's address is wrong: what was dropped, and why. */
export const embedProblems = (problems) => `This game could not be set up as its page asked: ${problems.join("; ")}.`;

export const PROBLEM = {
  embed: (value) => `"embed=${value}" is not understood (use embed=1)`,
  demo: (value, levels) =>
    `"demo=${value}" is not two computer levels joined by "-" (levels: ${levels.join(", ")}; e.g. demo=casual-master)`,
  loop: (value) => `"loop=${value}" is not a hole number from 1 to 7`,
  loopMove: (side, hole, reason) => `${sideName(side)}'s hole ${hole} cannot be shown on a loop here: ${reason}`,
  loopOver: "the game is over in that position, so there is no move to show on a loop",
  both: "demo and loop cannot both be shown: the demo is shown",
  view: (name, value) => `"${name}=${value}" is not understood (use ${name}=1 or ${name}=0)`,
  viewClash: "view=1 and interactive=1 contradict each other: the game is view-only",
  theme: (value) => `"theme=${value}" is not understood (use theme=light, theme=dark or theme=auto)`,
  link: (reason) => `the game in the address could not be opened (${reason})`,
  embedOnly: (names) => `${names.join(", ")} only apply to an embedded game (add embed=1)`,
};

// ── The Embed dialog ───────────────────────────────────────────────────────────────────────────

export const DIALOG = {
  button: "Embed",
  buttonTitle: "Code to show this game in another web page",
  title: "Embed in a web page",
  intro:
    "Paste this code into a web page, such as a page on the history of mancala, to show the game " +
    "there. It runs from this site and keeps nothing in the visitor's browser.",
  what: "What to show",
  game: "This game at this position",
  loop: "One move, played again and again",
  loopMove: "Move",
  demo: "A game between two computer players, then another",
  demoSouth: "South",
  demoNorth: "North",
  look: "How it looks",
  view: "View only: visitors watch but cannot play",
  viewAlways: "Loops and demos are always view only.",
  theme: "Colours",
  themeAuto: "As the visitor's system",
  themeLight: "Light",
  themeDark: "Dark",
  size: "Size in pixels",
  width: "Width",
  height: "Height",
  code: "Code",
  preview: "Preview",
  copy: "Copy",
  close: "Close",
  copied: "Copied.",
  copyRefused: "Copying was not allowed here: the code is selected, copy it yourself.",
};

/** A choice in the loop's move menu. */
export const loopChoice = {
  last: (side, hole) => `The last move: ${sideName(side)}'s hole ${hole}`,
  now: (side, hole) => `${sideName(side)}'s hole ${hole}, from the position shown`,
};

export const levelTitle = levelName;

/** The iframe's `title`: what a screen reader says of the frame. */
export const frameTitle = {
  game: "Walak-pussa, the two-row mancala of Sri Lanka: a game you can play",
  view: "Walak-pussa, the two-row mancala of Sri Lanka: a game position",
  loop: (side, hole) => `Walak-pussa, the two-row mancala of Sri Lanka: ${sideName(side)} plays hole ${hole}, again and again`,
  demo: ({ south, north }) =>
    `Walak-pussa, the two-row mancala of Sri Lanka: ${levelName(south)} and ${levelName(north)} computer players play each other`,
};
