//! `chaupar-cli` as a user runs it: what it prints, and how it refuses bad
//! input (exit status 2, one line on stderr).

use chaupar::ai::Weights;
use chaupar::board::Side;
use chaupar::dice::Throw;
use chaupar::rules::{Event, Game, Match, Options, Phase, Position, Turn};
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the tool with `args`, feeding `stdin` to it.
fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chaupar-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chaupar-cli runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout_lines(out: &Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Asserts the run failed with status 2 and one line on stderr naming
/// `what`.
fn fails_with(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("chaupar-cli: "), "{err}");
    assert!(err.contains(what), "\"{err}\" does not say {what}");
    assert!(out.stdout.is_empty());
}

fn chopat_start() -> String {
    Position::start(Game::Chopat, Options::new(Game::Chopat))
        .unwrap()
        .to_json()
}

fn chowka_start() -> String {
    Position::start(Game::ChowkaBhara, Options::new(Game::ChowkaBhara))
        .unwrap()
        .to_json()
}

#[test]
fn outcomes_lists_each_distinct_end_of_the_turn_once() {
    // Chopat's start, Black throws 3 and 4. One pawn moves 7 (from 6, 7 or
    // 12: three ends) or two pawns move 3 and 4: 6 and 7 (two ways), 6 and
    // 12 (two), 7 and 12 (two) or both pawns of 12 (one way) make seven
    // ends, less the one that puts 6 + 4 and 7 + 3 together on 10: a pair
    // before Kajalvun. Nine in all.
    let out = run(
        &["outcomes", "--position", "-", "--throw", "3,4"],
        &chopat_start(),
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 9, "{lines:#?}");
    let ends: Vec<Position> = lines
        .iter()
        .map(|l| Position::from_json(l).expect("each line is a position"))
        .collect();
    let mut blacks: Vec<Vec<u8>> = ends.iter().map(|p| p.pawns(Side(0)).to_vec()).collect();
    blacks.sort();
    blacks.dedup();
    assert_eq!(blacks.len(), 9, "all distinct");
    assert!(!blacks.contains(&vec![10, 10, 12, 12]));
    // One of them by value: 7 + 4 and 12 + 3, and Yellow to move.
    let expected = Position::from_json_value(&json!({"game": "chopat",
        "seats": ["black", "yellow"], "to_move": "yellow",
        "pawns": {"black": [6, 11, 12, 15], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}}))
    .unwrap();
    assert!(ends.contains(&expected));
    assert!(ends.iter().all(|p| p.to_move() == Side(2)));
}

#[test]
fn outcomes_of_a_voided_turn_is_the_position_passed_on() {
    let out = run(
        &[
            "outcomes",
            "--position",
            "-",
            "--throw",
            "4",
            "--throw",
            "8",
            "--throw",
            "4",
        ],
        &chowka_start(),
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1);
    let p: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(p["to_move"], "yellow");
    assert_eq!(p["pawns"]["red"], json!([1, 1, 1, 1]));
}

#[test]
fn moves_lists_the_legal_moves_in_words() {
    let out = run(
        &["moves", "--position", "-", "--throw", "3,4"],
        &chopat_start(),
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 9, "{lines:#?}");
    for line in [
        "black pawn 6 -> 13 with 3+4",
        "black pawn 12 -> 15 with 3",
        "black pawn 7 -> 11 with 4",
    ] {
        assert!(lines.iter().any(|l| l == line), "{line} in {lines:#?}");
    }
}

#[test]
fn moves_name_the_true_pair_where_a_second_pair_forms() {
    let position = r#"{"game": "chopat", "options": {"false_pair": true},
        "seats": ["black", "yellow"], "to_move": "black",
        "pawns": {"black": [40, 40, 42, 49], "yellow": [6, 7, 12, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}}"#;
    let out = run(&["moves", "--position", "-", "--throw", "3,4"], position);
    let lines = stdout_lines(&out);
    let to_49: Vec<&String> = lines.iter().filter(|l| l.contains("-> 49")).collect();
    assert_eq!(
        to_49,
        [
            "black pawn 42 -> 49 with 3+4, the new pair true",
            "black pawn 42 -> 49 with 3+4, the standing pair true"
        ],
        "{lines:#?}"
    );
    // The two namings end the turn in two positions.
    let out = run(&["outcomes", "--position", "-", "--throw", "3,4"], position);
    let ends: Vec<Value> = stdout_lines(&out)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|p: &Value| p["pawns"]["black"] == json!([40, 40, 49, 49]))
        .collect();
    let mut named: Vec<u64> = ends
        .iter()
        .map(|p| p["flags"]["black"]["true_pair"].as_u64().unwrap())
        .collect();
    named.sort();
    assert_eq!(named, [40, 49], "{ends:#?}");
}

