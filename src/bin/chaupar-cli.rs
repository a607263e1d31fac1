//! `chaupar-cli`: the rules engine on the command line.

use chaupar::ai::arena::Player;
use chaupar::board::Side;
use chaupar::dice::{SeededThrows, Throw};
use chaupar::rules::{Game, Match, Move, Options, Phase, Position, TruePair, Turn};
use chaupar::sim::random_playout;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;

/// India's traditional race games on the command line: the rules engine,
/// the computer players and random self-play.
#[derive(Parser)]
#[command(
    name = "chaupar-cli",
    version,
    args_override_self = true,
    after_help = "Games: chopat, pagade, chaupar, chaupar-akbar, chowka-bhara.\n\
                  Positions are JSON as docs/positions.md describes."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every position a turn can end in with the given throws, one JSON
    /// object per line
    #[command(long_about = OUTCOMES_ABOUT)]
    Outcomes(TurnArgs),
    /// The legal moves after the given throws, one per line
    #[command(long_about = MOVES_ABOUT)]
    Moves(TurnArgs),
    /// Random games, with statistics as one JSON line
    #[command(long_about = SIMULATE_ABOUT)]
    Simulate(SimulateArgs),
    /// Random games per second, per game and mode
    #[command(long_about = BENCH_ABOUT)]
    Bench(BenchArgs),
    /// The computer players against each other: win rates
    #[command(long_about = ARENA_ABOUT)]
    Arena(ArenaArgs),
    /// Tunes the computer players' evaluation weights by self-play
    #[command(long_about = TUNE_ABOUT)]
    Tune(TuneArgs),
    /// The position after a game record, or its first illegal event
    #[command(long_about = REPLAY_ABOUT)]
    Replay {
        /// The game record, a JSON file (- for standard input)
        #[arg(long, value_name = "FILE")]
        record: String,
    },
    /// Prints a shell completion script
    #[command(long_about = COMPLETIONS_ABOUT)]
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
}

const OUTCOMES_ABOUT: &str = "\
Prints every distinct position the turn of the player to move can end in
with the given throws, one JSON object per line, with to_move advanced as
the rules say. Give one --throw per throw of the turn (bonus throws too):
stick dice as 3,6, long dice as 1,5,6, cowries as 8 (none on a Chopat
Khado Karvo turn, which is chosen without a throw).";

const MOVES_ABOUT: &str = "\
Prints the legal moves of the player to move after the given throws, one
per line (on a Chopat Khado Karvo turn, without --throw, its choices).";

const SIMULATE_ABOUT: &str = "\
Plays N games with uniformly random legal moves and prints one JSON line:
games, games finished, mean turns, mean moves, the games each colour began
(in the Chaupars the opening throw chooses), wins per seat (or per team)
and playouts per second.";

const BENCH_ABOUT: &str = "\
Random playouts per second on one thread, for each game and mode (or one
game's modes), each measured for S seconds.";

const ARENA_ABOUT: &str = "\
Plays N games between computer players and prints each player's wins with
a 95% confidence interval (Wilson). The players rotate round the seats
game by game, so each sits in every seat equally often, and the throws
repeat for each rotation. A game of three or four players counts a win for
the first player Home.";

const TUNE_ABOUT: &str = "\
Tunes the computer players' evaluation weights by self-play: for each
weight the games read, Medium with the weight scaled up or down by half
plays Medium with the current weights, N games of every game's two-player
mode, and the change stays when it wins more than 52.5%. Prints every
trial and the weights after each round. Without --game it starts from
Medium's weights and plays every game; with --game G it starts from
Hard's weights for G and plays only G. It takes minutes to hours;
docs/ai.md says what it found.";

const REPLAY_ABOUT: &str = "\
Replays a game record (docs/positions.md: the game, its options, where it
started, the seed of its throws or none, and every throw and move) and
prints the position it leads to as one JSON line. A record with a seed has
its throws checked against the seed; one without takes them as they are
written. The first event the rules refuse is named, with the reason, as
an error.";

const COMPLETIONS_ABOUT: &str = "\
Prints a completion script for the shell on standard output, e.g. for bash:
  chaupar-cli completions bash > ~/.local/share/bash-completion/completions/chaupar-cli";

/// A position and the throws of its turn.
#[derive(clap::Args)]
struct TurnArgs {
    /// The position, a JSON file (- for standard input)
    #[arg(long, value_name = "FILE")]
    position: String,
    /// One throw of the turn, its values separated by commas; repeat for
    /// bonus throws
    #[arg(long = "throw", value_name = "V,V")]
    throws: Vec<String>,
}

