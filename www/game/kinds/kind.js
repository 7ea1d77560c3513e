// @ts-check
// A kind of game: everything the page asks of the game on the board that depends on who plays it
// and where — who plays each side, whose taps are taken, whether help is given, how the game is
// kept and labelled, its words. One module per kind (this folder's index.js names them and
// chooses one); this file writes down the interface they share and the answers of the plainest
// game, two people at one device, which every other kind starts from (`kind`).
//
// A kind is made for one game and one moment: the controller (../app.js) makes it again from
// the set-up and what the board answers to (a lesson, a live game's room, an embed's frame)
// whenever one of those changes, and reads it rather than comparing names. It holds no state of
// the game's own: what it needs of the game now, it is handed (`GameOnBoard`).

import { t } from "../../i18n/index.js";
import { otherSide } from "../../lib/sides.js";

/** @import { GameState, Level, Mode as KeptMode, RuleSet, SavedGame, Side } from "../../types/engine.js" */
/** @import { Message } from "../../i18n/index.js" */
/** @import { Move } from "../../lib/records.js" */
/** @import { ComputerPlayer, Opponents, Remote } from "../opponents.js" */
/** @import { HoleValue } from "../../board/board.js" */
/** @import { RefusalReason } from "../../board/board-words.js" */

/**
 * @typedef {Side | "spectator"} Seat  a live game's seat
 * @typedef {KeptMode | "live"} Mode
 *   the kind of a set-up, as the address, the New game dialog and `#board[data-mode]` name it (a
 *   saved game's document names the first three: a live game is kept as `link` or `two`; a
 *   lesson's, a puzzle's and an embed's games are set up as `two`)
 * @typedef {Pick<SavedGame, "mode" | "side" | "options" | "level" | "game">} KeptDocument
 *   a saved game's document (storage.js), as far as its kind goes
 */

/**
 * @typedef {object} Setup  who plays which side, the options and the computer's level
 * @property {Mode} mode
 * @property {Side} side      the person's side (against the computer or a friend)
 * @property {boolean} rounds a match in rounds rather than a single game
 * @property {Side} first     who moves first
 * @property {Level} level    the computer's level
 * @property {RuleSet} [rules] the rule set; today's (`mancala-world`) when absent
 * @property {string} [game]  a game by links' (or a live game's) id, shared by both players' copies
 * @property {Seat} [seat]    in a live game, the person's seat in its room
 * @property {Side} [resigned] in a live game taken up again, the side that gave it up
 */

/**
 * Who plays the side that is not the person's, when not at this device, and the message keys
 * that name them and their turn: as the status and the results say them (ui/words.js).
 * @typedef {import("../../ui/words.js").Rival} Rival
 * @typedef {import("../../ui/words.js").RivalWords} RivalWords
 */


/**
 * @typedef {object} GameOnBoard  what a kind is handed of the controller (../app.js `App`)
 * @property {GameState} state
 * @property {boolean} animating                a move is being shown
 * @property {{plays: (side: Side) => boolean}} turns  whether an opponent plays a side (opponents.js `Turns`)
 * @property {(number: Move) => void} move    plays `number` (a hole, or a move in Parker's notation) for the player to move
 */

/**
 * @typedef {object} Rings  what a lesson rings on the board (track indices)
 * @property {number | null} hint  the hole it asks for
 * @property {number | null} end   the empty hole a sowing should stop in front of
 */

/**
 * @typedef {object} Training  a lesson or a puzzle (trainer/): what it decides of the board
 * @property {() => Side} side            the side the board is seen from
 * @property {(app: any) => void} moveShown  what follows a move shown
 * @property {() => Rings | null} rings  the holes to ring, or null
 * @property {() => Map<number, HoleValue> | null} [values]  the move values to write on the holes
 */