#[test]
fn a_missing_position_file_is_refused() {
    let out = run(
        &[
            "moves",
            "--position",
            "/nonexistent/position.json",
            "--throw",
            "3,4",
        ],
        "",
    );
    fails_with(&out, "cannot read /nonexistent/position.json");
}

#[test]
fn a_file_that_is_not_a_position_is_refused() {
    let out = run(
        &["outcomes", "--position", "-", "--throw", "3,4"],
        "{\"game\": ",
    );
    fails_with(&out, "not a position");
    let bad = chopat_start().replace("\"chopat\"", "\"ludo\"");
    let out = run(&["outcomes", "--position", "-", "--throw", "3,4"], &bad);
    fails_with(&out, "ludo");
}

#[test]
fn a_throw_the_game_cannot_show_is_refused() {
    let out = run(
        &["outcomes", "--position", "-", "--throw", "2,5"],
        &chopat_start(),
    );
    fails_with(&out, "not a throw of two stick dice");
    let out = run(
        &["moves", "--position", "-", "--throw", "three"],
        &chopat_start(),
    );
    fails_with(&out, "\"three\" is not a throw");
}

#[test]
fn too_many_throws_are_refused() {
    // Before Kajalvun a doublet gives no other throw.
    let out = run(
        &[
            "outcomes",
            "--position",
            "-",
            "--throw",
            "3,3",
            "--throw",
            "1,4",
        ],
        &chopat_start(),
    );
    fails_with(&out, "throw 2 is one too many");
}

#[test]
fn a_missing_bonus_throw_is_refused() {
    let out = run(
        &["outcomes", "--position", "-", "--throw", "4"],
        &chowka_start(),
    );
    fails_with(&out, "grants another throw");
}

#[test]
fn a_finished_partner_missing_the_turn_takes_no_throw() {
    // Yellow has finished and misses its fourth turn: a throw given for it
    // is refused rather than spent on Green.
    let position = r#"{"game": "chopat", "options": {"mode": "teams"},
        "seats": ["black", "red", "yellow", "green"], "to_move": "yellow",
        "pawns": {"black": [20, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [84, 84, 84, 84],
                  "green": [5, 6, 7, 30]},
        "flags": {"yellow": {"has_thrown": true, "kajalvun": true, "missed_turns": 3},
                  "black": {"has_thrown": true, "kajalvun": true}, "red": {"has_thrown": true},
                  "green": {"has_thrown": true, "kajalvun": true}},
        "places": ["yellow"]}"#;
    for command in ["moves", "outcomes"] {
        let out = run(&[command, "--position", "-", "--throw", "1,4"], position);
        fails_with(&out, "yellow misses this turn");
        fails_with(&out, "passes to green");
    }
    // Without a throw: no move, and the one outcome is the turn passed on.
    let out = run(&["moves", "--position", "-"], position);
    assert_eq!(stdout_lines(&out), ["no move possible: the turn passes"]);
    let out = run(&["outcomes", "--position", "-"], position);
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1);
    let passed: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(passed["to_move"], "green");
    assert_eq!(passed["flags"]["yellow"]["missed_turns"], 4);
    assert_eq!(passed["pawns"]["green"], json!([5, 6, 7, 30]));
    // Green, after Kajalvun, throws (3, 3): another throw is due.
    let green = &lines[0];
    let out = run(&["moves", "--position", "-", "--throw", "3,3"], green);
    fails_with(&out, "grants another throw");
    let out = run(
        &[
            "moves",
            "--position",
            "-",
            "--throw",
            "3,3",
            "--throw",
            "1,4",
        ],
        green,
    );
    let moves = stdout_lines(&out);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|l| l.starts_with("green ")), "{moves:?}");
}

