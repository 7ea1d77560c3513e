// What the lesson and the puzzles say (www/trainer/lesson-words.js, puzzle-words.js): every step
// of the lesson is said in every language, with the engine's numbers in it, and so is a wrong
// move; a puzzle's answer says what it was worth and which move was right.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { CODES, setLanguage } from "../../www/i18n/index.js";
import { instruction, mistake, success, topicTitle } from "../../www/trainer/lesson-words.js";
import { answerWords, instruction as puzzleInstruction, progressWords, valueItems } from "../../www/trainer/puzzle-words.js";
import { summarize } from "../../www/board/scene.js";

const engine = await loadEngine();
const steps = engine.lesson();

/** The step's game after `hole`: the move's summary and the state after it. */
function played(step, hole) {
  const game = engine.Game.fromPosition(step.setup);
  const trace = game.play(hole);
  return { summary: summarize(trace), state: game.state() };
}

test("every step of the lesson is said in every language, a wrong move too", async () => {
  assert.equal(steps.length, 7);
  for (const code of CODES) {
    await setLanguage(code);
    for (const step of steps) {
      for (const words of [topicTitle(step), instruction(step), success(step)]) {
        assert.ok(words.length > 0 && !/\{\w+\}/.test(words), `${code} ${step.topic}: "${words}"`);
      }
      const wrong = step.setup.to_move === "south" && engine.Game.fromPosition(step.setup).state().legal.find((n) => n !== step.hole);
      if (wrong) {
        const { summary, state } = played(step, wrong);
        const words = mistake(step, wrong, summary, state);
        assert.ok(!/\{\w+\}/.test(words), `${code} ${step.topic}, hole ${wrong}: "${words}"`);
      }
    }
  }
});

test("the lesson's words carry the engine's numbers for the step", async () => {
  await setLanguage("en");
  const sowing = steps.find((s) => s.topic === "sowing");
  assert.match(instruction(sowing), new RegExp(`hole ${sowing.hole}: its ${sowing.claim.seeds} seeds`));
  const capture = steps.find((s) => s.topic === "capture");
  assert.match(success(capture), new RegExp(`You captured ${capture.claim.captured} seeds`));
  // A step that names its hole asks for it again after a wrong move; one the person must find hints.
  const named = steps.find((s) => !s.find);
  const other = engine.Game.fromPosition(named.setup).state().legal.find((n) => n !== named.hole);
  const { summary, state } = played(named, other);
  assert.match(mistake(named, other, summary, state), new RegExp(`asks for hole ${named.hole}`));
  const found = steps.find((s) => s.topic === "stop");
  const wrong = engine.Game.fromPosition(found.setup).state().legal.find((n) => n !== found.hole);
  const after = played(found, wrong);
  assert.match(mistake(found, wrong, after.summary, after.state), /Look for the move/);
});

const PUZZLE = { id: "khnqt", rating: 1200, record: "16527143252", value: 2, best: 5, move_values: { 1: -4, 3: 0, 5: 2 }, line: "54" };

test("a puzzle's answer says what it was worth, and which move was right", async () => {
  await setLanguage("en");
  assert.equal(puzzleInstruction(PUZZLE, "north"), "North to move: find the move that wins the most.");
  assert.equal(answerWords(PUZZLE, 5), "Right! Hole 5 is the only move that wins by 2 seeds.");
  assert.equal(answerWords(PUZZLE, 1), "Hole 1 gives away 6 seeds: with best play it loses by 4 seeds. The move was hole 5.");
  assert.equal(answerWords(PUZZLE, 3), "Hole 3 gives away 2 seeds: with best play it draws. The move was hole 5.");
  assert.deepEqual(valueItems(PUZZLE).map((item) => [item.hole, item.best, item.text]), [
    [1, false, "Hole 1: \u22124, gives away 6 seeds"],
    [3, false, "Hole 3: =, gives away 2 seeds"],
    [5, true, "Hole 5: +2, the best"],
  ]);
  const draw = { ...PUZZLE, value: 0, move_values: { 1: -4, 5: 0 } };
  assert.equal(puzzleInstruction(draw, "south"), "South to move: find the move that saves the draw.");
  assert.equal(answerWords(draw, 5), "Right! Hole 5 is the only move that saves the draw.");
  assert.equal(progressWords({ rating: 1290, streak: 3, best: 4, results: { a: 1, b: 0, c: 1 } }, 320),
    "Solved 2 of 320 · streak 3 · your rating 1,290");
});
