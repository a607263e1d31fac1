//! Positions as JSON (docs/positions.md): every game and mode survives a
//! round trip, the minimal form of section 8 is accepted, and every kind of
//! bad input is refused with a message that names the problem.

mod common;
use chaupar::board::Side;
use chaupar::dice::SeededThrows;
use chaupar::rules::chopat::{ChopatFlags, Ool};
use chaupar::rules::{Game, Mode, Options, Position, PositionError, Setup};
use chaupar::sim::random_playout;
use common::damaged;
use serde_json::{json, Value};

/// Reads a position that must be refused: the error.
fn refused(doc: Value) -> PositionError {
    match Position::from_json_value(&doc) {
        Ok(p) => panic!("accepted: {}", p.to_json()),
        Err(e) => e,
    }
}

/// Asserts the error's message names every one of `words`.
fn names(e: &PositionError, words: &[&str]) {
    let msg = e.to_string();
    for w in words {
        assert!(msg.contains(w), "\"{msg}\" does not name {w}");
    }
}

#[test]
fn every_start_survives_a_round_trip() {
    for game in Game::ALL {
        for &mode in game.modes() {
            let p = Position::start(game, Options::new(game).with_mode(mode)).unwrap();
            let back = Position::from_json(&p.to_json()).unwrap();
            assert_eq!(back, p, "{game:?} {mode:?}");
        }
    }
}

/// Plays random games in every mode of `game` (and with `extra` options)
/// and reads back every position a save can hold: the one between turns.
fn positions_met_in_play_survive_a_round_trip(game: Game, extra: &[(&str, &str)]) {
    for (i, &mode) in game.modes().iter().enumerate() {
        let mut options = Options::new(game).with_mode(mode);
        for (key, value) in extra {
            options.set(game, key, value).unwrap();
        }
        let start = Position::start(game, options).unwrap();
        let mut seen = 0;
        let mut source = SeededThrows::new(i as u64);
        random_playout(start, &mut source, 150, |turn| {
            if !turn.throws().is_empty() {
                return;
            }
            let p = *turn.position();
            let back = Position::from_json(&p.to_json())
                .unwrap_or_else(|e| panic!("{e}: {}", p.to_json()));
            assert_eq!(back, p, "{}", p.to_json());
            seen += 1;
        });
        assert!(seen > 50, "{game:?} {mode:?}: {seen} positions");
    }
}

#[test]
fn pagade_positions_met_in_play_survive_a_round_trip() {
    positions_met_in_play_survive_a_round_trip(Game::Pagade, &[]);
}

#[test]
fn chopat_positions_met_in_play_survive_a_round_trip() {
    positions_met_in_play_survive_a_round_trip(Game::Chopat, &[]);
    positions_met_in_play_survive_a_round_trip(
        Game::Chopat,
        &[("false_pair", "on"), ("overshoot", "illegal")],
    );
}

#[test]
fn chaupar_positions_met_in_play_survive_a_round_trip() {
    positions_met_in_play_survive_a_round_trip(Game::Chaupar, &[]);
}

#[test]
fn chaupar_akbar_positions_met_in_play_survive_a_round_trip() {
    positions_met_in_play_survive_a_round_trip(Game::ChauparAkbar, &[]);
}

#[test]
fn chowka_bhara_positions_met_in_play_survive_a_round_trip() {
    positions_met_in_play_survive_a_round_trip(Game::ChowkaBhara, &[]);
    positions_met_in_play_survive_a_round_trip(
        Game::ChowkaBhara,
        &[
            ("board", "7"),
            ("entry_throws", "on"),
            ("before_hit", "stop"),
        ],
    );
}

#[test]
fn chopat_flags_survive_a_round_trip() {
    let p = common::position(
        json!({"game": "chopat", "seats": ["black", "yellow"], "to_move": "yellow",
        "pawns": {"black": [7, 37, 37, 39], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 37, "jug_moved": true,
                            "ool": "pending", "ool_pawn": 39}}}),
    );
    assert_eq!(ChopatFlags::of(p.flags(Side(0))).ool, Ool::Pending(39));
    assert_eq!(Position::from_json(&p.to_json()).unwrap(), p);
}