/// A game and its options.
#[derive(clap::Args)]
struct GameArgs {
    /// The game
    #[arg(long, value_name = "GAME", value_parser = game_parser())]
    game: Game,
    /// Who plays (the game's default if left out)
    #[arg(long, value_name = "MODE", value_parser = ["2p", "3p", "4p", "teams"])]
    mode: Option<String>,
    /// Chowka Bhara's board size
    #[arg(long, value_name = "N", value_parser = ["5", "7", "9", "11"])]
    board: Option<String>,
    /// A house rule, by its name in docs/positions.md
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
}

#[derive(clap::Args)]
struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u32,
    /// The seed of the throws and the random moves
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args)]
struct BenchArgs {
    /// Only this game
    #[arg(long, value_name = "GAME", value_parser = game_parser())]
    game: Option<Game>,
    /// Chowka Bhara's board size
    #[arg(long, value_name = "N", value_parser = ["5", "7", "9", "11"])]
    board: Option<String>,
    /// Seconds of play per game and mode
    #[arg(long, value_name = "S", default_value_t = 2.0)]
    seconds: f64,
}

#[derive(clap::Args)]
struct ArenaArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The players in seat order, each easy, medium, hard or random; in
    /// partnership games two, one per partnership, are enough
    #[arg(long, value_name = "P,P[,P,P]")]
    seats: String,
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u32,
    /// The seed of the throws
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Also print the results as one JSON line
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct TuneArgs {
    /// Tune Hard's weights for this game only
    #[arg(long, value_name = "GAME", value_parser = game_parser())]
    game: Option<Game>,
    /// Rounds over every weight
    #[arg(long, value_name = "R", default_value_t = 3)]
    rounds: u64,
    /// Games of each game's two-player mode per trial
    #[arg(long, value_name = "N", default_value_t = 400)]
    games: u32,
}

/// A game by its id, the ids offered to shell completion.
fn game_parser() -> impl TypedValueParser<Value = Game> {
    PossibleValuesParser::new(Game::ALL.map(Game::id))
        .map(|id| Game::from_id(&id).expect("one of the games' ids"))
}

/// Prints a line; a closed pipe (`| head`) ends the program quietly.
fn out(line: impl std::fmt::Display) {
    use std::io::Write;
    if writeln!(std::io::stdout().lock(), "{line}").is_err() {
        std::process::exit(0);
    }
}

/// A problem with the command line or its input: one line, exit status 2.
struct Fail(String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_problem(e),
    };
    let result = match cli.command {
        Command::Outcomes(args) => outcomes(&args),
        Command::Moves(args) => moves(&args),
        Command::Simulate(args) => simulate(&args),
        Command::Bench(args) => bench(&args),
        Command::Arena(args) => arena(&args),
        Command::Tune(args) => tune(&args),
        Command::Replay { record } => replay(&record),
        Command::Completions { shell } => {
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "chaupar-cli", &mut std::io::stdout());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => fail(&msg),
    }
}

/// One line on standard error, exit status 2.
fn fail(msg: &str) -> ExitCode {
    eprintln!("chaupar-cli: {msg}");
    ExitCode::from(2)
}

/// What the command line parser found: help and the version on standard
/// output, anything else as a one-line usage error.
fn usage_problem(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            out(e.render().to_string().trim_end());
            ExitCode::SUCCESS
        }
        _ => fail(&format!(
            "{}; see --help",
            chaupar::launch::one_line_problem(&e)
        )),
    }
}

/// The text of a file, or of standard input for `-`.
fn read_input(path: &str) -> Result<String, Fail> {
    if path == "-" {
        Ok(std::io::read_to_string(std::io::stdin())?)
    } else {
        std::fs::read_to_string(path).map_err(|e| Fail(format!("cannot read {path}: {e}")))
    }
}

fn replay(path: &str) -> Result<(), Fail> {
    let text = read_input(path)?;
    let end = chaupar::replay::replay(&text).map_err(|e| Fail(format!("{path}: {e}")))?;
    out(end.to_json());
    Ok(())
}