#[test]
fn a_khado_karvo_turn_lists_its_choices_without_a_throw() {
    // Yellow has just finished; Green, next, has done Ool Olangvun and has a
    // pawn on Yellow's step 10 (Green's 61).
    let position = &yellow_just_finished(true);
    let out = run(&["moves", "--position", "-"], position);
    assert_eq!(
        stdout_lines(&out),
        [
            "yellow brings a pawn back from Home onto step 10 (Khado Karvo)",
            "yellow misses the turn"
        ]
    );
    let out = run(&["outcomes", "--position", "-"], position);
    assert_eq!(stdout_lines(&out).len(), 2);
    let out = run(&["moves", "--position", "-", "--throw", "1,3"], position);
    fails_with(&out, "without a throw");
}

#[test]
fn every_command_explains_itself() {
    for (command, usage) in [
        ("outcomes", "Usage: chaupar-cli outcomes"),
        ("moves", "Usage: chaupar-cli moves"),
        ("simulate", "Usage: chaupar-cli simulate"),
        ("bench", "Usage: chaupar-cli bench"),
        ("arena", "Usage: chaupar-cli arena"),
        ("tune", "Usage: chaupar-cli tune"),
        ("replay", "Usage: chaupar-cli replay"),
        ("completions", "Usage: chaupar-cli completions"),
    ] {
        let out = run(&[command, "--help"], "");
        let text = stdout_lines(&out).join("\n");
        assert!(text.contains(usage), "{command}: {text}");
    }
    let out = run(&["--help"], "");
    let text = stdout_lines(&out).join("\n");
    for command in [
        "outcomes",
        "moves",
        "simulate",
        "bench",
        "arena",
        "tune",
        "replay",
        "completions",
    ] {
        assert!(text.contains(command), "{command} in {text}");
    }
    fails_with(&run(&["play"], ""), "unrecognized subcommand 'play'");
}

#[test]
fn usage_errors_are_one_line_naming_the_problem() {
    fails_with(
        &run(&["moves", "--throw", "3,4"], ""),
        "the following required arguments were not provided: --position <FILE>",
    );
    fails_with(
        &run(&["simulate", "--game", "pagade", "--games", "many"], ""),
        "invalid value 'many' for '--games <N>'",
    );
    fails_with(
        &run(&["simulate", "--game", "pagade", "--gmes", "3"], ""),
        "unexpected argument '--gmes'",
    );
    fails_with(
        &run(&["bench", "--game", "pagade", "--board", "7"], ""),
        "Pagade has no option \"board\"",
    );
}

#[test]
fn completions_are_a_script_for_the_shell_named() {
    let bash = stdout_lines(&run(&["completions", "bash"], "")).join("\n");
    assert!(bash.contains("complete -F _chaupar__cli"), "{bash}");
    for word in ["outcomes", "replay", "--record", "chaupar-akbar"] {
        assert!(bash.contains(word), "{word} in the bash script");
    }
    let fish = stdout_lines(&run(&["completions", "fish"], "")).join("\n");
    assert!(fish.contains("complete -c chaupar-cli"), "{fish}");
    fails_with(&run(&["completions", "cmd"], ""), "invalid value 'cmd'");
}

#[test]
fn simulate_prints_one_json_line_of_statistics() {
    let out = run(
        &[
            "simulate",
            "--game",
            "chowka-bhara",
            "--games",
            "4",
            "--seed",
            "3",
        ],
        "",
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1);
    let stats: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(stats["game"], "chowka-bhara");
    assert_eq!(stats["mode"], "2p");
    assert_eq!(stats["games"], 4);
    let finished = stats["finished"].as_u64().unwrap();
    assert!(finished <= 4);
    let wins: u64 = stats["wins"]
        .as_object()
        .unwrap()
        .values()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins, finished, "every finished game has a winner");
    for key in ["mean_turns", "mean_moves", "playouts_per_second"] {
        assert!(stats[key].as_f64().unwrap() > 0.0, "{key}");
    }
    // The same seed plays the same games.
    let again = stdout_lines(&run(
        &[
            "simulate",
            "--game",
            "chowka-bhara",
            "--games",
            "4",
            "--seed",
            "3",
        ],
        "",
    ));
    let again: Value = serde_json::from_str(&again[0]).unwrap();
    assert_eq!(again["wins"], stats["wins"]);
    assert_eq!(again["mean_moves"], stats["mean_moves"]);
}

