//! The command line of `walak`: every command, flag, default and check, read by clap.
//!
//! Its tests (`cli/tests.rs`) check the definitions, and every command line of `docs/cli.md`
//! against them. A value is checked where it is read, with the message the user
//! sees; a rule that ties two flags together is checked by [`Cli::check`]. A value that is well
//! formed but impossible (a board of 57 seeds) is [`Refused`], as the game refuses an illegal
//! move; any other mistake is one of usage.

use std::error::Error;
use std::fmt;
use std::net::IpAddr;
use std::ops::RangeInclusive;

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use walak::computer::contest::Contender;
use walak::rules::board::{Seeds, HOLES, TOTAL_SEEDS};
use walak::rules::ruleset::{Direction, RuleSet};
use walak::Side;

/// What the help says after the commands: the words every command shares.
const SHARED_WORDS: &str = "\
Levels: beginner, casual, club, strong, master and perfect (match also takes greedy, the one-move \
yardstick). --time-ms sets the thinking time of the levels that search (master: 1000 by default). \
Holes are numbered 1 to 7 from the mover's own left.

Output is JSON on stdout (book and puzzles: text). A refused input exits with status 1 and a \
message on stderr; a mistake in the arguments with status 2 and the usage. walak help COMMAND (or \
walak COMMAND --help) tells more.";

/// The levels, for the flags that name one.
const LEVELS: &str = "beginner, casual, club, strong, master or perfect";

