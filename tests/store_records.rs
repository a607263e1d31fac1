//! The store with the engine's game records: a game saved after hundreds of
//! throws and moves resumes at exactly the same moment, and one whose moves
//! no longer replay is set aside with its message.

mod common;

use std::fs;

use chaupar::ai::Level;
use chaupar::dice::SeededThrows;
use chaupar::rules::{
    Event, Game, GameRecord, Match, Options, Phase, ReplayError, Replayed, TruePair,
};
use chaupar::store::{Autosaver, GameDocument, Listing, LoadProblem, SaveStore, SeatKind, Summary};
use chaupar::work::Work;
use common::damaged;

mod scratch;
use scratch::Scratch;

/// A game with its default options played for up to `events` throws and
/// moves (see [`play_on`]).
fn played(game: Game, seed: u64, events: usize) -> Match {
    let mut game = Match::new(game, Options::new(game), seed).unwrap();
    play_on(&mut game, events);
    game
}

/// Plays `game` on until its record holds `events` throws and moves or it
/// is over, always choosing a legal move picked by the event count.
fn play_on(game: &mut Match, events: usize) {
    while game.record().events.len() < events {
        match game.phase() {
            Phase::Over => break,
            Phase::Throw => {
                game.throw();
            }
            Phase::Move => {
                let moves = game.legal_moves();
                let choice = moves[game.record().events.len() % moves.len()];
                game.play(choice).unwrap();
            }
        }
    }
}

/// The game as the app saves it: its record, and who plays each side.
fn document(game: &Match) -> GameDocument {
    GameDocument {
        record: game.record().clone(),
        names: ["Asha", "", "Ravi", ""].map(String::from),
        seats: [
            SeatKind::Person,
            SeatKind::Computer(Level::Easy),
            SeatKind::Computer(Level::Hard),
            SeatKind::Person,
        ],
    }
}

/// What the Saved games list shows, as the app writes it.
fn summary_of(game: &Match) -> Summary {
    let position = game.position();
    let progress = position
        .seats()
        .iter()
        .map(|&side| {
            let home = position.pawns_home(side);
            format!("{} {home} home", position.colour_name(side))
        })
        .collect::<Vec<_>>()
        .join(", ");
    Summary {
        title: game.game().title().to_string(),
        seats: position
            .seats()
            .iter()
            .map(|side| format!("Player {}", side.0 + 1))
            .collect(),
        progress,
        finished: game.phase() == Phase::Over,
        ..Default::default()
    }
}

#[test]
fn every_game_resumes_from_its_save_at_the_same_moment() {
    let scratch = Scratch::new("store-records-resume");
    let store = SaveStore::open(&scratch.0).unwrap();
    let autosaver = Autosaver::new(store.clone());
    let mut expected = Vec::new();
    for (seed, game) in (1..).zip(Game::ALL) {
        let playing = played(game, seed, 300);
        assert!(playing.record().events.len() > 100, "{game:?} ended early");
        let id = format!("{}-{seed}", game.id());
        if let Some(writes) = autosaver.save(&id, summary_of(&playing), document(&playing)) {
            std::thread::spawn(move || writes.finish());
        }
        expected.push((id, playing));
    }
    autosaver.flush().unwrap();

    for (id, playing) in &expected {
        let saved: GameDocument = store.load_game(id).unwrap();
        assert_eq!(saved, document(playing), "{id}");
        let record = saved.record;
        let resumed = Match::replay(&record).unwrap();
        assert_eq!(resumed.position(), playing.position(), "{id}");
        assert_eq!(resumed.phase(), playing.phase(), "{id}");
        assert_eq!(resumed.values_left(), playing.values_left(), "{id}");
    }
    let listed: Vec<_> = store
        .list()
        .into_iter()
        .map(|listing| match listing {
            Listing::Good(game) => (game.id, game.summary),
            Listing::Bad { id, file } => panic!("{id}: {}", file.problem),
        })
        .collect();
    assert_eq!(listed.len(), Game::ALL.len());
    for (id, playing) in &expected {
        assert!(listed.contains(&(id.clone(), summary_of(playing))), "{id}");
    }
}