/// Reads the position and plays the throws: the turn ready to move.
fn turn_after_throws(args: &TurnArgs) -> Result<Turn, Fail> {
    let path = args.position.as_str();
    let text = read_input(path)?;
    let pos = Position::from_json(&text).map_err(|e| Fail(format!("{path}: {e}")))?;
    let mut turn = Turn::new(pos);
    if turn.phase() == Phase::Over {
        return Err(Fail("the game in that position is over".into()));
    }
    let implement = turn.implement();
    let seat = turn.seat();
    let throws = &args.throws;
    // A finished Chopat partner who must miss the turn: it passes on to the
    // next seat without a throw, and throws given for it are no one's.
    if seat != pos.to_move() {
        if throws.is_empty() {
            return Ok(turn);
        }
        let colour = |s| pos.colour_name(s);
        return Err(Fail(format!(
            "{} misses this turn (a finished partner misses four turns), which passes to {}: leave out --throw",
            colour(pos.to_move()),
            colour(seat)
        )));
    }
    // Khado Karvo is chosen without a throw.
    if turn.is_without_throw() {
        if throws.is_empty() {
            return Ok(turn);
        }
        return Err(Fail(format!(
            "{} has a Khado Karvo turn, chosen without a throw: leave out --throw",
            turn.position().colour_name(seat)
        )));
    }
    if throws.is_empty() {
        return Err(Fail(
            "give the turn's throws with --throw, e.g. --throw 3,6".into(),
        ));
    }
    for (i, text) in throws.iter().enumerate() {
        let values: Vec<u8> = text
            .split(',')
            .map(|v| v.trim().parse::<u8>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                Fail(format!(
                    "\"{text}\" is not a throw; write its values like 3,6"
                ))
            })?;
        let throw = Throw::of(implement, &values)
            .ok_or_else(|| Fail(format!("{text} is not a throw of {}", describe(implement))))?;
        if turn.phase() != Phase::Throw || (i > 0 && turn.throws().is_empty()) {
            return Err(Fail(format!(
                "throw {} is one too many: the turn has no more throws",
                i + 1
            )));
        }
        turn.add_throw(throw);
    }
    if turn.phase() == Phase::Throw && turn.seat() == seat && !turn.throws().is_empty() {
        return Err(Fail(format!(
            "the throw {} grants another throw: give it with one more --throw",
            turn.throws().last().expect("a throw")
        )));
    }
    Ok(turn)
}

fn describe(implement: chaupar::dice::Implement) -> String {
    use chaupar::dice::Implement::*;
    match implement {
        StickDice => "two stick dice (faces 1, 3, 4, 6)".into(),
        LongDice => "three long dice (faces 1, 2, 5, 6)".into(),
        Cowries(n) => format!("{n} cowries (values 1 to {n}, or {})", 2 * n),
    }
}

fn outcomes(args: &TurnArgs) -> Result<(), Fail> {
    let turn = turn_after_throws(args)?;
    if turn.phase() != Phase::Move {
        // The throws were voided or nothing could move: the turn passed.
        out(turn.position().to_json());
        return Ok(());
    }
    for pos in turn.outcomes() {
        out(pos.to_json());
    }
    Ok(())
}

fn moves(args: &TurnArgs) -> Result<(), Fail> {
    let turn = turn_after_throws(args)?;
    if turn.phase() != Phase::Move {
        out("no move possible: the turn passes");
        return Ok(());
    }
    for m in turn.legal_moves() {
        out(describe_move(&turn, &m));
    }
    Ok(())
}

/// A move in words: "black pair 12 -> 15 with 3+3".
fn describe_move(turn: &Turn, m: &Move) -> String {
    let pos = turn.position();
    if turn.is_without_throw() {
        let colour = pos.colour_name(turn.seat());
        return if *m == Move::MISS_TURN {
            format!("{colour} misses the turn")
        } else {
            let pawns = if m.pawns == 1 { "a pawn" } else { "two pawns" };
            format!(
                "{colour} brings {pawns} back from Home onto step {} (Khado Karvo)",
                m.to
            )
        };
    }
    let colour = pos.colour_name(turn.pawn_side());
    let what = match m.pawns {
        1 => "pawn".to_string(),
        2 if m.from == 0 => "2 pawns".to_string(),
        2 => "pair".to_string(),
        n => format!("group of {n}"),
    };
    let values: Vec<String> = m
        .values(turn.throws())
        .iter()
        .map(|v| v.to_string())
        .collect();
    let to = if m.to == pos.home() {
        "Home".to_string()
    } else {
        m.to.to_string()
    };
    let named = match m.true_pair {
        None => "",
        Some(TruePair::Formed) => ", the new pair true",
        Some(TruePair::Standing) => ", the standing pair true",
    };
    format!(
        "{colour} {what} {} -> {to} with {}{named}",
        m.from,
        values.join("+")
    )
}

fn game_and_options(args: &GameArgs) -> Result<(Game, Options), Fail> {
    let game = args.game;
    let mut options = Options::new(game);
    if let Some(n) = &args.board {
        options.set(game, "board", n)?;
    }
    if let Some(mode) = &args.mode {
        options.set(game, "mode", mode)?;
    }
    for kv in &args.options {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| Fail(format!("--option takes KEY=VALUE, not \"{kv}\"")))?;
        options.set(game, k, v)?;
    }
    Ok((game, options))
}