/// `walak`: the Walak-pussa rules engine on the command line.
#[derive(Parser, Debug)]
#[command(
    name = "walak",
    version,
    about = "walak — Walak-pussa rules engine",
    after_help = SHARED_WORDS,
    max_term_width = 100,
    subcommand_required = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The state after the record MOVES (digits 1-7)
    ///
    /// Prints the state in the schema of the golden vectors: board, reserves, the player to move,
    /// the legal moves, the status and, in a match, the round. Output is JSON on stdout.
    State(StateArgs),
    /// The outcome of every move from a board
    ///
    /// For each non-empty hole of the player to move: the board after the move, the seeds
    /// captured and the laps, or `endless`. Output is JSON on stdout.
    Moves(MovesArgs),
    /// The step-by-step events of move HOLE after MOVES
    ///
    /// Every event of playing HOLE after the record MOVES, in order: lift, drop, relay,
    /// sowing_end, capture (each bead of the necklace), turn_pass, and where a round or the game
    /// ends, claim, round_end, fill, round_start, game_over. Holes in events are places on the
    /// track, 0 to 13 (South's row from South's left, then North's). Output is JSON on stdout.
    Trace(TraceArgs),
    /// A picture of the board after MOVES as SVG (--move: the frames of a move, into --dir)
    ///
    /// Without --move, prints the SVG of the position after the record MOVES on stdout. With
    /// --move M, writes the frames of playing M there (the position before, each step of its
    /// trace, the position after) as frame-001.svg, frame-002.svg, … into --dir, and prints JSON:
    /// frames and dir.
    Picture(PictureArgs),
    /// Random playouts per second and moves per second (--search, --solve: the computer's reach)
    ///
    /// Plain: random games with every rule, and in the same run the bare cost of the rules (the
    /// same games on a plain board with the one sowing) and the ratio of the two, per move.
    /// --search: the strongest level's depth and nodes per second on five positions.
    /// --solve: for each seed count from --from to --to, how many endgames the solver finishes
    /// within --time-ms. Output is JSON on stdout.
    Bench(BenchArgs),
    /// The exact value under perfect play, the best moves, every move's value and one perfect line
    ///
    /// Solves the position after the record MOVES, or one set up with --board, --reserves and
    /// --to-move. The value is the final seed difference for the player to move, reserves
    /// included. Prints value, best, move_values, line, nodes, seconds and until (`game`, or
    /// `round` in a match); with --value-only: value, nodes, seconds and until. Progress goes to
    /// stderr on solves over a second. Every solve reads the endgame table built into the tool.
    /// Output is JSON on stdout.
    Solve(SolveArgs),
    /// The endgame table: the exact value of every board of at most N seeds
    ///
    /// Every board of at most N seeds right after a capture, solved fewest seeds first, written
    /// to FILE for the solver to read (the page's www/endgames.bin; every solve of this tool reads
    /// the shipped one). Prints seeds, boards, bytes and seconds; progress on stderr. Output is
    /// JSON on stdout.
    Endgames(EndgamesArgs),
    /// The opening book: every move's value in the positions near the opening (text on stdout)
    ///
    /// Every move's value in each position of fewer than --plies moves from the opening (or
    /// after --from MOVES) where one side has played only best moves, and in every position of
    /// fewer than --every moves, whatever was played. With --resume, the positions of an earlier
    /// book are taken from it, not solved again. Values are exact: the same --plies and --every
    /// give the same book whatever the table size or threads. Progress on stderr.
    Book(BookArgs),
    /// Puzzles from games between the levels (text on stdout, easiest first)
    ///
    /// N positions where one move keeps the exact value and every other gives away at least T
    /// seeds, graded; the same file for the same seed. Progress on stderr.
    Puzzles(PuzzlesArgs),
    /// The computer's move after MOVES: move, eval, depth
    ///
    /// Prints level, move, eval (the final seed difference it expects, mover minus opponent),
    /// depth, exact (whether the evaluation is proven), nodes and ms. Output is JSON on stdout.
    Bestmove(BestmoveArgs),
    /// Levels against each other, sides alternated (--ladder: each level against the next)
    ///
    /// --a L1 --b L2: the score of L1 against L2 (a, b, games, a_wins, draws, b_wins, a_score,
    /// the average seed margin and the time per move). --ladder: each level against the one
    /// below it, and the strongest against greedy. --markdown: a table instead of JSON.
    Match(MatchArgs),
    /// Games with every move checked against the rules' invariants, and a report
    ///
    /// N games: C of them computer-played, M random matches in rounds, the rest random single
    /// games; every move is checked, and a sample of games is taken back and played again.
    /// Exits with status 1 if a game broke an invariant. Output is JSON on stdout (--markdown: a
    /// report in Markdown).
    Soak(SoakArgs),
    /// The page (dist/) and live play at /live, until stopped
    ///
    /// Serves the built page and, at /live, live play between two browsers (docs/live-protocol.md):
    /// rooms in this process's memory, or in the Redis at --redis URL, shared by every process on
    /// it. Prints one JSON line when listening: {"serving":"http://127.0.0.1:8080/","store":"memory"}.
    /// Logs on stderr; answers /healthz (whether it can serve) and /metrics (Prometheus). Stops on
    /// Ctrl-C or SIGTERM.
    Serve(ServeArgs),
    /// Random games through walak serve, and how the servers held up
    ///
    /// Plays random games at the ws://…/live URLs: two clients a room (on two of the servers when
    /// several are given). Reports move relay latency, games whose record came out whole, moves
    /// lost or doubled, reconnects (a client whose connection drops rejoins the next server),
    /// refusals, and the servers' CPU time and memory. Exits with status 1 unless every game
    /// came out whole. Progress on stderr; output is JSON on stdout.
    Load(LoadArgs),
}

/// A game given by its record: a single game or a match, by a rule set.
#[derive(Args, Debug)]
pub struct RecordArgs {
    /// A match in rounds, not a single game
    #[arg(long)]
    pub rounds: bool,
    /// The rules: mancala-world (Mancala World's, the default), parker-walak (Walak-pussa as
    /// Parker recorded it in 1909) or parker-kotu (Parker's Kotu-baendum)
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set)]
    pub rules: RuleSet,
    /// The record: the holes played, digits 1-7 (Parker's rules: moves separated by spaces, the
    /// first with its direction, as "4+ 2 7"; none: the opening)
    #[arg(default_value = "", hide_default_value = true)]
    pub moves: String,
}