/// Black's two pairs under the false-pair rule, and Black's flags.
fn two_black_pairs(black: Value) -> Value {
    json!({"game": "chopat", "options": {"false_pair": true}, "seats": ["black", "yellow"],
        "to_move": "yellow", "pawns": {"black": [40, 40, 50, 50], "yellow": [6, 7, 12, 12]},
        "flags": {"black": black}})
}

#[test]
fn the_named_true_pair_survives_a_round_trip_and_is_filled_in_when_not_named() {
    let named = common::position(two_black_pairs(
        json!({"kajalvun": true, "has_thrown": true, "true_pair": 40}),
    ));
    assert_eq!(ChopatFlags::of(named.flags(Side(0))).true_pair, Some(40));
    assert_eq!(Position::from_json(&named.to_json()).unwrap(), named);
    // Not named: the Jug, else the pair farthest along, written out.
    let unnamed = common::position(two_black_pairs(
        json!({"kajalvun": true, "has_thrown": true}),
    ));
    assert_eq!(ChopatFlags::of(unnamed.flags(Side(0))).true_pair, Some(50));
    assert_eq!(unnamed.to_json_value()["flags"]["black"]["true_pair"], 50);
}

#[test]
fn a_true_pair_that_is_not_one_of_two_pairs_is_refused() {
    let flags = |extra: Value| {
        let mut f = json!({"kajalvun": true, "has_thrown": true});
        f.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        f
    };
    names(
        &refused(two_black_pairs(flags(json!({"true_pair": 45})))),
        &["black", "true pair is on step 45"],
    );
    let mut off = two_black_pairs(flags(json!({"true_pair": 40})));
    off["options"]["false_pair"] = json!(false);
    names(&refused(off), &["black", "false-pair rule is off"]);
    let mut one_pair = two_black_pairs(flags(json!({"true_pair": 40})));
    one_pair["pawns"]["black"] = json!([6, 7, 40, 40]);
    names(&refused(one_pair), &["black", "only the one on step 40"]);
}

#[test]
fn the_section_8_example_is_accepted_with_flags_from_the_start() {
    let text = r#"{
      "game": "pagade",
      "options": {},
      "seats": ["black", "red", "yellow", "green"],
      "to_move": "black",
      "pawns": { "black": [6, 7, 12, 12], "red": [6, 7, 12, 12], "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12] },
      "flags": { "black": { "has_cut": false } }
    }"#;
    let p = Position::from_json(text).unwrap();
    assert_eq!(
        p.options().mode,
        Mode::Teams,
        "four cross-board seats: teams"
    );
    let start = Position::start(
        Game::Pagade,
        Options::new(Game::Pagade).with_mode(Mode::Teams),
    )
    .unwrap();
    assert_eq!(p, start);
}

/// A pawn past the turn-in shows its player has cut: a position that
/// leaves `has_cut` out takes it from the pawns, and one that gives it as
/// false is refused.
#[test]
fn has_cut_left_out_is_read_from_the_pawns() {
    let pagade = |black: Value, flags: Value| {
        json!({"game": "pagade", "seats": ["black", "yellow"], "to_move": "black",
            "pawns": {"black": black, "yellow": [6, 7, 12, 12]}, "flags": flags})
    };
    let past = Position::from_json_value(&pagade(json!([6, 7, 12, 80]), json!({}))).unwrap();
    assert!(past.flags(Side(0)).has_cut && !past.needs_cut(Side(0)));
    assert!(!past.flags(Side(2)).has_cut, "yellow's pawns show no cut");
    let before = Position::from_json_value(&pagade(json!([6, 7, 12, 75]), json!({}))).unwrap();
    assert!(
        !before.flags(Side(0)).has_cut,
        "step 75 is not past the turn-in"
    );
    let said = pagade(json!([6, 7, 12, 80]), json!({"black": {"has_cut": false}}));
    names(&refused(said), &["black", "turn-in"]);
    // Given as true with no pawn past the turn-in: a cut the pawns cannot show.
    let cut = pagade(json!([6, 7, 12, 30]), json!({"black": {"has_cut": true}}));
    assert!(
        Position::from_json_value(&cut)
            .unwrap()
            .flags(Side(0))
            .has_cut
    );
    // Chowka Bhara's turn-in is the outer ring's last square, 16 on 5 x 5.
    let chowka = json!({"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "red",
        "pawns": {"red": [1, 1, 1, 17], "yellow": [1, 1, 1, 1]}});
    assert!(
        Position::from_json_value(&chowka)
            .unwrap()
            .flags(Side(0))
            .has_cut
    );
}

