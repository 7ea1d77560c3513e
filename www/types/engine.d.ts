// The rules engine as the page sees it: the wasm-bindgen exports of the crate (src/wasm.rs, and
// src/wasm/computer.rs for the computer's engine), with the JSON shapes they take and give
// (docs/api.md; src/format/view.rs for the state, src/rules/trace.rs for the trace).
//
// Written by hand rather than taken from wasm-bindgen's own .d.ts: that one types every value
// crossing as `any` (a `JsValue`), which would leave the page's view of the engine unchecked.
// tests/unit/engine-types.test.mjs loads the real engine and checks these names and shapes
// against it.

// ── Words the engine uses ────────────────────────────────────────────────────────────────────────

/** A player, and the row and reserve that are theirs. */
export type Side = "south" | "north";
/** Who won: a side, or a draw. */
export type Winner = Side | "draw";
/** How a game (or a round of a match) ended. */
export type Ending = "no_moves" | "repetition" | "match_over";
export type Status = "playing" | "game_over";
/** The computer's levels, weakest first (game/levels.js lists them for the page). */
export type Level = "beginner" | "casual" | "club" | "strong" | "master" | "perfect";
/** How a saved game is played: two people on one device, against the computer, or by links. */
export type Mode = "two" | "computer" | "link";

/** The rule sets the engine plays: today's (the default) and the two Parker recorded (docs/rules.md). */
export type RuleSet = "mancala-world" | "parker-walak" | "parker-kotu";
/** The direction of sowing in Parker's games: counterclockwise or clockwise. */
export type Direction = "+" | "-";
/** A puta, naga or wala hole: a round's short hole in Parker's matches. */
export type Short = "puta" | "naga" | "wala";

/** How a game is played. The engine reads any field as its default when absent. */
export interface GameOptions {
  /** A match of successive rounds rather than a single game. */
  rounds: boolean;
  /** Who moves first in the first round. */
  first: Side;
  /** The rule set; today's (`mancala-world`) when absent. */
  rules?: RuleSet;
}

// ── Positions and states ────────────────────────────────────────────────────────────────────────

/**
 * A position set up by hand, as links and saved games carry it and the page hands it on: the
 * seeds of the 14 holes in track order, the reserves `[South's, North's]`, the player to move, and
 * in a match its round and the holes in play (all when absent).
 */
export interface StartPosition {
  board: number[];
  reserves: [number, number];
  to_move: Side;
  round?: number;
  in_play?: boolean[];
  /** Parker's rule sets: the round's direction when already chosen (absent: the next move chooses it). */
  direction?: Direction;
}

/** What `Game.fromPosition` reads: a start position, and whether the game is a match. */
export interface Setup {
  board: number[];
  reserves?: [number, number];
  to_move: Side;
  rounds?: boolean;
  round?: number;
  in_play?: boolean[] | null;
  /** Who started this round; the player to move when absent. */
  round_starter?: Side | null;
  /** Today's rules when absent. */
  rules?: RuleSet;
  /** Parker's rule sets: the direction already chosen (absent: the first move chooses it). */
  direction?: Direction;
}

/** A set-up as the engine writes it (a lesson's step): every field, `null` where none. */
export interface SetupView {
  board: number[];
  reserves: [number, number];
  to_move: Side;
  rounds: boolean;
  round: number;
  in_play: boolean[] | null;
  round_starter: Side | null;
  /** Absent for today's rules. */
  rules?: RuleSet;
  /** Parker's rule sets: the direction already chosen (absent: the first move chooses it). */
  direction?: Direction;
}

/** One move of a game's line: the hole played (1–7 from the mover's left), by whom, in which round. */
export interface Ply {
  number: number;
  side: Side;
  round: number;
  /** The move as written (`"4+"`, `"3"`, `"-"`; a digit in today's rules). */
  move: string;
}

