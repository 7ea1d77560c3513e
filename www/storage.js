// The game in progress, kept in the browser between visits. A saved game that cannot be read is
// never dropped silently: it is kept aside and the caller is told why.

export const SAVE_KEY = "walak-pussa.game";
export const UNREADABLE_KEY = "walak-pussa.game.unreadable";
const VERSION = 1;

const SIDES = ["south", "north"];
const MODES = ["two", "computer"];
export const LEVELS = ["beginner", "casual", "club", "strong", "master"];
const isRecord = (s) => typeof s === "string" && /^[1-7]*$/.test(s);

/**
 * Writes the game; storage may be full or disabled, which must not stop play. `start` is the
 * position set up by hand that the game began from, or null for the opening.
 */
export function save({ options, start = null, mode, side, level, record, redo }) {
  const saved = { version: VERSION, options, mode, side, level, record, redo };
  if (start !== null) saved.start = start;
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify(saved));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the saved game. Returns `null` when there is none, `{saved}` when it is well-formed, or
 * `{error, raw}` saying what is wrong with it. `check(saved)` may throw to reject a game the
 * engine refuses (an illegal record); its message becomes the error.
 */
export function load(check) {
  let raw;
  try {
    raw = localStorage.getItem(SAVE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let saved;
  try {
    saved = JSON.parse(raw);
  } catch {
    return { error: "it is not valid data", raw };
  }
  const problem = describeProblem(saved);
  if (problem) return { error: problem, raw };
  try {
    check(saved);
  } catch (error) {
    return { error: error.message, raw };
  }
  return { saved };
}

function describeProblem(s) {
  if (typeof s !== "object" || s === null) return "it is not a saved game";
  if (typeof s.version !== "number") return "it has no version";
  if (s.version > VERSION) return `it comes from a newer version of the game (${s.version})`;
  if (s.version !== VERSION) return `its version (${s.version}) is not known`;
  if (typeof s.options !== "object" || s.options === null) return "its options are missing";
  if (typeof s.options.rounds !== "boolean" || !SIDES.includes(s.options.first)) return "its options are malformed";
  if (!MODES.includes(s.mode)) return "its mode is unknown";
  if (!SIDES.includes(s.side)) return "its side is unknown";
  if (s.level !== undefined && !LEVELS.includes(s.level)) return "its computer level is unknown";
  if (!isRecord(s.record) || !isRecord(s.redo)) return "its move record is malformed";
  if (s.start !== undefined && !isStart(s.start)) return "its starting position is malformed";
  return null;
}

const isCount = (n) => Number.isInteger(n) && n >= 0 && n <= 56;

/** The shape of a starting position; whether it is a possible one is for the engine to say. */
function isStart(start) {
  if (typeof start !== "object" || start === null) return false;
  const { board, reserves, to_move: toMove, round, in_play: inPlay } = start;
  return (
    Array.isArray(board) && board.length === 14 && board.every(isCount) &&
    Array.isArray(reserves) && reserves.length === 2 && reserves.every(isCount) &&
    SIDES.includes(toMove) &&
    (round === undefined || (Number.isInteger(round) && round >= 1)) &&
    (inPlay === undefined || (Array.isArray(inPlay) && inPlay.length === 14 && inPlay.every((b) => typeof b === "boolean")))
  );
}

/** Keeps an unreadable saved game aside, so that nothing is lost. */
export function keepUnreadable(raw) {
  try {
    localStorage.setItem(UNREADABLE_KEY, raw);
  } catch {
    // Nothing more can be done; the original stays until a new game is saved.
  }
}