#[test]
fn a_chopat_position_without_flags_takes_them_from_the_start() {
    let p = Position::from_json_value(&json!({"game": "chopat", "seats": ["black", "yellow"],
        "to_move": "black", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]}}))
    .unwrap();
    assert_eq!(
        p,
        Position::start(Game::Chopat, Options::new(Game::Chopat)).unwrap()
    );
    assert_eq!(p.options().mode, Mode::TwoPlayer);
}

#[test]
fn a_chowka_bhara_position_may_give_the_board_size() {
    let p = Position::from_json_value(&json!({"game": "chowka-bhara", "options": {"board": 7},
        "seats": ["red", "yellow"], "to_move": "red",
        "pawns": {"red": [1, 1, 1, 1, 1, 1], "yellow": [1, 1, 1, 1, 1, 1]}}))
    .unwrap();
    assert_eq!(p.options().board, 7);
    assert_eq!(p.home(), 49);
}

/// A valid two-player Pagade position to spoil one field at a time.
fn pagade() -> Value {
    json!({"game": "pagade", "seats": ["black", "yellow"], "to_move": "black",
        "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]}})
}

#[test]
fn the_spoilable_position_is_itself_valid() {
    Position::from_json_value(&pagade()).unwrap();
}

#[test]
fn an_unknown_game_is_refused() {
    let mut d = pagade();
    d["game"] = json!("ludo");
    let e = refused(d);
    assert!(matches!(e, PositionError::UnknownGame(_)));
    names(&e, &["ludo", "chopat"]);
}

#[test]
fn an_unknown_option_is_refused() {
    let mut d = pagade();
    d["options"] = json!({"board": 7});
    let e = refused(d);
    assert!(matches!(e, PositionError::UnknownOption { .. }));
    names(&e, &["board", "Pagade"]);
}

#[test]
fn a_bad_option_value_is_refused() {
    let d = json!({"game": "chopat", "options": {"overshoot": "sometimes"}, "seats": ["black", "yellow"],
        "to_move": "black", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]}});
    let e = refused(d);
    assert!(matches!(e, PositionError::BadOptionValue { .. }));
    names(&e, &["overshoot", "sometimes"]);
    let d = json!({"game": "chowka-bhara", "options": {"board": 6}, "seats": ["red", "yellow"],
        "to_move": "red", "pawns": {"red": [1, 1, 1, 1, 1], "yellow": [1, 1, 1, 1, 1]}});
    names(&refused(d), &["board", "6"]);
}

