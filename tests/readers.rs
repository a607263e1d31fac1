//! The readers of positions, game records and saves cannot be broken: any
//! text either loads or is refused with a message naming the problem, none
//! panics, and a position that loads writes back to the same JSON.
//!
//! The inputs are real positions, records and save files, from random games
//! of every game and mode, changed in ways a hand edit, a bad copy or a
//! damaged disk would: a value replaced, a field removed, the text cut short
//! or a character put in.

use chaupar::board::Side;
use chaupar::dice::SeededThrows;
use chaupar::rules::{Game, GameRecord, Match, Options, Phase, Position, Replayed};
use chaupar::sim::random_playout;
use chaupar::store::{LoadProblem, SaveStore, Summary};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::OnceLock;

/// Positions between turns from random games of every game and mode.
fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = Vec::new();
        let mut source = SeededThrows::new(5);
        for game in Game::ALL {
            for &mode in game.modes() {
                let start = Position::start(game, Options::new(game).with_mode(mode)).unwrap();
                let mut n = 0;
                random_playout(start, &mut source, 400, |turn| {
                    n += 1;
                    if turn.phase() == Phase::Throw && turn.throws().is_empty() && n % 7 == 0 {
                        out.push(*turn.position());
                    }
                });
            }
        }
        out
    })
}

/// Records of games played part of the way, from every game and mode.
fn records() -> &'static [GameRecord] {
    static RECORDS: OnceLock<Vec<GameRecord>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut out = Vec::new();
        for (i, game) in Game::ALL.into_iter().enumerate() {
            for &mode in game.modes() {
                let options = Options::new(game).with_mode(mode);
                let mut m = Match::new(game, options, i as u64).unwrap();
                for _ in 0..12 {
                    if m.phase() == Phase::Throw {
                        m.throw();
                    }
                    while m.phase() == Phase::Move {
                        let moves = m.legal_moves();
                        assert!(m.play(moves[moves.len() / 2]).is_ok());
                    }
                }
                out.push(m.record().clone());
            }
        }
        out
    })
}

/// A change to a JSON document: at the `at`-th of its values (counted in
/// document order, modulo their number), put `leaf` or remove the value.
#[derive(Clone, Debug)]
enum Edit {
    Put(usize, Value),
    Remove(usize),
}

/// Values a hand edit or a damaged file puts where another was.
fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..120).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0.0f64..100.0).prop_map(Value::from),
        prop::sample::select(vec![
            "",
            "black",
            "red",
            "yellow",
            "green",
            "blue",
            "chopat",
            "pagade",
            "chaupar",
            "chaupar-akbar",
            "chowka-bhara",
            "teams",
            "2p",
            "3p",
            "4p",
            "pending",
            "done",
            "throw",
            "move",
            "game",
            "on",
            "off",
            "new-circuit",
        ])
        .prop_map(Value::from),
        prop::collection::vec(0u8..90, 0..6).prop_map(|v| json!(v)),
        Just(json!({})),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<usize>(), leaf()).prop_map(|(at, v)| Edit::Put(at, v)),
        1 => any::<usize>().prop_map(Edit::Remove),
    ]
}

/// The paths to every value below the root: object keys and array indices.
fn paths(v: &Value, here: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    let children: Vec<(Value, &Value)> = match v {
        Value::Object(map) => map.iter().map(|(k, c)| (json!(k), c)).collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, c)| (json!(i), c))
            .collect(),
        _ => return,
    };
    for (key, child) in children {
        here.push(key);
        out.push(here.clone());
        paths(child, here, out);
        here.pop();
    }
}

fn apply(doc: &mut Value, edit: &Edit) {
    let mut all = Vec::new();
    paths(doc, &mut Vec::new(), &mut all);
    let at = match edit {
        Edit::Put(at, _) | Edit::Remove(at) => *at,
    };
    let Some(path) = all.get(at % all.len().max(1)) else {
        return;
    };
    let (last, parents) = path.split_last().unwrap();
    let mut parent = &mut *doc;
    for key in parents {
        parent = match key {
            Value::String(k) => &mut parent[k.as_str()],
            _ => &mut parent[key.as_u64().unwrap() as usize],
        };
    }
    match (edit, last, parent) {
        (Edit::Put(_, v), Value::String(k), Value::Object(map)) => {
            map.insert(k.clone(), v.clone());
        }
        (Edit::Put(_, v), i, Value::Array(items)) => {
            items[i.as_u64().unwrap() as usize] = v.clone()
        }
        (Edit::Remove(_), Value::String(k), Value::Object(map)) => {
            map.remove(k);
        }
        (Edit::Remove(_), i, Value::Array(items)) => {
            items.remove(i.as_u64().unwrap() as usize);
        }
        _ => unreachable!("paths lead to members of objects and arrays"),
    }
}

/// A change to a document's text: cut it short, or put a character in.
#[derive(Clone, Debug)]
enum TextEdit {
    None,
    Cut(usize),
    Insert(usize, char),
}

fn text_edit() -> impl Strategy<Value = TextEdit> {
    prop_oneof![
        4 => Just(TextEdit::None),
        1 => any::<usize>().prop_map(TextEdit::Cut),
        1 => (any::<usize>(), prop::sample::select(vec!['"', '{', '}', ',', ':', '9', '-', 'x', '\u{e9}']))
            .prop_map(|(at, c)| TextEdit::Insert(at, c)),
    ]
}

