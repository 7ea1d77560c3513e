// Every sentence the page shows about the game, in one place.

export const sideName = (side) => (side === "south" ? "South" : "North");

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** "South hole 3, 4 seeds" — the accessible name of a hole button. */
export function holeLabel(hole, seeds, inPlay) {
  const side = hole < 7 ? "south" : "north";
  const name = `${sideName(side)} hole ${(hole % 7) + 1}`;
  return inPlay ? `${name}, ${plural(seeds, "seed", "seeds")}` : `${name}, out of play this round`;
}

/** Whose turn it is, or the result. */
export function describeTurn(state, { computerSide = null, thinking = false } = {}) {
  if (state.status === "game_over") return describeResult(state, computerSide).headline;
  const who = sideName(state.to_move);
  if (state.to_move === computerSide) return thinking ? `${who} (computer) is thinking…` : `${who} (computer) to move`;
  return `${who} to move`;
}

/** What a move did, from its summary (scene.js summarize). */
export function describeMove(side, number, summary) {
  const laps = plural(summary.laps, "lap", "laps");
  const start = `${sideName(side)} played hole ${number}: ${laps}`;
  if (summary.captured === 0) return `${start}, no capture.`;
  const beads = summary.beads > 1 ? ` in a necklace of ${summary.beads} beads` : "";
  return `${start}, captured ${plural(summary.captured, "seed", "seeds")}${beads}.`;
}

/** A preview of a move for the hole it starts from. */
export function describePreview(number, summary) {
  const laps = plural(summary.laps, "lap", "laps");
  if (summary.captured === 0) return `Hole ${number}: ${laps}, no capture`;
  const beads = summary.beads > 1 ? ` (${summary.beads} beads)` : "";
  return `Hole ${number}: ${laps}, captures ${plural(summary.captured, "seed", "seeds")}${beads}`;
}

/** The end of a game: a headline and how it came about. Against the computer it speaks to the person. */
export function describeResult(state, computerSide = null) {
  const [south, north] = state.reserves;
  // The winner's seeds first.
  const score = state.winner === "north" ? `${north}–${south}` : `${south}–${north}`;
  const match = state.ending === "match_over" ? " the match" : "";
  let headline;
  if (state.winner === "draw" || !state.winner) headline = `A draw, ${score}`;
  else headline = `${sideName(state.winner)} wins${match}, ${score}`;
  if (computerSide !== null && state.winner && state.winner !== "draw") {
    headline += state.winner === computerSide ? " — the computer won" : " — you won!";
  }
  const stuck = sideName(state.to_move);
  const other = sideName(state.to_move === "south" ? "north" : "south");
  const how = {
    no_moves: `${stuck} had no move left, so ${other} took the seeds still on the board.`,
    repetition: "The same position came up a third time, so each player took the seeds in their own row.",
    match_over: `${sideName(state.winner === "south" ? "north" : "south")} could not fill a single hole for another round.`,
  }[state.ending] ?? "";
  return { headline, how };
}

export function lapText(lap) {
  return lap > 0 ? `Lap ${lap}` : "";
}

/** "Hint: hole 3 — South ahead by about 4 seeds." */
export function describeHint(side, hint) {
  const south = side === "south" ? hint.eval : -hint.eval;
  return `Hint: play hole ${hint.number}. ${describeEvaluation(south)}`;
}

/** Who is ahead, from South's expected lead in seeds at the end of the game. */
export function describeEvaluation(south, exact = false) {
  const lead = Math.abs(south);
  if (lead === 0) return exact ? "With best play the game is a draw." : "The game is even.";
  const who = south > 0 ? "South" : "North";
  const seeds = lead === 1 ? "1 seed" : `${lead} seeds`;
  return exact ? `With best play ${who} wins by ${seeds}.` : `${who} ahead by about ${seeds}.`;
}