#[test]
fn simulate_begins_each_chaupar_game_with_the_opening_throw() {
    let starts = |game: &str| -> Value {
        let lines = stdout_lines(&run(
            &["simulate", "--game", game, "--games", "40", "--seed", "2"],
            "",
        ));
        let stats: Value = serde_json::from_str(&lines[0]).unwrap();
        stats["starts"].clone()
    };
    for game in ["chaupar", "chaupar-akbar"] {
        let starts = starts(game);
        let counts: Vec<u64> = starts
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .collect();
        assert_eq!(counts.iter().sum::<u64>(), 40, "{game}: {starts}");
        // Each colour wins the opening throw a quarter of the time.
        assert_eq!(counts.len(), 4, "{game}: {starts}");
    }
    // Black always begins Pagade and Chopat.
    assert_eq!(starts("pagade"), json!({"black": 40}));
    assert_eq!(starts("chopat"), json!({"black": 40}));
}

#[test]
fn simulate_refuses_an_unknown_game_or_option() {
    fails_with(&run(&["simulate", "--game", "ludo"], ""), "ludo");
    fails_with(
        &run(&["simulate", "--game", "pagade", "--option", "board=7"], ""),
        "board",
    );
}

#[test]
fn tune_refines_one_game_or_refuses_an_unknown_one() {
    fails_with(
        &run(&["tune", "--game", "ludo", "--rounds", "1"], ""),
        "invalid value 'ludo' for '--game <GAME>'",
    );
    let game = Game::ChowkaBhara;
    let out = run(
        &["tune", "--game", game.id(), "--rounds", "2", "--games", "5"],
        "",
    );
    let lines = stdout_lines(&out);
    // It starts from Hard's weights for the game and tries each weight the
    // game reads, up by half and, unless that wins more than 52.5%, down;
    // a change that wins is kept for the trials after it (with five games a
    // trial, three wins are 60%).
    let mut weights: Vec<(String, f64)> = Weights::hard(game)
        .named()
        .iter()
        .map(|&(name, value)| (name.to_string(), value))
        .collect();
    let tuned: Vec<&str> = Weights::hard(game)
        .named()
        .iter()
        .map(|&(name, _)| name)
        .filter(|name| !["progress", "leader"].contains(name))
        .filter(|name| !Weights::unread_in(game).contains(name))
        .collect();
    let mut lines = lines.iter();
    for round in 0..2 {
        for &name in &tuned {
            let now = weights.iter().find(|(n, _)| n == name).unwrap().1;
            for factor in [1.5, 1.0 / 1.5] {
                let line = lines.next().expect("a trial line");
                let prefix = format!("round {round}: {name} {now:.3} -> {:.3}: ", now * factor);
                let rate = line
                    .strip_prefix(&prefix)
                    .and_then(|rest| rest.strip_suffix('%'))
                    .unwrap_or_else(|| panic!("{line:?} is not {prefix:?}"));
                let rate: f64 = rate.parse().unwrap();
                assert!((0.0..=100.0).contains(&rate), "{line}");
                if rate > 52.5 {
                    let kept = weights.iter_mut().find(|(n, _)| n == name).unwrap();
                    kept.1 = now * factor;
                    break;
                }
            }
        }
        // The weights after the round, by name.
        let after = lines.next().expect("the weights after the round");
        let fields = after
            .strip_prefix(&format!("after round {round}: Weights {{ "))
            .and_then(|rest| rest.strip_suffix(" }"))
            .unwrap_or_else(|| panic!("{after:?}"));
        for field in fields.split(", ") {
            let (name, value) = field.split_once(": ").unwrap();
            let expected = weights.iter().find(|(n, _)| n == name).unwrap().1;
            let value: f64 = value.parse().unwrap();
            assert!(
                (value - expected).abs() < 1e-9,
                "{name}: {value} for {expected}"
            );
        }
    }
    assert_eq!(lines.next(), None);
}

/// A game record written by playing it on the engine: each throw as
/// given, each move the legal one chosen, the events in the engine's own
/// form and without a seed, so that `replay` takes the throws as written.
struct Recorder {
    head: Value,
    turn: Turn,
    events: Vec<Value>,
}

impl Recorder {
    /// A game from `start`, a position.
    fn from(start: &str) -> Recorder {
        let pos = Position::from_json(start).expect("a valid start");
        Recorder {
            head: json!({"game": pos.game().id(), "start": pos.to_json_value()}),
            turn: Turn::new(pos),
            events: Vec::new(),
        }
    }

    fn by(&self) -> Option<String> {
        let pos = self.turn.position();
        Some(pos.colour_name(self.turn.seat()).to_string())
    }

