//! The Game screen (the `Play` global): the board, the tray and the log of
//! the game in progress; throws, taps and moves, each shown as it happens;
//! and the computer's turns. The game itself is a [`Session`]; how a tap
//! becomes a move is in `selection`, how the game is told in `narration`.

mod board_view;
mod computer;
mod narration;
mod notices;
pub(super) mod pace;
mod pawns;
pub(super) mod race;
mod selection;
pub(super) mod session;
// Read the words the UI makes of the game, on Slint's testing backend.
#[cfg(all(test, feature = "ui-tests"))]
mod tests;

use std::rc::Rc;

use slint::ComponentHandle;

use super::text::game_index;
use super::{after, model, new_seed, update, AppWindow, Inner, Screen, State};
use pace::Pace;
use super::{DieData, LogLine, MoveChoice, Notice, PawnData, Play, ThrowCall};
use crate::board::{Cell, Side};
use crate::dice::{Implement, Throw};
use crate::rules::{Game, Match, Move, ThrowName};
use crate::store::SaveStore;
use board_view::Layout;
use session::{Prompt, Session};

/// How long a refused pawn shakes.
const SHAKE_MS: u64 = 450;

/// The most lines of the log the game screen is given: more than the
/// tallest panel shows, however long the game.
pub const LOG_SHOWN: usize = 150;

/// The pieces in the tray: a throw as it fell, or the implement at rest.
fn tray(implement: Implement, throw: Option<Throw>) -> Vec<DieData> {
    match (implement, throw) {
        (Implement::Cowries(_), Some(t)) => t
            .shells()
            .map(|up| DieData {
                kind: 2,
                value: 0,
                mouth_up: up,
            })
            .collect(),
        (Implement::Cowries(n), None) => (0..n)
            .map(|i| DieData {
                kind: 2,
                value: 0,
                mouth_up: i % 2 == 0,
            })
            .collect(),
        (dice, t) => {
            let kind = if dice == Implement::StickDice { 0 } else { 1 };
            let rest = vec![1u8; dice.values_per_throw()];
            let values = t.map(|t| t.values().to_vec()).unwrap_or(rest);
            values
                .into_iter()
                .map(|value| DieData {
                    kind,
                    value: value as i32,
                    mouth_up: false,
                })
                .collect()
        }
    }
}

impl Inner {
    /// The Game screen's buttons and taps.
    pub(super) fn connect_play(self: &Rc<Self>, window: &AppWindow) {
        let play = window.global::<Play>();
        let me = self.clone();
        play.on_throw(move |speed| {
            if me.persons_turn() {
                me.throw(speed);
            }
        });
        let me = self.clone();
        play.on_pass_turn(move || {
            if me.persons_turn() {
                me.pass_turn();
            }
        });
        let me = self.clone();
        play.on_hint(move || me.ask_hint());
        let me = self.clone();
        play.on_take_back(move || me.take_back());
        let me = self.clone();
        play.on_tap_pawn(move |id| {
            me.answer(|s| s.tap_pawn(id as usize), Some(id));
        });
        let me = self.clone();
        play.on_tap_cell(move |cell| {
            me.answer(|s| s.tap_cell(Cell(cell as u8)), None);
        });
        let me = self.clone();
        play.on_choose(move |i| {
            let mv = me
                .state
                .borrow()
                .session
                .as_ref()
                .and_then(|s| s.offered.get(i as usize).copied());
            if let Some(mv) = mv.filter(|_| me.persons_turn()) {
                me.play(mv);
            }
        });
        let me = self.clone();
        play.on_restart(move || me.restart());
        let me = self.clone();
        play.on_show_rules(move || {
            let game = me.state.borrow().session.as_ref().map(|s| s.game.game());
            if let Some(game) = game {
                let index = Game::ALL.iter().position(|g| *g == game).unwrap_or(0);
                me.show_rules(index);
            }
            me.open_rules(Screen::Game);
        });
        let me = self.clone();
        play.on_quit(move || me.go(Screen::Home));
    }

