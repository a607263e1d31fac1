//! The language the app speaks: chosen on the Settings screen, every word
//! changes at once and the choice is kept. A test binary of its own: the
//! language spoken is the whole process's, so it must not change under
//! other tests running beside it.

mod ui_support;

use chaupar::app::{
    game_name, App, Ask, Colour, Cut, Dice, DiceImplement, Learn, LogLine, Logged, MoveText, Name,
    Nav, Notice, NoticeKind, Place, PlaceKind, Play, PlayedBy, Refusal, RuleBlock, RuleBlockKind,
    Rules, SavedGameData, Screen, Settings, Setup, StandingData, Telling, Words,
};
use chaupar::language::Language;
use chaupar::rules::{Game, Match};
use i_slint_backend_testing::ElementQuery;
use slint::{ComponentHandle, Model, ModelRc, SharedString, StyledText, VecModel};
use std::collections::HashSet;
use ui_support::*;

/// Whether `text` is written in Devanagari (Hindi's script).
fn devanagari(text: &str) -> bool {
    text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c))
}

/// The first line (the title) of the rules page the Rules screen shows.
fn rules_title(app: &App) -> String {
    let blocks = app.window().global::<Rules>().get_blocks();
    blocks.row_data(0).expect("a rules page").plain.to_string()
}

/// Choosing a language on the Settings screen changes every screen at
/// once, the rules pages included, and is kept; the device's language is
/// one choice among them; `--lang` speaks a language for one run only.
#[test]
fn the_app_in_every_language() {
    use_testing_backend(false);
    the_language_chosen_changes_every_word_at_once_and_is_kept();
    every_screen_renders_in_every_language();
    every_inflected_sentence_renders_in_every_language();
    every_games_first_lesson_renders_in_every_language();
}