    fn throw(mut self, values: &[u8]) -> Recorder {
        self.events.push(
            serde_json::to_value(Event::Throw {
                by: self.by(),
                values: values.to_vec(),
            })
            .unwrap(),
        );
        let throw = Throw::of(self.turn.implement(), values).expect("a throw of the game");
        self.turn.add_throw(throw);
        self
    }

    /// Plays the first legal move from `from` to `to`.
    fn mv(mut self, from: u8, to: u8) -> Recorder {
        let legal = self.turn.legal_moves();
        let mv = *legal
            .iter()
            .find(|m| m.from == from && m.to == to)
            .unwrap_or_else(|| panic!("no legal move {from} -> {to} in {legal:?}"));
        self.events
            .push(serde_json::to_value(Event::Move { by: self.by(), mv }).unwrap());
        assert!(self.turn.play(mv).is_ok());
        self
    }

    /// A whole turn of the player to move: `throws`, then the first legal
    /// move until the turn passes on.
    fn turn(mut self, throws: &[&[u8]]) -> Recorder {
        for t in throws {
            self = self.throw(t);
        }
        while self.turn.phase() == Phase::Move {
            let m = self.turn.legal_moves()[0];
            self = self.mv(m.from, m.to);
        }
        self
    }

    fn text(&self) -> String {
        let mut record = self.head.clone();
        record["events"] = json!(self.events);
        record.to_string()
    }

    /// The position `replay` prints for the record.
    fn replayed(&self) -> Value {
        let lines = stdout_lines(&run(&["replay", "--record", "-"], &self.text()));
        assert_eq!(lines.len(), 1, "{lines:?}");
        serde_json::from_str(&lines[0]).unwrap()
    }
}

/// Chopat, Black to move: the Jug has moved from 34 to 40, a single pawn
/// stands behind it on 38, and Yellow's pawn on its 71 is four squares
/// behind Black's 41 (Yellow's 75).
const JUG_MOVED: &str = r#"{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
    "pawns": {"black": [6, 38, 40, 40], "yellow": [7, 12, 12, 71]},
    "flags": {"black": {"kajalvun": true, "jug": 40, "jug_moved": true, "ool": "not-yet"}}}"#;

#[test]
fn replay_shows_ool_olangvun_counting_once_the_pawn_survives_the_next_turn() {
    // Black's 38 passes over the Jug on 40 with the 3.
    let passed = Recorder::from(JUG_MOVED).throw(&[1, 3]).mv(38, 41).mv(6, 7);
    let p = passed.replayed();
    assert_eq!(p["to_move"], "yellow");
    assert_eq!(p["flags"]["black"]["ool"], "pending");
    assert_eq!(p["flags"]["black"]["ool_pawn"], 41);
    // Yellow lets it be: Ool Olangvun is done.
    let survived = passed.throw(&[3, 4]).mv(7, 10).mv(12, 16).replayed();
    assert_eq!(survived["to_move"], "black");
    assert_eq!(survived["pawns"]["black"], json!([7, 40, 40, 41]));
    assert_eq!(survived["flags"]["black"]["ool"], "done");
}

#[test]
fn replay_shows_ool_olangvun_undone_when_the_passing_pawn_is_cut() {
    let cut = Recorder::from(JUG_MOVED)
        .throw(&[1, 3])
        .mv(38, 41)
        .mv(6, 7)
        // Yellow's 71 + 4 lands on Black's 41.
        .throw(&[3, 4])
        .mv(71, 75)
        .mv(7, 10)
        .replayed();
    assert_eq!(cut["pawns"]["black"], json!([0, 7, 40, 40]));
    assert_eq!(cut["flags"]["black"]["ool"], "not-yet", "to be done again");
}

/// Chopat in teams: Yellow has just brought its last pawn Home; Black, Red
/// and Green are in their Bellies, Green with a pawn on Yellow's step 10
/// (Green's 61) and Ool Olangvun done.
fn yellow_just_finished(khado_karvo: bool) -> String {
    json!({"game": "chopat", "options": {"mode": "teams", "khado_karvo": khado_karvo},
        "seats": ["black", "red", "yellow", "green"], "to_move": "yellow",
        "pawns": {"black": [1, 2, 3, 4], "red": [1, 2, 3, 4], "yellow": [84, 84, 84, 84],
                  "green": [1, 2, 3, 61]},
        "flags": {"yellow": {"has_thrown": true, "kajalvun": true},
                  "black": {"has_thrown": true}, "red": {"has_thrown": true},
                  "green": {"has_thrown": true, "kajalvun": true, "ool": "done"}},
        "places": ["yellow"]})
    .to_string()
}

