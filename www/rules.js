// The rules panel: the rules in plain words, with two moves played by the real engine and
// animated like a game move: a relay over several laps, and a pearl-necklace capture.

import { Animator } from "./animation.js";
import { drawBoard } from "./board.js";
import { sceneFromState, summarize } from "./scene.js";
import { describeMove } from "./words.js";

const TEXT = `
<h3>The board</h3>
<p>Two rows of seven holes, four seeds in each. South owns the bottom row, North the top row.
Captured seeds go to the capturing player's reserve, off the board. South moves first.</p>
<h3>A move</h3>
<ol>
<li>Take all the seeds from one of your holes.</li>
<li>Sow them one by one into the following holes, counterclockwise (the numbers under and above
the holes show the order: each player's holes run 1 to 7 from their own left).</li>
<li><strong>Relay:</strong> when your hand is empty, look at the next hole. If it has seeds, pick
them all up and keep sowing from the hole after it: a new lap.</li>
<li>If the next hole is empty, sowing stops. If the hole beyond that empty hole has seeds, you
capture them.</li>
<li><strong>Pearl necklace:</strong> after a capture, if the next hole is empty and the one after
it has seeds, capture those too, and so on along the board, on either side.</li>
</ol>
<div class="example" data-example="relay">
  <canvas class="example-board" aria-label="Example: a relay of seven laps"></canvas>
  <p class="example-caption"></p>
  <button type="button" class="example-play">Play again</button>
</div>
<div class="example" data-example="necklace">
  <canvas class="example-board" aria-label="Example: a pearl-necklace capture"></canvas>
  <p class="example-caption"></p>
  <button type="button" class="example-play">Play again</button>
</div>
<h3>The end</h3>
<p>If the player to move has no move, the game ends and the other player takes every seed left on
the board. If the same position comes up a third time, each player takes the seeds in their own
row. A sowing that would go on for ever (over 1000 laps) may not be played. The bigger reserve
wins; 28 each is a draw.</p>
<h3>Playing in rounds</h3>
<p>In a match, each player refills their holes from the left, four seeds to a hole, from the seeds
they won. Holes they cannot fill are out of play for the round. The player with fewer seeds
starts. The match ends when a player cannot fill even one hole.</p>
`;

// Two positions and a move from each: the engine plays them.
const EXAMPLES = {
  relay: {
    setup: { board: Array(14).fill(4), reserves: [0, 0], to_move: "south" },
    hole: 1,
    intro: "From the start, South plays hole 1: watch the relay go lap after lap.",
  },
  necklace: {
    setup: { board: [0, 1, 1, 3, 2, 1, 0, 2, 1, 3, 0, 1, 0, 4], reserves: [20, 17], to_move: "south" },
    hole: 3,
    intro: "South plays hole 3: the sowing stops at an empty hole and the capture runs on like a necklace.",
  },
};

let built = false;
const players = [];

export function openRules(dialog, Game) {
  if (!built) {
    dialog.querySelector("#rules-body").innerHTML = TEXT; // fixed text written here, nothing from outside
    for (const element of dialog.querySelectorAll(".example")) players.push(examplePlayer(element, Game));
    dialog.addEventListener("close", () => players.forEach((p) => p.stop()));
    built = true;
  }
  dialog.showModal();
  players.forEach((p) => p.play());
}

function examplePlayer(element, Game) {
  const example = EXAMPLES[element.dataset.example];
  const canvas = element.querySelector("canvas");
  const caption = element.querySelector(".example-caption");
  const game = Game.fromPosition(example.setup);
  const before = sceneFromState(game.state());
  const trace = game.preview(example.hole);
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
    caption.textContent = example.intro;
    animator.start(before, trace);
  }
  element.querySelector(".example-play").addEventListener("click", play);
  return {
    play,
    stop: () => {
      clearTimeout(again);
      animator.cancel();
    },
  };
}
