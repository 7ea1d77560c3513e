// The Embed dialog: the `<iframe>` code that shows this game (or one of its moves on a loop, or a
// demo between two computer levels) in another web page, with the embed options of embed.js, a
// live preview and a Copy button. Built on first use, since most visits never open it. Its fixed
// words name their keys (`data-i18n`, as in index.html) and are said again after a change of
// language; the words that depend on the game (the moves to loop, the iframe's title) are composed
// in embed-words.js whenever the dialog opens or a choice changes.

import { linkTo } from "./share.js";
import { LEVELS } from "./storage.js";
import { frameTitle, loopChoice } from "./embed-words.js";
import { language, onLanguageChange, REFERENCE, t, translatePage } from "./i18n/index.js";

const DEFAULT_SIZE = { width: 640, height: 280 };
const SIZE_LIMITS = { min: 120, max: 4000 };
const PREVIEW_MAX_HEIGHT = 240;
const PREVIEW_DELAY_MS = 350;

let dialog = null; // built on first use
let current = null; // the app whose game the dialog describes

/** Shows the page's Embed button (named in index.html), which opens the dialog for `app`'s game. */
export function wireEmbedButton(button, app) {
  button.hidden = false;
  button.addEventListener("click", () => openEmbedDialog(app));
}

// A change of language says the dialog's words again; when it is open (a page may change its
// language by script), its moves, its code and its preview too, the choices made staying.
onLanguageChange(() => {
  if (!dialog) return;
  translatePage(dialog.element);
  dialog.said.textContent = "";
  if (dialog.element.open) {
    const select = dialog.form.elements["embed-loop-move"];
    const chosen = select.value;
    fillLoopChoices(select, current.state);
    if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
    update({ now: true });
  }
});

/** Opens the dialog for the game shown now. */
export function openEmbedDialog(app) {
  current = app;
  dialog ??= buildDialog();
  fillLoopChoices(dialog.form.elements["embed-loop-move"], app.state);
  dialog.said.textContent = "";
  update({ now: true });
  dialog.element.showModal();
  dialog.code.select();
}

/**
 * The iframe for `choices` ({show, loopMove, south, north, view, theme, width, height}) and the
 * game `{options, state, setup, start}` (`start`: the position it began from, null for the
 * opening): `{src, title, html}`, in the language in use: the iframe's title is in its words, and
 * the embed is asked to speak it (`lang`). English, the page's own, is not asked for: such an
 * embed speaks its visitor's language, as the page would.
 */
export function embedCode(choices, { options, state, setup, start }, base = location.href) {
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
  } else if (choices.show === "loop") {
    let hole = Number(choices.loopMove);
    let side = state.to_move;
    if (choices.loopMove === "last") {
      // The position before the last move, with that move (and any after it) still to come.
      const last = state.line[record.length - 1];
      hole = last.number;
      side = last.side;
      redo = record.slice(-1) + redo;
      record = record.slice(0, -1);
    }
    params.set("loop", String(hole));
    title = frameTitle.loop(side, hole);
  } else {
    if (choices.view) params.set("view", "1");
    else if (setup.mode === "computer") {
      // Play on against the computer, as here.
      params.set("side", setup.side);
      params.set("level", setup.level);
    }
    title = choices.view ? frameTitle.view() : frameTitle.game();
  }
  if (choices.theme) params.set("theme", choices.theme);
  if (lang !== REFERENCE) params.set("lang", lang);
  url.search = params.toString();
  // The game travels in the fragment, as in a shared link (share.js): where it began, its moves
  // and the position shown. The opening with the usual options needs none.
  const plain = start === null && record + redo === "" && !options.rounds && options.first === "south";
  if (!plain && choices.show !== "demo") url.hash = new URL(linkTo(options, record, redo, start)).hash;
  const src = url.href;
  const html =
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" ` +
    `width="${choices.width}" height="${choices.height}" loading="lazy" style="border: 0; max-width: 100%;"></iframe>`;
  return { src, title, html };
}