#[test]
fn replay_shows_a_finished_partner_missing_four_turns_then_throwing_for_the_partner() {
    let mut game = Recorder::from(&yellow_just_finished(false));
    // Yellow misses its turn four times: each round is Green's, Black's
    // and Red's.
    for missed in 1..=4 {
        assert_eq!(game.by().unwrap(), "green", "Yellow's missed turn {missed}");
        game = game.turn(&[&[1, 3]]).turn(&[&[1, 3]]).turn(&[&[1, 3]]);
    }
    let before = game.replayed();
    assert_eq!(before["to_move"], "yellow");
    assert_eq!(before["flags"]["yellow"]["missed_turns"], 4);
    // Yellow's fifth turn moves Black's pawns.
    let black_before = before["pawns"]["black"].clone();
    let after = game.turn(&[&[1, 3]]).replayed();
    assert_eq!(after["to_move"], "green");
    assert_eq!(after["pawns"]["yellow"], json!([84, 84, 84, 84]));
    assert_ne!(
        after["pawns"]["black"], black_before,
        "Yellow's throw moved Black"
    );
}

#[test]
fn replay_refuses_a_throw_by_a_partner_who_must_miss_the_turn() {
    let game = Recorder::from(&yellow_just_finished(false))
        .turn(&[&[1, 3]])
        .turn(&[&[1, 3]])
        .turn(&[&[1, 3]]);
    // Red's turn is over; Yellow misses its second turn and Green throws.
    let mut record: Value = serde_json::from_str(&game.text()).unwrap();
    let events = record["events"].as_array_mut().unwrap();
    events.push(json!({"kind": "throw", "by": "yellow", "values": [1, 3]}));
    let n = events.len();
    fails_with(
        &run(&["replay", "--record", "-"], &record.to_string()),
        &format!("event {n} is yellow's, but it is green's turn"),
    );
}

#[test]
fn replay_shows_khado_karvo_cutting_without_a_throw() {
    let game = Recorder::from(&yellow_just_finished(true));
    let khado = game.turn.legal_moves();
    let back = khado
        .iter()
        .find(|m| m.to == 10)
        .expect("Khado Karvo onto 10");
    let p = game.mv(back.from, back.to).replayed();
    assert_eq!(p["pawns"]["yellow"], json!([10, 84, 84, 84]));
    assert_eq!(
        p["pawns"]["green"],
        json!([0, 1, 2, 3]),
        "cut without a throw"
    );
    assert_eq!(p["to_move"], "green");
    assert!(p.get("places").is_none(), "Yellow is back in the race");
}

#[test]
fn replay_shows_khado_karvo_only_on_the_first_turn_after_finishing() {
    // Yellow lets its Khado Karvo turn go by; on its next turn the pawn on
    // its arm is still there, but the turn is simply missed.
    let game = Recorder::from(&yellow_just_finished(true))
        .mv(0, 0)
        .turn(&[&[1, 3]])
        .turn(&[&[1, 3]])
        .turn(&[&[1, 3]]);
    let p = game.replayed();
    let green = p["pawns"]["green"].as_array().unwrap();
    assert!(
        green.contains(&json!(61)),
        "still on Yellow's 10: {green:?}"
    );
    assert_eq!(p["flags"]["yellow"]["missed_turns"], 2);
    assert_eq!(p["to_move"], "green", "Yellow's second turn was missed");
}

#[test]
fn replay_of_a_seeded_record_reaches_the_game_it_was_written_from() {
    // A Chaupar game: the opening throw chooses the first player, and every
    // throw comes from the seed.
    let options = Options::new(Game::Chaupar);
    let mut game = Match::new(Game::Chaupar, options, 42).unwrap();
    for _ in 0..20 {
        game.throw();
        while game.phase() == Phase::Move {
            let m = game.legal_moves()[0];
            assert!(game.play(m).is_ok());
        }
    }
    let record = serde_json::to_string(game.record()).unwrap();
    let lines = stdout_lines(&run(&["replay", "--record", "-"], &record));
    assert_eq!(
        Position::from_json(&lines[0]).unwrap(),
        *game.position(),
        "{record}"
    );
    // A throw the seed does not give is refused.
    let mut doctored: Value = serde_json::from_str(&record).unwrap();
    let first = &mut doctored["events"][0]["values"];
    let other = if first[0] == 1 { 2 } else { 1 };
    first[0] = json!(other);
    fails_with(
        &run(&["replay", "--record", "-"], &doctored.to_string()),
        "event 1 records the throw",
    );
}

