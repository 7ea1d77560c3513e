// Every sentence the page says about the game, composed from the message tables of the language
// in use (i18n/). The tables hold the words; this file decides which sentence fits. The board's
// own sentences (a side's name, a hole's, a preview, a refusal, a value tag) are
// board/board-words.js's.

import { formatNumber, formatOr, has, t } from "../i18n/index.js";
import { beads, laps, seeds, sideName, valueTag } from "../board/board-words.js";
import { isSide, otherSide } from "../lib/sides.js";

const sideShort = (side) => t(side === "south" ? "side.southShort" : "side.northShort");

/** Whether the person points with a finger (a phone or tablet) rather than a mouse. */
const coarsePointer = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/**
 * The name of the player of `side`: "South", or for the `rival` (game/kinds/kind.js `Rival`: who
 * plays the side that is not the person's) their name, "North (computer)" or "Your friend".
 */
function playerName(side, rival) {
  if (side !== rival?.side) return sideName(side);
  return t(rival.words.name, { side: sideName(side) });
}

/**
 * Whose turn it is; once the game is over, the result, or only that it is over when
 * `resultShown` elsewhere. `rival` (game/kinds/kind.js `Rival`): who plays the side that is not the person's.
 */
export function describeTurn(state, { rival = null, thinking = false, resultShown = false } = {}) {
  if (state.status === "game_over") return resultShown ? t("gameOver.status") : describeResult(state, rival).headline;
  const side = sideName(state.to_move);
  // Against the computer or a friend the person is told it is their move; at a game's start,
  // which side is theirs and how to play.
  if (rival !== null && state.to_move !== rival.side) {
    if (state.record === "") return t(coarsePointer() ? "turn.firstMoveTap" : "turn.firstMoveClick", { side });
    return t("turn.yourMove", { side });
  }
  if (rival === null) return t("turn.toMove", { side });
  return t((thinking && rival.words.thinking) || rival.words.toMove, { side });
}

/** The move being shown: "South plays hole 3…". */
export const describePlaying = (side, number) => t("turn.playing", { side: sideName(side), hole: number });

/** What a move did, from its summary (scene.js summarize). */
export function describeMove(side, number, summary, rival = null) {
  // A move of the computer's or the friend's says so, as its turn does.
  const params = { side: playerName(side, rival), hole: number, laps: laps(summary.laps) };
  let move;
  if (summary.captured === 0) move = t("move.noCapture", params);
  else {
    const key = summary.beads > 1 ? "move.necklace" : "move.capture";
    move = t(key, { ...params, seeds: seeds(summary.captured), beads: beads(summary.beads) });
  }
  const round = describeRoundEnd(summary.round);
  return round ? `${move} ${round}` : move;
}

/** A round of a match that a move ended, and who starts the next: "" when none began. */
function describeRoundEnd(round) {
  if (!round || round.next === null) return "";
  const how = round.ending === "repetition" ? t("result.repetition")
    : t("result.noMoves", { stuck: sideName(round.stuck), other: sideName(otherSide(round.stuck)) });
  return t("round.next", { round: round.round, how, next: round.next, side: sideName(round.starter) });
}

/** The end of a game: a headline and how it came about. Against the computer or a friend it speaks to the person. */
export function describeResult(state, rival = null) {
  const [south, north] = state.reserves;
  // The winner's seeds first.
  const score = state.winner === "north" ? t("result.score", { winner: north, loser: south })
    : t("result.score", { winner: south, loser: north });
  let headline;
  if (state.winner === "draw" || !state.winner) headline = t("result.draw", { score });
  else headline = t(state.ending === "match_over" ? "result.winsMatch" : "result.wins", { side: sideName(state.winner), score });
  if (rival !== null && state.winner && state.winner !== "draw") {
    headline = t(state.winner === rival.side ? rival.words.won : "result.youWon", { headline });
  }
  const how = {
    no_moves: () => t("result.noMoves", { stuck: sideName(state.to_move), other: sideName(otherSide(state.to_move)) }),
    repetition: () => t("result.repetition"),
    match_over: () => t("result.matchOver", { loser: sideName(otherSide(state.winner)) }),
  }[state.ending]?.() ?? "";
  return { headline, how };
}

/**
 * A live game given up: "North resigned: you won", "… your friend won", or for a spectator
 * (`seat` "spectator") "North resigned: South wins".
 */
