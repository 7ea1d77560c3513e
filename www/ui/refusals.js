// @ts-check
// The engine's refusals of a link or a saved game, in the page's words. The engine reads links
// and saved games (so the page accepts exactly what the engine can play) and throws an Error
// with a `kind` and its fields (`detail`); this turns them into messages of the translation
// tables. A reason the tables do not cover keeps the engine's own English sentence.

import { msg } from "../i18n/index.js";
import { numberOf, sideOf } from "../board/holes.js";
import { sideName } from "../board/board-words.js";

/** @import { EngineRefusal, LinkRefusal, MoveRefusal, SavedRefusal, Side } from "../types/engine.js" */
/** @import { Message } from "../i18n/index.js" */

/**
 * What the page says for each kind of a refusal (types/engine.d.ts): a message made from the
 * refusal's fields, and the engine's English sentence (where the cause is one the tables may lack).
 * @template {{kind: string}} Refusal
 * @typedef {{[Kind in Refusal["kind"]]: (detail: Refusal & {kind: Kind}, english: string) => Message}} Sayings
 */

/** @type {Sayings<LinkRefusal>} */
const LINK = {
  version_not_a_number: (d) => msg("link.versionNotNumber", { version: d.found }),
  newer_version: (d) => msg("link.newer", { version: d.version }),
  unknown_version: (d) => msg("link.unknownVersion", { version: d.version }),
  unknown_parts: (d) => msg("link.unknownParts", { parts: d.parts.join(", ") }),
  repeated_part: (d) => msg("link.repeatedPart", { part: d.part }),
  not_a_move: (d) => msg("link.badMove", { position: d.at, character: d.found }),
  rounds_not_a_boolean: (d) => msg("link.badRounds", { value: d.found }),
  first_not_a_side: (d) => msg("link.badFirst", { value: d.found }),
  at_out_of_range: (d) => msg("link.badAt", { value: d.found, last: d.moves }),
  no_board: (d) => msg("link.noBoard", { parts: d.parts.join(", ") }),
  bad_board: () => msg("link.badBoard"),
  bad_reserves: () => msg("link.badReserves"),
  turn_not_a_side: (d) => msg("link.badTurn", { value: d.found }),
  round_without_rounds: () => msg("link.roundWithoutRounds"),
  bad_round: (d) => msg("link.badRound", { value: d.found }),
  bad_in_play: () => msg("link.badInPlay"),
  bad_direction: (d) => msg("link.badDirection", { value: d.found }),
  bad_variation: (d) => msg("link.badVariation", { number: d.number }),
  unplayable_variation: (d, english) => msg("link.unplayableVariation", { number: d.number, reason: cause(d.cause, afterColon(english)) }),
  shown_out_of_range: (d) => msg("link.badShown", { value: d.found, last: d.lines }),
  bad_game_id: (d) => msg("link.badGame", { value: d.found }),
  you_not_a_side: (d) => msg("link.badYou", { value: d.found }),
  half_a_link_game: (d) => msg("link.halfLinkGame", { part: d.missing }),
  bad_position: () => msg("link.badPosition"),
  position_differs: () => msg("link.positionDiffers"),
  bad_values: () => msg("link.badValues"),
  unplayable: (d, english) =>
    msg(d.position ? "link.unplayablePosition" : "link.unplayable", { reason: cause(d.cause, afterColon(english)) }),
};

/** @type {Sayings<SavedRefusal>} */
const SAVED = {
  not_data: () => msg("saved.notData"),
  not_a_saved_game: () => msg("saved.notGame"),
  no_version: () => msg("saved.noVersion"),
  newer_version: (d) => msg("saved.newer", { version: d.version }),
  unknown_version: (d) => msg("saved.unknownVersion", { version: d.version }),
  no_options: () => msg("saved.noOptions"),
  bad_options: () => msg("saved.badOptions"),
  unknown_mode: () => msg("saved.badMode"),
  unknown_side: () => msg("saved.badSide"),
  unknown_level: () => msg("saved.badLevel"),
  bad_game_id: () => msg("saved.badGameId"),
  bad_record: () => msg("saved.badRecord"),
  bad_start: () => msg("saved.badStart"),
  unplayable: (d, english) => msg("saved.refused", { reason: cause(d.cause, english) }),
};

/**
 * What is wrong with a link, from the engine's refusal (whatever `readLink` threw).
 * @param {unknown} error
 * @returns {Message | string}
 */