#[derive(Args, Debug)]
pub struct StateArgs {
    #[command(flatten)]
    pub game: RecordArgs,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The 14 holes' seeds, South's 1 to 7 then North's 1 to 7
    #[arg(long, value_name = "N,N,…", value_parser = board)]
    pub board: Seeds,
    /// The player to move: south or north
    #[arg(long, value_name = "SIDE", value_parser = side)]
    pub to_move: Side,
    /// The rules: mancala-world (Mancala World's, the default), parker-walak (Walak-pussa as
    /// Parker recorded it in 1909) or parker-kotu (Parker's Kotu-baendum)
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set)]
    pub rules: RuleSet,
    /// Parker's rules: the direction already chosen, + or - (none: each move in both)
    #[arg(long, value_name = "+|-", value_parser = direction, allow_hyphen_values = true)]
    pub direction: Option<Direction>,
}

#[derive(Args, Debug)]
#[command(allow_missing_positional = true)]
pub struct TraceArgs {
    #[command(flatten)]
    pub game: RecordArgs,
    /// The hole to play, 1 to 7 (Parker's rules: the move, as 4+, 3 or -)
    #[arg(allow_hyphen_values = true)]
    pub hole: String,
}

#[derive(Args, Debug)]
pub struct PictureArgs {
    #[command(flatten)]
    pub game: RecordArgs,
    /// The move whose frames to draw (a hole 1 to 7; Parker's rules: 4+, 3, -)
    #[arg(long = "move", value_name = "M", requires = "dir", allow_hyphen_values = true)]
    pub mv: Option<String>,
    /// With --move: the folder the frames are written into (made if missing)
    #[arg(long, value_name = "DIR", requires = "mv")]
    pub dir: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("timed").args(["search", "solve"])))]
pub struct BenchArgs {
    /// Measure the strongest level's search instead: depth and nodes per second
    #[arg(long, conflicts_with_all = ["solve", "games", "seed"])]
    pub search: bool,
    /// Measure the solver's reach instead: endgames solved within --time-ms, by seeds on the board
    #[arg(long, conflicts_with_all = ["games", "seed"])]
    pub solve: bool,
    /// Random games to play
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = whole("--games"))]
    pub games: u64,
    /// The random games' seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole("--seed"))]
    pub seed: u64,
    /// The random games' rules: mancala-world (the default), parker-walak or parker-kotu
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set,
          conflicts_with = "timed")]
    pub rules: RuleSet,
    /// With --search: thinking time a position; with --solve: the time a solve may take
    #[arg(long, value_name = "T", default_value_t = 1000, requires = "timed", value_parser = whole("--time-ms"))]
    pub time_ms: u64,
    /// With --solve: the fewest seeds on the board (1 to 56)
    #[arg(long, value_name = "A", default_value_t = 10, requires = "solve", value_parser = whole("--from"))]
    pub from: u64,
    /// With --solve: the most seeds on the board (--from to 56)
    #[arg(long, value_name = "B", default_value_t = 30, requires = "solve", value_parser = whole("--to"))]
    pub to: u64,
    /// With --solve: positions to solve for each seed count
    #[arg(long, value_name = "N", default_value_t = 30, requires = "solve", value_parser = whole("--positions"))]
    pub positions: u64,
    /// With --solve: the search's table, in MB (1 to 65536)
    #[arg(long, value_name = "M", default_value_t = walak::search::DEFAULT_TABLE_MB as u64, requires = "solve",
          value_parser = table_mb())]
    pub table_mb: u64,
}