#[test]
fn a_save_whose_moves_no_longer_replay_is_reported_and_kept() {
    let scratch = Scratch::new("store-records-unplayable");
    let store = SaveStore::open(&scratch.0).unwrap();
    let playing = played(Game::Pagade, 7, 120);
    store
        .save_game("g1", &summary_of(&playing), &document(&playing))
        .unwrap();

    // As if the rules had changed since: the recorded throws no longer come
    // from the seed.
    let path = scratch.0.join("games/g1.json");
    let mut save: serde_json::Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    save["game"]["record"]["seed"] = 8.into();
    let changed = serde_json::to_vec(&save).unwrap();
    fs::write(&path, &changed).unwrap();

    let saved: GameDocument = store.load_game("g1").unwrap();
    assert!(Match::replay(&saved.record).is_err());
    let file = store.report_unplayable("g1").unwrap();
    assert_eq!(fs::read(&file.path).unwrap(), changed);
    let [Listing::Bad { id, file: listed }] = &store.list()[..] else {
        panic!("the save should be listed as bad")
    };
    assert_eq!(id, "g1");
    assert_eq!(
        listed.problem.to_string(),
        "This save's moves no longer replay in this version of Chaupar"
    );
    assert_eq!(
        store.load_game::<GameDocument>("g1"),
        Err(LoadProblem::Missing)
    );
}

#[test]
fn a_save_that_parts_from_the_rules_goes_on_from_the_start_of_that_turn() {
    let playing = played(Game::Pagade, 7, 120);
    let events = &playing.record().events;
    // As if the rules had changed since: a move of the game's 61st event
    // or later that these rules refuse (the pawn is not there).
    let k = (60..events.len())
        .find(|&i| matches!(events[i], Event::Move { .. }))
        .unwrap();
    let mut record = playing.record().clone();
    if let Event::Move { mv, .. } = &mut record.events[k] {
        mv.from = 84;
    }
    let Ok(Replayed::Part { game, dropped, why }) = Match::replay_as_far_as_possible(&record)
    else {
        panic!("the record should part from the rules");
    };
    assert_eq!(why, Match::replay(&record).unwrap_err());
    assert!(
        why.to_string().contains(&format!("event {}", k + 1)),
        "{why}"
    );
    // Back to the first throw of the turn the refused move is in: every
    // throw from there to it is that turn's.
    let kept = record.events.len() - dropped;
    assert!(kept <= k && matches!(record.events[kept], Event::Throw { .. }));
    let before_refused = Match::replay(&GameRecord {
        events: record.events[..k].to_vec(),
        ..record.clone()
    })
    .unwrap();
    let throws_since = record.events[kept..k]
        .iter()
        .filter(|e| matches!(e, Event::Throw { .. }))
        .count();
    assert_eq!(before_refused.turn().throws().len(), throws_since);
    assert_eq!(game.phase(), Phase::Throw);
    assert!(game.turn().throws().is_empty());
    // The same throws to come.
    let mut game = game;
    let Event::Throw { values, .. } = &record.events[kept] else {
        unreachable!()
    };
    assert_eq!(game.throw().throw.values(), values.as_slice());
    // A record that replays in full is whole; a start that is not valid is
    // refused.
    assert!(matches!(
        Match::replay_as_far_as_possible(playing.record()),
        Ok(Replayed::Whole(_))
    ));
    let mut foreign = playing.record().clone();
    foreign.options.insert("mode".into(), "5p".into());
    assert!(matches!(
        Match::replay_as_far_as_possible(&foreign),
        Err(ReplayError::Start(_))
    ));
}

#[test]
fn every_event_names_whose_turn_it_was_and_a_save_parts_where_they_differ() {
    let playing = played(Game::Pagade, 7, 120);
    let record = playing.record();
    let json = serde_json::to_value(record).unwrap();
    assert_eq!(json["events"][0]["kind"], "throw");
    assert_eq!(json["events"][0]["by"], "black");
    assert_eq!(json["events"][1]["kind"], "move");
    assert_eq!(json["events"][1]["by"], "black");
    let by = |e: &Event| match e {
        Event::Throw { by, .. } | Event::Move { by, .. } => by.clone().unwrap(),
    };
    // As if the rules had changed since and given the player another turn
    // where these rules pass the turn on: the first throw of the next
    // player's turn, 61st event or later, recorded as the same player's.
    let k = (60..record.events.len())
        .find(|&i| by(&record.events[i]) != by(&record.events[i - 1]))
        .unwrap();
    let (earlier, due) = (by(&record.events[k - 1]), by(&record.events[k]));
    let mut changed = record.clone();
    if let Event::Throw { by, .. } = &mut changed.events[k] {
        *by = Some(earlier.clone());
    }
    let Ok(Replayed::Part { game, dropped, why }) = Match::replay_as_far_as_possible(&changed)
    else {
        panic!("the record should part from the rules");
    };
    assert_eq!(
        why.to_string(),
        format!("event {} is {earlier}'s, but it is {due}'s turn", k + 1)
    );
    assert_eq!(dropped, record.events.len() - k, "from that turn's start");
    assert_eq!(game.position().colour_name(game.mover()), due);
    // A save of an earlier version names no one: it replays whole, and its
    // record names the players from then on.
    let unnamed = without_players(record);
    assert_eq!(Match::replay(&unnamed).unwrap().record(), record);
}

