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

/** The position shown in `state`, as a start for a new game or a link. */
export function positionOf(state) {
  const start = { board: [...state.board], reserves: [...state.reserves], to_move: state.to_move };
  if (state.rounds) {
    start.round = state.round;
    if (state.in_play.some((on) => !on)) start.in_play = [...state.in_play];
  }
  return start;
}
