//! `chaupar-cli` as a user runs it: what it prints, and how it refuses bad
//! input (exit status 2, one line on stderr).

use chaupar::board::Side;
use chaupar::rules::{Game, Options, Position};
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
fn a_bonus_throw_is_asked_for_after_a_finished_partner_misses_a_turn() {
    // Yellow has finished and misses its fourth turn; Green throws (3, 3)
    // after Kajalvun, which grants another throw.
    let position = r#"{"game": "chopat", "options": {"mode": "teams"},
        "seats": ["black", "red", "yellow", "green"], "to_move": "yellow",
        "pawns": {"black": [20, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [84, 84, 84, 84],
                  "green": [5, 6, 7, 30]},
        "flags": {"yellow": {"has_thrown": true, "kajalvun": true, "missed_turns": 3},
                  "black": {"has_thrown": true, "kajalvun": true}, "red": {"has_thrown": true},
                  "green": {"has_thrown": true, "kajalvun": true}},
        "places": ["yellow"]}"#;
    let out = run(&["moves", "--position", "-", "--throw", "3,3"], position);
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
        position,
    );
    assert!(stdout_lines(&out).iter().any(|l| l.contains("green")));
}

#[test]
fn a_khado_karvo_turn_lists_its_choices_without_a_throw() {
    // Yellow has just finished; Green, next, has done Ool Olangvun and has a
    // pawn on Yellow's step 10 (Green's 61).
    let position = r#"{"game": "chopat", "options": {"mode": "teams", "khado_karvo": true},
        "seats": ["black", "red", "yellow", "green"], "to_move": "yellow",
        "pawns": {"black": [1, 2, 3, 4], "red": [1, 2, 3, 4], "yellow": [84, 84, 84, 84],
                  "green": [1, 2, 3, 61]},
        "flags": {"yellow": {"has_thrown": true, "kajalvun": true},
                  "black": {"has_thrown": true}, "red": {"has_thrown": true},
                  "green": {"has_thrown": true, "kajalvun": true, "ool": "done"}},
        "places": ["yellow"]}"#;
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
    for word in ["outcomes", "--position", "chaupar-akbar"] {
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
    let out = run(
        &[
            "tune",
            "--game",
            "chowka-bhara",
            "--rounds",
            "1",
            "--games",
            "2",
        ],
        "",
    );
    let lines = stdout_lines(&out);
    assert!(out.status.success());
    assert!(lines[0].starts_with("round 0: "), "{lines:?}");
    let last = lines.last().unwrap();
    assert!(last.starts_with("after round 0: Weights {"), "{last}");
}