/** What `game.state()` gives: the golden vectors' state, and what a page needs for its controls. */
export interface GameState {
  /** Seeds per hole in track order: South's row from South's left, then North's from North's left. */
  board: number[];
  /** Seeds held off the board: `[South's, North's]`. */
  reserves: [number, number];
  /** Who moves next (after the end: who would have moved). */
  to_move: Side;
  /** The round, from 1 (always 1 in a single game). */
  round: number;
  /** False for the holes out of play this round. */
  in_play: boolean[];
  status: Status;
  /** Null while playing. */
  winner: Winner | null;
  /** The moves of the player to move: hole numbers 1–7 from their left, ascending; in Parker's
   * rule sets moves in the notation (`"1+"`, …, `"7-"`; `"3"`; `"+"`, `"-"` while choosing). */
  legal: Array<number | string>;
  /** How the game ended, once it has. */
  ending: Ending | null;
  /** One digit per move played. */
  record: string;
  /** The moves taken back that `redo()` plays again, in order. */
  redo: string;
  /** Every move of `record`, then of `redo`. */
  line: Ply[];
  rounds: boolean;
  rules: RuleSet;
  /** Parker's games: the round's direction, null before it is chosen. */
  direction?: Direction | null;
  /** Parker's games: per hole, a puta or naga hole (never lifted), or null. */
  blocked?: Array<"puta" | "naga" | null>;
  /** Kotu-baendum: per hole, who tied it, or null. */
  tied_by?: Array<Side | null>;
  /** Parker's games: playing, choosing the next round's direction, or over. */
  phase?: "play" | "choose" | "over";
  can_undo: boolean;
  can_redo: boolean;
}

// ── A move's trace ─────────────────────────────────────────────────────────────────────────────

/**
 * One step of a move, in the order the rules make them; holes are track indices 0–13. Applying
 * them one by one to the state before the move gives the state after it (board/scene.js).
 */
export type TraceEvent =
  | { event: "chosen"; direction: Direction }
  | { event: "lift"; hole: number; seeds: number }
  | { event: "skip"; hole: number }
  | { event: "stop"; hole: number; why: "empty" | "puta" | "naga" | "tied"; laps: number }
  | { event: "eat"; hole: number; seeds: number }
  | { event: "tie"; hole: number; side: Side }
  | { event: "choosing"; round: number; side: Side }
  | { event: "short"; hole: number; short: Short; opposite: number; removed: number }
  | { event: "drop"; hole: number }
  | { event: "relay"; hole: number; seeds: number; lap: number }
  | { event: "sowing_end"; hole: number; laps: number }
  | { event: "capture"; hole: number; seeds: number; bead: number }
  | { event: "turn_pass"; to: Side }
  | { event: "claim"; hole: number; seeds: number; side: Side }
  | { event: "round_end"; round: number; ending: Ending }
  | { event: "fill"; hole: number; seeds: number }
  | { event: "round_start"; round: number; to_move: Side; in_play: boolean[] }
  | { event: "game_over"; ending: Ending; winner: Side | null };

/** The name of a kind of trace event. */
export type TraceEventName = TraceEvent["event"];

// ── Refusals ────────────────────────────────────────────────────────────────────────────────────

/** Why a move cannot be played (`play`, `preview`). */
export type MoveRefusal =
  | { kind: "no_such_hole"; number: number }
  | { kind: "empty_hole" | "out_of_play" | "endless"; side: Side; number: number }
  | { kind: "game_over" }
  | { kind: "direction_needed" | "direction_fixed" | "not_an_end_hole" | "singleton_waits" | "front_singleton"; side: Side; number: number }
  | { kind: "not_choosing" }
  | { kind: "choosing"; side: Side }
  | { kind: "blocked"; side: Side; number: number; short: Short }
  | { kind: "tied"; side: Side; number: number; by: Side };

/** Why a record cannot be played. `at` counts the record's characters from 1. */
export type RecordRefusal =
  | { kind: "not_a_move"; at: number; found: string }
  | { kind: "illegal_move"; at: number; number: number; error: MoveRefusal };

/** Why a position cannot be set up. `hole` is a track index. */
export type SetupRefusal =
  | { kind: "seed_count"; found: number }
  | { kind: "round_zero" | "out_of_play_in_first_round" }
  | { kind: "round_in_single_game"; round: number }
  | { kind: "seeds_out_of_play"; hole: number }
  | { kind: "in_play_not_from_left" | "no_hole_in_play"; side: Side }
  | { kind: "malformed"; part: "board" | "in_play"; found: number };

/** The engine's reason a game cannot be played: its position, or its record. */
export type Unplayable = SetupRefusal | RecordRefusal;

