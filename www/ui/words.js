// @ts-check
// Every sentence the page says about the game, composed from the message tables of the language
// in use (i18n/). The tables hold the words; this file decides which sentence fits. The board's
// own sentences (a side's name, a hole's, a preview, a refusal, a value tag) are
// board/board-words.js's.

import { formatNumber, formatOr, has, t } from "../i18n/index.js";
import { DIRECTION_ARROWS, beads, laps, seeds, sideName, valueTag } from "../board/board-words.js";
import { directionOfMove, holeOfMove } from "../lib/records.js";
import { isSide, otherSide } from "../lib/sides.js";
import { directionName } from "./direction-shown.js";
import { numberOf, sideOf } from "../board/holes.js";

/** @import { Direction, GameState, Side } from "../types/engine.js" */
/** @import { MessageKey } from "../i18n/index.js" */
/** @import { MoveSummary, RoundChange } from "../board/scene.js" */
/** @import { Move } from "../lib/records.js" */

/**
 * Who plays the side that is not the person's, when not at this device (the computer, a friend
 * by links or live: game/kinds/), with the message keys that name them and their turn.
 * @typedef {object} Rival
 * @property {Side} side
 * @property {RivalWords} words
 */
/**
 * @typedef {object} RivalWords  the message keys that name the rival and their turn
 * @property {MessageKey} name       "North (computer)", "Your friend" (`{side}`: their side's name)
 * @property {MessageKey} toMove     whose turn it is
 * @property {MessageKey} [thinking] their turn while they think (the computer)
 * @property {MessageKey} won        a result they won: "{headline} — the computer won"
 */
/**
 * A hint found (analysis/analysis.js): the move to play (`number`: a hole, or in Parker's games
 * the move as written, "4+", "3", "+"), every best move when proved (`numbers`, `exact`), and its
 * value for the mover (`eval`, in seeds).
 * @typedef {object} FoundHint
 * @property {Move} number
 * @property {Move[]} [numbers]
 * @property {number} eval
 * @property {boolean} exact
 */
/**
 * What is known of the exact values of the position shown, as its line says it
 * (analysis/values.js `ExactEntry`): being proved, proved, not proved in time, or failed and why.
 * @typedef {{state: "pending" | "done" | "unproven" | "failed", reason?: string | null}} ValuesState
 */
/**
 * A finished game in a few lines (game/summary.js `GameSummary`), as its sentences read it.
 * @typedef {object} SummaryWords
 * @property {{side: Side, ply: number, laps: number} | null} longestRelay
 * @property {{side: Side, ply: number, beads: number, seeds: number} | null} biggestNecklace
 * @property {readonly number[]} captured seeds captured, [South's, North's]
 */

/** @param {Side} side */
const sideShort = (side) => t(side === "south" ? "side.southShort" : "side.northShort");

/** Whether the person points with a finger (a phone or tablet) rather than a mouse. */
const coarsePointer = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/**
 * The name of the player of `side`: "South", or for the `rival` (who plays the side that is not
 * the person's) their name, "North (computer)" or "Your friend".
 * @param {Side} side
 * @param {Rival | null} rival
 */
function playerName(side, rival) {
  if (side !== rival?.side) return sideName(side);
  return t(rival.words.name, { side: sideName(side) });
}

/**
 * Whose turn it is; once the game is over, the result, or only that it is over when
 * `resultShown` elsewhere. `rival`: who plays the side that is not the person's; `thinking`:
 * they are thinking (the computer).
 * @param {GameState} state
 * @param {{rival?: Rival | null, thinking?: boolean, resultShown?: boolean}} [about]
 * @returns {string}
 */
