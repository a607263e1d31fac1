use super::*;
use crate::rules::chopat::ChopatRefusal;

/// The Kajalvun lesson of Chopat, as written in its course.
fn kajalvun() -> Lesson {
    let chopat = courses().remove(0);
    assert_eq!(chopat.game, Game::Chopat);
    chopat
        .lessons
        .into_iter()
        .find(|l| l.id == "kajalvun")
        .expect("the Kajalvun lesson")
}

#[test]
fn a_lesson_played_by_its_script_ends_in_its_stated_position() {
    assert_eq!(check(&kajalvun()), Ok(()));
}

#[test]
fn a_throw_the_game_cannot_show_is_caught() {
    let mut lesson = kajalvun();
    lesson.steps[0] = Step::Throw {
        say: "x".into(),
        values: vec![2, 2],
    };
    assert!(matches!(
        check(&lesson),
        Err(LessonError::ImpossibleThrow { step: 0, .. })
    ));
}

#[test]
fn a_move_the_rules_refuse_is_caught() {
    let mut lesson = kajalvun();
    // The pawn on 25 would make a pair on 28 before Kajalvun.
    if let Step::Move { mv, .. } = &mut lesson.steps[1] {
        mv.from = 25;
        mv.to = 28;
    }
    match check(&lesson) {
        Err(LessonError::Refused {
            step: 1, reason, ..
        }) => {
            assert_eq!(reason_name(reason), "KajalvunFirst")
        }
        other => panic!("{other:?}"),
    }
}

fn wrong_try(lesson: &mut Lesson) -> &mut WrongTry {
    match &mut lesson.steps[1] {
        Step::Move { wrong, .. } => &mut wrong[0],
        _ => panic!("a move step"),
    }
}

#[test]
fn a_wrong_try_the_rules_allow_or_refuse_otherwise_is_caught() {
    let mut lesson = kajalvun();
    wrong_try(&mut lesson).because = "SingleOnPair".into();
    assert!(matches!(
        check(&lesson),
        Err(LessonError::OtherReason { tap: 25, .. })
    ));
    wrong_try(&mut lesson).tap = 28;
    assert_eq!(
        check(&lesson),
        Err(LessonError::WrongTryAllowed { step: 1, tap: 28 })
    );
}

#[test]
fn a_lesson_that_ends_elsewhere_is_caught() {
    let mut lesson = kajalvun();
    lesson.end["to_move"] = "black".into();
    assert!(matches!(
        check(&lesson),
        Err(LessonError::NotReached { .. })
    ));
}

#[test]
fn the_way_is_shown_after_two_wrong_tries_or_when_asked() {
    let lesson = kajalvun();
    let mut play = LessonPlay::new(&lesson).unwrap();
    play.throw().unwrap();
    let wanted = Move::new(31, 34, 1, crate::rules::Spend::die(0, 0));
    assert_eq!(play.shown(false), None);
    assert_eq!(play.shown(true), Some(wanted));
    assert_eq!(reason_name(play.tap(25).unwrap()), "KajalvunFirst");
    assert_eq!(play.nudge(25), Some("chopat.kajalvun.not-elsewhere"));
    assert_eq!(play.shown(false), None);
    // A legal move that is not the lesson's: not played, a second wrong try.
    let other = Move::new(34, 37, 1, crate::rules::Spend::die(0, 0));
    assert_eq!(play.play(other), Tried::NotThisOne);
    assert_eq!(
        play.turn().position().pawns(play.learner()),
        &[25, 28, 31, 34]
    );
    assert_eq!(play.shown(false), Some(wanted));
    assert!(matches!(play.play(wanted), Tried::Played(_)));
    assert_eq!(play.progress(), (2, 3));
    assert_eq!(play.shown(false), None);
}

#[test]
fn reasons_are_named_by_their_variant() {
    assert_eq!(
        reason_name(Illegal::Chopat(ChopatRefusal::KajalvunFirst { step: 34 })),
        "KajalvunFirst"
    );
    assert_eq!(
        reason_name(Illegal::WrongDestination { to: 9 }),
        "WrongDestination"
    );
}

#[test]
fn a_throw_off_that_does_not_settle_who_starts_is_caught() {
    let chaupar = courses().remove(2);
    let mut lesson = chaupar
        .lessons
        .into_iter()
        .find(|l| l.id == "throw-off")
        .unwrap();
    assert_eq!(check(&lesson), Ok(()));
    let Step::ThrowOff { throws, .. } = &mut lesson.steps[0] else {
        panic!("the throw-off")
    };
    // Black and Yellow tie on 17 and throw again: without the second round
    // nobody starts, and with a third throw left over the script is wrong.
    let second_round = throws.split_off(4);
    assert_eq!(
        check(&lesson),
        Err(LessonError::ThrowOffUnsettled { step: 0 })
    );
    let Step::ThrowOff { throws, .. } = &mut lesson.steps[0] else {
        unreachable!()
    };
    throws.extend(second_round);
    throws.push(vec![1, 1, 1]);
    assert_eq!(
        check(&lesson),
        Err(LessonError::ThrowOffUnsettled { step: 0 })
    );
}