export function describeResignation(side, seat) {
  if (isSide(seat)) return t(side === seat ? "live.youResigned" : "live.friendResigned", { side: sideName(side) });
  return t("live.sideResigned", { side: sideName(side), winner: sideName(otherSide(side)) });
}

/**
 * A finished game's summary (summary.js gameSummary) as terms and details: the longest relay, the
 * biggest necklace (a capture of one hole is a capture) and the seeds each side captured, over
 * the whole match in rounds. The computer's or the friend's moves say so, as in the status.
 */
export function describeSummary({ longestRelay, biggestNecklace, captured }, { rounds = false, rival = null } = {}) {
  const name = (side) => playerName(side, rival);
  const rows = [];
  if (longestRelay) {
    const { side, ply, laps: count } = longestRelay;
    rows.push({ term: t("gameOver.longestRelay"), detail: t("gameOver.relayDetail", { side: name(side), ply, laps: laps(count) }) });
  }
  if (biggestNecklace) {
    const { side, ply, beads: count, seeds: taken } = biggestNecklace;
    const params = { side: name(side), ply, seeds: seeds(taken), beads: beads(count) };
    rows.push(count > 1
      ? { term: t("gameOver.biggestNecklace"), detail: t("gameOver.necklaceDetail", params) }
      : { term: t("gameOver.biggestCapture"), detail: t("gameOver.captureDetail", params) });
  }
  const [south, north] = captured;
  rows.push({
    term: t(rounds ? "gameOver.capturedMatch" : "gameOver.captured"),
    detail: south + north === 0 ? t("gameOver.noCaptures")
      : t("gameOver.capturedEach", { south: sideName("south"), southSeeds: south, north: sideName("north"), northSeeds: north }),
  });
  return rows;
}

/** What a screen reader hears once a move has been shown: the move, then the turn or the result. */
export function describeMoveShown(message, state, rival) {
  const move = describeMove(message.side, message.number, message.summary, rival);
  let turn;
  if (state.status === "game_over") {
    const { headline, how } = describeResult(state, rival);
    turn = how ? t("result.announce", { headline, how }) : headline;
  } else {
    turn = describeTurn(state, { rival });
  }
  return t("announce.move", { move, turn });
}

export function lapText(lap) {
  return lap > 0 ? t("lap.counter", { lap }) : "";
}

/** "Hint: play hole 3. South ahead by about 4 seeds." */
export function describeHint(side, hint) {
  const south = side === "south" ? hint.eval : -hint.eval;
  // A proved hint names every best move: "1 or 2".
  const hole = hint.numbers ? formatOr(hint.numbers.map(formatNumber)) : hint.number;
  return t("hint.play", { hole, evaluation: describeEvaluation(south, hint.exact ?? false) });
}

/** The line about move values: their legend once proved, or what is happening instead. */
export function describeValuesState(exact, rounds) {
  if (!exact || exact.state === "pending") return t("values.working");
  if (exact.state === "unproven") return t("values.unproven");
  if (exact.state === "failed") return t("values.failed", { reason: exact.reason });
  const legend = t("values.legend", { win: valueTag(4), draw: valueTag(0), loss: valueTag(-4), n: formatNumber(4) });
  return rounds ? `${legend} ${t("values.round")}` : legend;
}

/** Who is ahead, from South's expected lead in seeds at the end of the game. */
export function describeEvaluation(south, exact = false) {
  const lead = Math.abs(south);
  if (lead === 0) return t(exact ? "evaluation.drawExact" : "evaluation.even");
  const params = { side: sideName(south > 0 ? "south" : "north"), seeds: seeds(lead) };
  return t(exact ? "evaluation.winsExact" : "evaluation.ahead", params);
}

/** A level's name ("Beginner") and its one sentence; a level the tables lack keeps the engine's words. */
export function levelName(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

export function levelAbout(level, engineWords = "") {
  return has(`level.${level}About`) ? t(`level.${level}About`) : engineWords;
}

/** The line under the controls: who plays whom (`mode`, the kind of game's words), and the round of a match. */
export function describeMode(mode, rounds, round) {
  return rounds ? t("mode.rounds", { mode, round }) : mode;
}

/**
 * A move in the move list: its text ("3. S5") and its spoken name, which begins with the text
 * (so a voice command can name what it sees): "3. S5: South hole 5".
 */
export function describePly(ply, side, number) {
  const text = t("moves.item", { ply, side: sideShort(side), hole: number });
  return { text, label: t("moves.itemLabel", { item: text, side: sideName(side), hole: number }) };
}
