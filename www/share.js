// Links that carry a whole game, in the address fragment so any static host serves them:
//   #walak=1&moves=7264313&at=5&rounds=1&first=north
// `walak` is the format's version, `moves` the record (digits 1–7, the game's own notation),
// `at` how many of those moves are played in the position shown (the rest can be redone), and
// `rounds` / `first` the options. A game may also begin from a position set up by hand:
//   #walak=1&board=0.0.3.0.1.0.0.2.0.0.0.0.0.5&reserves=24.21&turn=south
// `board` lists the seeds of the 14 holes in the engine's track order (South's holes 1–7, then
// North's 1–7), `reserves` South's and North's, `turn` the player to move; in rounds, `round`
// and `inplay` (14 digits, 0 for a hole out of play) too. Any `moves` are played from there.
// Reading a link never touches the saved game; a bad link says what is wrong with it.

export const LINK_VERSION = 1;

/**
 * The link to a game as shown now: its options, where it began (`start`, null for the opening),
 * its whole line and the position shown.
 */
export function linkTo({ rounds, first }, record, redo, start = null) {
  const params = new URLSearchParams({ walak: String(LINK_VERSION) });
  if (start !== null) {
    params.set("board", start.board.join("."));
    params.set("reserves", start.reserves.join("."));
    params.set("turn", start.to_move);
    if (rounds && start.round !== undefined && start.round !== 1) params.set("round", String(start.round));
    if (rounds && start.in_play) params.set("inplay", start.in_play.map((on) => (on ? "1" : "0")).join(""));
  }
  if (start === null || record + redo !== "") params.set("moves", record + redo);
  if (redo) params.set("at", String(record.length));
  if (rounds) params.set("rounds", "1");
  if (first !== "south") params.set("first", first);
  const url = new URL(location.href);
  url.search = "";
  url.hash = params.toString();
  return url.href;
}

/**
 * Reads a link's fragment. Returns null when the fragment is not a game link, `{error}` saying
 * what is wrong, or `{options, start, moves, at}`. `check(moves, options, start)` may throw to
 * refuse a game the engine cannot play (its message is passed on).
 */
export function readLink(hash, check) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!text) return null;
  const params = new URLSearchParams(text);
  if (!params.has("walak")) return null;
  const version = params.get("walak");
  if (!/^\d+$/.test(version)) return { error: `its version "${version}" is not a number` };
  if (Number(version) > LINK_VERSION) {
    return { error: `it was made by a newer version of the game (link version ${version}); reload the page to update it` };
  }
  if (Number(version) !== LINK_VERSION) return { error: `its version ${version} is not known` };
  const known = new Set(["walak", "moves", "at", "rounds", "first", "board", "reserves", "turn", "round", "inplay"]);
  const unknown = [...params.keys()].filter((key) => !known.has(key));
  if (unknown.length > 0) return { error: `it has parts this game does not know (${unknown.join(", ")})` };
  const moves = params.get("moves") ?? "";
  const bad = [...moves].findIndex((c) => !"1234567".includes(c));
  if (bad >= 0) return { error: `character ${bad + 1} of its moves, "${moves[bad]}", is not a hole number 1 to 7` };
  const rounds = params.get("rounds") ?? "0";
  if (rounds !== "0" && rounds !== "1") return { error: `its "rounds" must be 0 or 1, not "${rounds}"` };
  const first = params.get("first") ?? "south";
  if (first !== "south" && first !== "north") return { error: `its "first" must be south or north, not "${first}"` };
  const atText = params.get("at") ?? String(moves.length);
  if (!/^\d+$/.test(atText) || Number(atText) > moves.length) {
    return { error: `its position "at=${atText}" is not a number from 0 to ${moves.length}` };
  }
  const options = { rounds: rounds === "1", first };
  const start = readStart(params, options.rounds);
  if (start?.error) return start;
  try {
    check(moves, options, start);
  } catch (error) {
    const what = start ? "a position" : "a game";
    return { error: `it describes ${what} that cannot be played: ${error.message}` };
  }
  return { options, start, moves, at: Number(atText) };
}

/** The position a link's game begins from: null for the opening, or `{error}`. */
function readStart(params, rounds) {
  const has = (name) => params.has(name);
  if (!has("board")) {
    const stray = ["reserves", "turn", "round", "inplay"].filter(has);
    return stray.length > 0 ? { error: `it has ${stray.join(", ")} but no board` } : null;
  }
  const board = numbers(params.get("board"));
  if (board === null || board.length !== 14) {
    return { error: "its board must list the seeds of 14 holes as numbers joined by dots" };
  }
  const reserves = has("reserves") ? numbers(params.get("reserves")) : [0, 0];
  if (reserves === null || reserves.length !== 2) {
    return { error: "its reserves must be two numbers joined by a dot (South's, then North's)" };
  }
  const turn = params.get("turn");
  if (turn !== "south" && turn !== "north") {
    return { error: `its "turn" must be south or north, not "${turn ?? ""}"` };
  }
  const start = { board, reserves, to_move: turn };
  if (!rounds && (has("round") || has("inplay"))) return { error: "it gives a round, but the game is not played in rounds" };
  if (has("round")) {
    const round = params.get("round");
    if (!/^[1-9]\d{0,3}$/.test(round)) return { error: `its round "${round}" is not a number from 1` };
    start.round = Number(round);
  }
  if (has("inplay")) {
    const inPlay = params.get("inplay");
    if (!/^[01]{14}$/.test(inPlay)) return { error: "its holes in play must be 14 digits, 1 in play and 0 out" };
    start.in_play = [...inPlay].map((c) => c === "1");
  }
  return start;
}

/** "4.0.12" → [4, 0, 12]; null unless every part is a number of seeds. */
function numbers(text) {
  const parts = text.split(".");
  if (!parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  return parts.map(Number);
}

/** Removes the game from the address, so that a reload shows the saved game. */
export function forgetLinkInAddress() {
  const url = new URL(location.href);
  url.hash = "";
  history.replaceState(null, "", url);
}