/// The solver's table and threads, which every solving command takes.
#[derive(Args, Debug)]
pub struct SolverArgs {
    /// The solver's table, in MB (1 to 65536)
    #[arg(long, value_name = "M", default_value_t = walak::solve::DEFAULT_TABLE_MB as u64, value_parser = table_mb())]
    pub table_mb: u64,
    /// Threads to solve on, 1 to 64 [default: every core]
    #[arg(long, value_name = "T", value_parser = whole("--threads"))]
    pub threads: Option<u64>,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A match in rounds, not a single game
    #[arg(long)]
    pub rounds: bool,
    /// The rules: mancala-world (Mancala World's, the default), parker-walak (Walak-pussa as
    /// Parker recorded it in 1909) or parker-kotu (Parker's Kotu-baendum)
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set)]
    pub rules: RuleSet,
    /// The record of the position to solve (none: the opening; Parker's rules: moves separated
    /// by spaces, as "4+ 2 7")
    #[arg(default_value = "", hide_default_value = true)]
    pub moves: String,
    /// A position set up by hand: the 14 holes' seeds, South's 1 to 7 then North's 1 to 7
    #[arg(long, value_name = "N,N,…", value_parser = board)]
    pub board: Option<Seeds>,
    /// With --board: South's and North's reserves
    #[arg(long, value_name = "S,N", value_parser = reserves)]
    pub reserves: Option<[u8; 2]>,
    /// With --board: the player to move, south or north
    #[arg(long, value_name = "SIDE", value_parser = side)]
    pub to_move: Option<Side>,
    /// With --board and Parker's rules: the direction already chosen, + or - (none: the first
    /// move chooses it)
    #[arg(long, value_name = "+|-", value_parser = direction, allow_hyphen_values = true, requires = "board")]
    pub direction: Option<Direction>,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// The value and the best moves, without every move's value
    #[arg(long)]
    pub no_move_values: bool,
    /// The value alone: the quickest proof
    #[arg(long)]
    pub value_only: bool,
    /// Solve without the endgame table, to compare
    #[arg(long)]
    pub no_endgames: bool,
    /// Solve with the endgame table walak endgames wrote to FILE
    #[arg(long, value_name = "FILE")]
    pub endgames: Option<String>,
}

#[derive(Args, Debug)]
pub struct EndgamesArgs {
    /// The most seeds on a board of the table
    #[arg(long, value_name = "N", default_value_t = 11, value_parser = within(
        "--seeds",
        1..=walak::solve::ENDGAME_MOST_SEEDS as u64,
        format!("a table holds boards of 1 to {} seeds", walak::solve::ENDGAME_MOST_SEEDS),
    ))]
    pub seeds: u64,
    /// The file to write the table to
    #[arg(long, value_name = "FILE")]
    pub out: String,
}

#[derive(Args, Debug)]
pub struct BookArgs {
    /// Positions of fewer moves than this where one side has played only best moves (1 to 12)
    #[arg(long, value_name = "P", default_value_t = 4,
          value_parser = within("--plies", 1..=12, "a book runs 1 to 12 moves deep"))]
    pub plies: u64,
    /// Every position of fewer moves than this, whatever was played (0 to 8)
    #[arg(long, value_name = "E", default_value_t = 0,
          value_parser = within("--every", 0..=8, "every line is kept up to 8 moves deep at most"))]
    pub every: u64,
    /// Start from the position after this record, not the opening
    #[arg(long, value_name = "MOVES", default_value = "", hide_default_value = true)]
    pub from: String,
    /// An earlier book, whose positions are taken from it rather than solved again
    #[arg(long, value_name = "FILE")]
    pub resume: Option<String>,
    #[command(flatten)]
    pub solver: SolverArgs,
}

#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// Puzzles to make (1 to 100000)
    #[arg(long, value_name = "N", default_value_t = 320,
          value_parser = within("--count", 1..=100_000, "make 1 to 100000 puzzles"))]
    pub count: u64,
    /// The games' seed: the same seed makes the same file
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole("--seed"))]
    pub seed: u64,
    /// Seeds every other move gives away at least (1 to 56)
    #[arg(long, value_name = "T", default_value_t = walak::trainer::puzzles::DEFAULT_THRESHOLD as u64,
          value_parser = within("--threshold", 1..=56, "the second best gives away 1 to 56 seeds"))]
    pub threshold: u64,
    #[command(flatten)]
    pub solver: SolverArgs,
}