fn simulate(args: &SimulateArgs) -> Result<(), Fail> {
    let (game, options) = game_and_options(&args.game)?;
    let games = args.games;
    let seed = args.seed;
    let mut source = SeededThrows::new(seed);
    let mut finished = 0u32;
    let mut turns = 0u64;
    let mut moves = 0u64;
    let mut wins: Vec<(String, u32)> = Vec::new();
    let mut starts: Vec<(String, u32)> = Vec::new();
    let t0 = Instant::now();
    for g in 0..games {
        // Each game begins as in the app: in the Chaupars the opening throw
        // chooses the first player.
        let opening = seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(g.into());
        let start = *Match::new(game, options, opening)?.position();
        count(&mut starts, start.colour_name(start.to_move()));
        let p = random_playout(start, &mut source, 100_000, |_| {});
        turns += p.turns as u64;
        moves += p.moves as u64;
        if p.finished {
            finished += 1;
            count(&mut wins, &winner_name(&p.end));
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    let object = |counts: Vec<(String, u32)>| -> serde_json::Map<String, serde_json::Value> {
        counts.into_iter().map(|(k, v)| (k, v.into())).collect()
    };
    let stats = serde_json::json!({
        "game": game.id(),
        "mode": options.mode.id(),
        "games": games,
        "finished": finished,
        "mean_turns": turns as f64 / n,
        "mean_moves": moves as f64 / n,
        "starts": object(starts),
        "wins": object(wins),
        "playouts_per_second": (games as f64 / secs).round(),
    });
    out(stats);
    Ok(())
}

/// Counts one more of `name`.
fn count(counts: &mut Vec<(String, u32)>, name: &str) {
    match counts.iter_mut().find(|(n, _)| n == name) {
        Some((_, c)) => *c += 1,
        None => counts.push((name.to_string(), 1)),
    }
}

/// The winner of a finished game: a colour, or a team such as "black+yellow".
fn winner_name(end: &Position) -> String {
    let mut winners = end.winners();
    winners.sort();
    let names: Vec<&str> = winners.iter().map(|&s: &Side| end.colour_name(s)).collect();
    names.join("+")
}

fn bench(args: &BenchArgs) -> Result<(), Fail> {
    let seconds = args.seconds;
    let games: Vec<Game> = match args.game {
        Some(game) => vec![game],
        None => Game::ALL.to_vec(),
    };
    // Every game and mode's start first, so that a bad option stops the
    // bench before it prints anything.
    let mut starts = Vec::new();
    for game in games {
        let mut options = Options::new(game);
        if let Some(n) = &args.board {
            // Without --game, the board size is Chowka Bhara's.
            if game == Game::ChowkaBhara || args.game.is_some() {
                options.set(game, "board", n)?;
            }
        }
        for &mode in game.modes() {
            starts.push(Position::start(game, options.with_mode(mode))?);
        }
    }
    out(format!(
        "random playouts per second, one thread, {seconds} s each"
    ));
    for start in starts {
        let mut source = SeededThrows::new(7);
        let t0 = Instant::now();
        let mut n = 0u64;
        while t0.elapsed().as_secs_f64() < seconds {
            random_playout(start, &mut source, 100_000, |_| {});
            n += 1;
        }
        let rate = n as f64 / t0.elapsed().as_secs_f64();
        let (game, options) = (start.game(), start.options());
        let board = if game == Game::ChowkaBhara {
            format!(" {}x{}", options.board, options.board)
        } else {
            String::new()
        };
        out(format!(
            "{:<14} {:<6}{board:<7} {rate:>10.0}",
            game.id(),
            options.mode.id()
        ));
    }
    Ok(())
}

fn arena(args: &ArenaArgs) -> Result<(), Fail> {
    let (game, options) = game_and_options(&args.game)?;
    let players = args
        .seats
        .split(',')
        .map(|id| {
            Player::from_id(id.trim()).ok_or_else(|| {
                Fail(format!(
                    "\"{id}\" is not a player (easy, medium, hard, random)"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let report = chaupar::ai::arena::run(
        Position::start(game, options)?,
        &players,
        args.games,
        args.seed,
    )?;
    out(report.to_string().trim_end());
    if args.json {
        out(report.to_json());
    }
    Ok(())
}

fn tune(args: &TuneArgs) -> Result<(), Fail> {
    // One game refines Hard's weights for it; all of them, Medium's.
    let (which, start) = match args.game {
        Some(game) => (vec![game], chaupar::ai::Weights::hard(game)),
        None => (Game::ALL.to_vec(), chaupar::ai::Weights::TUNED),
    };
    chaupar::ai::tune::tune(&which, start, args.rounds, args.games, out);
    Ok(())
}
