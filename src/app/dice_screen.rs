//! The Dice screen: how often each outcome of an implement came up in the
//! game in progress (from its record) and in every game on this device (the
//! store's `dice.json`), beside the odds of fair dice, with the verdict of
//! [`crate::dice_counts`]. The screen's words are all in
//! `ui/pages/dice.slint`; this hands it numbers.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use slint::{ComponentHandle, ModelRc};

use crate::dice::Implement;
use crate::dice_counts::{Bar, Counts, Verdict};
use crate::rules::{Event, Match};
use crate::store::{DiceTotals, Problem, SaveStore};

use super::game::session::Session;
use super::shared::Shared;
use super::{
    model, AppWindow, Dice, DiceBar, DiceFileProblem, DiceImplement, DiceTally, DiceVerdict,
    Screen, Screens,
};

/// The device's totals as the app keeps them between writes, and the
/// screen's own state.
pub(super) struct DiceScreen {
    shared: Rc<Shared>,
    totals: RefCell<DiceTotals>,
    /// Throws counted since the totals were last written.
    unsaved: Cell<bool>,
    problem: Cell<DiceFileProblem>,
    /// The implement shown when the screen is opened from Settings.
    chosen: Cell<Implement>,
    /// Where the screen was opened from, where Back goes.
    came_from: Cell<Screen>,
}

impl DiceScreen {
    /// The totals kept in the data folder. A bad file has been set aside
    /// and counting starts afresh; the screen says so.
    pub fn new(shared: Rc<Shared>) -> DiceScreen {
        let (totals, problem) = match shared.store.as_ref().map(SaveStore::dice_totals) {
            Some(Ok(totals)) => (totals, DiceFileProblem::None),
            Some(Err(bad)) => {
                eprintln!(
                    "chaupar: {} (the dice counts, set aside as {})",
                    bad.problem,
                    bad.path.display()
                );
                let problem = match bad.problem {
                    Problem::Unreadable { .. } => DiceFileProblem::Unreadable,
                    Problem::Newer => DiceFileProblem::Newer,
                    _ => DiceFileProblem::Damaged,
                };
                (DiceTotals::default(), problem)
            }
            None => (DiceTotals::default(), DiceFileProblem::NotSaved),
        };
        DiceScreen {
            shared,
            totals: RefCell::new(totals),
            unsaved: Cell::new(false),
            problem: Cell::new(problem),
            chosen: Cell::new(Implement::StickDice),
            came_from: Cell::new(Screen::Home),
        }
    }

    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let dice = window.global::<Dice>();
        let me = app.clone();
        dice.on_open(move || me.dice.open(&me));
        let me = app.clone();
        dice.on_choose(move |choice| {
            me.dice.chosen.set(implement_of(choice));
            me.dice.show(&me);
        });
        let me = app.clone();
        dice.on_reset(move || me.dice.reset(&me));
        let me = app.clone();
        dice.on_back(move || me.dice.close(&me));
    }

    /// Counts the throws of the game in progress `s` that the device's
    /// totals do not hold yet (after each save of the game), and shows them
    /// if the screen is open.
    pub fn count_throws(&self, app: &Screens, s: &Session) {
        // A lesson's throws are scripted, not the dice's.
        let (Some(id), Some(game)) = (s.save_id(), s.game()) else {
            return;
        };
        let counted = (self.totals.borrow_mut()).count_game(id, s.implement(), throws_of(game));
        if counted {
            self.unsaved.set(true);
            if self.shared.screen() == Screen::Dice {
                self.show(app);
            }
        }
    }

    /// Writes the device's totals if throws were counted since they were
    /// last written (when the app saves what is waiting: it pauses or
    /// closes, a game begins or is left).
    pub fn save_totals(&self) {
        let Some(store) = &self.shared.store else {
            return;
        };
        if !self.unsaved.get() {
            return;
        }
        match store.save_dice_totals(&self.totals.borrow()) {
            Ok(()) => {
                self.unsaved.set(false);
                if self.problem.get() == DiceFileProblem::NotSaved {
                    self.problem.set(DiceFileProblem::None);
                }
            }
            Err(e) => {
                eprintln!("chaupar: could not save the dice counts: {e}");
                self.problem.set(DiceFileProblem::NotSaved);
            }
        }
    }

    /// Opens the screen from where the player is: from a game, for its
    /// implement; from Settings, for the implement last chosen there.
    fn open(&self, app: &Rc<Screens>) {
        let from = self.shared.screen();
        if from != Screen::Dice {
            self.came_from.set(from);
        }
        self.show(app);
        app.home.go(app, Screen::Dice);
    }

    pub fn close(&self, app: &Rc<Screens>) {
        app.home.go(app, self.came_from.get());
    }

    fn reset(&self, app: &Screens) {
        self.totals.borrow_mut().reset();
        self.unsaved.set(true);
        self.save_totals();
        self.show(app);
    }

    fn show(&self, app: &Screens) {
        // The game in progress, when the screen was opened from it.
        let game = (self.came_from.get() == Screen::Game)
            .then(|| {
                (app.game).with_session(|s| {
                    let game = s.game()?;
                    Some((s.implement(), Counts::of(s.implement(), throws_of(game))))
                })
            })
            .flatten()
            .flatten();
        let implement = game.as_ref().map_or(self.chosen.get(), |(i, _)| *i);
        let window = self.shared.window();
        let dice = window.global::<Dice>();
        dice.set_implement(choice_of(implement));
        dice.set_from_game(game.is_some());
        if let Some((_, counts)) = &game {
            dice.set_game(tally(counts));
        }
        dice.set_device(tally(self.totals.borrow().counts(implement)));
        dice.set_problem(self.problem.get());
    }
}

