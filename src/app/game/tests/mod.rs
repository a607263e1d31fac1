//! The game screen's model: the log, the labels, the choices and the
//! pawns' identities as a player meets them.

use super::present;
use super::session::{Entry, Session, Tap};
use crate::app::setup::SeatKind;
use crate::app::{AppWindow, MoveText, Notice, PawnData, Telling};
use crate::board::Side;
use crate::rules::{AfterThrow, Event, Match, Move, Phase, Position};
use crate::rules::{Game, Options};
use slint::ComponentHandle;
use std::collections::HashSet;

mod refusals;

thread_local! {
    /// The app's window on Slint's testing backend, speaking English: the
    /// words the tests read are the ones the UI makes.
    static WINDOW: AppWindow = {
        use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
        // Another test on this thread may have set it already.
        let _ = slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
            mock_time: true,
            threading: false,
            renderer_name: Some("software".into()),
        })));
        let window = AppWindow::new().expect("a window on the testing backend");
        slint::select_bundled_translation("en").expect("English");
        window
    };
}

/// What the game screen's words make of something, in English.
fn words<R>(f: impl FnOnce(&Telling) -> R) -> R {
    WINDOW.with(|w| f(&w.global::<Telling>()))
}

/// A move as its button says it.
fn said(mv: MoveText) -> String {
    words(|t| t.invoke_move(mv).into())
}

/// A line of the log, after the player's name.
fn logged(s: &Session, entry: &Entry) -> String {
    words(|t| t.invoke_logged(present::log_line(s, entry)).into())
}

fn last_logged(s: &Session) -> String {
    logged(s, s.log().last().expect("a line in the log"))
}

/// The side a line of the log is about, as the log shows it.
fn last_logged_side(s: &Session) -> i32 {
    present::log_line(s, s.log().last().expect("a line in the log")).side
}

fn notice(n: &Notice) -> String {
    words(|t| t.invoke_notice(n.clone()).into())
}

/// A lit square as a screen reader says it.
fn targets_said(s: &Session) -> Vec<String> {
    (present::targets(s).into_iter())
        .map(|t| words(|w| w.invoke_target(t.reach).into()))
        .collect()
}

/// A pawn (alone, not movable) as a screen reader says it.
fn pawn_said(s: &Session, step: u8) -> String {
    let pawn = *s.pawns().iter().find(|p| p.step == step).unwrap();
    let told = present::pawn_told(s, PawnData::default(), pawn, 1, false);
    words(|t| t.invoke_pawn(told).into())
}

fn session(seed: u64) -> Session {
    let m = Match::new(Game::Pagade, Options::new(Game::Pagade), seed).unwrap();
    Session::new(m, Default::default(), Default::default())
}

/// Throws (a turn that passes acknowledged) until a pawn is to be moved.
fn throw_until_a_move(s: &mut Session) {
    while s.turn().phase() != Phase::Move {
        s.throw();
        s.acknowledge_pass();
    }
}

#[test]
fn a_saved_games_summary_says_how_far_it_got_and_whose_turn_it_is() {
    let m = Match::new(Game::Pagade, Options::new(Game::Pagade), 3).unwrap();
    let mut s = Session::new(
        m,
        ["Asha".into(), String::new(), "Ravi".into(), String::new()],
        Default::default(),
    );
    let summary = s.summary();
    assert_eq!((summary.game.as_str(), summary.moves), ("pagade", 0));
    assert_eq!(summary.seats[summary.to_move], "Asha");
    assert!(summary.home.is_empty());
    while s.turn().seat() == Side(0) {
        if s.turn().phase() == Phase::Move {
            s.play(s.turn().legal_moves()[0]).unwrap();
        } else {
            s.throw();
            s.acknowledge_pass();
        }
    }
    // Black's turn played: its moves counted, and Ravi's turn next.
    let moves = s.moves_made();
    assert!(moves > 0);
    let summary = s.summary();
    assert_eq!(summary.moves, moves);
    assert_eq!(summary.seats[summary.to_move], "Ravi");
    assert_eq!(summary.seats, ["Asha", "Ravi"]);
    assert_eq!(summary.colours, ["black", "yellow"]);
}

