//! The New game screen (the `Setup` global): the game, its mode and options,
//! who plays each seat, and the start.

use std::rc::Rc;

use slint::ComponentHandle;

use super::game::session::Session;
use super::setup::SeatKind;
use super::text::game_index;
use super::{model, new_seed, AppWindow, GameChoice, Inner, OptionData, SeatData, Setup};
use crate::rules::{Game, Match};

impl Inner {
    /// The New game screen's choices and its Start.
    pub(super) fn connect_setup(self: &Rc<Self>, window: &AppWindow) {
        let setup = window.global::<Setup>();
        let me = self.clone();
        setup.on_choose_game(move |i| {
            me.state
                .borrow_mut()
                .setup
                .choose_game(Game::ALL[i as usize]);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_choose_mode(move |i| {
            let mut st = me.state.borrow_mut();
            let mode = st.setup.game.modes()[i as usize];
            st.setup.choose_mode(mode);
            drop(st);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_rename_seat(move |i, name| me.state.borrow_mut().setup.rename(i as usize, &name));
        let me = self.clone();
        setup.on_choose_kind(move |i, k| {
            let kind = SeatKind::ALL[k.clamp(0, 3) as usize];
            me.state.borrow_mut().setup.choose_kind(i as usize, kind);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_next_colour(move |i| {
            me.state.borrow_mut().setup.next_colour(i as usize);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_choose_option(move |k, c| {
            let mut st = me.state.borrow_mut();
            let options = st.setup.options();
            let info = &options[k as usize];
            let value = info.choices[c as usize].clone();
            st.setup.choose_option(info.key, &value);
            drop(st);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_start(move || me.start_from_setup());
    }

    pub(super) fn show_setup(&self) {
        let st = self.state.borrow();
        let setup = &st.setup;
        let window = self.window();
        let g = window.global::<Setup>();
        g.set_games(model(
            Game::ALL
                .iter()
                .map(|game| GameChoice {
                    regional: game.regional_names().join(" · ").into(),
                })
                .collect(),
        ));
        g.set_game(game_index(setup.game));
        g.set_cross(setup.game.is_cross());
        let modes = setup.game.modes();
        g.set_modes(model(modes.iter().map(|&m| m as i32).collect()));
        g.set_mode(
            modes
                .iter()
                .position(|&m| m == setup.options.mode)
                .unwrap_or(0) as i32,
        );
        g.set_seats(model(
            (setup.players.iter().enumerate())
                .map(|(seat, p)| {
                    let (colours, partner) = setup.colours_of(p);
                    SeatData {
                        typed: setup.typed_name(seat).into(),
                        default_name: setup.default_name_data(seat),
                        colours: model(colours),
                        partner: partner.unwrap_or(-1),
                        side: p.sides.first().map_or(0, |s| s.0 as i32),
                        kind: p.kind.level_index(),
                    }
                })
                .collect(),
        ));
        g.set_options(model(
            setup
                .options()
                .iter()
                .map(|o| OptionData {
                    rule: o.rule.map_or(-1, |r| r as i32),
                    choices: model((0..o.choices.len() as i32).collect()),
                    selected: setup.chosen(o) as i32,
                })
                .collect(),
        ));
    }

    pub(super) fn start_from_setup(self: &Rc<Self>) {
        let (game, options, names, kinds, seed) = {
            let mut st = self.state.borrow_mut();
            let seed = st.next_seed.take().unwrap_or_else(new_seed);
            st.settings.table = Some(st.setup.table());
            (
                st.setup.game,
                st.setup.options,
                st.setup.names_by_side(),
                st.setup.kinds_by_side(),
                seed,
            )
        };
        self.save_settings();
        match Match::new(game, options, seed) {
            Ok(m) => self.begin(Session::new(m, names, kinds)),
            Err(e) => eprintln!("chaupar: cannot start {game}: {e}"),
        }
    }
}