/// Each screen in each language at phone and desktop sizes, as PNGs under
/// target/screenshots/ for anyone to look at.
fn every_screen_renders_in_every_language() {
    let dir = fresh_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    // Dice counts for the Dice screen: stick dice with double sixes too
    // often, four cowries as the odds say.
    std::fs::write(
        dir.join("dice.json"),
        r#"{"format":"chaupar-save","version":1,"kind":"dice","saved_at":1,"dice":{
            "stick-dice":{"1-1":10,"1-3":15,"1-4":15,"1-6":20,"3-3":10,"3-4":15,
                          "3-6":20,"4-4":10,"4-6":20,"6-6":25},
            "cowries-4":{"0":10,"1":40,"2":60,"3":40,"4":10}}}"#,
    )
    .unwrap();
    let app = open_app(&dir);
    app.seed_next_game(4);
    // A game some turns in, a tap refused: the game screen's banner,
    // notice, players and log, and a game in the Saved games list.
    set_window_size(&app, 1280.0, 800.0);
    press(&app, "New game");
    // A name typed in Latin letters, as families often do, amid every
    // language's script.
    app.window()
        .global::<Setup>()
        .invoke_rename_seat(1, "Asha".into());
    press(&app, "Start the game");
    for _ in 0..12 {
        take_a_turn_step(&app);
    }
    app.window().global::<Play>().invoke_tap_pawn(0);
    settle();
    // Every label that does not fit, on any screen in any language.
    let mut cramped = Vec::new();
    for language in Language::ALL {
        app.speak_for_this_run(Some(language));
        for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
            set_window_size(&app, w, h);
            let nav = app.window().global::<Nav>();
            for (screen, name) in [
                (Screen::Home, "home"),
                (Screen::Settings, "settings"),
                (Screen::NewGame, "new-game"),
                (Screen::Rules, "rules"),
                (Screen::SavedGames, "saved-games"),
                (Screen::Learn, "learn"),
                (Screen::Game, "game"),
            ] {
                if screen == Screen::SavedGames {
                    // Listed afresh: the game in progress among them.
                    nav.invoke_show_saved_games();
                } else if screen == Screen::Learn {
                    nav.invoke_show_learn();
                } else {
                    nav.set_screen(screen);
                }
                settle();
                let shot = save_png(&app, &format!("{language}-{size}-{name}"));
                let colours: HashSet<(u8, u8, u8)> =
                    shot.as_slice().iter().map(|p| (p.r, p.g, p.b)).collect();
                assert!(colours.len() > 20, "{language} {name} is nearly blank");
                for label in overflowing(&app) {
                    cramped.push(format!("{language} {size} {name}: {label:?}"));
                }
            }
            // The Dice screen, opened from Settings, for dice and cowries.
            nav.set_screen(Screen::Settings);
            let dice = app.window().global::<Dice>();
            dice.invoke_open();
            for (implement, name) in [
                (DiceImplement::StickDice, "dice-stick"),
                (DiceImplement::FourCowries, "dice-cowries"),
            ] {
                dice.invoke_choose(implement);
                settle();
                save_png(&app, &format!("{language}-{size}-{name}"));
                for label in overflowing(&app) {
                    cramped.push(format!("{language} {size} {name}: {label:?}"));
                }
            }
            dice.invoke_back();
            // Every game's rules page: its title the page's own, in this
            // language.
            nav.set_screen(Screen::Rules);
            let rules = app.window().global::<Rules>();
            for game in Game::ALL {
                rules.invoke_choose(game_name(game));
                settle();
                let title = rules.get_blocks().row_data(0).expect("a page").plain;
                assert_eq!(title, chaupar::rules_pages::title(game, language).as_str());
                save_png(&app, &format!("{language}-{size}-rules-{}", game.id()));
            }
            rules.invoke_choose(game_name(Game::ALL[0]));
        }
    }
    // Game over, a four-player Pagade played to its end.
    app.speak_for_this_run(Some(Language::English));
    app.start(
        Match::from_position(late_pagade(), 3),
        ["Asha", "Ravi", "", ""].map(String::from),
        Default::default(),
    );
    play_to_the_end(&app);
    for language in Language::ALL {
        app.speak_for_this_run(Some(language));
        for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
            set_window_size(&app, w, h);
            save_png(&app, &format!("{language}-{size}-game-over"));
            for label in overflowing(&app) {
                cramped.push(format!("{language} {size} game over: {label:?}"));
            }
        }
    }
    app.speak_for_this_run(Some(Language::English));
    assert!(
        cramped.is_empty(),
        "labels that do not fit:\n{}",
        cramped.join("\n")
    );
}

