// The engine's refusals of a link or a saved game, in the page's words. The engine reads links
// and saved games (so the page accepts exactly what the engine can play) and throws an Error
// with a `kind` and its fields (`detail`); this turns them into messages of the translation
// tables. A reason the tables do not cover keeps the engine's own English sentence.

import { msg } from "../i18n/index.js";
import { numberOf, sideOf } from "../board/holes.js";
import { sideName } from "../board/board-words.js";

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
  bad_variation: (d) => msg("link.badVariation", { number: d.number }),
  unplayable_variation: (d, error) => msg("link.unplayableVariation", { number: d.number, reason: cause(d.cause, afterColon(error.message)) }),
  shown_out_of_range: (d) => msg("link.badShown", { value: d.found, last: d.lines }),
  bad_game_id: (d) => msg("link.badGame", { value: d.found }),
  you_not_a_side: (d) => msg("link.badYou", { value: d.found }),
  half_a_link_game: (d) => msg("link.halfLinkGame", { part: d.missing }),
  unplayable: (d, error) =>
    msg(d.position ? "link.unplayablePosition" : "link.unplayable", { reason: cause(d.cause, afterColon(error.message)) }),
};

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
  unplayable: (d, error) => msg("saved.refused", { reason: cause(d.cause, error.message) }),
};

/** What is wrong with a link, from the engine's refusal. */
export const linkRefusal = (error) => refusal(LINK, error);

/** What is wrong with a saved game, from the engine's refusal. */
export const savedRefusal = (error) => refusal(SAVED, error);

/** Why a position cannot be played, from the engine's refusal of it (`Game.fromPosition`). */
export const positionRefusal = (error) => cause(error?.detail, String(error?.message ?? error));

function refusal(table, error) {
  const say = table[error?.kind];
  return say ? say(error.detail ?? {}, error) : String(error?.message ?? error);
}

/** Why the engine cannot play a record or a position; `english` when the tables lack the reason. */
function cause(detail, english) {
  const side = (s) => () => sideName(s);
  switch (detail?.kind) {
    case "illegal_move": {
      const e = detail.error ?? {};
      const why = {
        no_such_hole: () => msg("cause.noSuchHole", { hole: e.number }),
        empty_hole: () => msg("cause.emptyHole", { side: side(e.side), hole: e.number }),
        out_of_play: () => msg("cause.outOfPlay", { side: side(e.side), hole: e.number }),
        endless: () => msg("cause.endless", { side: side(e.side), hole: e.number }),
        game_over: () => msg("cause.gameOver"),
      }[e.kind];
      return why ? msg("cause.illegalMove", { at: detail.at, why: why() }) : english;
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
      return msg("cause.seedsOutOfPlay", { side: side(sideOf(detail.hole)), hole: numberOf(detail.hole) });
    }
    case "in_play_not_from_left":
      return msg("cause.inPlayNotFromLeft", { side: side(detail.side) });
    case "no_hole_in_play":
      return msg("cause.noHoleInPlay", { side: side(detail.side) });
    case "malformed":
      return msg(detail.part === "board" ? "cause.boardLength" : "cause.inPlayLength", { found: detail.found });
    default:
      return english;
  }
}

// "it describes a game that cannot be played: <the engine's reason>" → the reason.
const afterColon = (message) => message.slice(message.indexOf(": ") + 2);