/// `doc` written out, changed as `edits` and `text` say.
fn damaged(mut doc: Value, edits: &[Edit], text: &TextEdit) -> String {
    for e in edits {
        apply(&mut doc, e);
    }
    let mut s = doc.to_string();
    let at = |n: usize| {
        let mut i = n % (s.len() + 1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    match *text {
        TextEdit::None => {}
        TextEdit::Cut(n) => s.truncate(at(n)),
        TextEdit::Insert(n, c) => s.insert(at(n), c),
    }
    s
}

/// A refusal names its problem: a message of some words, on one line.
fn names_a_problem(message: &str) {
    assert!(
        message.len() > 8,
        "too short to name a problem: {message:?}"
    );
    assert!(!message.contains('\n'), "one line: {message:?}");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_position_loads_and_writes_back_the_same_or_is_refused(
        i in any::<usize>(),
        edits in prop::collection::vec(edit(), 0..4),
        text in text_edit(),
    ) {
        let all = positions();
        let doc = all[i % all.len()].to_json_value();
        let unchanged = edits.is_empty() && matches!(text, TextEdit::None);
        let input = damaged(doc, &edits, &text);
        match Position::from_json(&input) {
            Ok(p) => {
                let written = p.to_json();
                if unchanged {
                    prop_assert_eq!(&written, &input);
                }
                let again = Position::from_json(&written)
                    .unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
                prop_assert_eq!(again, p);
                prop_assert_eq!(again.to_json(), written);
            }
            Err(e) => names_a_problem(&e.to_string()),
        }
    }

    #[test]
    fn a_record_replays_or_is_refused(
        i in any::<usize>(),
        edits in prop::collection::vec(edit(), 0..3),
        text in text_edit(),
    ) {
        let all = records();
        let doc = serde_json::to_value(&all[i % all.len()]).unwrap();
        let unchanged = edits.is_empty() && matches!(text, TextEdit::None);
        let mut seedless = doc.clone();
        seedless.as_object_mut().unwrap().remove("seed");
        let seedless = damaged(seedless, &edits, &text);
        let input = damaged(doc, &edits, &text);
        // As the app reads a save's record.
        match serde_json::from_str::<GameRecord>(&input) {
            Ok(record) => match Match::replay(&record) {
                Ok(game) => {
                    // What replays is a game the engine can go on with.
                    let _ = game.legal_moves();
                }
                Err(e) => {
                    prop_assert!(!unchanged, "a played game's record is refused: {}", e);
                    names_a_problem(&e.to_string());
                }
            },
            Err(e) => {
                prop_assert!(!unchanged, "a played game's record does not read: {}", e);
                names_a_problem(&e.to_string());
            }
        }
        if unchanged {
            prop_assert!(chaupar::replay::replay(&input).is_ok());
        }
        // As `chaupar-cli replay` reads one, with its seed or without.
        for input in [&input, &seedless] {
            if let Err(e) = chaupar::replay::replay(input) {
                names_a_problem(&e.to_string());
            }
        }
    }
}

/// The shape of the app's game document: the record and who sits where.
#[derive(Serialize, Deserialize)]
struct Document {
    record: GameRecord,
    names: [String; 4],
    seats: [String; 4],
}

proptest! {
    // Each case writes and reads a file.
    #![proptest_config(ProptestConfig {
        cases: 120,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_save_file_opens_or_is_refused(
        i in any::<usize>(),
        edits in prop::collection::vec(edit(), 0..3),
        text in text_edit(),
    ) {
        let folder = std::env::temp_dir().join(format!("chaupar-readers-{}", std::process::id()));
        let store = SaveStore::open(&folder).unwrap();
        let all = records();
        let doc = Document {
            record: all[i % all.len()].clone(),
            names: ["Asha", "Ravi", "Meera", "Kabir"].map(String::from),
            seats: ["person", "hard", "person", "easy"].map(String::from),
        };
        let summary = Summary {
            title: "A game".into(),
            seats: vec!["Asha".into(), "Ravi".into()],
            progress: "Asha to move".into(),
            finished: false,
            ..Default::default()
        };
        store.save_game("game", &summary, &doc).unwrap();
        let path = folder.join("games").join("game.json");
        let saved: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        std::fs::write(&path, damaged(saved, &edits, &text)).unwrap();
        let unchanged = edits.is_empty() && matches!(text, TextEdit::None);
        match store.load_game::<Document>("game") {
            // As the app opens a save: replayed as far as these rules allow.
            Ok(doc) => match Match::replay_as_far_as_possible(&doc.record) {
                Ok(Replayed::Whole(_)) => {}
                Ok(Replayed::Part { why, .. }) => {
                    prop_assert!(!unchanged, "a played game parts: {}", why);
                    names_a_problem(&why.to_string());
                }
                Err(e) => {
                    prop_assert!(!unchanged, "a played game is refused: {}", e);
                    names_a_problem(&e.to_string());
                }
            },
            Err(LoadProblem::Missing) => panic!("the save was written"),
            Err(e) => {
                prop_assert!(!unchanged, "a save as written does not open: {}", e);
                names_a_problem(&e.to_string());
            }
        }
        let _ = std::fs::remove_dir_all(&folder);
    }
}

#[test]
fn the_samples_cover_every_game_and_some_later_turns() {
    let games: Vec<Game> = positions().iter().map(|p| p.game()).collect();
    for game in Game::ALL {
        assert!(games.contains(&game), "{game:?}");
    }
    let moved = |p: &&Position| {
        Side::ALL
            .iter()
            .any(|&s| p.is_seated(s) && p.pawns_home(s) > 0)
    };
    assert!(positions().iter().any(|p| moved(&p)), "some pawns Home");
    assert!(records().iter().all(|r| r.events.len() > 12));
}