#[test]
fn a_turn_that_passes_is_shown_with_the_passing_players_colour() {
    // Entry throws: a throw of 1, 2 or 3 brings no pawn in.
    let mut options = Options::new(Game::ChowkaBhara);
    options
        .set(Game::ChowkaBhara, "entry_throws", "on")
        .unwrap();
    let seed = (0..100)
        .find(|&seed| {
            let mut m = Match::new(Game::ChowkaBhara, options, seed).unwrap();
            m.throw().after == AfterThrow::Passed
        })
        .expect("some seed's first throw passes");
    let m = Match::new(Game::ChowkaBhara, options, seed).unwrap();
    let mut s = Session::new(m, Default::default(), Default::default());
    let red = s.mover();
    s.throw();
    // The engine has moved on to Green; the screen still shows Red.
    assert_ne!(s.turn().pawn_side(), red);
    assert_eq!((s.mover(), s.mover_pawns()), (red, red));
    s.acknowledge_pass();
    assert_eq!(s.mover_pawns(), s.turn().pawn_side());
    assert_ne!(s.mover(), red);
}

#[test]
fn a_pawn_keeps_its_id_as_it_moves() {
    let mut s = session(3);
    throw_until_a_move(&mut s);
    let mv = s.turn().legal_moves()[0];
    let moving = s.moving_ids(mv);
    let before = s.pawns().to_vec();
    s.play(mv).unwrap();
    s.move_shown();
    for (old, new) in before.iter().zip(s.pawns()) {
        assert_eq!(old.id, new.id);
        if moving.contains(&old.id) {
            assert_eq!(new.step, mv.to);
        } else {
            assert_eq!(new.step, old.step, "pawn {} stayed", old.id);
        }
    }
}

#[test]
fn the_board_faces_the_person_to_move_or_the_last_one_before_the_computer() {
    use crate::ai::Level;
    let options = Options::new(Game::Pagade).with_mode(crate::rules::Mode::FourPlayer);
    let m = Match::new(Game::Pagade, options, 5).unwrap();
    let computer = SeatKind::Computer(Level::Easy);
    let kinds = [SeatKind::Person, computer, SeatKind::Person, computer];
    let mut s = Session::new(m.clone(), Default::default(), kinds);
    let mut movers = HashSet::new();
    while movers.len() < 4 {
        let expected = match s.mover() {
            Side(0) | Side(1) => Side(0),
            _ => Side(2),
        };
        assert_eq!(s.facing(), Some(expected), "{:?} to move", s.mover());
        movers.insert(s.mover());
        if s.turn().phase() == Phase::Throw {
            s.throw();
            s.acknowledge_pass();
        } else {
            s.play(s.turn().legal_moves()[0]).unwrap();
        }
    }
    let everyone_computer = Session::new(m, Default::default(), [computer; 4]);
    assert_eq!(everyone_computer.facing(), None);
}

/// A session at `json` whose first throw is `values` (the seed is
/// searched for one that throws them), in its move phase.
fn thrown(json: &str, values: &[u8]) -> Session {
    let pos = Position::from_json(json).unwrap();
    let mut want = values.to_vec();
    want.sort();
    (0..5000)
        .find_map(|seed| {
            let m = Match::from_position(pos, seed);
            let mut s = Session::new(m, Default::default(), Default::default());
            // Bonus throws too, up to the move phase.
            while s.turn().phase() == Phase::Throw && s.turn().seat() == pos.to_move() {
                s.throw();
            }
            // A throw with no legal move has passed the turn already.
            let mut got = s.turn().throws().first()?.values().to_vec();
            got.sort();
            (got == want && s.turn().phase() == Phase::Move).then_some(s)
        })
        .expect("some seed throws the values")
}