#[derive(Args, Debug)]
pub struct BestmoveArgs {
    /// A match in rounds, not a single game
    #[arg(long)]
    pub rounds: bool,
    /// The rules: mancala-world (Mancala World's, the default), parker-walak (Walak-pussa as
    /// Parker recorded it in 1909) or parker-kotu (Parker's Kotu-baendum)
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set)]
    pub rules: RuleSet,
    /// The record before the move (none: the opening; Parker's rules: moves separated by spaces)
    #[arg(default_value = "", hide_default_value = true)]
    pub moves: String,
    #[arg(long, value_name = "L", value_parser = Contender::named, help = format!("The level that plays: {LEVELS}"))]
    pub level: Contender,
    /// The thinking time of the levels that search, in ms [default: master's 1000]
    #[arg(long, value_name = "T", value_parser = whole("--time-ms"))]
    pub time_ms: Option<u64>,
    /// The seed that picks among equally good moves
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole("--seed"))]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[arg(long, value_name = "L1", value_parser = Contender::named, conflicts_with = "ladder",
          help = format!("One player: {LEVELS}, or greedy"))]
    pub a: Option<Contender>,
    #[arg(long, value_name = "L2", value_parser = Contender::named, conflicts_with = "ladder",
          help = "The other player")]
    pub b: Option<Contender>,
    /// Each level against the one below it, and the strongest against greedy
    #[arg(long)]
    pub ladder: bool,
    /// The rules: mancala-world (Mancala World's, the default), parker-walak (Walak-pussa as
    /// Parker recorded it in 1909) or parker-kotu (Parker's Kotu-baendum)
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set)]
    pub rules: RuleSet,

    /// Games each pairing plays
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = whole("--games"))]
    pub games: u64,
    /// The thinking time of the levels that search, in ms [default: master's 1000]
    #[arg(long, value_name = "T", value_parser = whole("--time-ms"))]
    pub time_ms: Option<u64>,
    /// Threads to play on
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = whole("--jobs"))]
    pub jobs: u64,
    /// The seed of the opening moves and of the choices among equally good moves
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole("--seed"))]
    pub seed: u64,
    /// Random moves that open each game (each opening is played from both sides)
    #[arg(long, value_name = "P", default_value_t = 4, value_parser = whole("--opening-plies"))]
    pub opening_plies: u64,
    /// A Markdown table instead of JSON
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Args, Debug)]
pub struct SoakArgs {
    /// Games in all
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = whole("--games"))]
    pub games: u64,
    /// Games the computer plays, on one side at least [default: N/20]
    #[arg(long, value_name = "C", value_parser = whole("--computer"))]
    pub computer: Option<u64>,
    /// Random matches in rounds [default: N/20]
    #[arg(long, value_name = "M", value_parser = whole("--matches"))]
    pub matches: Option<u64>,
    /// The rules: mancala-world (Mancala World's, the default), parker-walak (Walak-pussa as
    /// Parker recorded it in 1909) or parker-kotu (Parker's Kotu-baendum)
    #[arg(long, value_name = "NAME", default_value = "mancala-world", value_parser = rule_set)]
    pub rules: RuleSet,

    /// Threads to play on
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = whole("--jobs"))]
    pub jobs: u64,
    /// The games' seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole("--seed"))]
    pub seed: u64,
    /// A report in Markdown instead of JSON
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, which the start-up line names)
    #[arg(long, value_name = "N", default_value_t = 8080,
          value_parser = within("--port", 0..=65_535, "ports go up to 65535").map(|port| port as u16))]
    pub port: u16,
    /// The address to listen on (0.0.0.0: phones on the same network too)
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1", value_parser = host)]
    pub host: IpAddr,
    /// The built page (trunk build --release)
    #[arg(long, value_name = "DIR", default_value = "dist")]
    pub dist: String,
    /// Keep the rooms in the Redis at URL (redis://HOST:PORT/), shared by every process on it
    #[arg(long, value_name = "URL")]
    pub redis: Option<String>,
    /// The origins whose pages may open live play [default: the server's own]
    #[arg(long, value_name = "URL", num_args = 1.., value_parser = origin)]
    pub origin: Vec<String>,
    /// The most rooms at once
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = serve_rooms)]
    pub rooms: usize,
    /// Hours a room is kept with nothing happening (fractions too; up to a year); one nobody has
    /// joined, at most an hour
    #[arg(long, value_name = "H", default_value_t = 24.0, value_parser = idle_hours)]
    pub idle_hours: f64,
    /// Rooms one client address may hold that nobody from elsewhere has joined
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = within("--open-rooms", 1..=1_000_000, "give 1 to 1000000 rooms").map(|n| n as usize))]
    pub open_rooms: usize,
    /// Rooms one client address may open or enter a minute (all at once, then spread out)
    #[arg(long, value_name = "N", default_value_t = 60,
          value_parser = within("--entries-per-minute", 1..=1_000_000, "give 1 to 1000000 a minute").map(|n| n as u32))]
    pub entries_per_minute: u32,
    /// With rooms in memory: write them to FILE when stopping, and read them from it at start,
    /// so that a restart loses no game
    #[arg(long, value_name = "FILE", conflicts_with = "redis")]
    pub state: Option<String>,
    /// Spectators one room may have on this process
    #[arg(long, value_name = "N", default_value_t = 500,
          value_parser = within("--spectators", 0..=1_000_000, "give 0 to 1000000 spectators").map(|n| n as usize))]
    pub spectators: usize,
    /// Proxies whose X-Forwarded-For names the client (their own address is not the client's)
    #[arg(long, value_name = "ADDR", num_args = 1.., value_parser = host)]
    pub trust_proxy: Vec<IpAddr>,
    /// How the log on stderr is written: text (a line for people) or json (an object a line);
    /// RUST_LOG filters it (default: info)
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// How `walak serve` writes its log.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct LoadArgs {
    /// A live-play address, ws://HOST:PORT/live (one or more; a room's two players on two of them)
    #[arg(long, value_name = "URL", required = true, num_args = 1.., value_parser = live_url)]
    pub url: Vec<String>,
    /// Rooms to play, two clients each (1 to 100000)
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = within("--rooms", 1..=100_000, "play 1 to 100000 rooms"))]
    pub rooms: u64,
    /// A player's mean thinking time before a move, in ms
    #[arg(long, value_name = "T", default_value_t = 500, value_parser = whole("--think-ms"))]
    pub think_ms: u64,
    /// Rooms opened at a time while connecting
    #[arg(long, value_name = "B", default_value_t = 100, value_parser = whole("--batch"))]
    pub batch: u64,
    /// The players' seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole("--seed"))]
    pub seed: u64,
    /// About F malformed, oversize, flooding and out-of-turn frames while the games run (a flood
    /// goes on until its connection is closed)
    #[arg(long, value_name = "F", default_value_t = 0, value_parser = whole("--bad"))]
    pub bad: u64,
    /// Server processes whose CPU time and memory to report
    #[arg(long, value_name = "PID", num_args = 1.., value_parser = pid("--server-pid"))]
    pub server_pid: Vec<u32>,
    /// A server process to kill (SIGKILL) during play, to see its players rejoin the others
    #[arg(long, value_name = "PID", num_args = 1.., value_parser = pid("--fault-pid"))]
    pub fault_pid: Vec<u32>,
    /// With --fault-pid: when to kill it, in ms after play began [default: 5000]
    #[arg(long, value_name = "T", value_parser = whole("--fault-after-ms"))]
    pub fault_after_ms: Option<u64>,
    /// Each room's players come from addresses of their own, made up and sent as
    /// X-Forwarded-For (the servers must trust this tool's address: walak serve --trust-proxy),
    /// as players across the internet would; without it every client is this machine
    #[arg(long)]
    pub spread_addresses: bool,
    /// C connections from one address of their own opening rooms as fast as the server lets a
    /// connection send, from before the rooms open until the games end (with --spread-addresses)
    #[arg(long, value_name = "C", default_value_t = 0, requires = "spread_addresses",
          value_parser = within("--flood", 0..=100, "flood on 0 to 100 connections"))]
    pub flood: u64,
    /// Stop after this many seconds, whole or not
    #[arg(long, value_name = "T", default_value_t = 300, value_parser = whole("--timeout-s"))]
    pub timeout_s: u64,
    /// The first room's number: a run shared out among several load processes (a process may
    /// hold only so many sockets) gives each its own rooms, seeds and addresses
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = whole("--first-room"))]
    pub first_room: u64,
    /// Writes every relay latency measured (ms, one a line) to FILE, so that the runs of several
    /// load processes can be taken together
    #[arg(long, value_name = "FILE")]
    pub relay_out: Option<String>,
}