/** Why a link cannot be read. */
export type LinkRefusal =
  | { kind: "version_not_a_number" | "rounds_not_a_boolean" | "first_not_a_side" | "turn_not_a_side"; found: string }
  | { kind: "bad_round" | "bad_game_id" | "you_not_a_side" | "bad_direction"; found: string }
  | { kind: "newer_version" | "unknown_version"; version: string }
  | { kind: "unknown_parts" | "no_board"; parts: string[] }
  | { kind: "repeated_part"; part: string }
  | { kind: "not_a_move"; at: number; found: string }
  | { kind: "at_out_of_range"; found: string; moves: number }
  | { kind: "bad_board" | "bad_reserves" | "round_without_rounds" | "bad_in_play" }
  | { kind: "bad_position" | "position_differs" | "bad_values" }
  | { kind: "bad_variation"; number: number }
  | { kind: "unplayable_variation"; number: number; cause: Unplayable }
  | { kind: "shown_out_of_range"; found: string; lines: number }
  | { kind: "half_a_link_game"; missing: "game" | "you" }
  | { kind: "unplayable"; position: boolean; cause: Unplayable };

/** Why a saved game cannot be read. */
export type SavedRefusal =
  | { kind: "not_data" | "not_a_saved_game" | "no_version" | "no_options" | "bad_options" }
  | { kind: "unknown_mode" | "unknown_side" | "unknown_level" | "bad_game_id" | "bad_record" | "bad_start" }
  | { kind: "newer_version" | "unknown_version"; version: string }
  | { kind: "unplayable"; cause: Unplayable };

/**
 * What the engine throws when it refuses: an `Error` whose message says why in English, with
 * most refusals' `kind` and fields (`detail`) for a page that says it in its own words. Options,
 * records given to `fromRecord` and `setRedo` are refused with a message alone.
 */
export interface EngineRefusal extends Error {
  kind?: string;
  detail?: MoveRefusal | Unplayable | LinkRefusal | SavedRefusal;
}

// ── Links and saved games ───────────────────────────────────────────────────────────────────────

/** A link as `readLink` gives it. */
export interface Link {
  options: GameOptions;
  /** The position the game began from; null for the opening. */
  start: StartPosition | null;
  /** The game's whole line. */
  moves: string;
  /** How many of `moves` are played in the position shown. */
  at: number;
  /** The move list's other lines, whole records. */
  variations: string[];
  /** Where the line of `moves` goes among `variations` (0: it is the main line). */
  shown: number;
  /** A game by links' id; absent for another link. */
  game?: string;
  /** The side of the person a game by links' move is sent to; absent for another link. */
  you?: Side;
  /** The link writes out the position it shows (`position`), for a page to draw before its engine. */
  position: boolean;
  /** Every move's value in the position shown as the link's `values` part writes them (`x.x.x.x.x.-44.-44`: by hole 1 to 7, x for a hole that cannot be played), as the page that wrote the link had proved them; null when it carries none. */
  values: string | null;
}

/** What `linkFragment` writes: a link's parts, each of them optional (null meaning none). */
export interface LinkRequest {
  options?: Partial<GameOptions>;
  start?: StartPosition | null;
  moves?: string;
  /** All of `moves` when absent. */
  at?: number | null;
  variations?: string[];
  shown?: number;
  game?: string | null;
  you?: Side | null;
  /** Write out the position shown (while its game goes on), for the receiver's page to draw it at once. */
  position?: boolean;
  /** Every move's value in the position shown, as the `values` part writes them: written where they can be that position's. */
  values?: string | null;
}

/** How a game by links' link meets the copy of that game kept here (`meetLink`). */
export interface LinkMeeting {
  /** An older link (`behind`), the same game, new moves after `from` (`continues`), or two games parting after `from` moves. */
  meeting: "same" | "behind" | "continues" | "differs";
  from?: number;
  /** The move list's lines once the link's are brought in, the copy's main line first. */
  lines: string[];
}

/** A saved game's document, as `readSavedGame` reads it and the page keeps it. */
export interface SavedGame {
  version: number;
  options: GameOptions;
  mode: Mode;
  /** The person's side (kept in two players' games too, for the next game). */
  side: Side;
  /** A game by links' id: present exactly when the mode is `link`. */
  game?: string;
  /** The computer's level; absent for the default. */
  level?: Level;
  record: string;
  redo: string;
  /** The position set up by hand the game began from; absent for the opening. */
  start?: StartPosition;
}