/**
 * @typedef {object} Room  a live game's room (live/room-controller.js `RoomController`): the referee of the board
 * @property {Seat | null} seat                the person's seat, once the room has said it
 * @property {string} liveState                `#board[data-live]`
 * @property {boolean} barsHelp                the players get no help while their game goes on
 * @property {Side | null} resigned           the side that gave the room's game up, or null
 * @property {() => string} enteringWords       the mode line while the room is made or entered
 * @property {Remote} remote  the friend's moves, for the opponent seam
 * @property {(number: Move) => void} propose  sends the person's move; the room plays it once taken
 * @property {(state: GameState, side: Side) => RefusalReason | null} refusal  the room's reason to refuse a tap
 * @property {() => void} settled               the board is still: the person's own move the room played, if missing
 * @property {(turn: string) => string[]} statusWords  the status line's sentences around the turn
 * @property {() => void} rematch               asks the room for the next game
 */

/**
 * @typedef {object} Frame  an embed's frame (share/embed-driver.js): what its address asked for
 * @property {boolean} view                          visitors only watch
 * @property {Record<Side, Level> | null} demo  the computer plays both sides, at these levels
 */

/**
 * @typedef {object} Context  what the board answers to besides its set-up (App `context`)
 * @property {Training | null} [training]  a lesson or a puzzle
 * @property {boolean} [watching]          the lesson's or puzzle's step waits for its panel: no tap taken
 * @property {Room | null} [room]          a live game's room
 * @property {Frame | null} [frame]        an embed's frame: nothing is kept in the visitor's browser
 */

/**
 * @typedef {object} Kind  what the page asks of a kind of game
 * @property {Setup} setup
 * @property {Mode} mode                  `#board[data-mode]`
 * @property {Rival | null} rival
 * @property {Seat | null} seat           in a live game, the person's seat; else null
 * @property {Side | null} friendSide     in a game by links, the friend's side (`#board[data-you]` is the other); else null
 * @property {Side | null} computerSide   against the computer, its side: Undo, Redo and the arrow keys step past its
 *   replies, and the level menu shows
 * @property {Training | null} training   the lesson or puzzle the board serves, or null
 * @property {Room | null} room           the room that referees the board, or null
 * @property {boolean} inRoom             the game on the board is a live game's, played in its room
 * @property {boolean} keeps              saved in the browser and kept among Your games
 * @property {boolean} undoes             Undo is offered
 * @property {boolean} browses            the arrow keys, Home and End step through the moves
 * @property {boolean} reviews            the game may be reviewed (when help is given: `noHelp`)
 * @property {boolean} brisk              moves are shown briskly: someone elsewhere waits for each one (board/animation.js)
 * @property {() => Side | null} resigned the side that gave the game up (a live game), or null
 * @property {boolean} mayGoByLinks       a move may be sent to a friend, making the game one by links (Share)
 * @property {Mode} dialogMode            what the New game dialog starts with
 * @property {(computer: ComputerPlayer) => Opponents} opponents  who plays which sides through the opponent seam
 * @property {(game: GameOnBoard, side: Side) => RefusalReason | null} refusal
 *   why nobody at this device may play `side`'s holes now (a `refuse.*` reason: ui/words.js
 *   `describeRefusal`), or null; the rules' own reasons are the engine's
 * @property {(game: GameOnBoard, number: Move) => void} play  the person's move, allowed: played, or proposed to the room
 * @property {() => void} settled         the position shown is still
 * @property {(state: GameState) => {said: Message | null} | null} noHelp
 *   why the computer's help (hint, evaluation, move values) is not given now, with the words the
 *   page says instead (null: none, a lesson's panel speaks); null when it may be given
 * @property {(app: any) => boolean} followMove  after a move is shown: whether the kind takes
 *   what follows (a lesson's next step); if not, the page says what the move did
 * @property {() => Side} seenFrom        the side the board is seen from, before Flip board
 * @property {() => {rings: Rings | null, values: Map<number, HoleValue> | null} | null} marks
 *   what the kind writes on the board itself (a lesson's rings, a puzzle's values); null: the help's
 * @property {(turn: string) => string[]} statusWords  the status line's sentences around the turn
 * @property {() => string} modeWords     who plays whom, for the line under the controls
 * @property {() => string} label         who played it, among Your games
 * @property {() => {mode: KeptMode, side: Side, game?: string}} document
 *   how the saved game's document names its kind (src/format/saved.rs reads it)
 * @property {() => Setup} fresh          the set-up of a new game from this one
 * @property {(swap: boolean) => Setup | null} rematch
 *   the set-up of the next game at the end of this one (`swap`: the sides swapped), or null when
 *   another decides it (a live game's room)
 */

