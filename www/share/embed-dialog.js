// @ts-check
// The Embed dialog: the `<iframe>` code that shows this game (or one of its moves on a loop, or a
// demo between two computer levels) in another web page, with the embed options of embed.js, a
// live preview and a Copy button. Built on first use, since most visits never open it. Its fixed
// words name their keys (`data-i18n`, as in index.html) and are said again after a change of
// language; the words that depend on the game (the moves to loop, the iframe's title) are composed
// in embed-words.js whenever the dialog opens or a choice changes.

import { linkFragment, pageLink } from "./share.js";
import { LEVELS } from "../game/levels.js";
import { frameTitle, loopChoice } from "./embed-words.js";
import { RULE_SET_WORDS, ruleSetName } from "./rule-set-words.js";
import { language, onLanguageChange, REFERENCE, t, translatePage } from "../i18n/index.js";
import { isLevel } from "../game/levels.js";
import { RULE_SETS, asMove, directionOfMove, firstMoves, holeOfMove, joinMoves, legalHoles, movesAfter, optionsOf, plyCount } from "../lib/records.js";

/** @import { GameOptions, GameState, Level, RuleSet, Side, StartPosition } from "../types/engine.js" */
/** @import { MessageKey } from "../i18n/index.js" */
/** @import { Move } from "../lib/records.js" */

/**
 * The dialog's choices, as its form holds them: what the frame shows (`game`, `loop`, `compare`,
 * `demo`, `lesson`, `puzzle`), the rules of a game shown (another than the game's starts a new
 * one), the move looped or compared (`last`, or a hole's number), the rule set compared with the
 * game's, a demo's levels, whether
 * visitors only watch, the colours ("" for the visitor's), the frame's shape (`wide`, `tall`,
 * `fixed`) and a fixed frame's size.
 * @typedef {object} EmbedChoices
 * @property {string} show
 * @property {RuleSet} [rules] the rules of a game shown: this game's when absent
 * @property {string} loopMove
 * @property {RuleSet} [compareWith] the rule set compared with this game's
 * @property {Level} south
 * @property {Level} north
 * @property {boolean} view
 * @property {string} theme
 * @property {string} shape
 * @property {number} width
 * @property {number} height
 */
/**
 * The game the dialog describes (game/app.js `App`): its options, its state, where it began
 * (null for the opening), and its kind (game/kinds/kind.js `Kind`): who plays the computer's side
 * and the person's set-up.
 * @typedef {object} EmbedGame
 * @property {GameOptions} options
 * @property {GameState} state
 * @property {StartPosition | null} start
 * @property {{computerSide: Side | null, setup: {side: Side, level: Level}}} kind
 */
/**
 * How the frame is sized on its page (`frameLook`): its size attributes, its inline style (CSS
 * property and value pairs) and the widest it gets.
 * @typedef {{attributes: Record<string, number>, style: [string, string][], widest: number}} Look
 */
/** A shape that follows the page's width: the widest it gets, and its proportions. @typedef {{maxWidth: number, ratio: [number, number]}} Shape */

/**
 * The frame's shapes. A wide or a tall frame follows the width of the page it is put in, up to
 * `maxWidth`, and keeps its proportions (CSS `aspect-ratio`, so the host page needs no script):
 * on a phone it is as wide as the column, and as high as its shape says. The embed takes the
 * biggest board that fits, turned upright in a tall frame (board.js fitBoard): 3:5 gives holes
 * of over 60 px on a 360 px phone, and of 48 px still in a 300 px column. A lesson or the puzzles
 * have their panel under the board, and shapes with room for it. A "fixed" frame has the exact
 * size of the width and height fields.
 * @satisfies {Record<string, Shape>}
 */
