//! The Saved games screen: games in progress to resume or delete, saves that
//! cannot be opened with the reason, and the players' record.

use std::cell::RefCell;
use std::rc::Rc;

use slint::ComponentHandle;

use super::game::session::Session;
use super::setup::name_data;
use super::shared::Shared;
use super::text::{colour_named, game_name};
use super::{model, AppWindow, Name, SavedGameData, Saves, Screen, Screens, SeatStatsData};
use super::{Colour, Cut, GameName, SaveProblem, StoreNote, StoreNotice};
use crate::rules::Game;
use crate::store::{GameDocument, Listing, LoadProblem, Problem};

pub(super) struct SavedGames {
    shared: Rc<Shared>,
    /// The list as shown, row for row.
    listings: RefCell<Vec<Listing>>,
}

impl SavedGames {
    pub fn new(shared: Rc<Shared>) -> SavedGames {
        SavedGames {
            shared,
            listings: RefCell::new(Vec::new()),
        }
    }

    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let saves = window.global::<Saves>();
        let me = app.clone();
        saves.on_resume(move |row| {
            let listing = me.saves.listings.borrow().get(row as usize).cloned();
            if let Some(Listing::Good(game)) = listing {
                me.saves.resume(&me, &game.id);
            }
        });
        let me = app.clone();
        saves.on_delete(move |row| me.saves.delete(&me, row as usize));
    }

    pub fn show_saved_games(&self, app: &Rc<Screens>) {
        self.list(app, Vec::new());
        app.home.go(app, Screen::SavedGames);
    }

    /// Fills the list from the data folder, with `notice` above it.
    fn list(&self, app: &Screens, mut notice: Vec<StoreNote>) {
        app.flush_saves();
        let (listings, stats) = match &self.shared.store {
            Some(store) => {
                let stats = store.stats().unwrap_or_else(|bad| {
                    notice.push(StoreNote {
                        notice: StoreNotice::StatsReset,
                        ..problem_note(&bad.problem)
                    });
                    Default::default()
                });
                (store.list(), stats)
            }
            None => {
                notice.push(StoreNote {
                    notice: StoreNotice::NoDataFolder,
                    ..Default::default()
                });
                (Vec::new(), Default::default())
            }
        };
        let rows = listings.iter().map(row).collect();
        let window = self.shared.window();
        let saves = window.global::<Saves>();
        saves.set_games(model(rows));
        saves.set_stats(model(
            stats
                .seats
                .iter()
                .map(|(name, seat)| SeatStatsData {
                    name: name_data(name, Colour::None),
                    played: seat.played as i32,
                    won: seat.won as i32,
                })
                .collect(),
        ));
        saves.set_notice(model(notice));
        *self.listings.borrow_mut() = listings;
    }

    /// Opens a saved game where it was left. A save whose moves no longer
    /// replay is set aside and listed with the reason; one that replays up
    /// to a turn goes on from there as a new save, the old one set aside
    /// beside it.
    pub fn resume(&self, app: &Rc<Screens>, id: &str) {
        let Some(store) = &self.shared.store else {
            return;
        };
        let set_aside = || {
            store
                .report_unplayable(id)
                .map(|bad| problem_note(&bad.problem))
                .unwrap_or_else(|e| failed(&e))
        };
        let resumed = match store.load_game::<GameDocument>(id) {
            Ok(doc) => Session::resume(doc).map_err(|_| set_aside()),
            Err(LoadProblem::Missing) => Err(StoreNote {
                problem: SaveProblem::Missing,
                ..problem_note(&Problem::Empty)
            }),
            Err(LoadProblem::Bad(file)) => Err(problem_note(&file.problem)),
        };
        match resumed {
            Ok((mut session, parted)) => {
                if parted {
                    // Kept as it was: the game going on is saved anew.
                    set_aside();
                } else {
                    session.set_save_id(Some(id.to_string()));
                }
                app.game.begin(app, session);
            }
            Err(why) => {
                self.list(app, vec![why]);
                app.home.go(app, Screen::SavedGames);
            }
        }
    }

    /// Deletes a game (after the screen's confirmation), or discards a file
    /// that cannot be opened.
    fn delete(&self, app: &Rc<Screens>, row: usize) {
        let Some(listing) = self.listings.borrow().get(row).cloned() else {
            return;
        };
        let Some(store) = &self.shared.store else {
            return;
        };
        let deleted = match &listing {
            Listing::Good(game) => {
                // The game in memory goes too, or its next move would save it again.
                app.game.forget(&game.id);
                app.flush_saves();
                store.delete_game(&game.id)
            }
            Listing::Bad { file, .. } => store.discard(file),
        };
        self.list(app, deleted.err().iter().map(failed).collect());
        app.home.show(app);
    }
}

fn row(listing: &Listing) -> SavedGameData {
    match listing {
        Listing::Good(game) => {
            let summary = &game.summary;
            let colour_of = |name: &str| colour_named(name).unwrap_or(Colour::None);
            let names: Vec<Name> = (summary.seats.iter().enumerate())
                .map(|(i, name)| {
                    name_data(
                        name,
                        summary
                            .colours
                            .get(i)
                            .map_or(Colour::None, |c| colour_of(c)),
                    )
                })
                .collect();
            let (year, month, day) = civil_date(game.saved_at);
            let played = Game::from_id(&summary.game);
            SavedGameData {
                game: played.map_or_else(GameName::default, game_name),
                own_words: played.is_none(),
                title: summary.title.as_str().into(),
                to_move: names.get(summary.to_move).cloned().unwrap_or_default(),
                seats: model(names),
                year,
                month,
                day,
                homes: model(
                    (summary.home.iter())
                        .map(|(colour, pawns)| Cut {
                            colour: colour_of(colour),
                            pawns: i32::from(*pawns),
                        })
                        .collect(),
                ),
                moves: summary.moves as i32,
                finished: summary.finished,
                progress: summary.progress.as_str().into(),
                ..Default::default()
            }
        }
        Listing::Bad { id, file } => SavedGameData {
            own_words: true,
            title: id.as_str().into(),
            problem: problem_note(&file.problem).problem,
            detail: problem_note(&file.problem).detail,
            ..Default::default()
        },
    }
}

/// A file's problem, for the UI to word.
pub(super) fn problem_note(problem: &Problem) -> StoreNote {
    let (problem, detail) = match problem {
        Problem::Unreadable { reason } => {
            (SaveProblem::Unreadable, reason.clone().unwrap_or_default())
        }
        Problem::Empty => (SaveProblem::Empty, String::new()),
        Problem::Damaged => (SaveProblem::Damaged, String::new()),
        Problem::Foreign => (SaveProblem::Foreign, String::new()),
        Problem::Newer => (SaveProblem::Newer, String::new()),
        Problem::Unplayable => (SaveProblem::Unplayable, String::new()),
    };
    StoreNote {
        notice: StoreNotice::FileProblem,
        problem,
        detail: detail.into(),
    }
}

/// Something the data folder refused, in the system's words.
pub(super) fn failed(e: &impl std::fmt::Display) -> StoreNote {
    StoreNote {
        notice: StoreNotice::Failed,
        detail: e.to_string().into(),
        ..Default::default()
    }
}

/// A day (year, month 1 to 12, day) from seconds since 1970 (UTC).
fn civil_date(seconds: u64) -> (i32, i32, i32) {
    // Howard Hinnant's days-to-civil algorithm.
    let z = (seconds / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as i32, month as i32, day as i32)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates_read_as_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(951_782_400), (2000, 2, 29));
        assert_eq!(civil_date(1_795_300_000), (2026, 11, 21));
    }
}