function escapeAttribute(text) {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** The number of pixels a size field holds, or null when it is empty or outside the limits. */
function readSize(input) {
  const n = Math.round(Number(input.value));
  return input.value.trim() !== "" && Number.isFinite(n) && n >= SIZE_LIMITS.min && n <= SIZE_LIMITS.max ? n : null;
}

/** The dialog's choices, read from its form. */
function readChoices(form) {
  const e = form.elements;
  const size = (input, fallback) => readSize(input) ?? fallback;
  return {
    show: e["embed-show"].value,
    loopMove: e["embed-loop-move"].value,
    south: e["embed-demo-south"].value,
    north: e["embed-demo-north"].value,
    view: e["embed-view"].checked,
    theme: e["embed-theme"].value,
    width: size(e["embed-width"], DEFAULT_SIZE.width),
    height: size(e["embed-height"], DEFAULT_SIZE.height),
  };
}

/** Refreshes the code (at once) and the preview (after a short pause while choices change). */
function update({ now = false } = {}) {
  const { form, code } = dialog;
  const choices = readChoices(form);
  const e = form.elements;
  e["embed-loop-move"].disabled = choices.show !== "loop";
  e["embed-demo-south"].disabled = choices.show !== "demo";
  e["embed-demo-north"].disabled = choices.show !== "demo";
  // Loops and demos are always view only.
  e["embed-view"].disabled = choices.show !== "game";
  dialog.viewNote.hidden = choices.show === "game";
  // A size the code cannot use is said, not silently replaced: the code keeps a usable one.
  let sizeRefused = false;
  for (const id of ["embed-width", "embed-height"]) {
    const refused = readSize(e[id]) === null;
    e[id].setAttribute("aria-invalid", String(refused));
    sizeRefused ||= refused;
  }
  if (sizeRefused) {
    dialog.said.textContent = t("embedDialog.sizeRefused", { ...SIZE_LIMITS, width: choices.width, height: choices.height });
  } else if (dialog.sizeSaid) {
    dialog.said.textContent = "";
  }
  dialog.sizeSaid = sizeRefused;
  const { src, title, html } = embedCode(choices, current);
  code.value = html;
  clearTimeout(dialog.previewTimer);
  dialog.previewTimer = setTimeout(() => showPreview(src, title, choices), now ? 0 : PREVIEW_DELAY_MS);
}

/** The embed itself, at the chosen size, scaled down to fit the dialog. */
function showPreview(src, title, { width, height }) {
  const { previewBox } = dialog;
  if (!dialog.element.open) return;
  let frame = dialog.preview;
  if (!frame) {
    frame = document.createElement("iframe");
    frame.id = "embed-preview";
    previewBox.append(frame);
    dialog.preview = frame;
  }
  frame.title = t("embedDialog.previewTitle", { title });
  const room = previewBox.clientWidth || 300;
  const scale = Math.min(1, room / width, PREVIEW_MAX_HEIGHT / height);
  Object.assign(frame.style, { width: `${width}px`, height: `${height}px`, transform: `scale(${scale})` });
  previewBox.style.height = `${Math.ceil(height * scale)}px`;
  if (frame.getAttribute("src") !== src) frame.src = src;
}

function fillLoopChoices(select, state) {
  const options = [];
  const record = state.record;
  if (record.length > 0) {
    const last = state.line[record.length - 1];
    options.push(new Option(loopChoice.last(last.side, last.number), "last"));
  }
  if (state.status === "playing") {
    for (const hole of state.legal) options.push(new Option(loopChoice.now(state.to_move, hole), String(hole)));
  }
  select.replaceChildren(...options);
  if (options.length > 0) select.value = options[0].value;
  // No move to show (never at a real position, but say so by disabling the choice).
  select.form.querySelector('input[value="loop"]').disabled = options.length === 0;
}

// ── Building the dialog ────────────────────────────────────────────────────────────────────────

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, "");
    else if (value !== false && value !== null) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** An element whose text is the message `key`, said again after a change of language. */
function worded(tag, key, attributes = {}) {
  return element(tag, { ...attributes, "data-i18n": key }, t(key));
}

/** A label holding a control and the message `key` naming it, before or after it. */
function labelled(control, key, { after = false, ...attributes } = {}) {
  const text = worded("span", key);
  return after ? element("label", attributes, control, " ", text) : element("label", attributes, text, " ", control);
}

function radio(name, value, key, checked = false) {
  return labelled(element("input", { type: "radio", name, value, checked }), key, { after: true });
}

function levelSelect(id, chosen) {
  const select = element("select", { id, name: id });
  for (const level of LEVELS) select.append(worded("option", `level.${level}`, { value: level, selected: level === chosen }));
  return select;
}

function buildDialog() {
  const viewNote = worded("p", "embedDialog.viewAlways", { class: "embed-note", id: "embed-view-note" });
  const form = element(
    "form",
    { id: "embed-form", class: "embed-form" },
    element(
      "fieldset",
      {},
      worded("legend", "embedDialog.what"),
      radio("embed-show", "game", "embedDialog.game", true),
      radio("embed-show", "loop", "embedDialog.loop"),
      labelled(element("select", { id: "embed-loop-move", name: "embed-loop-move" }), "embedDialog.loopMove", { class: "embed-sub" }),
      radio("embed-show", "demo", "embedDialog.demo"),
      element(
        "div",
        { class: "embed-sub embed-levels" },
        labelled(levelSelect("embed-demo-south", "casual"), "side.south"),
        labelled(levelSelect("embed-demo-north", "master"), "side.north"),
      ),
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
      element(
        "div",
        { class: "embed-size", role: "group", "aria-label": t("embedDialog.size"), "data-i18n-aria-label": "embedDialog.size" },
        worded("span", "embedDialog.size"),
        labelled(sizeInput("embed-width", DEFAULT_SIZE.width), "embedDialog.width"),
        labelled(sizeInput("embed-height", DEFAULT_SIZE.height), "embedDialog.height"),
      ),
    ),
  );
  const code = element("textarea", { id: "embed-code", class: "embed-code", rows: "4", readonly: true, spellcheck: "false", dir: "ltr" });
  const said = element("p", { id: "embed-said", role: "status" });
  const previewBox = element("div", { class: "embed-preview", id: "embed-preview-box" });
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
        worded("p", "embedDialog.preview", { class: "embed-preview-title", "aria-hidden": "true" }),
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
  copy.addEventListener("click", async () => {
    code.select();
    try {
      await navigator.clipboard.writeText(code.value);
      said.textContent = t("embedDialog.copied");
    } catch {
      said.textContent = t("embedDialog.copyRefused");
    }
  });
  // A closed dialog leaves no game running in its preview.
  node.addEventListener("close", () => {
    clearTimeout(dialog.previewTimer);
    dialog.preview?.remove();
    dialog.preview = null;
  });
  return { element: node, form, code, said, previewBox, viewNote, preview: null, previewTimer: null, sizeSaid: false };
}

function sizeInput(id, value) {
  return element("input", {
    type: "number", id, name: id, value: String(value), min: String(SIZE_LIMITS.min), max: String(SIZE_LIMITS.max),
    step: "10", inputmode: "numeric",
  });
}