export const linkRefusal = (error) => refusal(LINK, error);

/**
 * What is wrong with a saved game, from the engine's refusal (whatever reading it threw).
 * @param {unknown} error
 * @returns {Message | string}
 */
export const savedRefusal = (error) => refusal(SAVED, error);

/**
 * Why a position cannot be played, from the engine's refusal of it (`Game.fromPosition`).
 * @param {unknown} error
 * @returns {Message | string}
 */
export const positionRefusal = (error) => {
  const refused = asRefusal(error);
  return cause(refused?.detail, String(refused?.message ?? error));
};

/**
 * What was thrown, read as the engine's refusal (types/engine.d.ts `EngineRefusal`): a thrown
 * value's type is not known, but every field read of it here may be missing, and is checked.
 * @param {unknown} error
 */
const asRefusal = (error) => /** @type {Partial<EngineRefusal> | null | undefined} */ (error);

/**
 * The page's words for a refusal of `table`'s, or the engine's sentence for a kind it lacks.
 * @template {{kind: string}} Refusal
 * @param {Sayings<Refusal>} table
 * @param {unknown} error
 * @returns {Message | string}
 */
function refusal(table, error) {
  const refused = asRefusal(error);
  const english = String(refused?.message ?? error);
  const kind = refused?.kind;
  if (typeof kind !== "string" || !Object.hasOwn(table, kind)) return english;
  // The engine gives each kind of refusal its own fields (types/engine.d.ts), which tsc cannot
  // tie to a kind known only at run time: the saying found is the one for the detail's kind.
  const say = /** @type {(detail: Refusal, english: string) => Message} */ (table[/** @type {Refusal["kind"]} */ (kind)]);
  return say(/** @type {Refusal} */ (refused?.detail ?? {}), english);
}

/**
 * Why the engine cannot play a record or a position; `english` when the tables lack the reason.
 * @param {EngineRefusal["detail"]} detail
 * @param {string} english
 * @returns {Message | string}
 */
function cause(detail, english) {
  switch (detail?.kind) {
    case "illegal_move": {
      const why = moveCause(detail.error);
      return why ? msg("cause.illegalMove", { at: detail.at, why }) : english;
    }
    case "not_a_move":
      return msg("cause.notAMove", { at: detail.at, found: detail.found });
    case "seed_count":
      return msg("cause.seedCount", { found: detail.found });
    case "round_zero":
      return msg("cause.roundZero");
    case "round_in_single_game":
      return msg("cause.roundInSingleGame", { round: detail.round });
    case "out_of_play_in_first_round":
      return msg("cause.outOfPlayInFirstRound");
    case "seeds_out_of_play": {
      // `hole` is a track index.
      return msg("cause.seedsOutOfPlay", { side: lazySide(sideOf(detail.hole)), hole: numberOf(detail.hole) });
    }
    case "in_play_not_from_left":
      return msg("cause.inPlayNotFromLeft", { side: lazySide(detail.side) });
    case "no_hole_in_play":
      return msg("cause.noHoleInPlay", { side: lazySide(detail.side) });
    case "malformed":
      return msg(detail.part === "board" ? "cause.boardLength" : "cause.inPlayLength", { found: detail.found });
    default:
      return english;
  }
}

/**
 * Why the engine refused a move of a record, or null for a reason the tables lack.
 * @param {MoveRefusal | undefined} refused
 * @returns {Message | null}
 */
function moveCause(refused) {
  switch (refused?.kind) {
    case "no_such_hole":
      return msg("cause.noSuchHole", { hole: refused.number });
    case "empty_hole":
      return msg("cause.emptyHole", { side: lazySide(refused.side), hole: refused.number });
    case "out_of_play":
      return msg("cause.outOfPlay", { side: lazySide(refused.side), hole: refused.number });
    case "endless":
      return msg("cause.endless", { side: lazySide(refused.side), hole: refused.number });
    case "game_over":
      return msg("cause.gameOver");
    default:
      return null;
  }
}

/**
 * A side's name, said when the message is (in the language then in use).
 * @param {Side} side
 */
const lazySide = (side) => () => sideName(side);

/**
 * "it describes a game that cannot be played: <the engine's reason>" → the reason.
 * @param {string} message
 */
const afterColon = (message) => message.slice(message.indexOf(": ") + 2);