/// The legal move of `pawns` pawns (one, or a pair together) from
/// `from` to `to`.
fn legal(s: &Session, from: u8, to: u8, pawns: u8) -> Move {
    s.turn()
        .legal_moves()
        .into_iter()
        .find(|m| (m.from, m.to, m.pawns) == (from, to, pawns))
        .expect("a legal move")
}

/// Plays the legal move of one pawn from `from` to `to`; its log entry.
fn logged_move(s: &mut Session, from: u8, to: u8) -> String {
    s.play(legal(s, from, to, 1)).unwrap();
    last_logged(s)
}

/// Chooses the mover's pawn on `step`, as a tap on it does.
fn choose(s: &mut Session, step: u8) {
    let side = s.turn().pawn_side();
    let id = (s.pawns().iter())
        .find(|p| p.side == side && p.step == step)
        .expect("a pawn there")
        .id;
    assert_eq!(s.tap_pawn(id), Tap::Shown);
}

fn described(s: &Session) -> Vec<String> {
    s.turn()
        .legal_moves()
        .into_iter()
        .map(|m| said(present::describe(s, m)))
        .collect()
}

#[test]
fn the_log_says_when_chopat_withholds_a_bonus_forms_the_jug_and_passes_over_it() {
    let mut s = thrown(
        r#"{"game":"chopat","seats":["black","yellow"],"to_move":"black",
        "pawns":{"black":[6,7,31,34],"yellow":[6,7,12,12]},
        "flags":{"black":{"has_thrown":true}}}"#,
        &[3, 3],
    );
    assert_eq!(last_logged(&s), "threw 3 + 3: no Jug yet, no bonus");
    assert_eq!(logged_move(&mut s, 31, 34), "31 → 34 (3), forms the Jug");
    assert_eq!(logged_move(&mut s, 6, 9), "6 → 9 (3)");
    // Yellow's 70 is Black's 36.
    let mut s = thrown(
        r#"{"game":"chopat","seats":["black","yellow"],"to_move":"black",
        "pawns":{"black":[7,35,37,37],"yellow":[6,7,12,70]},
        "flags":{"black":{"kajalvun":true,"has_thrown":true,"jug":37,"jug_moved":true},
                 "yellow":{"has_thrown":true}}}"#,
        &[3, 4],
    );
    assert!(!last_logged(&s).contains("bonus"), "not a doublet");
    assert_eq!(
        logged_move(&mut s, 35, 39),
        "35 → 39 (4), passes over the Jug"
    );
    // Once Yellow's turn has ended without cutting it, it counts.
    let mut s = thrown(
        r#"{"game":"chopat","seats":["black","yellow"],"to_move":"yellow",
        "pawns":{"black":[10,37,37,39],"yellow":[6,7,12,12]},
        "flags":{"black":{"kajalvun":true,"has_thrown":true,"jug":37,"jug_moved":true,
                          "ool":"pending","ool_pawn":39},
                 "yellow":{"has_thrown":true}}}"#,
        &[3, 4],
    );
    while s.mover() == Side(2) {
        let mv = s.turn().legal_moves()[0];
        s.play(mv).unwrap();
    }
    assert_eq!(last_logged_side(&s), 0, "Black's");
    assert_eq!(last_logged(&s), "Ool Olangvun done");
}

#[test]
fn a_screen_reader_hears_pawns_on_steps_8_and_76_as_a_pair() {
    // One square, drawn as two pawns apart; with the false-pair rule
    // and the pair on 40 named true, the pair there is false.
    let s = thrown(
        r#"{"game":"chopat","options":{"false_pair":true},"seats":["black","yellow"],
        "to_move":"black","pawns":{"black":[8,40,40,76],"yellow":[6,7,12,12]},
        "flags":{"black":{"kajalvun":true,"has_thrown":true,"true_pair":40}}}"#,
        &[3, 4],
    );
    assert_eq!(pawn_said(&s, 8), "Black pawn of a false pair on square 8");
    assert_eq!(pawn_said(&s, 76), "Black pawn of a false pair on square 8");
    let lone = thrown(
        r#"{"game":"chopat","seats":["black","yellow"],
        "to_move":"black","pawns":{"black":[8,40,40,75],"yellow":[6,7,12,12]},
        "flags":{"black":{"kajalvun":true,"has_thrown":true}}}"#,
        &[3, 4],
    );
    assert_eq!(pawn_said(&lone, 8), "Black pawn on square 8");
}