export function describeTurn(state, { rival = null, thinking = false, resultShown = false } = {}) {
  if (state.status === "game_over") return resultShown ? t("gameOver.status") : describeResult(state, rival).headline;
  const side = sideName(state.to_move);
  // Against the computer or a friend the person is told it is their move; at a game's start,
  // which side is theirs and how to play.
  if (rival !== null && state.to_move !== rival.side) {
    if (state.record === "") return withDirection(t(coarsePointer() ? "turn.firstMoveTap" : "turn.firstMoveClick", { side }), state);
    return withDirection(t("turn.yourMove", { side }), state);
  }
  if (rival === null) return withDirection(t("turn.toMove", { side }), state);
  return t((thinking && rival.words.thinking) || rival.words.toMove, { side });
}

/**
 * A turn in Parker's rule sets says what it waits for: the first move's direction, or a new
 * round's.
 * @param {string} turn
 * @param {GameState} state
 */
function withDirection(turn, state) {
  if (state.phase === "choose") return t("turn.choosing", { side: sideName(state.to_move), round: state.round });
  if (state.phase === "play" && state.direction === null) return `${turn}. ${t("turn.directionFirst")}`;
  return turn;
}

/**
 * The move being shown: "South plays hole 3…".
 * @param {Side} side
 * @param {number} number
 */
export const describePlaying = (side, number) => t("turn.playing", { side: sideName(side), hole: number });

/**
 * What a move did, from its summary (board/scene.js `summarize`): "South played hole 3: 2 laps,
 * no capture." A move of the rival's names them.
 * @param {Side} side
 * @param {number} number
 * @param {MoveSummary} summary
 * @param {Rival | null} [rival]
 * @returns {string}
 */
export function describeMove(side, number, summary, rival = null) {
  // A move of the computer's or the friend's says so, as its turn does.
  const params = { side: playerName(side, rival), hole: number, laps: laps(summary.laps) };
  const said = [];
  // Parker's rule sets: the direction chosen (a new round's bare + or - is no hole's move).
  if (summary.chosen) said.push(t("move.chose", { side: params.side, direction: directionName(summary.chosen) }));
  if (number > 0) {
    if (summary.captured === 0) said.push(t("move.noCapture", params));
    else {
      const key = summary.beads > 1 ? "move.necklace" : "move.capture";
      said.push(t(key, { ...params, seeds: seeds(summary.captured), beads: beads(summary.beads) }));
    }
  }
  said.push(...describeParker(summary, params.side));
  const round = describeRoundEnd(summary.round);
  if (round) said.push(round);
  return said.join(" ");
}

// A direction in words ("counterclockwise"), in ui/direction-shown.js, which the first board's file holds.
export { directionName };

/**
 * What a move of Parker's rule sets did besides its laps and captures: seeds passed over holes
 * of three, the marked hole it stopped in, four eaten, an end hole tied, a new round's short holes.
 * @param {Pick<MoveSummary, "skips" | "stoppedIn" | "eaten" | "tied" | "shorts">} summary
 * @param {string} mover  the mover's name
 * @returns {string[]}
 */
export function describeParker({ skips = 0, stoppedIn = null, eaten = null, tied = null, shorts = [] }, mover) {
  const said = [];
  /** @param {number} hole */
  const holeOf = (hole) => ({ owner: sideName(sideOf(hole)), hole: numberOf(hole) });
  if (skips > 0) said.push(t("move.skips", { count: skips }));
  if (stoppedIn) said.push(t("move.stopped", { mark: t(`mark.${stoppedIn}`) }));
  if (eaten) said.push(t("move.eat", { side: mover, seeds: seeds(eaten.seeds), ...holeOf(eaten.hole) }));
  if (tied) said.push(t("move.tie", { side: sideName(tied.side), ...holeOf(tied.hole) }));
  for (const short of shorts) {
    said.push(t("move.short", { ...holeOf(short.hole), mark: t(`mark.${short.short}`), other: sideName(sideOf(short.opposite)),
      seeds: seeds(short.removed) }));
  }
  return said;
}

/**
 * A round of a match that a move ended, and who starts the next: "" when none began.
 * @param {RoundChange | null} round
 */