/// A record as an earlier version wrote it, naming no one.
fn without_players(record: &GameRecord) -> GameRecord {
    let mut unnamed = record.clone();
    for event in &mut unnamed.events {
        let (Event::Throw { by, .. } | Event::Move { by, .. }) = event;
        *by = None;
    }
    unnamed
}

/// Records of games of every game and mode, cut short or damaged at
/// random (`common::damaged`): each is refused when read, or refused with a
/// reason when replayed, or replays to a game that keeps the same record
/// and plays on without a fault.
#[test]
fn damaged_records_are_refused_or_replay_and_play_on() {
    let mut pick = SeededThrows::new(21);
    let (mut refused, mut replayed) = (0, 0);
    for game in Game::ALL {
        for &mode in game.modes() {
            let options = Options::new(game).with_mode(mode);
            let mut m = Match::new(game, options, 9).unwrap();
            play_on(&mut m, 80);
            let original = serde_json::to_value(m.record()).unwrap();
            for _ in 0..60 {
                // Cut short (as a save written mid-game is) or damaged.
                let doc = if pick.below(3) == 0 {
                    let mut short = original.clone();
                    let events = short["events"].as_array_mut().unwrap();
                    events.truncate(pick.below(events.len() + 1));
                    short
                } else {
                    damaged(&original, &mut pick)
                };
                let Ok(record) = serde_json::from_value::<GameRecord>(doc) else {
                    refused += 1;
                    continue;
                };
                match Match::replay(&record) {
                    Err(why) => {
                        assert!(!why.to_string().is_empty());
                        refused += 1;
                        // As far as it goes: the events before the start of
                        // the turn it parts in, and the game plays on.
                        if let Ok(Replayed::Part {
                            mut game,
                            dropped,
                            why: part_why,
                        }) = Match::replay_as_far_as_possible(&record)
                        {
                            assert_eq!(part_why, why);
                            let kept = record.events.len() - dropped;
                            assert_eq!(
                                without_players(game.record()).events,
                                without_players(&record).events[..kept]
                            );
                            assert!(game.turn().throws().is_empty(), "a turn's start");
                            play_on(&mut game, kept + 40);
                        }
                    }
                    Ok(mut again) => {
                        // Events that lost their player's name have it back.
                        assert_eq!(without_players(again.record()), without_players(&record));
                        play_on(&mut again, record.events.len() + 40);
                        replayed += 1;
                    }
                }
            }
        }
    }
    assert!(
        refused > 300 && replayed > 100,
        "{refused} refused, {replayed} replayed"
    );
}

/// A Chopat game under the false-pair rule played from `seed` until a move
/// names the standing pair true (chosen wherever one may), or `None` if
/// the game ends first.
fn naming_the_standing_pair(seed: u64) -> Option<Match> {
    let mut options = Options::new(Game::Chopat);
    options.set(Game::Chopat, "false_pair", "on").unwrap();
    let mut game = Match::new(Game::Chopat, options, seed).unwrap();
    loop {
        match game.phase() {
            Phase::Over => return None,
            Phase::Throw => {
                game.throw();
            }
            Phase::Move => {
                let moves = game.legal_moves();
                let standing = moves
                    .iter()
                    .find(|m| m.true_pair == Some(TruePair::Standing))
                    .copied();
                let choice = standing.unwrap_or(moves[game.record().events.len() % moves.len()]);
                game.play(choice).unwrap();
                if standing.is_some() {
                    return Some(game);
                }
            }
        }
    }
}

#[test]
fn a_chopat_record_keeps_the_true_pair_its_player_named() {
    let game = (1..200)
        .find_map(naming_the_standing_pair)
        .expect("some game forms a second pair");
    let text = serde_json::to_string(game.record()).unwrap();
    assert_eq!(text.matches(r#""true_pair":"standing""#).count(), 1);
    let record: GameRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(&record, game.record());
    assert_eq!(Match::replay(&record).unwrap().position(), game.position());
}
