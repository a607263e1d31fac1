//! Random self-play: every game, mode and option set played to its end many
//! times, with the invariants checked after every throw and every move.

use chaupar::board::{CellKind, Side};
use chaupar::dice::SeededThrows;
use chaupar::rules::{Game, Match, Move, Mover, Options, Phase, Position, Spend, Turn};
use chaupar::sim::random_playout;

/// Every option set worth playing for a game: each mode, and each house
/// rule switched away from its default one at a time.
fn option_sets(game: Game) -> Vec<Options> {
    let mut sets = Vec::new();
    for &mode in game.modes() {
        sets.push(Options::new(game).with_mode(mode));
    }
    let base = Options::new(game);
    for info in Options::describe(game)
        .into_iter()
        .filter(|i| i.key != "mode")
    {
        for value in info.choices.iter().skip(1) {
            let mut o = base;
            o.set(game, info.key, value).unwrap();
            sets.push(o);
        }
    }
    sets
}

/// The invariants of any moment of any game.
fn check(turn: &Turn) {
    let pos = turn.position();
    pos.validate()
        .unwrap_or_else(|e| panic!("{e}\n{}", pos.to_json()));
    let board = pos.board();
    for &side in pos.seats() {
        assert_eq!(
            pos.pawns(side).len(),
            pos.pawn_count(),
            "every pawn accounted for"
        );
        for &step in pos.pawns(side) {
            if let Some(cell) = board.cell(side, step) {
                if let CellKind::Belly(owner) = board.cell_info(cell).kind {
                    assert_eq!(owner, side, "the Belly is private");
                }
            }
        }
    }
    if turn.phase() == Phase::Throw && turn.throws().is_empty() {
        // Between turns a position survives its JSON form unchanged.
        let back = Position::from_json(&pos.to_json())
            .unwrap_or_else(|e| panic!("{e}\n{}", pos.to_json()));
        assert_eq!(&back, pos);
    }
}

fn play_many(game: Game, games_per_set: u32, seed: u64) {
    for options in option_sets(game) {
        let start = Position::start(game, options).unwrap();
        let mut source = SeededThrows::new(seed);
        for _ in 0..games_per_set {
            let p = random_playout(start, &mut source, 20_000, check);
            assert!(
                p.finished,
                "{game:?} {options:?} did not end in 20,000 turns: {}",
                p.end.to_json()
            );
            assert!(p.end.is_over());
            // The winners all have every pawn Home: the first player, or
            // the first pair with both partners Home, whoever came first.
            let winners = p.end.winners();
            let expected = if p.end.partnership() { 2 } else { 1 };
            assert_eq!(winners.len(), expected, "{}", p.end.to_json());
            for w in winners {
                assert!(
                    p.end.is_finished(w),
                    "{w:?} won unfinished: {}",
                    p.end.to_json()
                );
            }
        }
    }
}

#[test]
fn pagade_plays_to_the_end() {
    play_many(Game::Pagade, 1000, 1);
}

#[test]
fn chaupar_plays_to_the_end() {
    play_many(Game::Chaupar, 1000, 2);
}

#[test]
fn chopat_plays_to_the_end() {
    play_many(Game::Chopat, 1000, 3);
}

#[test]
fn chaupar_akbar_plays_to_the_end() {
    play_many(Game::ChauparAkbar, 1000, 4);
}

#[test]
fn chowka_bhara_plays_to_the_end_on_every_board() {
    for n in ["5", "7", "9", "11"] {
        for mut options in option_sets(Game::ChowkaBhara)
            .into_iter()
            .filter(|o| o.board == 5)
        {
            let shells = options.shells;
            options.set(Game::ChowkaBhara, "board", n).unwrap();
            if shells != 4 {
                options.shells = shells;
            }
            let start = Position::start(Game::ChowkaBhara, options).unwrap();
            let mut source = SeededThrows::new(5);
            let games = match n {
                "5" => 1000,
                "7" => 30,
                _ => 8,
            };
            for _ in 0..games {
                let p = random_playout(start, &mut source, 50_000, check);
                assert!(p.finished, "{options:?} did not end: {}", p.end.to_json());
            }
        }
    }
}

/// A game played through a Match replays from its record to the same
/// moment, at every moment.
#[test]
fn records_replay_exactly() {
    for game in Game::ALL {
        for (i, options) in option_sets(game).into_iter().enumerate() {
            let mut m = Match::new(game, options, 100 + i as u64).unwrap();
            let mut chooser = SeededThrows::new(i as u64);
            let mut steps = 0;
            while m.phase() != Phase::Over && steps < 3000 {
                match m.phase() {
                    Phase::Throw => {
                        m.throw();
                    }
                    _ => {
                        let legal = m.legal_moves();
                        m.play(legal[chooser.below(legal.len())]).unwrap();
                    }
                }
                steps += 1;
                if steps % 97 == 0 {
                    let again = Match::replay(m.record()).unwrap();
                    assert_eq!(again.position(), m.position());
                    assert_eq!(again.phase(), m.phase());
                    assert_eq!(again.values_left(), m.values_left());
                }
            }
            let json = serde_json::to_string(m.record()).unwrap();
            let again = Match::replay(&serde_json::from_str(&json).unwrap()).unwrap();
            assert_eq!(again.position(), m.position());
        }
    }
}