impl SolverArgs {
    /// The threads asked for, or every core.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            Some(n) => n.clamp(1, 64) as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

impl Cli {
    /// The rules that tie flags together, checked once clap has read each flag: a parse is
    /// `Cli::try_parse_from(args).and_then(Cli::check)`.
    pub fn check(self) -> Result<Cli, clap::Error> {
        let broken = match &self.command {
            Command::Bench(args) => args.broken_rule(),
            Command::Solve(args) => args.broken_rule(),
            Command::Match(args) => args.broken_rule(),
            Command::Load(args) => args.broken_rule(),
            _ => None,
        };
        match broken {
            None => Ok(self),
            Some(message) => {
                let name = self.command.name();
                let mut cli = Cli::command();
                cli.build();
                let command = cli.find_subcommand_mut(name).expect("every command is a subcommand of Cli");
                Err(command.error(ErrorKind::ArgumentConflict, message))
            }
        }
    }
}

impl Command {
    /// The command's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::State(_) => "state",
            Command::Moves(_) => "moves",
            Command::Trace(_) => "trace",
            Command::Picture(_) => "picture",
            Command::Bench(_) => "bench",
            Command::Solve(_) => "solve",
            Command::Endgames(_) => "endgames",
            Command::Book(_) => "book",
            Command::Puzzles(_) => "puzzles",
            Command::Bestmove(_) => "bestmove",
            Command::Match(_) => "match",
            Command::Soak(_) => "soak",
            Command::Serve(_) => "serve",
            Command::Load(_) => "load",
        }
    }
}