fn the_language_chosen_changes_every_word_at_once_and_is_kept() {
    let dir = fresh_data_dir();
    let app = open_app(&dir);
    press(&app, "Settings");
    assert!(
        labelled(&app, "हिन्दी").is_some(),
        "each language by its own name"
    );
    assert!(labelled(&app, "தமிழ்").is_some());
    press(&app, "हिन्दी");
    assert_eq!(app.window().global::<Settings>().get_language(), 2);
    // Every text in the Devanagari font bundled (a line in one font is
    // measured as it is drawn).
    assert_eq!(
        app.window().global::<Settings>().get_font_family(),
        "Noto Sans Devanagari"
    );
    // The Settings page itself, then Home, in Hindi.
    assert!(labelled(&app, "Animation speed Off").is_none());
    press_back(&app);
    assert!(labelled(&app, "New game").is_none(), "Home speaks Hindi");
    let buttons: Vec<String> = starting(&app, "")
        .iter()
        .filter_map(|e| e.accessible_label())
        .map(|l| l.to_string())
        .collect();
    assert!(
        buttons.iter().filter(|l| devanagari(l)).count() >= 4,
        "{buttons:?}"
    );
    // The rules page in Hindi, word for word the page in docs/rules/hi.
    let hindi_page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules/hi/chopat.md"),
    )
    .unwrap();
    let title = hindi_page.lines().next().unwrap().trim_start_matches("# ");
    assert_eq!(rules_title(&app), title);
    // A game in Hindi: the New game screen's games, modes and options, a
    // refused tap's reason and the log.
    let nav = app.window().global::<Nav>();
    nav.invoke_new_game();
    settle();
    let pagade = ElementQuery::from_root(app.window())
        .match_descendants()
        .match_predicate(|e| {
            e.accessible_label()
                .is_some_and(|l| l.ends_with(": ಪಗಡೆ · Pachisi · Sokkattan · Pagdi Pat"))
        })
        .find_first()
        .and_then(|e| e.accessible_label())
        .expect("Pagade's button");
    assert!(devanagari(&pagade), "the games' names in Hindi: {pagade}");
    assert!(labelled(&app, "Players: 2 players").is_none());
    app.window().global::<Setup>().invoke_start();
    settle();
    let play = app.window().global::<Play>();
    play.invoke_tap_pawn(0);
    settle();
    let refused = notice_said(&app);
    assert!(devanagari(&refused), "{refused}");
    play.invoke_throw(0.5);
    settle();
    let log = log_lines(&app);
    assert!(
        !log.is_empty() && log.iter().all(|(_, l)| devanagari(l)),
        "{log:?}"
    );
    let (players, _) = race_said(&app);
    assert!(players.iter().all(|l| devanagari(l)), "{players:?}");
    // Switched back to English mid-game, the same log speaks English.
    app.speak_for_this_run(Some(Language::English));
    let english = log_lines(&app);
    assert!(english.iter().all(|(_, l)| !devanagari(l)), "{english:?}");
    assert_eq!(app.window().global::<Settings>().get_font_family(), "");
    assert!(english[0].1.contains(": threw "), "{english:?}");
    drop(app);

    // Kept across a restart, and --lang overrides it for one run.
    let again = App::new(Some(dir)).expect("the window opens");
    assert_eq!(again.window().global::<Settings>().get_language(), 2);
    assert!(devanagari(&rules_title(&again)));
    again.speak_for_this_run(Some(Language::English));
    assert_eq!(rules_title(&again), "Chopat");
    assert!(labelled(&again, "New game").is_some());
    assert_eq!(
        again.window().global::<Settings>().get_language(),
        2,
        "not saved"
    );
    again.speak_for_this_run(None);
    assert!(devanagari(&rules_title(&again)), "back to the saved choice");
    // English chosen on the Settings screen (its buttons speak Hindi now).
    again
        .window()
        .global::<Settings>()
        .invoke_choose_language(1);
    settle();
    assert!(labelled(&again, "New game").is_some());
    assert_eq!(rules_title(&again), "Chopat");
}

/// The name typed for a player in the sentences below, in Latin letters.
const TYPED: &str = "Asha";

fn list<T: Clone + 'static>(items: Vec<T>) -> ModelRc<T> {
    ModelRc::new(VecModel::from(items))
}

/// The pawns' colours of both boards.
const COLOURS: [Colour; 5] = [
    Colour::Black,
    Colour::Red,
    Colour::Yellow,
    Colour::Green,
    Colour::Blue,
];

/// The colour `by` places after `colour` among [`COLOURS`], round again
/// after Blue.
fn colour_after(colour: Colour, by: usize) -> Colour {
    let at = COLOURS.iter().position(|&c| c == colour);
    COLOURS[(at.expect("a board's colour") + by) % COLOURS.len()]
}

/// A player's name of each kind: typed, a seat's default (a person's, a
/// computer's), and none, which is the colour played.
fn every_kind_of_name(colour: Colour) -> [Name; 4] {
    [
        Name {
            typed: TYPED.into(),
            colour,
            ..Default::default()
        },
        Name {
            seat: 2,
            colour,
            ..Default::default()
        },
        Name {
            seat: 3,
            played_by: PlayedBy::Hard,
            colour,
            ..Default::default()
        },
        Name {
            colour,
            ..Default::default()
        },
    ]
}