#[test]
fn forming_a_second_pair_offers_a_choice_of_which_is_true() {
    // Chopat's false-pair rule: 42 -> 49 on 3 + 4 forms a pair beside
    // the one on 40.
    let mut s = thrown(
        r#"{"game":"chopat","options":{"false_pair":true},"seats":["black","yellow"],
        "to_move":"black","pawns":{"black":[40,40,42,49],"yellow":[6,7,12,71]},
        "flags":{"black":{"kajalvun":true,"has_thrown":true}}}"#,
        &[3, 4],
    );
    let id = s.pawns().iter().find(|p| p.step == 42).unwrap().id;
    assert_eq!(s.tap_pawn(id), Tap::Shown);
    let cell = s.position().board().cell(Side(0), 49).unwrap();
    assert_eq!(s.tap_cell(cell), Tap::Shown, "no move yet: a choice");
    let choices: Vec<String> = s
        .offered()
        .iter()
        .map(|&m| said(present::describe(&s, m)))
        .collect();
    assert_eq!(
        choices,
        [
            "Move 4 + 3 to square 49, the pair on square 49 true",
            "Move 4 + 3 to square 49, the pair on square 40 true"
        ]
    );
    let standing = s.offered()[1];
    s.play(standing).unwrap();
    assert!(
        s.log()
            .iter()
            .any(|l| logged(&s, l) == "42 → 49 (4 + 3), the pair on square 40 true"),
        "{:?}",
        s.log()
    );
    assert!(s.position().cut_by_single(Side(0), 49));
}

#[test]
fn the_log_says_when_the_first_cut_opens_the_way_home() {
    // Pagade: Black's pawn on 10 cuts Yellow's pawn on Black's 14.
    let cut_line = |has_cut: bool| {
        let mut s = thrown(
            &format!(
                r#"{{"game":"pagade","options":{{"mode":"2p"}},"seats":["black","yellow"],
                "to_move":"black","pawns":{{"black":[6,7,10,20],"yellow":[6,7,12,48]}},
                "flags":{{"black":{{"has_cut":{has_cut}}}}}}}"#
            ),
            &[1, 3],
        );
        logged_move(&mut s, 10, 14)
    };
    let first = cut_line(false);
    assert!(first.starts_with("10 → 14 ("), "{first}");
    assert!(
        first.ends_with(", cut yellow, the way Home is open"),
        "{first}"
    );
    let second = cut_line(true);
    assert!(second.ends_with(", cut yellow"), "{second}");
}

#[test]
fn a_move_is_named_with_what_it_would_do_and_naming_it_changes_nothing() {
    let mut s = thrown(
        r#"{"game":"pagade","options":{"mode":"2p"},"seats":["black","yellow"],
        "to_move":"black","pawns":{"black":[6,7,10,20],"yellow":[6,7,12,48]}}"#,
        &[1, 3],
    );
    let before = (*s.position(), s.turn().values_left(), s.log().len());
    let named = |from: u8, to: u8| said(present::describe(&s, legal(&s, from, to, 1)));
    let cut = named(10, 14);
    assert!(
        cut.starts_with("Move ") && cut.contains(" to square "),
        "{cut}"
    );
    assert!(cut.ends_with(", cut yellow, the way Home is open"), "{cut}");
    assert!(!named(20, 24).contains(", "), "a plain move says no more");
    let after = (*s.position(), s.turn().values_left(), s.log().len());
    assert_eq!(before, after);
    // The lit squares are read out the same way.
    choose(&mut s, 10);
    let mut labels = targets_said(&s);
    labels.sort();
    assert_eq!(labels.len(), 3, "{labels:?}");
    assert!(labels[0].starts_with("Move to square "), "{labels:?}");
    let cutting: Vec<&String> = labels.iter().filter(|l| l.contains(", ")).collect();
    assert_eq!(cutting.len(), 1, "{labels:?}");
    assert_eq!(
        cutting[0],
        "Move to square 14, cut yellow, the way Home is open"
    );
}

