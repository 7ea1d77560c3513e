// A move as the board shows it (www/board/scene.js, www/board/animation.js): applying the engine's
// trace to the position before a move, one event at a time, ends on the position the engine says
// the move leads to, in single games and in matches in rounds; and the animation's controls
// (step, lap, skip, the instant speed) show every event, in order, and end on that position.

import { test } from "node:test";
import assert from "node:assert/strict";
import { loadEngine } from "./support/engine.mjs";
import { applyEvent, cloneScene, sceneFromState, summarize } from "../../www/board/scene.js";
import { Animator } from "../../www/board/animation.js";
import { SPEEDS } from "../../www/board/speeds.js";

const { Game } = await loadEngine();

/**
 * Every move of a game whose moves `seed` picks (the same each run): `{before, trace, after}`, the
 * engine's states and the move's trace.
 */
function randomGame(seed, options) {
  const game = new Game(options);
  const moves = [];
  for (let ply = 0; ply < 400 && game.state().status === "playing"; ply++) {
    const before = game.state();
    const number = before.legal[(ply * 7 + seed * 3 + (ply * ply) % 5) % before.legal.length];
    const trace = game.play(number);
    moves.push({ before, trace, after: game.state() });
  }
  game.free();
  return moves;
}

/** What a scene shows of the position: what must equal the engine's state once a move is shown. */
const position = ({ board, reserves, inPlay, toMove, round, status, winner, ending }) =>
  ({ board, reserves, inPlay, toMove, round, status, winner, ending });

const games = [
  ...[1, 2, 3].map((seed) => ({ seed, options: { rounds: false, first: "south" } })),
  ...[4, 5].map((seed) => ({ seed, options: { rounds: true, first: "north" } })),
];

test("a move's events, applied one by one, lead to the state the engine gives after it", () => {
  let events = 0;
  const seen = new Set();
  for (const { seed, options } of games) {
    for (const [i, { before, trace, after }] of randomGame(seed, options).entries()) {
      const scene = sceneFromState(before);
      for (const event of trace) {
        applyEvent(scene, event);
        seen.add(event.event);
        events++;
      }
      assert.deepEqual(position(scene), position(sceneFromState(after)), `game ${seed}, move ${i + 1}`);
      assert.equal(scene.hand, 0, "every seed of the hand is sown");
    }
  }
  assert.ok(events > 1000, `only ${events} events played`);
  // Matches in rounds show every kind of event the engine has.
  for (const name of ["lift", "drop", "relay", "sowing_end", "capture", "turn_pass", "claim", "round_end", "fill", "round_start", "game_over"]) {
    assert.ok(seen.has(name), `no ${name} event in the games played`);
  }
});

test("an event the page does not know is refused, not skipped", () => {
  const scene = sceneFromState(new Game({}).state());
  assert.throws(() => applyEvent(scene, { event: "teleport", hole: 3 }), /unknown trace event 'teleport'/);
});

test("a clone is the scene's own: applying events to it leaves the scene as it was", () => {
  const game = new Game({});
  const scene = sceneFromState(game.state());
  const copy = cloneScene(scene);
  for (const event of game.play(1)) applyEvent(copy, event);
  assert.deepEqual(scene, sceneFromState(new Game({}).state()));
});

test("a move's summary counts its laps, beads and seeds captured as its trace has them", () => {
  for (const { before, trace, after } of randomGame(7, { rounds: false, first: "south" })) {
    const summary = summarize(trace);
    const captures = trace.filter((e) => e.event === "capture");
    assert.equal(summary.beads, captures.length);
    assert.equal(summary.captured, captures.reduce((sum, e) => sum + e.seeds, 0));
    assert.deepEqual(summary.beadHoles, captures.map((e) => e.hole));
    const end = trace.find((e) => e.event === "sowing_end");
    assert.equal(summary.laps, end.laps);
    assert.equal(summary.endHole, end.hole);
    // Before the game's end, the mover's reserve grows by what the necklace took.
    if (after.status === "playing") {
      const mover = before.to_move === "south" ? 0 : 1;
      assert.equal(after.reserves[mover] - before.reserves[mover], summary.captured);
    }
  }
});

test("the move that ends a round of a match says which round, how, and who starts the next", () => {
  const ended = randomGame(4, { rounds: true, first: "north" }).find(({ trace }) => trace.some((e) => e.event === "round_end"));
  assert.ok(ended, "a round ended in the match played");
  const { round } = summarize(ended.trace);
  assert.equal(round.round, ended.before.round);
  if (ended.after.status === "playing") {
    assert.equal(round.next, ended.after.round);
    assert.equal(round.starter, ended.after.to_move);
  }
});