function describeRoundEnd(round) {
  if (!round || round.next === null || round.starter === null) return "";
  // A move passes the turn before its round ends: who is stuck is known.
  const how = round.ending === "repetition" || round.stuck === null ? t("result.repetition") : noMoves(round.stuck);
  return t("round.next", { round: round.round, how, next: round.next, side: sideName(round.starter) });
}

/**
 * A game or a round that ended with no move for `stuck`: "South cannot move; North takes…".
 * @param {Side} stuck
 */
const noMoves = (stuck) => t("result.noMoves", { stuck: sideName(stuck), other: sideName(otherSide(stuck)) });

/**
 * The end of a game: a headline and how it came about. Against the computer or a friend it
 * speaks to the person.
 * @param {Pick<GameState, "reserves" | "winner" | "ending" | "to_move">} state
 * @param {Rival | null} [rival]
 * @returns {{headline: string, how: string}}
 */
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
  return { headline, how: describeEnding(state) };
}

/**
 * How a game ended: with no move for the player to move, by repetition, or a match won.
 * @param {Pick<GameState, "winner" | "ending" | "to_move">} state
 */
function describeEnding({ ending, to_move: toMove, winner }) {
  switch (ending) {
    case "no_moves":
      return noMoves(toMove);
    case "repetition":
      return t("result.repetition");
    case "match_over":
      // A match is over once a side has won it.
      return isSide(winner) ? t("result.matchOver", { loser: sideName(otherSide(winner)) }) : "";
    default:
      return "";
  }
}

/**
 * A live game given up: "North resigned: you won", "… your friend won", or for a spectator
 * (`seat` "spectator") "North resigned: South wins".
 * @param {Side} side the side that resigned
 * @param {Side | "spectator" | null} seat the person's seat in the room
 */
export function describeResignation(side, seat) {
  if (isSide(seat)) return t(side === seat ? "live.youResigned" : "live.friendResigned", { side: sideName(side) });
  return t("live.sideResigned", { side: sideName(side), winner: sideName(otherSide(side)) });
}

/**
 * A finished game's summary (summary.js gameSummary) as terms and details: the longest relay, the
 * biggest necklace (a capture of one hole is a capture) and the seeds each side captured, over
 * the whole match in rounds. The computer's or the friend's moves say so, as in the status.
 * @param {SummaryWords} summary
 * @param {{rounds?: boolean, rival?: Rival | null}} [about]
 * @returns {{term: string, detail: string}[]}
 */
