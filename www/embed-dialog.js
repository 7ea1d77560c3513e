// The Embed dialog: the `<iframe>` code that shows this game (or one of its moves on a loop, or a
// demo between two computer levels) in another web page, with the embed options of embed.js, a
// live preview and a Copy button. Built here rather than in index.html so that its words stay in
// embed-words.js.

import { linkTo } from "./share.js";
import { LEVELS } from "./storage.js";
import { DIALOG, frameTitle, levelTitle, loopChoice } from "./embed-words.js";

const DEFAULT_SIZE = { width: 640, height: 280 };
const SIZE_LIMITS = { min: 120, max: 4000 };
const PREVIEW_MAX_HEIGHT = 240;
const PREVIEW_DELAY_MS = 350;

let dialog = null; // built on first use
let current = null; // the app whose game the dialog describes

/** Names and shows the page's Embed button, which opens the dialog for `app`'s game. */
export function wireEmbedButton(button, app) {
  button.textContent = DIALOG.button;
  button.title = DIALOG.buttonTitle;
  button.hidden = false;
  button.addEventListener("click", () => openEmbedDialog(app));
}

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
 * opening): `{src, title, html}`. `base` is the page's address.
 */
export function embedCode(choices, { options, state, setup, start }, base = location.href) {
  const url = new URL(base);
  const lang = url.searchParams.get("lang");
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
    title = choices.view ? frameTitle.view : frameTitle.game;
  }
  if (choices.theme) params.set("theme", choices.theme);
  if (lang) params.set("lang", lang);
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

/** The dialog's choices, read from its form. */
function readChoices(form) {
  const e = form.elements;
  const size = (input, fallback) => {
    const n = Math.round(Number(input.value));
    return Number.isFinite(n) && n >= SIZE_LIMITS.min && n <= SIZE_LIMITS.max ? n : fallback;
  };
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
  frame.title = `${DIALOG.preview}: ${title}`;
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

function radio(name, value, text, checked = false) {
  return element("label", {}, element("input", { type: "radio", name, value, checked }), ` ${text}`);
}

function levelSelect(id, chosen) {
  const select = element("select", { id, name: id });
  for (const level of LEVELS) select.append(new Option(levelTitle(level), level, false, level === chosen));
  return select;
}

function buildDialog() {
  const viewNote = element("p", { class: "embed-note", id: "embed-view-note" }, DIALOG.viewAlways);
  const form = element(
    "form",
    { id: "embed-form", class: "embed-form" },
    element(
      "fieldset",
      {},
      element("legend", {}, DIALOG.what),
      radio("embed-show", "game", DIALOG.game, true),
      radio("embed-show", "loop", DIALOG.loop),
      element("label", { class: "embed-sub" }, `${DIALOG.loopMove} `, element("select", { id: "embed-loop-move", name: "embed-loop-move" })),
      radio("embed-show", "demo", DIALOG.demo),
      element(
        "div",
        { class: "embed-sub embed-levels" },
        element("label", {}, `${DIALOG.demoSouth} `, levelSelect("embed-demo-south", "casual")),
        element("label", {}, `${DIALOG.demoNorth} `, levelSelect("embed-demo-north", "master")),
      ),
    ),
    element(
      "fieldset",
      {},
      element("legend", {}, DIALOG.look),
      element("label", { class: "check" }, element("input", { type: "checkbox", id: "embed-view", name: "embed-view" }), ` ${DIALOG.view}`),
      viewNote,
      element(
        "label",
        {},
        `${DIALOG.theme} `,
        element(
          "select",
          { id: "embed-theme", name: "embed-theme" },
          new Option(DIALOG.themeAuto, ""),
          new Option(DIALOG.themeLight, "light"),
          new Option(DIALOG.themeDark, "dark"),
        ),
      ),
      element(
        "div",
        { class: "embed-size", role: "group", "aria-label": DIALOG.size },
        element("span", {}, DIALOG.size),
        element("label", {}, `${DIALOG.width} `, sizeInput("embed-width", DEFAULT_SIZE.width)),
        element("label", {}, `${DIALOG.height} `, sizeInput("embed-height", DEFAULT_SIZE.height)),
      ),
    ),
  );
  const code = element("textarea", { id: "embed-code", class: "embed-code", rows: "4", readonly: true, spellcheck: "false" });
  const said = element("p", { id: "embed-said", role: "status" });
  const previewBox = element("div", { class: "embed-preview", id: "embed-preview-box" });
  const copy = element("button", { type: "button", id: "embed-copy" }, DIALOG.copy);
  const node = element(
    "dialog",
    { id: "embed-dialog", class: "embed-dialog", "aria-labelledby": "embed-title" },
    element("h2", { id: "embed-title" }, DIALOG.title),
    element("p", {}, DIALOG.intro),
    element(
      "div",
      { class: "embed-columns" },
      form,
      element(
        "div",
        { class: "embed-result" },
        element("p", { class: "embed-preview-title", "aria-hidden": "true" }, DIALOG.preview),
        previewBox,
        element("label", { for: "embed-code", class: "embed-code-label" }, DIALOG.code),
        code,
        said,
      ),
    ),
    element(
      "form",
      { method: "dialog", class: "dialog-buttons" },
      copy,
      element("button", { type: "submit", id: "embed-close" }, DIALOG.close),
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
      said.textContent = DIALOG.copied;
    } catch {
      said.textContent = DIALOG.copyRefused;
    }
  });
  // A closed dialog leaves no game running in its preview.
  node.addEventListener("close", () => {
    clearTimeout(dialog.previewTimer);
    dialog.preview?.remove();
    dialog.preview = null;
  });
  return { element: node, form, code, said, previewBox, viewNote, preview: null, previewTimer: null };
}

function sizeInput(id, value) {
  return element("input", {
    type: "number", id, name: id, value: String(value), min: String(SIZE_LIMITS.min), max: String(SIZE_LIMITS.max),
    step: "10", inputmode: "numeric",
  });
}