/// Every sentence into which the app puts a colour or a player's name, in
/// the language spoken: each colour as an owner, counted and cut, and
/// each kind of name as an owner or a doer.
fn inflected_sentences(app: &App) -> Vec<SharedString> {
    let window = app.window();
    let (words, telling) = (window.global::<Words>(), window.global::<Telling>());
    let asha = every_kind_of_name(Colour::Black)[0].clone();
    let mut said = Vec::new();
    for colour in COLOURS {
        let other = colour_after(colour, 1);
        said.push(words.invoke_seat_colours(list(vec![colour]), other));
        said.push(words.invoke_saved_summary(SavedGameData {
            seats: list(vec![asha.clone()]),
            homes: list(vec![Cut { colour, pawns: 2 }]),
            to_move: asha.clone(),
            year: 2026,
            month: 11,
            day: 21,
            ..Default::default()
        }));
        // A finished partner's pair, sending back one, two and three pawns.
        for (pawns, hit) in [(1, false), (2, true), (3, false), (3, true)] {
            said.push(telling.invoke_log_line(LogLine {
                name: asha.clone(),
                logged: Logged::Moved,
                r#move: MoveText {
                    pawns: 2,
                    partner: colour,
                    values: "3 + 3".into(),
                    from: Place {
                        kind: PlaceKind::Square,
                        number: 12,
                    },
                    to: Place {
                        kind: PlaceKind::Square,
                        number: 18,
                    },
                    known: true,
                    hit,
                    cuts: list(vec![Cut {
                        colour: other,
                        pawns,
                    }]),
                    ..Default::default()
                },
                ..Default::default()
            }));
        }
        said.push(telling.invoke_status(StandingData {
            place: 1,
            partnership: true,
            partner: colour,
            ..Default::default()
        }));
        said.push(telling.invoke_notice(Notice {
            kind: NoticeKind::Refused,
            refusal: Refusal::NotYours,
            name: asha.clone(),
            colour,
            mover_colour: other,
            ..Default::default()
        }));
        name_sentences(app, every_kind_of_name(colour)[3].clone(), &mut said);
    }
    for name in &every_kind_of_name(Colour::Red)[..3] {
        name_sentences(app, name.clone(), &mut said);
    }
    said
}

/// The sentences with a player's name as an owner or a doer.
fn name_sentences(app: &App, name: Name, said: &mut Vec<SharedString>) {
    let window = app.window();
    let (words, telling) = (window.global::<Words>(), window.global::<Telling>());
    let partner = every_kind_of_name(colour_after(name.colour, 2))[3].clone();
    let throw = words.invoke_ask(Ask::Throw);
    said.push(words.invoke_headline(list(vec![name.clone()])));
    said.push(words.invoke_headline(list(vec![name.clone(), partner])));
    said.push(telling.invoke_turn(name.clone(), name.colour, throw.clone()));
    said.push(telling.invoke_turn(name.clone(), colour_after(name.colour, 1), throw));
    said.push(telling.invoke_throw_for(name.clone()));
    said.push(telling.invoke_notice(Notice {
        kind: NoticeKind::TookBack,
        name: name.clone(),
        ..Default::default()
    }));
    said.push(words.invoke_saved_summary(SavedGameData {
        seats: list(vec![name.clone()]),
        moves: 12,
        to_move: name,
        year: 2026,
        month: 11,
        day: 21,
        ..Default::default()
    }));
}

/// Where a typed name stands in a sentence, the letters on either side of
/// it: none, since no language's ending can be joined to it.
fn letters_beside_typed_name(sentence: &str) -> Option<(char, char)> {
    sentence.match_indices(TYPED).find_map(|(at, _)| {
        let before = sentence[..at].chars().next_back().unwrap_or(' ');
        let after = sentence[at + TYPED.len()..].chars().next().unwrap_or(' ');
        let joined =
            |c: char| c.is_alphanumeric() || c == '-' || ('\u{0900}'..='\u{0DFF}').contains(&c);
        (joined(before) || joined(after)).then_some((before, after))
    })
}