    /// Whether a person is to act now (taps in a computer's turn do nothing).
    pub(super) fn persons_turn(&self) -> bool {
        self.state
            .borrow()
            .session
            .as_ref()
            .is_some_and(|s| !s.mover_kind().is_computer())
    }

    /// Lets the turn go: a turn that passed, acknowledged, or Khado
    /// Karvo declined.
    pub(super) fn pass_turn(self: &Rc<Self>) {
        let declined = {
            let mut st = self.state.borrow_mut();
            let Some(s) = st.session.as_mut() else { return };
            // Asked before the pass is acknowledged: a Khado Karvo choice
            // that comes next is its player's to make.
            let declined = s.is_khado_karvo();
            s.acknowledge_pass();
            declined
        };
        if declined {
            self.play(Move::MISS_TURN);
            return;
        }
        self.show_game();
        self.next();
    }

    pub(super) fn take_back(self: &Rc<Self>) {
        {
            let mut st = self.state.borrow_mut();
            if st.pace.is_moving() {
                return;
            }
            let Some(s) = st.session.as_mut() else { return };
            if !s.take_back() {
                return;
            }
        }
        self.autosave();
        self.show_game();
    }

    /// A new game of the same kind with the same players.
    pub(super) fn restart(self: &Rc<Self>) {
        let again = {
            let mut st = self.state.borrow_mut();
            let seed = st.next_seed.take().unwrap_or_else(new_seed);
            st.session.as_ref().map(|s| {
                let p = s.position();
                (p.game(), *p.options(), s.names.clone(), s.kinds, seed)
            })
        };
        if let Some((game, options, names, kinds, seed)) = again {
            match Match::new(game, options, seed) {
                Ok(m) => self.begin(Session::new(m, names, kinds)),
                Err(e) => eprintln!("chaupar: cannot restart {game}: {e}"),
            }
        }
    }

    /// Makes `session` the game in progress and shows it. A new game gets
    /// its save id here and is saved at once.
    pub(super) fn begin(self: &Rc<Self>, mut session: Session) {
        if session.save_id.is_none() {
            // The store numbers ids by the files it finds: the last game's
            // first save must be on disk, or two games could share an id.
            self.flush_saves();
            session.save_id = self.store.as_ref().map(SaveStore::new_game_id);
        }
        self.stop_pacing();
        {
            let mut st = self.state.borrow_mut();
            if session.position().is_over() {
                st.pace = Pace::Over;
            }
            st.session = Some(session);
        }
        self.autosave();
        // A new board: its pawns appear in place rather than gliding in,
        // and no throw of the last game is still tumbling.
        self.pawns.set_vec(Vec::new());
        self.window().global::<Play>().set_tumbling(false);
        self.show_game();
        self.go(Screen::Game);
    }

    pub(super) fn throw(self: &Rc<Self>, fling: f32) {
        let tumble = {
            let mut st = self.state.borrow_mut();
            let tumble = st.settings.speed.tumble_ms();
            let idle = st.pace == Pace::Idle;
            let Some(s) = st.session.as_mut().filter(|s| idle && s.can_throw()) else {
                return;
            };
            let thrown = s.throw();
            let implement = s.implement();
            self.outputs.throw(&thrown, implement, fling, tumble as u32);
            if tumble > 0 {
                st.pace = Pace::Tumbling;
            }
            tumble
        };
        self.autosave();
        let window = self.window();
        let play = window.global::<Play>();
        play.set_fling(fling.clamp(0.0, 1.0));
        self.show_tray();
        if tumble > 0 {
            play.set_tumbling(true);
            play.set_busy(true);
            self.wait(tumble);
        } else {
            self.show_game();
            self.next();
        }
    }