export function describeSummary({ longestRelay, biggestNecklace, captured }, { rounds = false, rival = null } = {}) {
  const name = (/** @type {Side} */ side) => playerName(side, rival);
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

/**
 * What a screen reader hears once a move has been shown: the move, then the turn or the result.
 * @param {{side: Side, number: number, summary: MoveSummary}} message what the move did
 * @param {GameState} state the position after it
 * @param {Rival | null} rival
 */
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

/**
 * The lap counter during a move: "Lap 3", or "" before the first.
 * @param {number} lap
 */
export function lapText(lap) {
  return lap > 0 ? t("lap.counter", { lap }) : "";
}

/**
 * "Hint: play hole 3. South ahead by about 4 seeds."
 * @param {Side} side the player to move
 * @param {FoundHint} hint
 */
export function describeHint(side, hint) {
  const south = side === "south" ? hint.eval : -hint.eval;
  const evaluation = describeEvaluation(south, hint.exact ?? false);
  // A proved hint names every best move: "1 or 2".
  const moves = hint.numbers ?? [hint.number];
  // Parker's games: a match's new round is a bare direction; a round's first move has one.
  if (moves.every((move) => holeOfMove(move) === 0)) {
    return t("hint.chooseDirection", { direction: formatOr(moves.map((move) => directionName(directionOrPlus(move)))), evaluation });
  }
  if (moves.some((move) => directionOfMove(move) !== null)) {
    const written = moves.map((move) => t("hint.holeDirection", { hole: formatNumber(holeOfMove(move)), direction: directionName(directionOrPlus(move)) }));
    return t("hint.playMoves", { moves: formatOr(written), evaluation });
  }
  return t("hint.play", { hole: formatOr(moves.map((move) => formatNumber(holeOfMove(move)))), evaluation });
}

/** A move's direction, for one known to carry a sign. @param {Move} move @returns {Direction} */
const directionOrPlus = (move) => directionOfMove(move) ?? "+";

/**
 * The line about move values: their legend once proved, or what is happening instead.
 * @param {ValuesState | null} exact
 * @param {boolean} rounds
 * @param {Record<string, number>} [moveValues]  the values proved, by move as written
 */
export function describeValuesState(exact, rounds, moveValues = {}) {
  if (!exact || exact.state === "pending") return t("values.working");
  if (exact.state === "unproven") return t("values.unproven");
  if (exact.state === "failed") return t("values.failed", { reason: exact.reason ?? "" });
  const said = [t("values.legend", { win: valueTag(4), draw: valueTag(0), loss: valueTag(-4), n: formatNumber(4) })];
  if (rounds) said.push(t("values.round"));
  // Parker's games: before the direction is chosen a hole shows its better way (board-words.js
  // `holeValueTags`); a match's new round is chosen by a bare direction, which has no hole.
  const moves = Object.keys(moveValues);
  if (moves.some((move) => holeOfMove(move) > 0 && directionOfMove(move) !== null)) {
    said.push(t("values.bothWays", { ccw: DIRECTION_ARROWS["+"], cw: DIRECTION_ARROWS["-"] }));
  }
  const way = (/** @type {Direction} */ sign) => (sign in moveValues ? valueTag(moveValues[sign]) : "\u2013");
  if (moves.some((move) => holeOfMove(move) === 0)) said.push(t("values.choice", { ccw: way("+"), cw: way("-") }));
  return said.join(" ");
}

/**
 * Who is ahead, from South's expected lead in seeds at the end of the game: exactly, once proved.
 * @param {number} south
 * @param {boolean} [exact]
 */
export function describeEvaluation(south, exact = false) {
  const lead = Math.abs(south);
  if (lead === 0) return t(exact ? "evaluation.drawExact" : "evaluation.even");
  const params = { side: sideName(south > 0 ? "south" : "north"), seeds: seeds(lead) };
  return t(exact ? "evaluation.winsExact" : "evaluation.ahead", params);
}

/**
 * A level's name ("Beginner"); a level the tables lack keeps its engine's name.
 * @param {string} level
 */
export function levelName(level) {
  const key = `level.${level}`;
  return has(key) ? t(key) : level;
}

/**
 * A level's one sentence; a level the tables lack keeps the engine's words.
 * @param {string} level
 * @param {string} [engineWords]
 */
export function levelAbout(level, engineWords = "") {
  const key = `level.${level}About`;
  return has(key) ? t(key) : engineWords;
}

/**
 * The line under the controls: who plays whom (`mode`, the kind of game's words), and the round of a match.
 * @param {string} mode
 * @param {boolean} rounds
 * @param {number} round
 */
export function describeMode(mode, rounds, round) {
  return rounds ? t("mode.rounds", { mode, round }) : mode;
}

/**
 * A move in the move list: its text ("3. S5") and its spoken name, which begins with the text
 * (so a voice command can name what it sees): "3. S5: South hole 5".
 * @param {number} ply
 * @param {Side} side
 * @param {number | string} number  the hole, or in Parker's rule sets the move as written ("4+", "3", "-")
 * @returns {{text: string, label: string}}
 */
export function describePly(ply, side, number) {
  const text = t("moves.item", { ply, side: sideShort(side), hole: number });
  return { text, label: t("moves.itemLabel", { item: text, side: sideName(side), hole: number }) };
}