impl BenchArgs {
    fn broken_rule(&self) -> Option<String> {
        let (from, to) = (self.from, self.to);
        (self.solve && (!(1..=56).contains(&from) || !(from..=56).contains(&to))).then(|| {
            format!("--from {from} --to {to}: seeds on the board run from 1 to 56, and --from may not pass --to")
        })
    }
}

impl SolveArgs {
    fn broken_rule(&self) -> Option<String> {
        if self.no_endgames && self.endgames.is_some() {
            return Some("solve takes --endgames FILE or --no-endgames, not both".into());
        }
        match (self.board.is_some(), self.reserves.is_some(), self.to_move.is_some()) {
            (false, false, false) => None,
            (true, true, true) if self.rounds || !self.moves.is_empty() => {
                Some("solve takes either MOVES (with --rounds) or a --board position, not both".into())
            }
            (true, true, true) => None,
            _ => Some("a position to solve needs --board, --reserves and --to-move together".into()),
        }
    }
}

impl MatchArgs {
    fn broken_rule(&self) -> Option<String> {
        (!self.ladder && (self.a.is_none() || self.b.is_none())).then(|| "match needs --a and --b, or --ladder".into())
    }
}

impl LoadArgs {
    fn broken_rule(&self) -> Option<String> {
        match (self.fault_pid.len(), self.fault_after_ms) {
            (0, None) | (1, _) => None,
            _ => Some("--fault-after-ms goes with one --fault-pid".into()),
        }
    }
}