#[test]
fn a_lit_square_reached_in_ways_that_do_different_things_is_read_out_plainly() {
    // From the pair on 35 over the Jug, which has moved to 38, to 39,
    // with a (4, 4) and the bonus throw after it: a single pawn passing
    // over the Jug begins Ool Olangvun, the pair moving together does
    // not.
    let mut s = thrown(
        r#"{"game":"chopat","seats":["black","yellow"],"to_move":"black",
        "pawns":{"black":[38,38,35,35],"yellow":[6,7,12,12]},
        "flags":{"black":{"has_thrown":true,"kajalvun":true,"jug":38,"jug_moved":true},
                 "yellow":{"has_thrown":true}}}"#,
        &[4, 4],
    );
    let to_39 = |pawns: u8| said(present::describe(&s, legal(&s, 35, 39, pawns)));
    assert!(to_39(1).ends_with(", passes over the Jug"), "{}", to_39(1));
    assert!(!to_39(2).contains(", "), "{}", to_39(2));
    choose(&mut s, 35);
    let labels = targets_said(&s);
    // Plain where the ways differ; said where the only way is a single.
    for label in [
        "Move to square 39",
        "Move to square 43, passes over the Jug",
    ] {
        assert!(labels.contains(&label.to_string()), "{labels:?}");
    }
}

#[test]
fn chowka_bhara_logs_a_hit_in_its_own_word_and_the_turn_it_earns() {
    let mut s = thrown(
        r#"{"game":"chowka-bhara","seats":["red","yellow"],"to_move":"red",
        "pawns":{"red":[1,1,1,2],"yellow":[1,1,1,12]}}"#,
        &[2],
    );
    let line = logged_move(&mut s, 2, 4);
    assert!(
        line.ends_with(", hit yellow, the way Home is open, another turn"),
        "{line}"
    );
}

#[test]
fn the_log_says_who_finishes_and_in_which_place() {
    let mut s = thrown(
        r#"{"game":"pagade","options":{"mode":"4p"},"seats":["black","red","yellow","green"],
        "to_move":"black","places":["green"],
        "pawns":{"black":[80,84,84,84],"red":[6,7,12,12],"yellow":[6,7,12,12],
                 "green":[84,84,84,84]},
        "flags":{"black":{"has_cut":true},"green":{"has_cut":true}}}"#,
        &[1, 3],
    );
    let line = logged_move(&mut s, 80, 84);
    assert!(line.contains(" → Home ("), "{line}");
    assert!(line.ends_with("), finishes 2nd"), "{line}");
}