/**
 * The set-up without what belongs to one game only: a game's id and a live seat. Exported for
 * the kinds of this folder.
 * @param {Setup} setup
 * @returns {Setup}
 */
export function plainSetup(setup) {
  const { game: _game, seat: _seat, resigned: _resigned, ...plain } = setup;
  return plain;
}

/**
 * Whether the game shown may be reviewed now: its kind reviews games, and gives help in this
 * position (the players of a live game, never while it goes on).
 * @param {Pick<Kind, "reviews" | "noHelp">} kind
 * @param {GameState} state
 */
export const reviewable = (kind, state) => kind.reviews && kind.noHelp(state) === null;

/**
 * Why nobody at this device may play `side`'s holes in `game` now, as every kind says it: the
 * game is over, a move is being shown, the kind's `own` reason (a live room's, a friend's turn),
 * an opponent's turn, or the other side's turn.
 * @param {GameOnBoard} game
 * @param {Side} side
 * @param {(state: GameState) => RefusalReason | null} [own]
 * @returns {RefusalReason | null}
 */
export function refuse(game, side, own = () => null) {
  const { state } = game;
  if (state.status !== "playing") return "over";
  if (game.animating) return "animating";
  const reason = own(state);
  if (reason !== null) return reason;
  if (game.turns.plays(state.to_move)) return "computer";
  if (side !== state.to_move) return "otherSide";
  return null;
}

/**
 * The engine's refusal of a move (an Error with its `kind`) as `preview` throws it, or null when
 * the move may be played.
 * @param {() => unknown} preview
 * @returns {unknown}
 */
export function refusalOf(preview) {
  try {
    preview();
    return null;
  } catch (error) {
    return error;
  }
}

/**
 * A kind: the answers of two people playing at one device, with the kind's `own` answers over
 * them.
 * @param {Setup} setup
 * @param {Partial<Kind>} [own]
 * @returns {Kind}
 */
export function kind(setup, own = {}) {
  const rival = own.rival ?? null;
  return {
    setup,
    mode: setup.mode,
    rival,
    seat: null,
    friendSide: null,
    computerSide: null,
    training: null,
    room: null,
    inRoom: false,
    keeps: true,
    undoes: true,
    browses: true,
    reviews: true,
    brisk: false,
    resigned: () => null,
    mayGoByLinks: false,
    dialogMode: setup.mode,
    opponents: () => ({}),
    refusal: (game, side) => refuse(game, side),
    play: (game, number) => game.move(number),
    settled: () => {},
    noHelp: () => null,
    followMove: () => false,
    // Against someone elsewhere, from the person's side; otherwise from South's.
    seenFrom: () => (rival ? setup.side : "south"),
    marks: () => null,
    statusWords: (turn) => [turn],
    modeWords: () => t("mode.two"),
    label: () => t("games.two"),
    document: () => ({ mode: "two", side: setup.side }),
    fresh: () => plainSetup(setup),
    // Against someone elsewhere the person takes the other side; at one device, the other player starts.
    rematch: (swap) => {
      if (!swap) return setup;
      return rival ? { ...setup, side: otherSide(setup.side) } : { ...setup, first: otherSide(setup.first) };
    },
    ...own,
  };
}