// ── The animation ──────────────────────────────────────────────────────────────────────────────

/**
 * Frames asked for, run by hand on a clock of the test's own (`performance.now()` too, as a
 * frame's time is that clock's in a browser): `run(ms)` moves the clock on and draws one frame.
 */
function frames() {
  const waiting = new Map();
  let next = 1;
  let now = 0;
  Object.defineProperty(performance, "now", { value: () => now, configurable: true, writable: true });
  globalThis.requestAnimationFrame = (callback) => {
    waiting.set(next, callback);
    return next++;
  };
  globalThis.cancelAnimationFrame = (id) => waiting.delete(id);
  return {
    run(ms) {
      now += ms;
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback(now);
    },
    get waiting() {
      return waiting.size;
    },
  };
}

/** An animator that records what it shows. */
function watched() {
  const shown = { frames: [], events: [], done: [] };
  const animator = new Animator({
    onFrame: (scene, motion) => shown.frames.push({ scene: cloneScene(scene), motion }),
    onDone: (scene) => shown.done.push(cloneScene(scene)),
    onEvent: (event) => shown.events.push(event),
  });
  return { animator, shown };
}

/** A move with a relay of several laps and a necklace: South's hole 4 after the README's record. */
function longMove() {
  const game = Game.fromRecord("256353", {});
  const before = game.state();
  const trace = game.play(4);
  return { before, trace, after: game.state() };
}

test("at the instant speed a move is shown whole at once, every event heard, ending on the engine's state", () => {
  frames();
  const { before, trace, after } = longMove();
  const { animator, shown } = watched();
  animator.setSpeed("instant");
  animator.start(sceneFromState(before), trace);
  assert.equal(animator.active, false);
  assert.deepEqual(shown.events, trace);
  assert.equal(shown.done.length, 1);
  assert.deepEqual(position(shown.done[0]), position(sceneFromState(after)));
});

test("step shows one event and pauses; lap shows the rest of a lap; skip shows the end", () => {
  frames();
  const { before, trace, after } = longMove();
  const { animator, shown } = watched();
  animator.start(sceneFromState(before), trace);
  animator.stepEvent();
  assert.equal(animator.paused, true);
  assert.deepEqual(shown.events, [trace[0]], "one event");
  animator.stepLap();
  const relays = shown.events.filter((e) => e.event === "relay");
  assert.equal(relays.length, 1, "a lap ends where the next one is lifted");
  assert.equal(shown.events.at(-1).event, "relay");
  assert.equal(shown.frames.at(-1).scene.lap, 2);
  animator.skip();
  assert.deepEqual(shown.events, trace, "every event, in order, once");
  assert.deepEqual(position(shown.done[0]), position(sceneFromState(after)));
  assert.equal(shown.done.length, 1);
});

test("played on the clock, a move's frames move on, the hand travels from 0 to 1, and it ends once", () => {
  const clock = frames();
  const { before, trace, after } = longMove();
  const { animator, shown } = watched();
  animator.setSpeed("fast");
  animator.start(sceneFromState(before), trace);
  for (let i = 0; i < 100_000 && animator.active; i++) clock.run(16);
  assert.equal(animator.active, false);
  assert.deepEqual(shown.events, trace);
  assert.equal(shown.done.length, 1);
  assert.deepEqual(position(shown.done[0]), position(sceneFromState(after)));
  const moving = shown.frames.filter((f) => f.motion);
  assert.ok(moving.length > 10, "frames in between");
  assert.ok(moving.every((f) => f.motion.t >= 0 && f.motion.t <= 1));
  assert.equal(clock.waiting, 0, "no frame asked for once it ends");
});

test("paused on the clock nothing moves; resumed, it goes on; cancelled, it never ends", () => {
  const clock = frames();
  const { before, trace } = longMove();
  const { animator, shown } = watched();
  animator.start(sceneFromState(before), trace);
  clock.run(16);
  clock.run(500);
  const seen = shown.events.length;
  animator.pause();
  clock.run(5000);
  assert.equal(shown.events.length, seen, "nothing shown while paused");
  animator.resume();
  clock.run(16);
  clock.run(1000);
  assert.ok(shown.events.length > seen);
  animator.cancel();
  clock.run(100_000);
  assert.equal(shown.done.length, 0);
  assert.equal(animator.active, false);
});

test("a speed the animation does not have is refused", () => {
  const { animator } = watched();
  assert.throws(() => animator.setSpeed("warp"), /unknown speed 'warp'/);
  assert.deepEqual(Object.keys(SPEEDS), ["slow", "normal", "fast", "instant"]);
});