    /// Carries out a tap's answer: a move to play, a choice shown, or the
    /// reason the tap did nothing (with a shake of the pawn tapped).
    pub(super) fn answer(
        self: &Rc<Self>,
        f: impl FnOnce(&mut Session) -> Result<Option<Move>, Notice>,
        pawn: Option<i32>,
    ) {
        let result = {
            let mut st = self.state.borrow_mut();
            if st.pace.is_moving() {
                return;
            }
            let Some(s) = st
                .session
                .as_mut()
                .filter(|s| !s.mover_kind().is_computer())
            else {
                return;
            };
            let result = f(s);
            if let Err(reason) = &result {
                s.notice = reason.clone();
            }
            result
        };
        match result {
            Ok(Some(mv)) => self.play(mv),
            Ok(None) => self.show_game(),
            Err(_) => {
                self.outputs.refused();
                self.show_game();
                if let Some(id) = pawn {
                    let window = self.window();
                    let play = window.global::<Play>();
                    play.set_shaking(id);
                    let me = self.clone();
                    after(SHAKE_MS, move || {
                        me.window().global::<Play>().set_shaking(-1)
                    });
                }
            }
        }
    }

    pub(super) fn play(self: &Rc<Self>, mv: Move) {
        let step_ms = {
            let mut st = self.state.borrow_mut();
            let step_ms = st.settings.speed.step_ms();
            let Some(s) = st.session.as_mut() else { return };
            let ids = s.moving_ids(mv);
            let effects = match s.play(mv) {
                Ok(effects) => effects,
                Err(reason) => {
                    s.notice = reason;
                    drop(st);
                    self.outputs.refused();
                    self.show_game();
                    return;
                }
            };
            // The pawns walk square by square forward, else jump.
            let (steps, walk_ms) = match mv.to.checked_sub(mv.from) {
                Some(steps) if step_ms > 0 && steps > 0 => (steps, step_ms as u32),
                _ => (1, 0),
            };
            self.outputs.moved(&effects, s.position(), steps, walk_ms);
            if walk_ms > 0 {
                st.pace = Pace::Walking {
                    ids,
                    step: mv.from + 1,
                    to: mv.to,
                };
            }
            walk_ms
        };
        self.autosave();
        // The chosen pawn's squares and choices go; the turn shows as busy.
        self.show_game();
        if step_ms > 0 {
            self.wait(u64::from(step_ms));
        } else {
            self.finish_move();
        }
    }

    /// The move has been shown: the pawns stand where the engine has them.
    pub(super) fn finish_move(self: &Rc<Self>) {
        {
            let mut st = self.state.borrow_mut();
            st.pace = Pace::Idle;
            let Some(s) = st.session.as_mut() else { return };
            s.sync_pawns();
            s.select_only_move();
        }
        self.show_game();
        self.next();
    }

    pub(super) fn show_tray(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        let window = self.window();
        let play = window.global::<Play>();
        play.set_dice(model(tray(s.implement(), s.last_throw)));
        let p = s.position();
        let name = s
            .last_throw
            .and_then(|t| p.options().throw_name(p.game(), &t));
        play.set_throw_call(match name {
            None => ThrowCall::None,
            Some(ThrowName::Chamma) => ThrowCall::Chamma,
            Some(ThrowName::Ashta) => ThrowCall::Ashta,
            Some(ThrowName::Khim) => ThrowCall::Khim,
            Some(ThrowName::Doublet) => ThrowCall::Doublet,
        });
    }

    pub(super) fn layout(st: &State, s: &Session) -> Layout {
        let bottom = if st.settings.rotate_board {
            s.facing().unwrap_or(Side(0))
        } else {
            Side(0)
        };
        let p = s.position();
        Layout::new(p.board_kind(), bottom, p.options().entry_throws)
    }

