//! The New game screen (the `Setup` global): the game, its mode and options,
//! who plays each seat, and the start.

use std::cell::RefCell;
use std::rc::Rc;

use slint::ComponentHandle;

use super::game::session::Session;
use super::setup::{SeatKind, Setup as Choices};
use super::shared::Shared;
use super::text::{game_name, game_named};
use super::{
    model, AppWindow, Colour, GameChoice, HouseRule, OptionData, Players, Screen, Screens,
    SeatData, Setup,
};
use crate::rules::{self, Game, Match, Mode};

pub(super) struct NewGame {
    shared: Rc<Shared>,
    /// The game, its options and who sits where.
    choices: RefCell<Choices>,
}

impl NewGame {
    /// The screen as it was left when the last game began from it.
    pub fn new(shared: Rc<Shared>) -> NewGame {
        let choices = (shared.settings.borrow().table.as_ref())
            .map_or_else(|| Choices::new(Game::Pagade), Choices::from_table);
        NewGame {
            shared,
            choices: RefCell::new(choices),
        }
    }

    /// The New game screen's choices and its Start.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let setup = window.global::<Setup>();
        let me = app.clone();
        setup.on_choose_game(move |name| me.new_game.change(|t| t.choose_game(game_named(name))));
        let me = app.clone();
        setup.on_choose_mode(move |players| {
            me.new_game.change(|t| {
                let mode = mode(players);
                if t.game.modes().contains(&mode) {
                    t.choose_mode(mode);
                }
            })
        });
        let me = app.clone();
        setup.on_rename_seat(move |i, name| {
            me.new_game.choices.borrow_mut().rename(i as usize, &name)
        });
        let me = app.clone();
        setup.on_choose_kind(move |i, played_by| {
            let kind = SeatKind::from_played_by(played_by);
            me.new_game.change(|t| t.choose_kind(i as usize, kind));
        });
        let me = app.clone();
        setup.on_next_colour(move |i| me.new_game.change(|t| t.next_colour(i as usize)));
        let me = app.clone();
        setup.on_choose_option(move |k, c| {
            me.new_game.change(|t| {
                let options = t.options();
                let info = &options[k as usize];
                let value = info.choices[c as usize].clone();
                t.choose_option(info.key, &value);
            })
        });
        let me = app.clone();
        setup.on_start(move || me.new_game.start(&me));
    }

    /// Opens the screen with `game` chosen.
    pub fn open_with(&self, app: &Rc<Screens>, game: Game) {
        self.change(|t| t.choose_game(game));
        app.home.go(app, Screen::NewGame);
    }

    /// Changes the choices and shows them.
    fn change(&self, f: impl FnOnce(&mut Choices)) {
        f(&mut self.choices.borrow_mut());
        self.show();
    }

    pub fn show(&self) {
        let setup = self.choices.borrow();
        let window = self.shared.window();
        let g = window.global::<Setup>();
        g.set_games(model(
            Game::ALL
                .iter()
                .map(|&game| GameChoice {
                    game: game_name(game),
                    regional: game.regional_names().join(" · ").into(),
                })
                .collect(),
        ));
        g.set_game(game_name(setup.game));
        g.set_cross(setup.game.is_cross());
        g.set_modes(model(
            setup.game.modes().iter().map(|&m| players(m)).collect(),
        ));
        g.set_mode(players(setup.options.mode));
        g.set_seats(model(
            (setup.players.iter().enumerate())
                .map(|(seat, p)| {
                    let (colours, partner) = setup.colours_of(p);
                    SeatData {
                        typed: setup.typed_name(seat).into(),
                        default_name: setup.default_name_data(seat),
                        colours: model(colours),
                        partner: partner.unwrap_or(Colour::None),
                        side: p.sides.first().map_or(0, |s| s.0 as i32),
                        kind: p.kind.played_by(),
                    }
                })
                .collect(),
        ));
        g.set_options(model(
            setup
                .options()
                .iter()
                .map(|o| OptionData {
                    rule: house_rule(o.rule.expect("every option but the mode is a house rule")),
                    choices: o.choices.len() as i32,
                    selected: setup.chosen(o) as i32,
                })
                .collect(),
        ));
    }

    fn start(&self, app: &Rc<Screens>) {
        let seed = app.game.take_seed();
        let (game, options, names, kinds) = {
            let table = self.choices.borrow();
            self.shared.settings.borrow_mut().table = Some(table.table());
            (
                table.game,
                table.options,
                table.names_by_side(),
                table.kinds_by_side(),
            )
        };
        self.shared.save_settings();
        match Match::new(game, options, seed) {
            Ok(m) => app.game.begin(app, Session::new(m, names, kinds)),
            Err(e) => eprintln!("chaupar: cannot start {game}: {e}"),
        }
    }
}

/// How many play in a mode, as the UI knows the modes.
fn players(mode: Mode) -> Players {
    match mode {
        Mode::TwoPlayer => Players::Two,
        Mode::ThreePlayer => Players::Three,
        Mode::FourPlayer => Players::Four,
        Mode::Teams => Players::Partnerships,
    }
}

/// The mode the New game screen chose.
fn mode(players: Players) -> Mode {
    match players {
        Players::Two => Mode::TwoPlayer,
        Players::Three => Mode::ThreePlayer,
        Players::Four => Mode::FourPlayer,
        Players::Partnerships => Mode::Teams,
    }
}

/// A house rule as the UI knows it.
fn house_rule(rule: rules::HouseRule) -> HouseRule {
    match rule {
        rules::HouseRule::Overshoot => HouseRule::Overshoot,
        rules::HouseRule::FalsePair => HouseRule::FalsePair,
        rules::HouseRule::KhadoKarvo => HouseRule::KhadoKarvo,
        rules::HouseRule::Board => HouseRule::Board,
        rules::HouseRule::Shells => HouseRule::Shells,
        rules::HouseRule::ThirdTopVoids => HouseRule::ThirdTopVoids,
        rules::HouseRule::BeforeHit => HouseRule::BeforeHit,
        rules::HouseRule::EntryThrows => HouseRule::EntryThrows,
    }
}
