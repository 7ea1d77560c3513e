// The lines of a game's move list, as an analysis board keeps them: a move other than the next one
// from an earlier position starts a variation instead of throwing the later moves away. Each line
// is a whole record from the game's start (digits 1–7); the first is the main line. No line is a
// beginning of another: a move that follows a line already there goes into that line.

/** How many leading moves two records share. */
export function sharedMoves(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The line other than `at` that goes on from `record` with `number`, or -1. */
export function lineFollowing(lines, at, record, number) {
  const next = record + number;
  return lines.findIndex((line, i) => i !== at && line.startsWith(next));
}

/**
 * The lines to show beside line `at`, each where it leaves it: `{index, from, moves}` with `from`
 * the number of moves it shares with line `at`, ordered by where they branch off (then as kept).
 */
export function branchesOf(lines, at) {
  const shown = lines[at] ?? "";
  return lines
    .map((line, index) => ({ index, from: sharedMoves(shown, line), moves: line }))
    .filter(({ index }) => index !== at)
    .map((branch) => ({ ...branch, moves: branch.moves.slice(branch.from) }))
    .sort((a, b) => a.from - b.from || a.index - b.index);
}

/** `lines` with line `i` made the main line; returns the new lines and where line `at` went. */
export function promote(lines, i, at) {
  const next = [lines[i], ...lines.filter((_, j) => j !== i)];
  return { lines: next, at: at === i ? 0 : at < i ? at + 1 : at };
}

/** `lines` without line `i` (never the main line); returns the new lines and where line `at` went. */
export function without(lines, i, at) {
  const next = lines.filter((_, j) => j !== i);
  return { lines: next, at: at > i ? at - 1 : at };
}