#[test]
fn replay_names_the_first_illegal_event_and_why() {
    let pagade = Position::start(Game::Pagade, Options::new(Game::Pagade))
        .unwrap()
        .to_json();
    let game = Recorder::from(&pagade).throw(&[3, 4]).mv(6, 9);
    // The pawn on 6 moving with the 3 goes to 9, not 10.
    let mut record: Value = serde_json::from_str(&game.text()).unwrap();
    record["events"][1]["to"] = json!(10);
    fails_with(
        &run(&["replay", "--record", "-"], &record.to_string()),
        "event 2 is not a legal move: with those values that move goes to step 9",
    );
    // A move before the throw.
    let mut record: Value = serde_json::from_str(&game.text()).unwrap();
    record["events"].as_array_mut().unwrap().remove(0);
    fails_with(
        &run(&["replay", "--record", "-"], &record.to_string()),
        "event 1 is a move where a throw was due",
    );
    // A throw the game's dice cannot show.
    let bad = Recorder::from(&pagade).text().replace(
        "\"events\":[]",
        "\"events\":[{\"kind\":\"throw\",\"values\":[2,5]}]",
    );
    fails_with(
        &run(&["replay", "--record", "-"], &bad),
        "event 1 records the throw [2, 5], which the game cannot throw",
    );
    fails_with(
        &run(
            &["replay", "--record", "-"],
            "{\"game\": \"pagade\", \"moves\": []}",
        ),
        "not a game record: unknown field `moves`",
    );
}

/// Pagade, Black to move with three pawns Home and the fourth four steps
/// short: a throw of (1, 3) wins the game.
const ONE_THROW_FROM_WINNING: &str = r#"{"game": "pagade", "seats": ["black", "yellow"], "to_move": "black",
    "pawns": {"black": [80, 84, 84, 84], "yellow": [6, 7, 12, 12]}}"#;

#[test]
fn replay_of_a_record_going_on_after_the_game_is_over_says_who_won() {
    let won = Recorder::from(ONE_THROW_FROM_WINNING)
        .throw(&[1, 3])
        .mv(80, 84);
    assert_eq!(won.turn.phase(), Phase::Over);
    replay_refuses_one_more(
        serde_json::from_str(&won.text()).unwrap(),
        json!({"kind": "throw", "values": [3, 4]}),
        "event 3 comes after the game is over: black won",
    );
    // A seeded record says the same, and so does a move.
    let start = Position::from_json(ONE_THROW_FROM_WINNING).unwrap();
    let mut game = Match::from_position(start, 3);
    while game.phase() != Phase::Over {
        match game.phase() {
            Phase::Throw => drop(game.throw()),
            _ => drop(game.play(game.legal_moves()[0]).unwrap()),
        }
    }
    let record = serde_json::to_value(game.record()).unwrap();
    let played = record["events"].as_array().unwrap().len();
    replay_refuses_one_more(
        record,
        json!({"kind": "move", "from": 6, "to": 9, "pawns": 1, "spend": 1}),
        &format!(
            "event {} comes after the game is over: black won",
            played + 1
        ),
    );
}

/// In a partnership both partners are named.
#[test]
fn replay_after_a_team_has_won_names_both_partners() {
    let won = r#"{"game": "pagade", "seats": ["black", "red", "yellow", "green"], "to_move": "black",
        "pawns": {"black": [80, 84, 84, 84], "green": [6, 7, 12, 12], "yellow": [84, 84, 84, 84], "red": [6, 7, 12, 12]},
        "places": ["yellow"]}"#;
    let game = Recorder::from(won).throw(&[1, 3]).mv(80, 84);
    assert_eq!(game.turn.phase(), Phase::Over);
    replay_refuses_one_more(
        serde_json::from_str(&game.text()).unwrap(),
        json!({"kind": "throw", "values": [1, 1]}),
        "event 3 comes after the game is over: yellow and black won",
    );
}

/// `record` with `event` added after its last is refused by `replay` with
/// `what`.
fn replay_refuses_one_more(mut record: Value, event: Value, what: &str) {
    record["events"].as_array_mut().unwrap().push(event);
    fails_with(
        &run(&["replay", "--record", "-"], &record.to_string()),
        what,
    );
}
