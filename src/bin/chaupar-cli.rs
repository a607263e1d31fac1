//! `chaupar-cli`: the rules engine on the command line.

use chaupar::ai::arena::Player;
use chaupar::board::Side;
use chaupar::dice::{SeededThrows, Throw};
use chaupar::rules::{Game, Move, Options, Phase, Position, TruePair, Turn};
use chaupar::sim::random_playout;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
chaupar-cli: India's traditional race games on the command line

Usage: chaupar-cli <command> [options]

Commands:
  outcomes   every position a turn can end in with given throws
  moves      the legal moves after given throws
  simulate   play random games and print statistics
  bench      random games per second, per game
  arena      computer players against each other: win rates
  tune       tune the computer's evaluation weights by self-play

Run `chaupar-cli <command> --help` for a command's options.
Games: chopat, pagade, chaupar, chaupar-akbar, chowka-bhara.";

const OUTCOMES_HELP: &str = "\
Usage: chaupar-cli outcomes --position FILE --throw V,V [--throw V,V ...]

Prints every distinct position the turn of the player to move can end in
with the given throws, one JSON object per line, with to_move advanced as
the rules say. Give one --throw per throw of the turn (bonus throws too):
stick dice as 3,6, long dice as 1,5,6, cowries as 8 (none on a Chopat
Khado Karvo turn, which is chosen without a throw). FILE may be - for
standard input.";

const MOVES_HELP: &str = "\
Usage: chaupar-cli moves --position FILE --throw V,V [--throw V,V ...]

Prints the legal moves of the player to move after the given throws, one
per line (on a Chopat Khado Karvo turn, without --throw, its choices).";

const SIMULATE_HELP: &str = "\
Usage: chaupar-cli simulate --game GAME [--mode 2p|3p|4p|teams] [--games N]
                            [--seed S] [--board N] [--option KEY=VALUE ...]

Plays N games (default 1000) with uniformly random legal moves and prints
one JSON line: games, games finished, mean turns, mean moves, wins per seat
(or per team) and playouts per second.";

const BENCH_HELP: &str = "\
Usage: chaupar-cli bench [--game GAME] [--board N] [--seconds S]

Random playouts per second on one thread, for each game (or one), each
measured for S seconds (default 2).";

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

const ARENA_HELP: &str = "\
Usage: chaupar-cli arena --game GAME --seats P,P[,P,P] [--mode M] [--games N]
                         [--seed S] [--board N] [--option KEY=VALUE ...] [--json]

Plays N games (default 100) between computer players and prints each
player's wins with a 95% confidence interval (Wilson). P is easy, medium,
hard or random, one per seat in seat order; in partnership games two, one
per partnership, are enough. The players rotate round the seats game by
game, so each sits in every seat equally often, and the throws repeat for
each rotation. A game of three or four players counts a win for the first
player Home. --json adds the results as one JSON line.";

const TUNE_HELP: &str = "\
Usage: chaupar-cli tune [--game G] [--rounds R] [--games N]

Tunes the computer players' evaluation weights by self-play: for each
weight the games read, Medium with the weight scaled up or down by half plays
Medium with the current weights, N games (default 400) of every game's
two-player mode, and the change stays when it wins more than 52.5%.
Prints every trial and the weights after each of R rounds (default 3).
Without --game it starts from Medium's weights and plays every game;
with --game G it starts from Hard's weights for G and plays only G.
It takes minutes to hours; docs/ai.md says what it found.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("-h") | Some("--help") | Some("help") => {
            out(USAGE);
            Ok(())
        }
        Some("outcomes") => outcomes(&args[1..]),
        Some("moves") => moves(&args[1..]),
        Some("simulate") => simulate(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("arena") => arena(&args[1..]),
        Some("tune") => tune(&args[1..]),
        Some(other) => Err(Fail(format!(
            "unknown command \"{other}\" (commands: outcomes, moves, simulate, bench, arena, tune)"
        ))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("chaupar-cli: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Options of a command: `--name value` pairs, some of which may repeat.
struct Args {
    pairs: Vec<(String, String)>,
}

impl Args {
    /// Parses `args`, accepting only the named options. Returns `None`
    /// after printing `help` when asked for it.
    fn parse(args: &[String], known: &[&str], help: &str) -> Result<Option<Args>, Fail> {
        let mut pairs = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if a == "-h" || a == "--help" {
                out(help);
                return Ok(None);
            }
            let Some(name) = a.strip_prefix("--") else {
                return Err(Fail(format!("unexpected argument \"{a}\"; see --help")));
            };
            let (name, value) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), v.to_string()),
                None => {
                    let v = it
                        .next()
                        .ok_or_else(|| Fail(format!("--{name} needs a value")))?;
                    (name.to_string(), v.clone())
                }
            };
            if !known.contains(&name.as_str()) {
                return Err(Fail(format!("unknown option --{name}; see --help")));
            }
            pairs.push((name, value));
        }
        Ok(Some(Args { pairs }))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> {
        self.pairs
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, Fail> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| Fail(format!("--{name} must be a number, not \"{v}\""))),
        }
    }
}