export const SHAPES = {
  wide: { maxWidth: 640, ratio: [16, 7] },
  tall: { maxWidth: 400, ratio: [3, 5] },
};
/** Two boards compared: room for both side by side on a wide screen, one above the other on a phone. @satisfies {Record<keyof typeof SHAPES, Shape>} */
export const COMPARE_SHAPES = {
  wide: { maxWidth: 800, ratio: [16, 7] },
  tall: { maxWidth: 400, ratio: [3, 5] },
};
/** @satisfies {Record<keyof typeof SHAPES, Shape>} */
export const TRAINER_SHAPES = {
  wide: { maxWidth: 640, ratio: [4, 3] },
  tall: { maxWidth: 400, ratio: [9, 16] },
};
/**
 * On a page narrower than `page` CSS px (a phone), a wide or tall frame is at least `least` px high
 * (a game's, a lesson's or the puzzles'), so that a narrow column gets the upright board with holes
 * a finger can hit rather than a flat one with tiny holes. Only the page's width can say this
 * without a script: the step from none to all of it lies within 4 px of `page`.
 */
export const NARROW = { page: 600, least: { game: 420, trainer: 600 } };
const TRAINERS = ["lesson", "puzzle"];
const DEFAULT_SIZE = { width: 640, height: 280 };
const SIZE_LIMITS = { min: 120, max: 4000 };
// The phone of the preview: a page column this wide, as on most phones held upright.
export const PHONE_WIDTH = 360;
// The preview's greatest height: half the window's, from 200 to 420 CSS px.
const PREVIEW_HEIGHT = { min: 200, max: 420, share: 0.5 };
const PREVIEW_DELAY_MS = 350;

/**
 * The dialog, once built: its elements, and the preview shown.
 * @typedef {ReturnType<typeof buildDialog>} EmbedDialog
 */
/** @type {EmbedDialog | null} built on first use */
let dialog = null;
/** @type {EmbedGame | null} the game the dialog describes */
let current = null;

// A change of language says the dialog's words again; when it is open (a page may change its
// language by script), its moves, its code and its preview too, the choices made staying.
onLanguageChange(() => {
  if (!dialog) return;
  translatePage(dialog.element);
  sayNumbered(dialog.element);
  dialog.said.textContent = "";
  if (dialog.element.open && current) {
    const select = control(dialog.form, "embed-loop-move", HTMLSelectElement);
    const chosen = select.value;
    fillLoopChoices(select, current.state);
    if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
    update({ now: true });
  }
});

/**
 * Opens the dialog for the game shown now.
 * @param {EmbedGame} app the game's controller (game/app.js)
 */
export function openEmbedDialog(app) {
  current = app;
  dialog ??= buildDialog();
  fillLoopChoices(control(dialog.form, "embed-loop-move", HTMLSelectElement), app.state);
  fillRuleChoices(dialog.form, app.options.rules ?? RULE_SETS[0]);
  dialog.said.textContent = "";
  update({ now: true });
  dialog.element.showModal();
  dialog.code.select();
}

/**
 * The iframe for `choices` ({show, loopMove, south, north, view, theme, shape, width, height}) and
 * the game `{options, state, kind, start}` (`start`: the position it began from, null for the
 * opening; `kind`, its kind: game/kinds/kind.js): `{src, title, html, look}` (`look`: the frame's size, see frameLook), in the language
 * in use: the iframe's title is in its words, and the embed is asked to speak it (`lang`).
 * English, the page's own, is not asked for: such an embed speaks its visitor's language, as the
 * page would.
 * @param {EmbedChoices} choices
 * @param {EmbedGame} game
 * @param {string} [base] the page's address
 * @returns {{src: string, title: string, html: string, look: Look}}
 */
