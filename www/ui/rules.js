// The rules panel: the rules in plain words, with two moves played by the real engine and
// animated like a game move: a relay over several laps, and a pearl-necklace capture.

import { Animator } from "../board/animation.js";
import { drawBoard } from "../board/board.js";
import { sceneFromState, summarize } from "../board/scene.js";
import { HOLES } from "../board/holes.js";
import { describeMove } from "./words.js";
import { onLanguageChange, t, translatePage } from "../i18n/index.js";

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

function element(tag, key = null, className = null) {
  const e = document.createElement(tag);
  if (key) e.dataset.i18n = key;
  if (className) e.className = className;
  return e;
}

/** A list item: plain words, or a bold term and its explanation. */
function item(keys) {
  const li = element("li");
  if (typeof keys === "string") li.dataset.i18n = keys;
  else li.append(element("strong", keys[0]), " ", element("span", keys[1]));
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

export function openRules(dialog, Game) {
  if (!built) {
    build(dialog.querySelector("#rules-body"));
    for (const box of dialog.querySelectorAll(".example")) players.push(examplePlayer(box, Game));
    dialog.addEventListener("close", () => players.forEach((p) => p.stop()));
    // The examples' boards and captions are drawn in words too: start them again in the new language.
    onLanguageChange(() => {
      if (dialog.open) players.forEach((p) => p.play());
    });
    built = true;
  }
  dialog.showModal();
  players.forEach((p) => p.play());
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
    onFrame: (scene, motion) => drawBoard(canvas, scene, { motion }),
    onDone: () => {
      caption.textContent = describeMove("south", example.hole, summarize(trace));
      again = setTimeout(play, 4000);
    },
  });
  animator.setSpeed(matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "fast");
  function play() {
    clearTimeout(again);
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
