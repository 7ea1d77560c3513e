// The rules panel: the rules in plain words, with two moves played by the real engine and
// animated like a game move: a relay over several laps, and a pearl-necklace capture. The words
// and the example boards speak of the board as the person sees it: the long board, or the board
// turned a quarter on an upright phone (#board's `data-orientation`), following it when it turns.

import { Animator } from "../board/animation.js";
import { drawBoard } from "../board/board.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { HOLES } from "../board/holes.js";
import { describeMove } from "./words.js";
import { onLanguageChange, t, translatePage } from "../i18n/index.js";
import { $ } from "../lib/dom.js";

// The rules, as elements and the keys of their words (i18n tables, "rules.*"). A pair of keys is
// a term in bold followed by its explanation; an example is an engine-played board.
const TEXT = [
  ["h3", "rules.boardTitle"],
  ["p", "rules.board"],
  ["h3", "rules.moveTitle"],
  ["ol", ["rules.lift", "rules.sow", ["rules.relayTerm", "rules.relay"], "rules.stop", ["rules.necklaceTerm", "rules.necklace"]]],
  ["example", "relay"],
  ["example", "necklace"],
  ["h3", "rules.endTitle"],
  ["p", "rules.end"],
  ["h3", "rules.roundsTitle"],
  ["p", "rules.rounds"],
];

// The words that say where the rows and the holes' numbers are, and their turned board's words.
const TURNED_WORDS = { "rules.board": "rules.boardTurned", "rules.sow": "rules.sowTurned" };

function element(tag, key = null, className = null) {
  const e = document.createElement(tag);
  if (key) e.dataset.i18n = key;
  if (key in TURNED_WORDS) e.dataset.longWords = key;
  if (className) e.className = className;
  return e;
}

/** A list item: plain words, or a bold term and its explanation. */
function item(keys) {
  if (typeof keys === "string") return element("li", keys);
  const li = element("li");
  li.append(element("strong", keys[0]), " ", element("span", keys[1]));
  return li;
}

function exampleElement(name) {
  const box = element("div", null, "example");
  box.dataset.example = name;
  const canvas = element("canvas", null, "example-board");
  canvas.setAttribute("role", "img");
  canvas.dataset.i18nAriaLabel = EXAMPLES[name].label;
  const play = element("button", "rules.playAgain", "example-play");
  play.type = "button";
  box.append(canvas, element("p", null, "example-caption"), play);
  return box;
}

function build(body) {
  for (const [tag, content] of TEXT) {
    if (tag === "example") body.append(exampleElement(content));
    else if (tag === "ol") {
      const list = element("ol");
      list.append(...content.map(item));
      body.append(list);
    }
    else body.append(element(tag, content));
  }
  translatePage(body);
}

// Two positions and a move from each: the engine plays them.
const EXAMPLES = {
  relay: {
    setup: { board: Array(HOLES).fill(4), reserves: [0, 0], to_move: "south" },
    hole: 1,
    label: "rules.relayExample",
    intro: "rules.relayIntro",
  },
  necklace: {
    setup: { board: [0, 1, 1, 3, 2, 1, 0, 2, 1, 3, 0, 1, 0, 4], reserves: [20, 17], to_move: "south" },
    hole: 3,
    label: "rules.necklaceExample",
    intro: "rules.necklaceIntro",
  },
};

let built = false;
const players = [];
let turned = null; // whether the rules speak of the turned board

/** The words and the examples of the board as #board shows it now. */
function followBoard(body) {
  const now = $("board").dataset.orientation === "portrait";
  if (now === turned) return false;
  turned = now;
  for (const words of body.querySelectorAll("[data-long-words]")) {
    words.dataset.i18n = turned ? TURNED_WORDS[words.dataset.longWords] : words.dataset.longWords;
  }
  translatePage(body);
  return true;
}

export function openRules(dialog, Game) {
  const body = dialog.querySelector("#rules-body");
  if (!built) {
    build(body);
    for (const box of dialog.querySelectorAll(".example")) players.push(examplePlayer(box, Game));
    dialog.addEventListener("close", () => players.forEach((p) => p.stop()));
    // The examples' boards and captions are drawn in words too: start them again in the new language.
    onLanguageChange(() => {
      if (dialog.open) players.forEach((p) => p.play());
    });
    // A phone turned while the rules are open: they turn with the board.
    new MutationObserver(() => {
      if (dialog.open && followBoard(body)) players.forEach((p) => p.play());
    }).observe($("board"), { attributes: true, attributeFilter: ["data-orientation"] });
    built = true;
  }
  followBoard(body);
  dialog.showModal();
  players.forEach((p) => p.play());
}

/** The room of a turned example board: beside its caption, less than the window's height. */
function turnedBox(box) {
  return { width: Math.min(box.clientWidth / 2, 220), height: Math.min(window.innerHeight * 0.55, 440) };
}

function examplePlayer(box, Game) {
  const example = EXAMPLES[box.dataset.example];
  const canvas = box.querySelector("canvas");
  const caption = box.querySelector(".example-caption");
  const game = Game.fromPosition(example.setup);
  const before = sceneFromState(game.state());
  const trace = game.preview(example.hole);
  game.free();
  let again = null;
  const animator = new Animator({
    onFrame: (scene, motion) => drawBoard(canvas, scene, { motion, ...(turned ? { box: turnedBox(box), turned } : {}) }),
    onDone: () => {
      caption.textContent = describeMove("south", example.hole, summarize(trace));
      again = setTimeout(play, 4000);
    },
  });
  animator.setSpeed(matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "fast");
  function play() {
    clearTimeout(again);
    box.dataset.turned = String(turned);
    caption.textContent = t(example.intro);
    animator.start(before, trace);
  }
  box.querySelector(".example-play").addEventListener("click", play);
  return {
    play,
    stop: () => {
      clearTimeout(again);
      animator.cancel();
    },
  };
}
