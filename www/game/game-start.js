// Where a game begins: the opening, or a position set up by hand (an engine set-up such as
// `{board, reserves, to_move, round?, in_play?}`), then the moves of a record. The page and the
// computer's worker build their games the same way, so both see the same game.

/**
 * The engine's game from `start` (null for the opening) with `options`, after `record`, with the
 * moves of `redo` ready to be played again.
 */
export function openGame(Game, { start = null, options, record = "", redo = "" }) {
  const game = start === null ? Game.fromRecord(record, options) : Game.fromPosition({ ...start, rounds: options.rounds }, record);
  if (redo) {
    try {
      game.setRedo(redo);
    } catch (error) {
      game.free();
      throw error;
    }
  }
  return game;
}

/** The engine's game of a saved game's document (storage.js), or of a kept game's. */
export function openSaved(Game, saved) {
  return openGame(Game, { start: saved.start ?? null, options: saved.options, record: saved.record, redo: saved.redo });
}

/** The position shown in `state`, as a start for a new game or a link. */
export function positionOf(state) {
  const start = { board: [...state.board], reserves: [...state.reserves], to_move: state.to_move };
  if (state.rounds) {
    start.round = state.round;
    if (state.in_play.some((on) => !on)) start.in_play = [...state.in_play];
  }
  return start;
}

/**
 * The move that led to the position after `record`: `{before, trace, side, number}` — the state
 * before it and the move's trace, worked out by playing the record's last move again from the
 * position before it; null at the start, or for a game the engine cannot replay.
 */
export function lastMoveOf(Game, { start = null, options, record }) {
  if (record.length === 0) return null;
  let game = null;
  try {
    game = openGame(Game, { start, options, record: record.slice(0, -1) });
    const number = Number(record.at(-1));
    const before = game.state();
    return { before, trace: game.preview(number), side: before.to_move, number };
  } catch {
    return null; // no marks rather than wrong ones
  } finally {
    game?.free();
  }
}