#[test]
fn a_move_that_goes_another_distance_than_its_values_add_up_to_says_how_far() {
    // A pair on a doublet moves the value once.
    let pagade = thrown(
        r#"{"game":"pagade","options":{"mode":"2p"},"seats":["black","yellow"],"to_move":"black",
        "pawns":{"black":[6,7,12,12],"yellow":[6,7,12,12]}}"#,
        &[3, 3],
    );
    let moves = described(&pagade);
    assert!(moves.contains(&"Move the pair 3 squares (3 + 3) to square 15".to_string()));
    assert!(
        moves.contains(&"Move 3 + 3 to square 18".to_string()),
        "{moves:?}"
    );
    // Chopat's opening (1, 1) splits the pair: one pawn 12 squares on.
    let chopat = thrown(
        r#"{"game":"chopat","options":{"mode":"2p"},"seats":["black","yellow"],"to_move":"black",
        "pawns":{"black":[6,7,12,12],"yellow":[6,7,12,12]}}"#,
        &[1, 1],
    );
    assert!(described(&chopat).contains(&"Move 12 squares (1 + 1) to square 24".to_string()));
    // Akbar's Khim moves each pawn of a pair 6.
    let khim = thrown(
        r#"{"game":"chaupar-akbar","options":{"mode":"teams"},"seats":["black","red","yellow","green"],
        "to_move":"black","pawns":{"black":[20,20,40,50],"red":[1,2,3,4],"yellow":[1,2,3,4],"green":[1,2,3,4]}}"#,
        &[6, 5, 1],
    );
    let moves = described(&khim);
    assert!(
        moves
            .iter()
            .any(|m| m.starts_with("Move the pair 6 squares (") && m.ends_with(") to square 26")),
        "{moves:?}"
    );
    // Going on past Home (overshoot: new circuit) counts as the values.
    let past = thrown(
        r#"{"game":"chopat","options":{"mode":"2p"},"seats":["black","yellow"],"to_move":"black",
        "pawns":{"black":[82,84,84,84],"yellow":[6,7,12,12]},"flags":{"black":{"has_thrown":true,"kajalvun":true}}}"#,
        &[3, 6],
    );
    let moves = described(&past);
    assert_eq!(moves.len(), 1);
    assert!(moves[0].starts_with("Move ") && moves[0].ends_with(" to square 7"));
    assert!(!moves[0].contains("squares"), "{moves:?}");
}

#[test]
fn a_finished_partners_moves_are_logged_with_the_colour_they_moved() {
    let pos = Position::from_json(
        r#"{"game": "chaupar", "options": {"mode": "teams"}, "to_move": "black",
        "seats": ["black", "red", "yellow", "green"], "places": ["black"],
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4],
                  "yellow": [20, 30, 40, 50], "green": [1, 2, 3, 4]}}"#,
    )
    .unwrap();
    let names = ["Asha".into(), String::new(), "Mira".into(), String::new()];
    let mut s = Session::new(Match::from_position(pos, 1), names, Default::default());
    s.throw();
    let mv = s.turn().legal_moves()[0];
    s.play(mv).unwrap();
    assert_eq!(last_logged_side(&s), 0, "Asha threw and moved");
    let line = last_logged(&s);
    assert!(line.starts_with("Yellow's "), "{line}");
}

/// Chopat with Khado Karvo: Black has finished and may bring a pawn
/// back to cut Red's pawn on square 53.
fn khado_karvo_position(to_move: &str) -> Position {
    Position::from_json(&format!(
        r#"{{"game": "chopat", "options": {{"khado_karvo": true}}, "to_move": "{to_move}",
        "seats": ["black", "red", "yellow", "green"],
        "pawns": {{"black": [84, 84, 84, 84], "red": [6, 7, 12, 53],
                  "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12]}},
        "flags": {{"black": {{"kajalvun": true}}, "red": {{"kajalvun": true, "ool": "done"}}}},
        "places": ["black"]}}"#
    ))
    .unwrap()
}

#[test]
fn khado_karvo_choices_are_named_for_what_they_do() {
    let pos = khado_karvo_position("black");
    let mut s = Session::new(
        Match::from_position(pos, 1),
        Default::default(),
        Default::default(),
    );
    assert!(s.is_without_throw());
    let [back, miss] = s.turn().legal_moves()[..] else {
        panic!("two choices")
    };
    assert_eq!(
        said(present::describe(&s, back)),
        "Bring a pawn back from Home to square 70, cut red"
    );
    assert_eq!(said(present::describe(&s, miss)), "Miss the turn");
    // A hint to let the turn go offers it as the one choice.
    s.suggest(miss);
    assert_eq!(notice(&present::notice(&s)), "Suggested: Miss the turn");
    assert_eq!(s.offered(), [Move::MISS_TURN]);
    s.play(miss).unwrap();
    assert!(!s.is_without_throw());
    assert_eq!(last_logged(&s), "misses turn 1 of 4");
}

