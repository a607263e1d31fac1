//! The Saved games screen: games in progress to resume or delete, saves that
//! cannot be opened with the reason, and the players' record.

use std::rc::Rc;

use slint::{ComponentHandle, SharedString};

use crate::store::{Listing, LoadProblem};

use super::game::session::Session;
use super::{model, AppWindow, Inner, SavedGameData, Saves, Screen, SeatStatsData};
use crate::store::GameDocument;

impl Inner {
    pub(super) fn connect_saves(self: &Rc<Self>, window: &AppWindow) {
        let saves = window.global::<Saves>();
        let me = self.clone();
        saves.on_resume(move |row| {
            let listing = me.state.borrow().listings.get(row as usize).cloned();
            if let Some(Listing::Good(game)) = listing {
                me.resume(&game.id);
            }
        });
        let me = self.clone();
        saves.on_delete(move |row| me.delete_saved(row as usize));
    }

    pub(super) fn show_saved_games(self: &Rc<Self>) {
        self.list_saved_games(String::new());
        self.go(Screen::SavedGames);
    }

    /// Fills the list from the data folder, with `notice` above it.
    fn list_saved_games(&self, notice: String) {
        self.flush_saves();
        let (listings, stats, notice) = match &self.store {
            Some(store) => {
                let (stats, notice) = match store.stats() {
                    Ok(stats) => (stats, notice),
                    Err(bad) => (
                        Default::default(),
                        format!("{notice} {}: counting starts afresh.", bad.problem)
                            .trim()
                            .to_string(),
                    ),
                };
                (store.list(), stats, notice)
            }
            None => (
                Vec::new(),
                Default::default(),
                "Games cannot be saved: the data folder could not be opened.".to_string(),
            ),
        };
        let rows = listings.iter().map(row).collect();
        let window = self.window();
        let saves = window.global::<Saves>();
        saves.set_games(model(rows));
        saves.set_stats(model(
            stats
                .seats
                .iter()
                .map(|(name, seat)| SeatStatsData {
                    name: name.as_str().into(),
                    played: seat.played as i32,
                    won: seat.won as i32,
                })
                .collect(),
        ));
        saves.set_notice(SharedString::from(notice));
        self.state.borrow_mut().listings = listings;
    }

    /// Opens a saved game where it was left. A save whose moves no longer
    /// replay is set aside and listed with the reason; one that replays up
    /// to a turn goes on from there as a new save, the old one set aside
    /// beside it.
    pub(super) fn resume(self: &Rc<Self>, id: &str) {
        let Some(store) = &self.store else { return };
        let set_aside = || {
            store
                .report_unplayable(id)
                .map(|bad| bad.problem.to_string())
                .unwrap_or_else(|e| e.to_string())
        };
        let resumed = match store.load_game::<GameDocument>(id) {
            Ok(doc) => Session::resume(doc).map_err(|_| set_aside()),
            Err(LoadProblem::Missing) => Err(LoadProblem::Missing.to_string()),
            Err(LoadProblem::Bad(file)) => Err(file.problem.to_string()),
        };
        match resumed {
            Ok((mut session, parted)) => {
                if parted {
                    // Kept as it was: the game going on is saved anew.
                    set_aside();
                } else {
                    session.save_id = Some(id.to_string());
                }
                self.begin(session);
            }
            Err(why) => {
                self.list_saved_games(why);
                self.go(Screen::SavedGames);
            }
        }
    }

    /// Deletes a game (after the screen's confirmation), or discards a file
    /// that cannot be opened.
    fn delete_saved(self: &Rc<Self>, row: usize) {
        let Some(listing) = self.state.borrow().listings.get(row).cloned() else {
            return;
        };
        let Some(store) = &self.store else { return };
        let deleted = match &listing {
            Listing::Good(game) => {
                // The game in memory goes too, or its next move would save it again.
                let mut st = self.state.borrow_mut();
                if st.session.as_ref().and_then(|s| s.save_id.as_deref()) == Some(game.id.as_str())
                {
                    st.session = None;
                    st.game_number += 1;
                }
                drop(st);
                self.flush_saves();
                store.delete_game(&game.id)
            }
            Listing::Bad { file, .. } => store.discard(file),
        };
        let notice = deleted.err().map(|e| e.to_string()).unwrap_or_default();
        self.list_saved_games(notice);
        self.show_nav();
    }
}

fn row(listing: &Listing) -> SavedGameData {
    match listing {
        Listing::Good(game) => SavedGameData {
            title: game.summary.title.as_str().into(),
            seats: game.summary.seats.join(", ").into(),
            date: date(game.saved_at).into(),
            progress: game.summary.progress.as_str().into(),
            problem: SharedString::new(),
        },
        Listing::Bad { id, file } => SavedGameData {
            title: id.as_str().into(),
            problem: file.problem.to_string().into(),
            ..Default::default()
        },
    }
}

/// A day as people write it, "22 Nov 2026", from seconds since 1970 (UTC).
fn date(seconds: u64) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
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
    format!("{day} {} {year}", MONTHS[(month - 1) as usize])
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn dates_read_as_days() {
        assert_eq!(date(0), "1 Jan 1970");
        assert_eq!(date(951_782_400), "29 Feb 2000");
        assert_eq!(date(1_795_300_000), "21 Nov 2026");
    }
}