/** What `savedGameJson` writes: a saved game, without its version (always the engine's); null meaning none. */
export interface SavedGameRequest {
  options: GameOptions;
  mode: Mode;
  side: Side;
  game?: string | null;
  level?: Level | null;
  record: string;
  redo: string;
  start?: StartPosition | null;
}

// ── The lesson and the levels ───────────────────────────────────────────────────────────────────

export type Topic = "sowing" | "relay" | "stop" | "capture" | "necklace" | "no_move" | "winner";

/** What a lesson step's move does, as the engine works it out. Holes are track indices. */
export interface LessonClaim {
  hole: number;
  seeds: number;
  laps: number;
  stop: number;
  beads: number[];
  captured: number;
  over: boolean;
  ending: Ending | null;
  claimed: number;
  claimer: Side | null;
  winner: Side | null;
  reserves: [number, number];
}

/** A step of the lesson: a position, the hole to play (1–7), and what the move does. */
export interface LessonStep {
  topic: Topic;
  setup: SetupView;
  hole: number;
  /** Whether the person must find the hole (else the step names it). */
  find: boolean;
  /** The empty hole the sowing should stop in front of, if the step has one. */
  target: number | null;
  claim: LessonClaim;
}

/** What a Parker rule set's walk-through is about, step by step. */
export type WalkthroughTopic =
  | "choose_direction"
  | "empty_stop"
  | "necklace"
  | "singletons"
  | "end_hole"
  | "pass_three"
  | "eat_four"
  | "tie";

/** A walk-through step: a position, the move that shows the topic, and what it does. */
export interface WalkthroughStep {
  topic: WalkthroughTopic;
  setup: SetupView;
  /** The move, in the notation ("1+", "3"). */
  move: string;
  shows: {
    chosen: Direction | null;
    laps: number;
    /** Where the move ended, and why ("empty", "puta", "naga", "tied"). */
    stop: [number, string] | null;
    skipped: number[];
    captured: number[];
    seeds_captured: number;
    tied: [number, Side] | null;
  };
  /** Moves the rules refuse there, with the reason. */
  refused: [string, { kind: string }][];
}

/** The words a picture of the board writes, in the reader's language. */
export interface PictureWords {
  south?: string;
  north?: string;
  puta?: string;
  naga?: string;
  tied?: string;
  hand?: string;
  title?: string;
}

export interface LevelAbout {
  name: Level;
  description: string;
}

// ── The engines ─────────────────────────────────────────────────────────────────────────────────

/** A game of Walak-pussa, in the engine's memory: `free()` it when done. */
export declare class Game {
  /** A new game from the opening. */
  constructor(options?: Partial<GameOptions> | null);
  /** A game from the opening after the moves of `record` (digits 1–7). */
  static fromRecord(record: string, options?: Partial<GameOptions> | null): Game;
  /** A game from a position set up by hand, then the moves of `record`. Throws an `EngineRefusal`. */
  static fromPosition(setup: Setup, record?: string | null): Game;
  /** Makes `redo` the moves `redo()` plays again; on an illegal move nothing changes. */
  setRedo(redo: string): void;
  state(): GameState;
  /** Plays the mover's hole (1–7 from their left); throws an `EngineRefusal` and changes nothing. */
  play(hole: number | string): TraceEvent[];
  /** The trace `play(hole)` would give, the game unchanged. */
  preview(hole: number | string): TraceEvent[];
  /** Takes back the last move; false when there is none. */
  undo(): boolean;
  /** Plays the last move taken back again; null when there is none. */
  redo(): TraceEvent[] | null;
  record(): string;
  free(): void;
}

/** A game in the computer's engine, which also draws pictures (the page's engine leaves them out). */
export declare class PicturedGame extends Game {
  static fromRecord(record: string, options?: Partial<GameOptions> | null): PicturedGame;
  static fromPosition(setup: Setup, record?: string | null): PicturedGame;
  /** The position as an SVG picture. */
  svg(words?: PictureWords | null): string;
  /** The frames of a move as SVG pictures (before, each step, after), the game unchanged. */
  svgFrames(move: number | string, words?: PictureWords | null): string[];
}