/// Every throw of a game in the order drawn: the throws for who starts
/// (the Chaupars), then those of its record.
fn throws_of(game: &Match) -> impl Iterator<Item = &[u8]> {
    let opening = game.opening_throws().iter().map(|(_, t)| t.values());
    let recorded = game.record().events.iter().filter_map(|e| match e {
        Event::Throw { values, .. } => Some(values.as_slice()),
        Event::Move { .. } => None,
    });
    opening.chain(recorded)
}

fn tally(counts: &Counts) -> DiceTally {
    let (verdict, n) = match counts.verdict() {
        Verdict::TooFew { more_needed } => (DiceVerdict::TooFew, more_needed),
        Verdict::Fair => (DiceVerdict::Fair, 0),
        Verdict::Unusual { once_in } => (DiceVerdict::Unusual, once_in),
        Verdict::BeyondCounting => (DiceVerdict::Beyond, 0),
    };
    let outcomes = match counts.implement() {
        Implement::Cowries(_) => counts.mouths_up(),
        _ => counts.faces(),
    };
    DiceTally {
        throws: int(counts.throws()),
        verdict,
        n: int(n),
        outcomes: bars(&outcomes),
        sums: bars(&counts.sums()),
    }
}

/// A chart's bars, measured against its longest bar or fair count.
fn bars(list: &[Bar]) -> ModelRc<DiceBar> {
    let longest = list
        .iter()
        .map(|b| (b.count as f64).max(b.expected))
        .fold(0.0, f64::max);
    let part = |x: f64| {
        if longest > 0.0 {
            (x / longest) as f32
        } else {
            0.0
        }
    };
    model(
        list.iter()
            .map(|b| DiceBar {
                outcome: i32::from(b.outcome),
                value: i32::from(b.value),
                count: int(b.count),
                expected: shown(b.expected),
                length: part(b.count as f64),
                fair_length: part(b.expected),
            })
            .collect(),
    )
}

/// A fair count as the screen shows it: to a tenth below 10 (fair dice
/// give a rare total 0.2 times in 15 throws, not none), else whole.
fn shown(expected: f64) -> f32 {
    if expected < 10.0 {
        ((expected * 10.0).round() / 10.0) as f32
    } else {
        expected.round() as f32
    }
}

fn int(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn choice_of(implement: Implement) -> DiceImplement {
    match implement {
        Implement::StickDice => DiceImplement::StickDice,
        Implement::LongDice => DiceImplement::LongDice,
        Implement::Cowries(4) => DiceImplement::FourCowries,
        Implement::Cowries(_) => DiceImplement::SixCowries,
    }
}

fn implement_of(choice: DiceImplement) -> Implement {
    match choice {
        DiceImplement::StickDice => Implement::StickDice,
        DiceImplement::LongDice => Implement::LongDice,
        DiceImplement::FourCowries => Implement::Cowries(4),
        DiceImplement::SixCowries => Implement::Cowries(6),
    }
}