/// Reads the position and plays the throws: the turn ready to move.
fn turn_after_throws(args: &Args) -> Result<Turn, Fail> {
    let path = args
        .get("position")
        .ok_or_else(|| Fail("--position FILE is required".into()))?;
    let text = if path == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(path).map_err(|e| Fail(format!("cannot read {path}: {e}")))?
    };
    let pos = Position::from_json(&text).map_err(|e| Fail(format!("{path}: {e}")))?;
    let mut turn = Turn::new(pos);
    if turn.phase() == Phase::Over {
        return Err(Fail("the game in that position is over".into()));
    }
    let implement = turn.implement();
    // The seat that throws: a finished Chopat partner's missed turn passes
    // on to the next seat before any throw.
    let seat = turn.seat();
    let throws: Vec<&str> = args.all("throw").collect();
    // Khado Karvo is chosen without a throw.
    if turn.is_khado_karvo() {
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

fn outcomes(args: &[String]) -> Result<(), Fail> {
    let Some(args) = Args::parse(args, &["position", "throw"], OUTCOMES_HELP)? else {
        return Ok(());
    };
    let turn = turn_after_throws(&args)?;
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

fn moves(args: &[String]) -> Result<(), Fail> {
    let Some(args) = Args::parse(args, &["position", "throw"], MOVES_HELP)? else {
        return Ok(());
    };
    let turn = turn_after_throws(&args)?;
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
    if turn.is_khado_karvo() {
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

fn game_named(id: &str) -> Result<Game, Fail> {
    Game::from_id(id)
        .ok_or_else(|| Fail(chaupar::rules::PositionError::UnknownGame(id.into()).to_string()))
}

fn game_and_options(args: &Args) -> Result<(Game, Options), Fail> {
    let id = args
        .get("game")
        .ok_or_else(|| Fail("--game is required".into()))?;
    let game = game_named(id)?;
    let mut options = Options::new(game);
    if let Some(n) = args.get("board") {
        options.set(game, "board", n)?;
    }
    if let Some(mode) = args.get("mode") {
        options.set(game, "mode", mode)?;
    }
    for kv in args.all("option") {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| Fail(format!("--option takes KEY=VALUE, not \"{kv}\"")))?;
        options.set(game, k, v)?;
    }
    Ok((game, options))
}

fn simulate(args: &[String]) -> Result<(), Fail> {
    let Some(args) = Args::parse(
        args,
        &["game", "mode", "games", "seed", "board", "option"],
        SIMULATE_HELP,
    )?
    else {
        return Ok(());
    };
    let (game, options) = game_and_options(&args)?;
    let games: u32 = args.number("games", 1000)?;
    let seed: u64 = args.number("seed", 1)?;
    let start = Position::start(game, options)?;
    let mut source = SeededThrows::new(seed);
    let mut finished = 0u32;
    let mut turns = 0u64;
    let mut moves = 0u64;
    let mut wins: Vec<(String, u32)> = Vec::new();
    let t0 = Instant::now();
    for _ in 0..games {
        let p = random_playout(start, &mut source, 100_000, |_| {});
        turns += p.turns as u64;
        moves += p.moves as u64;
        if p.finished {
            finished += 1;
            let name = winner_name(&p.end);
            match wins.iter_mut().find(|(n, _)| *n == name) {
                Some((_, w)) => *w += 1,
                None => wins.push((name, 1)),
            }
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    let wins: serde_json::Map<String, serde_json::Value> =
        wins.into_iter().map(|(k, v)| (k, v.into())).collect();
    let stats = serde_json::json!({
        "game": game.id(),
        "mode": options.mode.id(),
        "games": games,
        "finished": finished,
        "mean_turns": turns as f64 / n,
        "mean_moves": moves as f64 / n,
        "wins": wins,
        "playouts_per_second": (games as f64 / secs).round(),
    });
    out(stats);
    Ok(())
}

/// The winner of a finished game: a colour, or a team such as "black+yellow".
fn winner_name(end: &Position) -> String {
    let mut winners = end.winners();
    winners.sort();
    let names: Vec<&str> = winners.iter().map(|&s: &Side| end.colour_name(s)).collect();
    names.join("+")
}

fn bench(args: &[String]) -> Result<(), Fail> {
    let Some(args) = Args::parse(args, &["game", "board", "seconds"], BENCH_HELP)? else {
        return Ok(());
    };
    let seconds: f64 = args.number("seconds", 2.0)?;
    let games: Vec<Game> = match args.get("game") {
        Some(_) => vec![game_and_options(&args)?.0],
        None => Game::ALL.to_vec(),
    };
    out(format!(
        "random playouts per second, one thread, {seconds} s each"
    ));
    for game in games {
        let mut options = Options::new(game);
        if let Some(n) = args.get("board") {
            options.set(game, "board", n)?;
        }
        for &mode in game.modes() {
            let options = options.with_mode(mode);
            let start = Position::start(game, options)?;
            let mut source = SeededThrows::new(7);
            let t0 = Instant::now();
            let mut n = 0u64;
            while t0.elapsed().as_secs_f64() < seconds {
                random_playout(start, &mut source, 100_000, |_| {});
                n += 1;
            }
            let rate = n as f64 / t0.elapsed().as_secs_f64();
            let board = if game == Game::ChowkaBhara {
                format!(" {}x{}", options.board, options.board)
            } else {
                String::new()
            };
            out(format!(
                "{:<14} {:<6}{board:<7} {rate:>10.0}",
                game.id(),
                mode.id()
            ));
        }
    }
    Ok(())
}

fn arena(args: &[String]) -> Result<(), Fail> {
    // --json is a flag, the one option without a value.
    let json = args.iter().any(|a| a == "--json");
    let args: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
    let Some(args) = Args::parse(
        &args,
        &["game", "mode", "games", "seed", "board", "option", "seats"],
        ARENA_HELP,
    )?
    else {
        return Ok(());
    };
    let (game, options) = game_and_options(&args)?;
    let players = args
        .get("seats")
        .ok_or_else(|| Fail("--seats is required, e.g. --seats hard,random".into()))?
        .split(',')
        .map(|id| {
            Player::from_id(id.trim()).ok_or_else(|| {
                Fail(format!(
                    "\"{id}\" is not a player (easy, medium, hard, random)"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let games: u32 = args.number("games", 100)?;
    let seed: u64 = args.number("seed", 1)?;
    let report = chaupar::ai::arena::run(Position::start(game, options)?, &players, games, seed)?;
    out(report.to_string().trim_end());
    if json {
        out(report.to_json());
    }
    Ok(())
}

fn tune(args: &[String]) -> Result<(), Fail> {
    let Some(args) = Args::parse(args, &["rounds", "games", "game"], TUNE_HELP)? else {
        return Ok(());
    };
    let rounds: u64 = args.number("rounds", 3)?;
    let games: u32 = args.number("games", 400)?;
    // One game refines Hard's weights for it; all of them, Medium's.
    let (which, start) = match args.get("game") {
        Some(id) => {
            let game = game_named(id)?;
            (vec![game], chaupar::ai::Weights::hard(game))
        }
        None => (Game::ALL.to_vec(), chaupar::ai::Weights::TUNED),
    };
    chaupar::ai::tune::tune(&which, start, rounds, games, out);
    Ok(())
}