/// What a move would do, foreseen before it is played, is what it does.
#[test]
fn a_move_foreseen_does_what_playing_it_does() {
    for game in Game::ALL {
        let mut cuts = 0;
        for seed in 0..4 {
            let mut m = Match::new(game, Options::new(game), seed).unwrap();
            let mut chooser = SeededThrows::new(seed);
            while m.phase() != Phase::Over {
                if m.phase() == Phase::Throw {
                    m.throw();
                    continue;
                }
                let legal = m.legal_moves();
                let mv = legal[chooser.below(legal.len())];
                let (position, report) = m.preview(mv).unwrap();
                assert_eq!(
                    m.legal_moves(),
                    legal,
                    "{game:?}: foreseeing changes nothing"
                );
                let played = m.play(mv).unwrap();
                assert_eq!((position, &report), (*m.position(), &played), "{game:?}");
                cuts += played
                    .captures
                    .iter()
                    .map(|c| c.pawns as usize)
                    .sum::<usize>();
            }
        }
        assert!(cuts > 0, "{game:?}: some moves cut");
    }
}

/// Moves taken back (one, or every move of the turn so far) and played
/// again leave each game exactly as if they had never been taken back:
/// the same moment each time, and the same throws to the end.
#[test]
fn a_move_taken_back_restores_the_moment_before_it() {
    for game in Game::ALL {
        let play_through = |take_backs: bool| {
            let mut m = Match::new(game, Options::new(game), 7).unwrap();
            let mut chooser = SeededThrows::new(3);
            let mut when = SeededThrows::new(4);
            let mut taken_back = 0;
            let mut after_throw = (*m.position(), m.values_left());
            while m.phase() != Phase::Over {
                if m.phase() == Phase::Throw {
                    m.throw();
                    // A throw is the seed's: it cannot be taken back.
                    after_throw = (*m.position(), m.values_left());
                    assert_eq!(m.take_back(), None);
                    assert_eq!((*m.position(), m.values_left()), after_throw);
                    continue;
                }
                let legal = m.legal_moves();
                let mv = legal[chooser.below(legal.len())];
                let before = (*m.position(), m.values_left(), m.phase(), m.mover());
                m.play(mv).unwrap();
                if !take_backs {
                    continue;
                }
                match when.below(6) {
                    0 | 1 => {
                        assert_eq!(m.take_back(), Some(mv));
                        assert_eq!(
                            (*m.position(), m.values_left(), m.phase(), m.mover()),
                            before
                        );
                        assert_eq!(m.legal_moves(), legal);
                        m.play(mv).unwrap();
                        taken_back += 1;
                    }
                    2 => {
                        // Back to the last throw, then the same moves again.
                        let mut undone = Vec::new();
                        while let Some(back) = m.take_back() {
                            undone.push(back);
                        }
                        assert_eq!((*m.position(), m.values_left()), after_throw);
                        taken_back += undone.len();
                        for again in undone.into_iter().rev() {
                            m.play(again).unwrap();
                        }
                    }
                    _ => {}
                }
            }
            (m.record().clone(), taken_back)
        };
        let (plain, _) = play_through(false);
        let (with_take_backs, taken_back) = play_through(true);
        assert!(taken_back > 10, "{game:?}: {taken_back} moves taken back");
        assert_eq!(plain, with_take_backs, "{game:?}");
    }
}

#[test]
fn seats_win_about_equally_often_at_random() {
    // Not a rule, but a sign the rules favour no colour: over many random
    // two-player Pagade games neither side wins more than 60%.
    let start = Position::start(Game::Pagade, Options::new(Game::Pagade)).unwrap();
    let mut source = SeededThrows::new(9);
    let games = 1000;
    let black = (0..games)
        .filter(|_| {
            random_playout(start, &mut source, 20_000, |_| {})
                .end
                .winners()
                == vec![Side(0)]
        })
        .count();
    assert!((400..=600).contains(&black), "black won {black} of {games}");
}

/// A move like `legal` with one of its parts changed at random: another
/// square, another number of pawns, other values, or the other pawn.
fn altered(legal: Move, pick: &mut SeededThrows) -> Move {
    let mut m = legal;
    match pick.below(5) {
        0 => m.from = m.from.wrapping_add(pick.below(7) as u8).wrapping_sub(3),
        1 => m.to = m.to.wrapping_add(pick.below(13) as u8).wrapping_sub(6),
        2 => m.pawns = pick.below(5) as u8,
        3 => m.spend = Spend::from_bits(m.spend.bits() ^ 1 << pick.below(12)),
        _ => m.mover = Mover::from(u32::from(m.mover) ^ 1 << pick.below(4)),
    }
    m
}

/// Moves the engine did not offer, tried at every moment of random games of
/// every game and option set, are refused with a reason and change
/// nothing; those it offered are played.
#[test]
fn a_move_not_offered_is_refused_with_a_reason_and_changes_nothing() {
    let mut pick = SeededThrows::new(17);
    let mut refusals = 0;
    for game in Game::ALL {
        for options in option_sets(game) {
            let start = Position::start(game, options).unwrap();
            random_playout(start, &mut SeededThrows::new(5), 300, |turn| {
                if turn.phase() != Phase::Move {
                    return;
                }
                let legal = turn.legal_moves();
                for _ in 0..4 {
                    let m = altered(legal[pick.below(legal.len())], &mut pick);
                    let mut tried = *turn;
                    let before = (*tried.position(), tried.values_left(), tried.phase());
                    match tried.play(m) {
                        Ok(_) => assert!(legal.contains(&m), "{m:?} was played but not offered"),
                        Err(why) => {
                            assert!(!legal.contains(&m), "{m:?} was offered but refused: {why}");
                            assert!(!why.to_string().is_empty());
                            assert_eq!(
                                (*tried.position(), tried.values_left(), tried.phase()),
                                before,
                                "a refused move changed the turn"
                            );
                            refusals += 1;
                        }
                    }
                }
            });
        }
    }
    assert!(refusals > 10_000, "{refusals} refusals");
}
