// The openings known without the engine (www/board/opening.js), from which a board is drawn
// before the engine has come: what a person relies on is that the board then stays as it is,
// so each must be the engine's own opening, and a loop drawn early must be one the engine plays.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { OPENING_HOLES, openingOf } from "../../www/board/opening.js";
import { RULE_SETS, isParker, legalHoles } from "../../www/lib/records.js";

const { Game } = await loadEngine();

/** What a board draws of a state (board/scene.js), Parker's marks and direction too. */
const FIELDS = ["board", "reserves", "in_play", "to_move", "round", "status", "rules", "direction", "phase", "blocked", "tied_by"];
const drawn = (state) => Object.fromEntries(FIELDS.filter((field) => field in state).map((field) => [field, state[field]]));
const engineState = (game) => {
  const state = game.state();
  game.free();
  return state;
};

test("each rule set's opening is the engine's, either player first, in a single game or in rounds", () => {
  for (const rules of RULE_SETS) {
    for (const first of ["south", "north"]) {
      for (const rounds of [false, true]) {
        const engine = engineState(Game.fromRecord("", { rounds, first, ...(isParker(rules) ? { rules } : {}) }));
        const early = openingOf({ first, rules });
        assert.deepEqual(Object.keys(drawn(early)).sort(), Object.keys(drawn(engine)).sort(), `${rules}, ${first} first`);
        assert.deepEqual(drawn(early), drawn(engine), `${rules}, ${first} first, rounds ${rounds}`);
      }
    }
  }
});

test("a comparison's boards start from the engine's opening position under each rule set", () => {
  // share/embed-compare.js sets each board's position up by hand: the opening's seeds, South to move.
  for (const rules of RULE_SETS) {
    const engine = engineState(Game.fromPosition({ board: Array(14).fill(4), reserves: [0, 0], to_move: "south", rules }));
    assert.deepEqual(drawn(openingOf({ rules })), drawn(engine), rules);
  }
});

test("the holes a loop may play at the opening are the engine's first moves, under each rule set and either first player", () => {
  for (const rules of RULE_SETS) {
    for (const first of ["south", "north"]) {
      for (const rounds of [false, true]) {
        const { legal } = engineState(Game.fromRecord("", { rounds, first, ...(isParker(rules) ? { rules } : {}) }));
        assert.deepEqual(legalHoles({ legal }).sort(), OPENING_HOLES[rules], `${rules}, ${first} first, rounds ${rounds}`);
        // Either way round, under Parker's rules: the direction a loop's sign chooses is never refused.
        if (isParker(rules)) assert.equal(legal.length, 2 * OPENING_HOLES[rules].length, rules);
      }
    }
    const { legal } = engineState(Game.fromPosition({ board: Array(14).fill(4), reserves: [0, 0], to_move: "south", rules }));
    assert.deepEqual(legalHoles({ legal }).sort(), OPENING_HOLES[rules], `${rules}, a position set up as the opening`);
  }
});