export function embedCode(choices, { options, state, kind, start }, base = location.href) {
  const url = new URL(base);
  const lang = language();
  url.search = "";
  url.hash = "";
  const params = new URLSearchParams({ embed: "1" });
  let record = state.record;
  let redo = state.redo;
  let title;
  if (choices.show === "demo") {
    params.set("demo", `${choices.south}-${choices.north}`);
    title = frameTitle.demo(choices);
    record = redo = "";
  } else if (choices.show === "lesson") {
    params.set("lesson", "1");
    title = frameTitle.lesson();
  } else if (choices.show === "puzzle") {
    params.set("puzzles", "1");
    title = frameTitle.puzzle();
  } else if (choices.show === "loop" || choices.show === "compare") {
    /** @type {string | number} */
    let move = asMove(choices.loopMove);
    let side = state.to_move;
    if (choices.loopMove === "last") {
      // The position before the last move, with that move (and any after it) still to come. A
      // first move of Parker's keeps its direction (`4-`).
      const last = state.line[plyCount(record) - 1];
      move = asMove(last.move);
      side = last.side;
      redo = joinMoves(movesAfter(record, plyCount(record) - 1), redo);
      record = firstMoves(record, -1);
    }
    const hole = holeOfMove(move);
    if (choices.show === "compare") {
      // This game's rules beside the other chosen.
      const rules = options.rules ?? RULE_SETS[0];
      const other = choices.compareWith ?? RULE_SETS.find((name) => name !== rules) ?? rules;
      params.set("compare", `${rules},${other}`);
      title = frameTitle.compare(side, hole, ruleSetName(rules), ruleSetName(other));
    } else {
      title = frameTitle.loop(side, hole);
    }
    params.set("loop", String(move));
  } else {
    if (choices.view) params.set("view", "1");
    else if (kind.computerSide !== null) {
      // Play on against the computer, as here.
      params.set("side", kind.setup.side);
      params.set("level", kind.setup.level);
    }
    title = choices.view ? frameTitle.view() : frameTitle.game();
  }
  if (choices.theme) params.set("theme", choices.theme);
  if (lang !== REFERENCE) params.set("lang", lang);
  url.search = params.toString();
  // The game travels in the fragment, as in a shared link (share.js): where it began, its moves
  // and the position shown. The opening with the usual options needs none.
  const plain = start === null && record + redo === "" && !options.rounds && options.first === "south" && !options.rules;
  const newRules = choices.show === "game" && choices.rules !== undefined && choices.rules !== (options.rules ?? RULE_SETS[0]);
  if (newRules) {
    // Other rules than this game's: a new game of them, from the opening, with this game's options.
    const fresh = optionsOf({ rounds: options.rounds, first: options.first, rules: choices.rules });
    if (fresh.rules || fresh.rounds || fresh.first !== "south") url.hash = new URL(pageLink(linkFragment(fresh, "", ""))).hash;
  } else if (!plain && !["demo", ...TRAINERS].includes(choices.show)) {
    // A game's position written out, for the frame to draw before its engine has come
    // (page/early-board.js); a loop's move may not be legal there, so its frame waits to know.
    url.hash = new URL(pageLink(linkFragment(options, record, redo, start, { position: choices.show === "game" }))).hash;
  }
  const src = url.href;
  const look = frameLook(choices);
  const sized = Object.entries(look.attributes).map(([name, value]) => `${name}="${value}" `).join("");
  const style = look.style.map(([property, value]) => `${property}: ${value};`).join(" ");
  const html =
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" ${sized}loading="lazy" style="${style}"></iframe>`;
  return { src, title, html, look };
}

/**
 * How the frame is sized on its page, for the chosen shape and what it shows: `{attributes, style,
 * widest}`, its size attributes, its inline style (CSS property and value pairs) and the widest it
 * gets. A wide or tall frame is sized by style alone; its `height: auto` keeps a page's own rule
 * for iframes from breaking its proportions, and on a phone's page it is never less than
 * `NARROW.least` high. A fixed one keeps its pixels where the page has room for them.
 * @param {Pick<EmbedChoices, "show" | "shape" | "width" | "height">} choices
 * @returns {Look}
 */