    pub(super) fn show_pawns(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        let layout = Inner::layout(&st, s);
        // Walking pawns are drawn on the square they have reached.
        let mut pawns = s.pawns.clone();
        if let Pace::Walking { ids, step, .. } = &st.pace {
            for &id in ids {
                pawns[id].step = *step;
            }
        }
        let spots = layout.pawns(&pawns);
        // Nothing is lit for people to tap while the computer plays.
        let movable_steps: Vec<u8> = if st.pace.is_moving() || s.mover_kind().is_computer() {
            Vec::new()
        } else {
            s.legal_moves().iter().map(|m| m.from).collect()
        };
        let side = s.game.pawn_side();
        let rows = pawns
            .iter()
            .zip(spots)
            .map(|(&p, spot)| {
                let movable = p.side == side && movable_steps.contains(&p.step);
                let stack = pawns
                    .iter()
                    .filter(|q| q.side == p.side && q.step == p.step)
                    .count();
                // A stack is lit once, on its top pawn.
                let top = stack == 1 || spot.top_of > 0;
                PawnData {
                    movable: movable && top,
                    selected: top && p.side == side && Some(p.step) == s.selected,
                    jug: top && stack > 1 && s.position().flags(p.side).jug == Some(p.step),
                    false_pair: top && s.position().is_false_pair(p.side, p.step),
                    ..s.pawn_told(spot.pawn_data(p), p, stack, movable)
                }
            })
            .collect();
        update(&self.pawns, rows);
    }

    /// Everything the Game screen shows.
    pub(super) fn show_game(&self) {
        {
            let st = self.state.borrow();
            let Some(s) = st.session.as_ref() else { return };
            let layout = Inner::layout(&st, s);
            let window = self.window();
            let play = window.global::<Play>();
            let mover = s.mover();
            play.set_game(game_index(s.position().game()));
            play.set_cross(layout.is_cross());
            play.set_grid(layout.grid() as i32);
            play.set_margin(layout.margin());
            update(
                &self.cells,
                layout.cells(&s.targets(), s.trail(), s.kajalvun_square()),
            );
            let prompt = s.prompt();
            play.set_mover_side(mover.0 as i32);
            // The player's name, and the colour their pawns are this turn.
            play.set_mover_name(s.name_data(mover));
            play.set_mover_colour(s.colour(s.mover_pawns()));
            let computer = s.mover_kind().is_computer();
            play.set_prompt(s.ask());
            play.set_can_throw(s.can_throw() && !computer);
            let khado = s.is_khado_karvo();
            play.set_can_pass((prompt == Prompt::Passes || khado) && !computer);
            play.set_pass_optional(khado);
            let busy = st.pace.is_moving();
            play.set_can_hint(prompt == Prompt::Move && !computer && !busy && s.hint.is_none());
            play.set_can_take_back(s.can_take_back() && !busy);
            play.set_busy(busy);
            play.set_notice(s.notice.clone());
            let values = if s.passing.is_some() {
                Vec::new()
            } else {
                s.game.values_left().into_iter().map(i32::from).collect()
            };
            play.set_values(model(values));
            // A long list of ways is left to the highlighted squares.
            let offered = if s.offered.len() <= 4 {
                s.offered.as_slice()
            } else {
                &[]
            };
            play.set_choices(model(
                offered
                    .iter()
                    .enumerate()
                    .map(|(i, &mv)| MoveChoice {
                        index: i as i32,
                        r#move: s.describe(mv),
                    })
                    .collect(),
            ));
            play.set_standings(model(race::standings(s)));
            play.set_teams(model(race::teams(s)));
            let newest = &s.log[s.log.len().saturating_sub(LOG_SHOWN)..];
            // Each side's name once, not once a line.
            let names = Side::ALL.map(|side| s.name_data(side));
            update(
                &self.log,
                newest
                    .iter()
                    .map(|line| LogLine {
                        name: names[line.side as usize].clone(),
                        ..line.clone()
                    })
                    .collect(),
            );
        }
        self.show_tray();
        self.show_pawns();
        self.show_nav();
    }
}