/** The page's engine (trunk's `window.wasmBindings`). */
export interface PageEngine {
  Game: typeof Game;
  /** Null when the fragment carries no game; throws an `EngineRefusal` for a bad link. */
  readLink(fragment: string): Link | null;
  linkFragment(link: LinkRequest): string;
  meetLink(kept: string, link: string): LinkMeeting;
  readSavedGame(json: string): SavedGame;
  savedGameJson(saved: SavedGameRequest): string;
  levels(): LevelAbout[];
}

/** How a solve goes, now and then: positions looked at, and the bounds proved of the subject. */
export interface SolveProgress {
  nodes: number;
  subject: number;
  lower: number;
  upper: number;
}

/** The exact value of a position for the player to move, and the moves that keep it. */
export interface Solution {
  value: number;
  /** The best moves: hole numbers, or in Parker's games the moves as written (`"4+"`, `"3"`, `"+"`). */
  best: number[] | string[];
  /** Every move's value by hole number ("1"–"7"), in Parker's games by the move as written
   * ("4+", "3", "+"); absent unless asked for. */
  move_values?: Record<string, number>;
  line: string;
  nodes: number;
  /** Whether it came from the opening book. */
  book: boolean;
}

/** A position's value alone (`solveValue`). */
export interface ValueSolution {
  value: number;
  nodes: number;
  book: boolean;
}

/** The move a search or a level chooses, with its evaluation for the mover. */
export interface SearchResult {
  /** The hole to play, 1–7 from the mover's left (0 for a bare direction in Parker's games). */
  number: number;
  /** In Parker's games only: the move to play as written (`"4+"`, `"3"`, a bare `"+"` or `"-"`). */
  move?: string;
  /** The expected final seed difference for the mover. */
  eval: number;
  depth: number;
  nodes: number;
  /** Whether `eval` is the exact value under perfect play. */
  exact: boolean;
}

/** A puzzle of www/puzzles.txt, checked by the engine. */
export interface Puzzle {
  id: string;
  rating: number;
  record: string;
  value: number;
  best: number;
  move_values: Record<string, number>;
  line: string;
}

/** Called now and then while a solve runs; false stops it. */
export type ProgressListener = (progress: SolveProgress) => boolean | void;

/** The computer player: a search and a solver, with their tables, kept between questions. */
export declare class Thinker {
  constructor();
  setTableMb(megabytes: number): void;
  tableMb(): number;
  /** Reads the opening book's text; returns how many positions it holds. */
  setBook(text: string): number;
  /** Reads the endgame table's bytes; returns the most seeds it holds boards of. */
  setEndgames(bytes: Uint8Array): number;
  solve(game: Game, moveValues: boolean, budgetMs: number, onProgress: ProgressListener): Solution | null;
  solveValue(game: Game, budgetMs: number, onProgress: ProgressListener): ValueSolution | null;
  fromBook(game: Game): Solution | null;
  /** Null when the game is over. */
  choose(game: Game, level: Level, seed: number): SearchResult | null;
  hint(game: Game, timeMs: number): SearchResult | null;
  free(): void;
}

/**
 * The computer's engine (the worker's): the page's, what the page's leaves out (pictures, the
 * lesson, the walk-throughs: the page's build works the last two out with it), and the computer
 * player.
 */
export interface ComputerEngine extends PageEngine {
  Game: typeof PicturedGame;
  lesson(): LessonStep[];
  /** The walk-through of a Parker rule set (empty for today's rules). */
  walkthrough(rules: RuleSet): WalkthroughStep[];
  Thinker: typeof Thinker;
  valuesVersion(): string;
  readPuzzles(text: string): Puzzle[];
  benchmark(games: number, seed: number): { games: number; moves: number; laps: number; seconds: number };
  benchmarkSolve(record: string, tableMb: number): { value: number; best: number[]; nodes: number; seconds: number };
}

// ── Loading ─────────────────────────────────────────────────────────────────────────────────────

/** How loading the page's engine goes, as loader.js records it. */
export type EngineLoad =
  | { state: "loading"; loaded: number; total: number }
  | { state: "started" }
  | { state: "failed"; error: unknown };

declare global {
  /** The page's engine, once trunk's start script has run. */
  var wasmBindings: PageEngine | undefined;
  /** loader.js's record of how loading the engine goes. */
  var walakEngineLoad: EngineLoad | undefined;
  interface WindowEventMap {
    "walak-engine-load": CustomEvent<EngineLoad>;
    TrunkApplicationStarted: Event;
  }
}
