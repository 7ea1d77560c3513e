// @ts-check
// The room for the board on the full page (an embed's frame measures its own: share/embed.js).

import { layoutPortrait } from "../board/board.js";
import { $ } from "../lib/dom.js";

// The board takes at least this share of the window's height, even if the controls must then
// be scrolled to.
const MIN_BOARD_SHARE = 0.5;
// The smallest comfortable tap target, in CSS pixels.
const MIN_TARGET = 48;

/**
 * The room for the board on the page: the board area's width, and the window's height less the
 * header above the board and the room kept under it for the status (style.css) and the row of
 * "New game" — so that the main actions stay in view with the board. What the words under the
 * board say never changes the board's size: a longer sentence moves the controls, not the board.
 * In a lesson or a puzzle the board takes half the window and the panel under it the rest, however
 * long its sentences. Never less than half the window, nor, on an upright screen, less than holes
 * a finger can hit: then the controls scroll.
 * @returns {{width: number, height: number}}
 */
export function pageBoardBox() {
  const area = /** @type {HTMLElement} */ ($("board").closest(".board-area"));
  const wrap = $("board-wrap").getBoundingClientRect();
  const top = wrap.top + scrollY;
  const fingerSized = innerHeight > innerWidth ? layoutPortrait(MIN_TARGET).height : 0;
  const least = Math.max(innerHeight * MIN_BOARD_SHARE, fingerSized);
  let height = least;
  if (!document.documentElement.dataset.trainer) {
    const status = getComputedStyle($("status"));
    const controls = $("controls");
    const words = parseFloat(status.marginTop) + parseFloat(status.minHeight) + parseFloat(getComputedStyle(controls).marginTop);
    const actions = $("new-game").getBoundingClientRect().bottom - controls.getBoundingClientRect().top;
    height = Math.max(innerHeight - top - words - actions - 12, least);
  }
  return { width: area.clientWidth, height: Math.floor(height) };
}