#[test]
fn a_move_is_taken_back_only_by_the_person_who_made_it() {
    // Green, the computer, moves; then Black, who has finished, brings a
    // pawn back to cut (Khado Karvo) with no throw between the two moves.
    let pos = khado_karvo_position("green");
    let mut kinds = [SeatKind::Person; 4];
    kinds[3] = SeatKind::Computer(crate::ai::Level::Easy);
    let mut s = Session::new(Match::from_position(pos, 1), Default::default(), kinds);
    while s.turn().seat() == Side(3) {
        match s.turn().phase() {
            Phase::Throw => {
                s.throw();
            }
            _ => {
                let mv = s.turn().legal_moves()[0];
                s.play(mv).unwrap();
            }
        }
    }
    assert!(matches!(
        s.game().unwrap().record().events.last(),
        Some(Event::Move { .. })
    ));
    assert!(!s.can_take_back(), "Green's move is the computer's");
    let back = s.turn().legal_moves()[0];
    assert_ne!(back, Move::MISS_TURN);
    s.play(back).unwrap();
    assert!(s.can_take_back(), "Black's own move");
    assert!(s.take_back());
    assert_eq!(s.turn().legal_moves()[0], back, "Black chooses again");
    assert!(!s.can_take_back(), "the move before it was Green's");
    assert!(!s.take_back());
}

#[test]
fn a_tap_on_a_rival_pawn_says_whose_turn_it_is() {
    let mut s = session(5);
    throw_until_a_move(&mut s);
    let rival = s
        .pawns()
        .iter()
        .find(|p| p.side != s.turn().pawn_side())
        .unwrap()
        .id;
    let before = *s.position();
    assert_eq!(s.tap_pawn(rival), Tap::Refused);
    let reason = notice(&present::notice(&s));
    assert!(reason.contains(" moves "), "{reason}");
    assert_eq!(*s.position(), before);
}

/// One state of the turn lists its legal moves once, however much the
/// screen asks of them: the lit pawns and their labels, a chosen pawn's
/// squares, the moves offered and their names; a move played lists the
/// next state's once more.
#[test]
fn each_state_of_a_turn_lists_its_moves_once_for_everything_the_screen_shows() {
    let mut s = session(7);
    while s.legal_moves().len() < 2 {
        if s.turn().phase() == Phase::Move {
            s.play(s.legal_moves()[0]).unwrap();
        } else {
            s.throw();
            s.acknowledge_pass();
        }
    }
    let show = |s: &Session| {
        for (id, &pawn) in s.pawns().iter().enumerate() {
            let movable = s.legal_moves().iter().any(|m| m.from == pawn.step);
            let told = present::pawn_told(s, PawnData::default(), pawn, 1, movable);
            assert_eq!(
                told.can_reach.is_empty() && !told.can_reach_home,
                !movable,
                "pawn {id}"
            );
        }
        let targets = present::targets(s);
        let names: Vec<MoveText> = s
            .offered()
            .iter()
            .map(|&mv| present::describe(s, mv))
            .collect();
        (targets.len(), names)
    };
    // This state's moves were listed by the loop above.
    let before = s.listings.get();
    show(&s);
    let side = s.turn().pawn_side();
    let id = s
        .pawns()
        .iter()
        .position(|p| p.side == side && s.legal_moves().iter().any(|m| m.from == p.step))
        .expect("a movable pawn");
    assert_eq!(s.tap_pawn(id), Tap::Shown, "a movable pawn is chosen");
    let (targets, names) = show(&s);
    assert!(targets > 0 && !names.is_empty());
    assert_eq!(
        s.listings.get(),
        before,
        "no listing again for the same state"
    );
    let mv = s.offered()[0];
    s.play(mv).unwrap();
    show(&s);
    show(&s);
    assert_eq!(s.listings.get(), before + 1, "the next state listed once");
}