export function frameLook({ show, shape, width, height }) {
  const trainer = TRAINERS.includes(show);
  const follows = followsPage(shape) ? (trainer ? TRAINER_SHAPES : show === "compare" ? COMPARE_SHAPES : SHAPES)[shape] : null;
  if (!follows) {
    return { attributes: { width, height }, style: [["border", "0"], ["max-width", "100%"]], widest: width };
  }
  const [across, down] = follows.ratio;
  const least = NARROW.least[trainer ? "trainer" : "game"];
  return {
    attributes: {},
    style: [
      ["width", "100%"], ["max-width", `${follows.maxWidth}px`], ["height", "auto"],
      ["aspect-ratio", `${across} / ${down}`],
      ["min-height", `clamp(0px, (${NARROW.page}px - 100vw) * 100, ${least}px)`], ["border", "0"],
    ],
    widest: follows.maxWidth,
  };
}

/**
 * Whether a frame of `shape` follows the width of its page (wide, tall), rather than keeping its size.
 * @param {string} shape
 * @returns {shape is keyof typeof SHAPES}
 */
const followsPage = (shape) => Object.hasOwn(SHAPES, shape);

/** @param {string} text */
function escapeAttribute(text) {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * The number of pixels a size field holds, or null when it is empty or outside the limits.
 * @param {HTMLInputElement} input
 */
function readSize(input) {
  const n = Math.round(Number(input.value));
  return input.value.trim() !== "" && Number.isFinite(n) && n >= SIZE_LIMITS.min && n <= SIZE_LIMITS.max ? n : null;
}

/**
 * The dialog's control named `name`, of its type: buildDialog makes each of them.
 * @template Control
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {abstract new (...args: never[]) => Control} type an element's class, or RadioNodeList for a group of radios
 * @returns {Control}
 */
function control(form, name, type) {
  const found = form.elements.namedItem(name);
  if (!(found instanceof type)) throw new Error(`the Embed dialog has no ${name}`);
  return found;
}

/**
 * A level chosen in one of the demo's menus (their options are LEVELS).
 * @param {HTMLSelectElement} select
 * @returns {Level}
 */
function chosenLevel(select) {
  if (!isLevel(select.value)) throw new Error(`the Embed dialog offers a level it does not know: ${select.value}`);
  return select.value;
}

/**
 * A rule set chosen in one of the dialog's menus (their options are RULE_SETS).
 * @param {HTMLSelectElement} select
 * @returns {RuleSet}
 */
function chosenRules(select) {
  const rules = RULE_SETS.find((name) => name === select.value);
  if (!rules) throw new Error(`the Embed dialog offers rules it does not know: ${select.value}`);
  return rules;
}

/**
 * The dialog's choices, read from its form.
 * @param {HTMLFormElement} form
 * @returns {EmbedChoices}
 */
function readChoices(form) {
  const input = (/** @type {string} */ name) => control(form, name, HTMLInputElement);
  const select = (/** @type {string} */ name) => control(form, name, HTMLSelectElement);
  const radios = (/** @type {string} */ name) => control(form, name, RadioNodeList);
  const size = (/** @type {HTMLInputElement} */ field, /** @type {number} */ fallback) => readSize(field) ?? fallback;
  return {
    show: radios("embed-show").value,
    rules: chosenRules(select("embed-rules")),
    loopMove: select("embed-loop-move").value,
    compareWith: chosenRules(select("embed-compare-with")),
    south: chosenLevel(select("embed-demo-south")),
    north: chosenLevel(select("embed-demo-north")),
    view: input("embed-view").checked,
    theme: select("embed-theme").value,
    shape: radios("embed-shape").value,
    width: size(input("embed-width"), DEFAULT_SIZE.width),
    height: size(input("embed-height"), DEFAULT_SIZE.height),
  };
}

/**
 * Refreshes the code (at once) and the preview (after a short pause while choices change).
 * @param {{now?: boolean}} [when]
 */
function update({ now = false } = {}) {
  if (!dialog || !current) return;
  const { form, code } = dialog;
  const choices = readChoices(form);
  const select = (/** @type {string} */ name) => control(form, name, HTMLSelectElement);
  select("embed-loop-move").disabled = choices.show !== "loop" && choices.show !== "compare";
  select("embed-compare-with").disabled = choices.show !== "compare";
  select("embed-rules").disabled = choices.show !== "game";
  dialog.rulesNote.hidden = choices.show !== "game" || choices.rules === (current.options.rules ?? RULE_SETS[0]);
  select("embed-demo-south").disabled = choices.show !== "demo";
  select("embed-demo-north").disabled = choices.show !== "demo";
  // Loops and demos are always view only; a lesson and the puzzles are always played.
  control(form, "embed-view", HTMLInputElement).disabled = choices.show !== "game";
  dialog.viewNote.hidden = !["loop", "compare", "demo"].includes(choices.show);
  // The size fields are a fixed frame's. A size the code cannot use is said, not silently
  // replaced: the code keeps a usable one.
  const fixed = !followsPage(choices.shape);
  let sizeRefused = false;
  for (const id of ["embed-width", "embed-height"]) {
    const field = control(form, id, HTMLInputElement);
    field.disabled = !fixed;
    const refused = fixed && readSize(field) === null;
    field.setAttribute("aria-invalid", String(refused));
    sizeRefused ||= refused;
  }
  if (sizeRefused) {
    dialog.said.textContent = t("embedDialog.sizeRefused", { ...SIZE_LIMITS, width: choices.width, height: choices.height });
  } else if (dialog.sizeSaid) {
    dialog.said.textContent = "";
  }
  dialog.sizeSaid = sizeRefused;
  const { src, title, html, look } = embedCode(choices, current);
  code.value = html;
  clearTimeout(dialog.previewTimer);
  dialog.previewTimer = setTimeout(() => showPreview(src, title, look), now ? 0 : PREVIEW_DELAY_MS);
}

/**
 * The embed itself, sized by the code, on a wide screen or a phone, scaled down to fit the dialog.
 * @param {string} src
 * @param {string} title
 * @param {Look} look
 */
function showPreview(src, title, look) {
  if (!dialog?.element.open) return;
  let frame = dialog.preview;
  // A loaded frame sent to another address would add an entry to the page's history: Back, and
  // the dialog's own entry taken back on closing (dialogs.js), would be spent on the removed
  // preview's last address instead. Another address gets a new frame, whose first load adds none.
  if (frame && frame.getAttribute("src") !== src) {
    frame.remove();
    frame = null;
  }
  if (!frame) {
    frame = document.createElement("iframe");
    frame.id = "embed-preview";
    dialog.previewPage.append(frame);
    dialog.preview = frame;
  }
  frame.title = t("embedDialog.previewTitle", { title });
  // The code's own size and style, given through the style object: the page's Content Security
  // Policy refuses a style attribute, which the host page, under its own policy, takes.
  frame.removeAttribute("width");
  frame.removeAttribute("height");
  for (const [name, value] of Object.entries(look.attributes)) frame.setAttribute(name, String(value));
  dialog.look = look;
  fitPreview();
  if (frame.getAttribute("src") !== src) frame.src = src;
}

/**
 * Lays the preview out as a host page would, in a column as wide as the frame gets on a wide
 * screen or as wide as a phone, and scales it down to the room in the dialog.
 */
function fitPreview() {
  if (!dialog) return;
  const { preview: frame, previewPage: column, previewBox, look } = dialog;
  if (!frame || !look) return;
  const checked = dialog.previewOn.querySelector("input:checked");
  const phone = checked instanceof HTMLInputElement && checked.value === "phone";
  const width = phone ? PHONE_WIDTH : look.widest;
  // The code's style, its page's width being the column's: a phone's page is as narrow as that.
  frame.style.cssText = "";
  const page = phone ? `${PHONE_WIDTH}px` : "100vw";
  for (const [property, value] of look.style) frame.style.setProperty(property, value.replaceAll("100vw", page));
  column.style.width = `${width}px`;
  column.dataset.width = String(width);
  const height = frame.offsetHeight;
  const room = previewBox.parentElement?.clientWidth || 300;
  const tallest = Math.min(PREVIEW_HEIGHT.max, Math.max(PREVIEW_HEIGHT.min, innerHeight * PREVIEW_HEIGHT.share));
  const scale = Math.min(1, room / width, tallest / height);
  column.style.transform = `scale(${scale})`;
  Object.assign(previewBox.style, { width: `${Math.floor(width * scale)}px`, height: `${Math.ceil(height * scale)}px` });
}

/**
 * The rule set menus for a game of `rules`: the rules of a game shown (this game's at first), and
 * the rule sets a comparison may set beside them.
 * @param {HTMLFormElement} form
 * @param {RuleSet} rules
 */
function fillRuleChoices(form, rules) {
  control(form, "embed-rules", HTMLSelectElement).value = rules;
  const compareWith = control(form, "embed-compare-with", HTMLSelectElement);
  const chosen = compareWith.value;
  for (const option of compareWith.options) option.hidden = option.disabled = option.value === rules;
  const others = RULE_SETS.filter((name) => name !== rules);
  compareWith.value = others.some((name) => name === chosen) ? chosen : others[0];
}

/**
 * Fills the loop's move menu: the last move, and each move the player to move may play.
 * @param {HTMLSelectElement} select
 * @param {GameState} state
 */
function fillLoopChoices(select, state) {
  const options = [];
  const plies = plyCount(state.record);
  if (plies > 0) {
    const last = state.line[plies - 1];
    options.push(new Option(loopChoice.last(last.side, asMove(last.move)), "last"));
  }
  if (state.status === "playing") {
    // A Parker first move is offered in each direction (`4+`, `4-`), as its game would play it.
    for (const move of loopMoves(state)) options.push(new Option(loopChoice.now(state.to_move, move), String(move)));
  }
  select.replaceChildren(...options);
  if (options.length > 0) select.value = options[0].value;
  // No move to show (never at a real position, but say so by disabling the choices).
  for (const show of ["loop", "compare"]) {
    const choice = select.form?.querySelector(`input[value="${show}"]`);
    if (choice instanceof HTMLInputElement) choice.disabled = options.length === 0;
  }
}

/**
 * The moves a loop or a comparison may show from `state`: each hole of the player to move, or,
 * before a Parker round's direction is chosen, each hole in each direction its rules allow.
 * @param {GameState} state
 * @returns {Move[]}
 */
function loopMoves(state) {
  const directed = state.legal.filter((move) => holeOfMove(move) > 0 && directionOfMove(move) !== null);
  return directed.length > 0 ? directed : legalHoles(state);
}

// ── Building the dialog ────────────────────────────────────────────────────────────────────────

/**
 * An element with its attributes (true: present; false or null: absent) and children.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {Attributes} [attributes]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** @typedef {Record<string, string | boolean | null>} Attributes */

/**
 * An element whose text is the message `key`, said again after a change of language.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {MessageKey} key
 * @param {Attributes} [attributes]
 */
function worded(tag, key, attributes = {}) {
  return element(tag, { ...attributes, "data-i18n": key }, t(key));
}

/**
 * A label holding a control and the message `key` naming it, before or after it.
 * @param {HTMLElement} field
 * @param {MessageKey} key
 * @param {{after?: boolean} & Attributes} [attributes]
 */
function labelled(field, key, { after = false, ...attributes } = {}) {
  const text = worded("span", key);
  return after ? element("label", attributes, field, " ", text) : element("label", attributes, text, " ", field);
}

/**
 * @param {string} name
 * @param {string} value
 * @param {MessageKey} key
 * @param {boolean} [checked]
 */
function radio(name, value, key, checked = false) {
  return labelled(element("input", { type: "radio", name, value, checked }), key, { after: true });
}

/**
 * An element whose text is the message `key` with a number of pixels (`data-i18n-width`): said
 * again after a change of language by sayNumbered, since translatePage knows no parameters.
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {MessageKey} key
 * @param {number} width
 */
function numbered(tag, key, width) {
  return element(tag, { "data-i18n-numbered": key, "data-i18n-width": String(width) }, t(key, { width }));
}

/** @param {ParentNode} root */
function sayNumbered(root) {
  for (const node of root.querySelectorAll("[data-i18n-numbered]")) {
    if (!(node instanceof HTMLElement)) continue;
    // The key `numbered` wrote there.
    const key = /** @type {MessageKey} */ (node.dataset.i18nNumbered);
    node.textContent = t(key, { width: Number(node.dataset.i18nWidth) });
  }
}

/**
 * A radio whose label holds a number of pixels.
 * @param {string} name
 * @param {string} value
 * @param {MessageKey} key
 * @param {number} width
 * @param {boolean} [checked]
 */
function numberedRadio(name, value, key, width, checked = false) {
  return element("label", {}, element("input", { type: "radio", name, value, checked }), " ", numbered("span", key, width));
}

/**
 * A menu of the rule sets, each by its name.
 * @param {string} id
 */
function ruleSelect(id) {
  const select = element("select", { id, name: id });
  for (const rules of RULE_SETS) select.append(worded("option", RULE_SET_WORDS[rules].name, { value: rules }));
  return select;
}

/**
 * A menu of the computer's levels.
 * @param {string} id
 * @param {Level} chosen
 */
function levelSelect(id, chosen) {
  const select = element("select", { id, name: id });
  for (const level of LEVELS) select.append(worded("option", `level.${level}`, { value: level, selected: level === chosen }));
  return select;
}

function buildDialog() {
  const viewNote = worded("p", "embedDialog.viewAlways", { class: "embed-note", id: "embed-view-note" });
  const rulesNote = worded("p", "embedDialog.rulesNote", { class: "embed-note embed-sub", id: "embed-rules-note" });
  const form = element(
    "form",
    { id: "embed-form", class: "embed-form" },
    element(
      "fieldset",
      {},
      worded("legend", "embedDialog.what"),
      radio("embed-show", "game", "embedDialog.game", true),
      labelled(ruleSelect("embed-rules"), "embedDialog.rules", { class: "embed-sub" }),
      rulesNote,
      radio("embed-show", "loop", "embedDialog.loop"),
      labelled(element("select", { id: "embed-loop-move", name: "embed-loop-move" }), "embedDialog.loopMove", { class: "embed-sub" }),
      radio("embed-show", "compare", "embedDialog.compare"),
      labelled(ruleSelect("embed-compare-with"), "embedDialog.compareWith", { class: "embed-sub" }),
      radio("embed-show", "demo", "embedDialog.demo"),
      element(
        "div",
        { class: "embed-sub embed-levels" },
        labelled(levelSelect("embed-demo-south", "casual"), "side.south"),
        labelled(levelSelect("embed-demo-north", "master"), "side.north"),
      ),
      radio("embed-show", "lesson", "embedDialog.lesson"),
      radio("embed-show", "puzzle", "embedDialog.puzzle"),
    ),
    element(
      "fieldset",
      {},
      worded("legend", "embedDialog.look"),
      labelled(element("input", { type: "checkbox", id: "embed-view", name: "embed-view" }), "embedDialog.view", { after: true, class: "check" }),
      viewNote,
      labelled(
        element(
          "select",
          { id: "embed-theme", name: "embed-theme" },
          worded("option", "embedDialog.themeAuto", { value: "" }),
          worded("option", "embedDialog.themeLight", { value: "light" }),
          worded("option", "embedDialog.themeDark", { value: "dark" }),
        ),
        "embedDialog.theme",
      ),
    ),
    element(
      "fieldset",
      {},
      worded("legend", "embedDialog.shape"),
      numberedRadio("embed-shape", "wide", "embedDialog.shapeWide", SHAPES.wide.maxWidth, true),
      numberedRadio("embed-shape", "tall", "embedDialog.shapeTall", SHAPES.tall.maxWidth),
      radio("embed-shape", "fixed", "embedDialog.shapeFixed"),
      element(
        "div",
        { class: "embed-size embed-sub", role: "group", "aria-label": t("embedDialog.size"), "data-i18n-aria-label": "embedDialog.size" },
        labelled(sizeInput("embed-width", DEFAULT_SIZE.width), "embedDialog.width"),
        labelled(sizeInput("embed-height", DEFAULT_SIZE.height), "embedDialog.height"),
      ),
      worded("p", "embedDialog.shapeNote", { class: "embed-note embed-shape-note" }),
    ),
  );
  const code = element("textarea", { id: "embed-code", class: "embed-code", rows: "4", readonly: true, spellcheck: "false", dir: "ltr" });
  const said = element("p", { id: "embed-said", role: "status" });
  // The preview: a page column (scaled down as a whole) holding the frame, in a box of its scaled size.
  const previewPage = element("div", { class: "embed-preview-page", id: "embed-preview-page" });
  const previewBox = element("div", { class: "embed-preview", id: "embed-preview-box" }, previewPage);
  const previewOn = element(
    "div",
    { class: "embed-preview-on", role: "radiogroup", "aria-labelledby": "embed-preview-title" },
    worded("span", "embedDialog.preview", { class: "embed-preview-title", id: "embed-preview-title" }),
    radio("embed-preview-on", "wide", "embedDialog.previewWide", true),
    numberedRadio("embed-preview-on", "phone", "embedDialog.previewPhone", PHONE_WIDTH),
  );
  const copy = worded("button", "embedDialog.copy", { type: "button", id: "embed-copy" });
  const node = element(
    "dialog",
    { id: "embed-dialog", class: "embed-dialog", "aria-labelledby": "embed-title" },
    worded("h2", "embedDialog.title", { id: "embed-title" }),
    worded("p", "embedDialog.intro"),
    element(
      "div",
      { class: "embed-columns" },
      form,
      element(
        "div",
        { class: "embed-result" },
        previewOn,
        previewBox,
        worded("label", "embedDialog.code", { for: "embed-code", class: "embed-code-label" }),
        code,
        said,
      ),
    ),
    element(
      "form",
      { method: "dialog", class: "dialog-buttons" },
      copy,
      worded("button", "embedDialog.close", { type: "submit", id: "embed-close" }),
    ),
  );
  document.body.append(node);

  form.addEventListener("input", () => update());
  form.addEventListener("change", () => update());
  form.addEventListener("submit", (event) => event.preventDefault());
  // The preview's width changes its layout, not its game.
  previewOn.addEventListener("change", () => fitPreview());
  addEventListener("resize", () => fitPreview());
  copy.addEventListener("click", async () => {
    code.select();
    try {
      await navigator.clipboard.writeText(code.value);
      said.textContent = t("embedDialog.copied");
    } catch {
      said.textContent = t("embedDialog.copyRefused");
    }
  });
  const built = {
    element: node, form, code, said, previewOn, previewBox, previewPage, viewNote, rulesNote,
    /** @type {HTMLIFrameElement | null} the preview's frame */
    preview: null,
    /** @type {Look | null} the frame's look the preview shows */
    look: null,
    /** @type {ReturnType<typeof setTimeout> | undefined} the preview about to be shown */
    previewTimer: undefined,
    sizeSaid: false,
  };
  // A closed dialog leaves no game running in its preview.
  node.addEventListener("close", () => {
    clearTimeout(built.previewTimer);
    built.preview?.remove();
    built.preview = null;
  });
  return built;
}

/**
 * @param {string} id
 * @param {number} value
 */
function sizeInput(id, value) {
  return element("input", {
    type: "number", id, name: id, value: String(value), min: String(SIZE_LIMITS.min), max: String(SIZE_LIMITS.max),
    step: "10", inputmode: "numeric",
  });
}