/// Every sentence with an inserted colour or name, in every language with
/// each colour and each kind of name, shown as the paragraphs of a page
/// (`target/screenshots/<code>-inflections.png`, the sentences also in
/// `<code>-inflections.txt`) for a reader of the language to look at: each
/// is translated whole (no English word left but the typed name), and no
/// ending is joined to a typed name.
fn every_inflected_sentence_renders_in_every_language() {
    let app = open_app(&fresh_data_dir());
    let rules = app.window().global::<Rules>();
    app.window().global::<Nav>().set_screen(Screen::Rules);
    for language in Language::ALL {
        app.speak_for_this_run(Some(language));
        let said = inflected_sentences(&app);
        for sentence in &said {
            assert!(!sentence.contains('{'), "{language}: {sentence}");
            if language != Language::English {
                let rest = sentence.replace(TYPED, "");
                assert!(
                    !rest.chars().any(|c| c.is_ascii_alphabetic()),
                    "{language}: an English word in {sentence:?}"
                );
            }
            assert_eq!(
                letters_beside_typed_name(sentence),
                None,
                "{language}: an ending joined to a typed name in {sentence:?}"
            );
        }
        let blocks: Vec<RuleBlock> = said
            .iter()
            .map(|sentence| {
                // A line mixing scripts is laid out word by word, as the
                // rules pages do.
                let mixed = sentence.contains(TYPED) && language != Language::English;
                RuleBlock {
                    kind: RuleBlockKind::Paragraph,
                    text: StyledText::from_plain_text(sentence),
                    words: list(if mixed {
                        sentence
                            .split(' ')
                            .map(StyledText::from_plain_text)
                            .collect()
                    } else {
                        Vec::new()
                    }),
                    plain: sentence.clone(),
                }
            })
            .collect();
        rules.set_blocks(list(blocks));
        set_window_size(&app, 1280.0, 200.0 + 48.0 * said.len() as f32);
        settle();
        let shot = save_png(&app, &format!("{language}-inflections"));
        let colours: HashSet<(u8, u8, u8)> =
            shot.as_slice().iter().map(|p| (p.r, p.g, p.b)).collect();
        assert!(colours.len() > 20, "{language}: nearly blank");
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots");
        let text: Vec<&str> = said.iter().map(|s| s.as_str()).collect();
        std::fs::write(
            dir.join(format!("{language}-inflections.txt")),
            text.join("\n"),
        )
        .unwrap();
    }
    app.speak_for_this_run(Some(Language::English));
}

/// The first screen of each game's first lesson, in each language at phone
/// and desktop sizes, as PNGs under target/screenshots/: the step's
/// sentence, the board and the tray fit.
fn every_games_first_lesson_renders_in_every_language() {
    let app = open_app(&fresh_data_dir());
    let mut cramped = Vec::new();
    for game in Game::ALL {
        app.window().global::<Nav>().invoke_show_learn();
        let learn = app.window().global::<Learn>();
        learn.invoke_choose(game_name(game));
        learn.invoke_open(0);
        settle();
        assert_eq!(app.window().global::<Nav>().get_screen(), Screen::Game);
        for language in Language::ALL {
            app.speak_for_this_run(Some(language));
            for (size, w, h) in [("phone", 390.0, 844.0), ("desktop", 1280.0, 800.0)] {
                set_window_size(&app, w, h);
                save_png(&app, &format!("{language}-{size}-lesson-{}", game.id()));
                for label in overflowing(&app) {
                    cramped.push(format!("{language} {size} {game} lesson: {label:?}"));
                }
            }
        }
        app.speak_for_this_run(Some(Language::English));
    }
    assert!(
        cramped.is_empty(),
        "labels that do not fit:\n{}",
        cramped.join("\n")
    );
}