#[test]
fn a_mode_the_game_is_not_played_in_is_refused() {
    let d = json!({"game": "chopat", "options": {"mode": "4p"}, "seats": ["black", "red", "yellow", "green"],
        "to_move": "black", "pawns": {"black": [6, 7, 12, 12], "red": [6, 7, 12, 12], "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12]}});
    let e = refused(d);
    assert!(matches!(e, PositionError::ModeNotPlayed { .. }));
    names(&e, &["Chopat", "4p"]);
}

#[test]
fn an_unknown_colour_is_refused() {
    let mut d = pagade();
    d["pawns"]["purple"] = json!([6, 7, 12, 12]);
    let e = refused(d);
    assert!(matches!(e, PositionError::UnknownColour(_)));
    names(&e, &["purple"]);
    // Blue plays only on the square board.
    let mut d = pagade();
    d["to_move"] = json!("blue");
    names(&refused(d), &["blue"]);
}

#[test]
fn seats_that_do_not_fit_the_game_and_mode_are_refused() {
    let mut d = pagade();
    d["seats"] = json!(["black", "red"]);
    let e = refused(d);
    assert!(matches!(e, PositionError::WrongSeats { .. }));
    names(&e, &["black, yellow"]);
    let mut d = pagade();
    d["seats"] = json!(["yellow", "black"]);
    assert!(matches!(refused(d), PositionError::WrongSeats { .. }));
}

#[test]
fn a_player_to_move_who_is_not_seated_is_refused() {
    let mut d = pagade();
    d["to_move"] = json!("red");
    let e = refused(d);
    assert!(matches!(e, PositionError::NotSeated(_)));
    names(&e, &["red"]);
}

#[test]
fn pawns_or_flags_for_a_colour_not_seated_are_refused() {
    let mut d = pagade();
    d["pawns"]["red"] = json!([6, 7, 12, 12]);
    names(&refused(d), &["red"]);
    // Not even an empty list, nor flags that would be dropped unread.
    let mut d = pagade();
    d["pawns"]["red"] = json!([]);
    assert!(matches!(refused(d), PositionError::NotSeated(_)));
    let mut d = pagade();
    d["flags"] = json!({"red": {"has_cut": true}});
    names(&refused(d), &["red", "not seated"]);
}

#[test]
fn the_wrong_number_of_pawns_is_refused() {
    let mut d = pagade();
    d["pawns"]["black"] = json!([6, 7, 12]);
    let e = refused(d);
    assert!(matches!(e, PositionError::WrongPawnCount { .. }));
    names(&e, &["black", "3", "4"]);
    // On the 7 x 7 board each player has six.
    let d = json!({"game": "chowka-bhara", "options": {"board": 7}, "seats": ["red", "yellow"],
        "to_move": "red", "pawns": {"red": [1, 1, 1, 1], "yellow": [1, 1, 1, 1, 1, 1]}});
    names(&refused(d), &["red", "6"]);
}

#[test]
fn a_step_out_of_range_is_refused() {
    for bad in [json!(85), json!(-1)] {
        let mut d = pagade();
        d["pawns"]["black"] = json!([6, 7, 12, bad]);
        let e = refused(d);
        assert!(matches!(e, PositionError::StepOutOfRange { .. }), "{e}");
        names(&e, &["black", &bad.to_string(), "84"]);
    }
    let d = json!({"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "red",
        "pawns": {"red": [1, 1, 1, 26], "yellow": [1, 1, 1, 1]}});
    names(&refused(d), &["26", "25"]);
    let mut d = pagade();
    d["pawns"]["black"] = json!([6, 7, 12, 12.5]);
    assert!(matches!(refused(d), PositionError::Json(_)));
}

#[test]
fn off_the_board_needs_the_entry_throws_option() {
    let d = json!({"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "red",
        "pawns": {"red": [0, 1, 1, 1], "yellow": [1, 1, 1, 1]}});
    let e = refused(d);
    assert!(matches!(e, PositionError::OffBoardNotAllowed { .. }));
    names(&e, &["entry"]);
}

#[test]
fn too_many_pawns_on_a_square_are_refused() {
    let mut d = pagade();
    d["pawns"]["black"] = json!([6, 20, 20, 20]);
    d["flags"] = json!({"black": {"has_cut": true}});
    let e = refused(d);
    assert!(matches!(e, PositionError::SquareOverfull { .. }));
    names(&e, &["black", "20"]);
    // Steps 8 and 76 are one square, the end of the own arm.
    let mut d = pagade();
    d["pawns"]["black"] = json!([8, 8, 76, 20]);
    d["flags"] = json!({"black": {"has_cut": true}});
    let e = refused(d);
    assert!(matches!(e, PositionError::SquareOverfull { .. }));
    // In the Belly any number may stand together.
    let mut d = pagade();
    d["pawns"]["black"] = json!([80, 80, 80, 80]);
    d["flags"] = json!({"black": {"has_cut": true}});
    Position::from_json_value(&d).unwrap();
}

#[test]
fn opponents_sharing_an_unsafe_square_are_refused() {
    // Black's 20 is Yellow's 54.
    let mut d = pagade();
    d["pawns"]["black"] = json!([6, 7, 12, 20]);
    d["pawns"]["yellow"] = json!([6, 7, 12, 54]);
    let e = refused(d);
    assert!(matches!(e, PositionError::SharedSquare { .. }));
    names(&e, &["black", "yellow", "20"]);
    // On a safe square of Akbar's game they may.
    let doc = |red: u8| {
        json!({"game": "chaupar-akbar", "seats": ["black", "red", "yellow", "green"], "to_move": "black",
            "pawns": {"black": [6, 7, 9, 29], "red": [1, 2, 3, red], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}})
    };
    // Black's 29 is Red's 12, a marked square; Black's 30 is Red's 13.
    Position::from_json_value(&doc(12)).unwrap();
    let mut unsafe_doc = doc(13);
    unsafe_doc["pawns"]["black"] = json!([6, 7, 9, 30]);
    assert!(matches!(
        refused(unsafe_doc),
        PositionError::SharedSquare { .. }
    ));
}

#[test]
fn inconsistent_flags_are_refused() {
    let chopat = |flags: Value, black: Value| {
        json!({"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
            "pawns": {"black": black, "yellow": [6, 7, 12, 12]}, "flags": flags})
    };
    let cases = [
        (
            chopat(json!({"black": {"jug": 34}}), json!([6, 7, 34, 34])),
            "Kajalvun",
        ),
        (
            chopat(json!({}), json!([6, 7, 20, 20])),
            "step 20 before Kajalvun",
        ),
        (
            chopat(
                json!({"black": {"kajalvun": true, "jug": 30}}),
                json!([6, 7, 34, 34]),
            ),
            "Jug is on step 30",
        ),
        (
            chopat(
                json!({"black": {"kajalvun": true, "ool": "pending"}}),
                json!([6, 7, 34, 34]),
            ),
            "ool_pawn",
        ),
        (
            chopat(
                json!({"black": {"kajalvun": true, "ool": "sometime"}}),
                json!([6, 7, 34, 34]),
            ),
            "sometime",
        ),
        (
            chopat(json!({"black": {"missed_turns": 2}}), json!([6, 7, 12, 12])),
            "missed 2 turns",
        ),
        (
            chopat(json!({"black": {"kajalvun": "yes"}}), json!([6, 7, 12, 12])),
            "kajalvun",
        ),
        // Pawns away from the start have had a turn.
        (
            chopat(
                json!({"black": {"has_thrown": false}}),
                json!([6, 7, 12, 20]),
            ),
            "has had a turn",
        ),
        // Steps 8 and 76 are one square: a pair before Kajalvun.
        (
            chopat(
                json!({"black": {"has_thrown": true}}),
                json!([8, 76, 84, 84]),
            ),
            "step 8 before Kajalvun",
        ),
        // Before Ool Olangvun a Jug away from step 34 has moved...
        (
            chopat(
                json!({"black": {"kajalvun": true, "jug": 50}}),
                json!([6, 7, 50, 50]),
            ),
            "away from the Kajalvun square",
        ),
        // ...and Ool Olangvun waits only on a pass over the moved Jug.
        (
            chopat(
                json!({"black": {"kajalvun": true, "jug": 34, "ool": "pending", "ool_pawn": 40}}),
                json!([6, 34, 34, 40]),
            ),
            "waits on a pawn that passed it",
        ),
    ];
    for (doc, word) in cases {
        let e = refused(doc);
        assert!(!matches!(e, PositionError::Json(_)), "{e}");
        names(&e, &[word]);
    }
    // Pagade: a pawn in the Belly needs a cut (left out, it is read from
    // the pawns; given as false, it contradicts them).
    let mut d = pagade();
    d["pawns"]["black"] = json!([6, 7, 12, 80]);
    d["flags"] = json!({"black": {"has_cut": false}});
    names(&refused(d), &["black", "cut"]);
    // A game's flags belong to that game only.
    let mut d = pagade();
    d["flags"] = json!({"black": {"kajalvun": true}});
    names(&refused(d), &["kajalvun", "has_cut"]);
    let mut d = pagade();
    d["flags"] = json!({"black": {"extra_turns": 1}});
    names(&refused(d), &["extra_turns", "has_cut"]);
    // Chowka Bhara: turns owed for hits are the player to move's.
    let chowka = |flags: Value| {
        json!({"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "red",
            "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 1, 1]}, "flags": flags})
    };
    names(
        &refused(chowka(json!({"yellow": {"extra_turns": 1}}))),
        &["yellow", "owed 1 more turns"],
    );
    names(
        &refused(chowka(json!({"red": {"extra_turns": -1}}))),
        &["red", "extra_turns", "-1"],
    );
}

#[test]
fn turns_owed_for_hits_survive_a_round_trip_and_are_written_only_when_owed() {
    let doc = json!({"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "red",
        "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true, "extra_turns": 2}}});
    let p = Position::from_json_value(&doc).unwrap();
    assert_eq!(p.flags(Side(0)).extra_turns, 2);
    let written: Value = serde_json::from_str(&p.to_json()).unwrap();
    assert_eq!(written["flags"]["red"]["extra_turns"], 2);
    assert!(written["flags"]["yellow"].get("extra_turns").is_none());
    assert_eq!(Position::from_json(&p.to_json()).unwrap(), p);
}

#[test]
fn places_must_agree_with_the_pawns() {
    let mut d = pagade();
    d["places"] = json!(["black"]);
    names(&refused(d), &["black", "places"]);
    let mut d = pagade();
    d["pawns"]["black"] = json!([84, 84, 84, 84]);
    d["flags"] = json!({"black": {"has_cut": true}});
    d["places"] = json!([]);
    names(&refused(d), &["black", "Home"]);
}

#[test]
fn unknown_fields_are_refused() {
    let mut d = pagade();
    d["colour"] = json!("black");
    let e = refused(d);
    assert!(matches!(e, PositionError::Json(_)));
    names(&e, &["colour"]);
}

#[test]
fn a_field_missing_or_of_the_wrong_kind_is_named() {
    let cases = [
        ("to_move", json!(3)),
        ("seats", json!("black")),
        ("seats", json!(["black", 2])),
        ("game", json!(null)),
        ("pawns", json!([6, 7, 12, 12])),
        ("flags", json!(true)),
        ("places", json!("black")),
        ("stalled", json!("no")),
    ];
    for (key, value) in cases {
        let mut d = pagade();
        d[key] = value;
        let e = refused(d);
        assert!(matches!(e, PositionError::Json(_)));
        names(&e, &[key]);
    }
    let mut d = pagade();
    d.as_object_mut().unwrap().remove("pawns");
    names(&refused(d), &["pawns", "missing"]);
    names(&refused(json!([1, 2])), &["object"]);
}

#[test]
fn text_that_is_not_json_is_refused() {
    let e = Position::from_json("{\"game\": ").unwrap_err();
    assert!(matches!(e, PositionError::Json(_)));
    names(&e, &["not a position"]);
}

#[test]
fn each_side_counts_the_steps_its_pawns_have_still_to_go() {
    let start = |game| Position::start(game, Options::new(game)).unwrap();
    // Home is step 84 of the cross: Pagade's pawns start on 6, 7 and the
    // pair on 12, Chaupar's on 6, 7, 9 and 10; Chowka Bhara's on the 5 x 5
    // board's step 1 of 25.
    assert_eq!(start(Game::Pagade).steps_to_go(Side(2)), 4 * 84 - 37);
    assert_eq!(start(Game::Chaupar).steps_to_go(Side(0)), 4 * 84 - 32);
    assert_eq!(start(Game::ChowkaBhara).steps_to_go(Side(0)), 4 * 24);
    // Pawns Home count nothing; a seat nobody sits in has nothing to go.
    let p = pos!({"game": "pagade", "pawns": {"black": [80, 84, 84, 84], "yellow": [0, 0, 12, 70]},
        "flags": {"black": {"has_cut": true}}});
    assert_eq!(p.steps_to_go(Side(0)), 4);
    assert_eq!(p.steps_to_go(Side(2)), 84 + 84 + 72 + 14);
    assert_eq!(p.steps_to_go(Side(1)), 0);
}

#[test]
fn damaged_positions_are_refused_or_play_on_without_fault() {
    // Positions met in random games of every game and mode, each damaged
    // at random (`common::damaged`): each is refused with a message, or
    // read, written back the same, and played on for a while by the rules
    // without a fault.
    let mut pick = SeededThrows::new(99);
    let (mut refused_count, mut accepted) = (0, 0);
    for game in Game::ALL {
        for &mode in game.modes() {
            let start = Position::start(game, Options::new(game).with_mode(mode)).unwrap();
            let mut met = Vec::new();
            random_playout(start, &mut SeededThrows::new(3), 60, |turn| {
                if turn.throws().is_empty() {
                    met.push(*turn.position());
                }
            });
            for p in met.iter().step_by(4) {
                let original = p.to_json_value();
                for _ in 0..10 {
                    let doc = damaged(&original, &mut pick);
                    match Position::from_json_value(&doc) {
                        Err(e) => {
                            assert!(!e.to_string().is_empty());
                            refused_count += 1;
                        }
                        Ok(q) => {
                            let back = Position::from_json(&q.to_json()).unwrap();
                            assert_eq!(back, q, "{doc}");
                            let seed = pick.below(1000) as u64;
                            random_playout(q, &mut SeededThrows::new(seed), 30, |_| {});
                            accepted += 1;
                        }
                    }
                }
            }
        }
    }
    // Both answers were exercised.
    assert!(
        refused_count > 500 && accepted > 250,
        "{refused_count} refused, {accepted} accepted"
    );
}

/// A position set up from its parts names every problem it has, each
/// typed, and the JSON reader says them all.
#[test]
fn a_setup_names_every_problem_not_only_the_first() {
    let start = Position::start(Game::Pagade, Options::new(Game::Pagade)).unwrap();
    assert_eq!(Position::from_setup(&Setup::of(&start)), Ok(start));
    let mut setup = Setup::of(&start);
    let (black, yellow) = (Side(0), Side(2));
    setup.pawns[black.index()] = vec![84, 84, 84, 84];
    setup.flags[black.index()].has_cut = true;
    setup.flags[black.index()].extra_turns = 2;
    setup.pawns[yellow.index()] = vec![6, 7, 12, 80];
    let colour = |c: &str| c.to_string();
    let problems = vec![
        PositionError::HomeButNotPlaced {
            colour: colour("black"),
        },
        PositionError::OwedTurns {
            colour: colour("black"),
            owed: 2,
        },
        PositionError::BeyondTurnInWithoutCut {
            colour: colour("yellow"),
        },
    ];
    assert_eq!(Position::from_setup(&setup), Err(problems.clone()));
    // The pawns' count is checked before the rules are asked.
    let mut short = setup.clone();
    short.pawns[yellow.index()].pop();
    short.places = vec![black, yellow, black, yellow, black];
    assert_eq!(
        Position::from_setup(&short),
        Err(vec![
            PositionError::WrongPawnCount {
                colour: colour("yellow"),
                expected: 4,
                found: 3
            },
            PositionError::TooManyPlaces,
        ])
    );
    let text = r#"{"game": "pagade", "seats": ["black", "yellow"], "to_move": "black",
        "pawns": {"black": [84, 84, 84, 84], "yellow": [6, 7, 12, 80]},
        "flags": {"black": {"has_cut": true}, "yellow": {"has_cut": false}}, "places": []}"#;
    let e = Position::from_json(text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "black has every pawn Home but is not among the places; \
         yellow has a pawn beyond the turn-in but has not cut anybody"
    );
}
