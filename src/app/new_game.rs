//! The New game screen (the `Setup` global): the game, its mode and options,
//! who plays each seat, and the start.

use std::rc::Rc;

use slint::{ComponentHandle, SharedString};

use super::game::session::Session;
use super::setup::SeatKind;
use super::{model, new_seed, AppWindow, GameChoice, Inner, OptionData, SeatData, Setup};
use crate::rules::{Game, Match};

/// About how wide `labels` are side by side in the choice buttons' bold
/// text, in logical pixels (a little over the common fonts' average: 10 a
/// letter or digit, 5 a space), so that a row of choices knows whether it
/// fits a phone's width: a row that would not is stacked instead.
fn labels_width<'a>(labels: impl IntoIterator<Item = &'a str>) -> f32 {
    labels
        .into_iter()
        .flat_map(str::chars)
        .map(|c| if c == ' ' { 5.0 } else { 10.0 })
        .sum()
}

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
            let value = info.choices[c as usize].0.clone();
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
                    id: game.id().into(),
                    title: game.title().into(),
                    regional: game.regional_names().join(" · ").into(),
                })
                .collect(),
        ));
        g.set_game(Game::ALL.iter().position(|&x| x == setup.game).unwrap_or(0) as i32);
        g.set_cross(setup.game.is_cross());
        let modes = setup.game.modes();
        g.set_modes(model(
            modes
                .iter()
                .map(|m| SharedString::from(m.label()))
                .collect(),
        ));
        g.set_modes_width(labels_width(modes.iter().map(|m| m.label())));
        g.set_mode(
            modes
                .iter()
                .position(|&m| m == setup.options.mode)
                .unwrap_or(0) as i32,
        );
        g.set_seats(model(
            setup
                .players
                .iter()
                .map(|p| SeatData {
                    name: p.name.as_str().into(),
                    colour: setup.colours_of(p).into(),
                    side: p.sides.first().map_or(0, |s| s.0 as i32),
                    kind: SeatKind::ALL.iter().position(|&k| k == p.kind).unwrap_or(0) as i32,
                })
                .collect(),
        ));
        g.set_kinds(model(
            SeatKind::ALL
                .iter()
                .map(|k| SharedString::from(k.label()))
                .collect(),
        ));
        g.set_kinds_width(labels_width(SeatKind::ALL.iter().map(|k| k.label())));
        g.set_options(model(
            setup
                .options()
                .iter()
                .map(|o| OptionData {
                    key: o.key.into(),
                    label: o.label.into(),
                    help: o.help.into(),
                    choices: model(
                        o.choices
                            .iter()
                            .map(|(_, label)| SharedString::from(label.as_str()))
                            .collect(),
                    ),
                    choices_width: labels_width(o.choices.iter().map(|(_, l)| l.as_str())),
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