/// A value that is well formed but not possible in the game (a board of 57 seeds): refused as
/// the game refuses an illegal move (exit status 1), not as a mistake in the arguments.
#[derive(Debug)]
pub struct Refused(pub String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for Refused {}

/// A whole number; `flag` names the option in the message.
fn whole(flag: &'static str) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text| text.parse().map_err(|_| format!("{flag} takes a whole number, not '{text}'"))
}

/// A whole number in `range`, or the message "FLAG N: why".
fn within(
    flag: &'static str,
    range: RangeInclusive<u64>,
    why: impl fmt::Display,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    let why = why.to_string();
    move |text| {
        let n = whole(flag)(text)?;
        if range.contains(&n) {
            Ok(n)
        } else {
            Err(format!("{flag} {n}: {why}"))
        }
    }
}

fn table_mb() -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    within("--table-mb", 1..=65_536, "the table takes 1 to 65536 MB")
}

fn pid(flag: &'static str) -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    move |text| text.parse().map_err(|_| format!("{flag} takes process ids, not '{text}'"))
}

fn rule_set(text: &str) -> Result<RuleSet, String> {
    text.parse()
}

fn direction(text: &str) -> Result<Direction, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Direction::of_sign), chars.next()) {
        (Some(direction), None) => Ok(direction),
        _ => Err(format!("'{text}' is not a direction: use + (counterclockwise) or - (clockwise)")),
    }
}

fn side(text: &str) -> Result<Side, String> {
    text.parse()
}

fn host(text: &str) -> Result<IpAddr, String> {
    text.parse().map_err(|_| format!("--host {text} is not an IP address"))
}

fn origin(text: &str) -> Result<String, String> {
    if text.starts_with("http://") || text.starts_with("https://") {
        Ok(text.to_string())
    } else {
        Err(format!("--origin {text}: give a page's origin, such as https://example.org"))
    }
}

fn live_url(text: &str) -> Result<String, String> {
    if text.starts_with("ws://") {
        Ok(text.to_string())
    } else {
        Err(format!("--url {text}: give a live-play address, such as ws://127.0.0.1:8080/live"))
    }
}

fn serve_rooms(text: &str) -> Result<usize, String> {
    let rooms = whole("--rooms")(text)?;
    usize::try_from(rooms).ok().filter(|&n| n > 0).ok_or_else(|| "--rooms takes 1 or more".to_string())
}

fn idle_hours(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|h| h.is_finite() && *h > 0.0 && *h <= 24.0 * 365.0)
        .ok_or_else(|| format!("--idle-hours takes hours (more than 0, up to a year), not '{text}'"))
}

/// `N,N,…`: the 14 holes' seeds, at most the game's 56 in all.
fn board(text: &str) -> Result<Seeds, Refused> {
    let counts = seed_counts(text, "--board")?;
    let board: Seeds = counts
        .as_slice()
        .try_into()
        .map_err(|_| Refused(format!("--board must list {HOLES} holes, not {}", counts.len())))?;
    let total: u32 = board.iter().map(|&n| n as u32).sum();
    if total > TOTAL_SEEDS {
        return Err(Refused(format!("--board holds {total} seeds, more than the game's 56")));
    }
    Ok(board)
}

/// `S,N`: South's and North's reserves.
fn reserves(text: &str) -> Result<[u8; 2], Refused> {
    let counts = seed_counts(text, "--reserves")?;
    counts.as_slice().try_into().map_err(|_| {
        Refused(format!("--reserves must give South's and North's seeds (S,N), not {} numbers", counts.len()))
    })
}

fn seed_counts(text: &str, flag: &str) -> Result<Vec<u8>, Refused> {
    text.split(',')
        .map(|n| n.trim().parse::<u8>().map_err(|_| Refused(format!("'{n}' in {flag} is not a seed count"))))
        .collect()
}

#[cfg(test)]
mod tests;
