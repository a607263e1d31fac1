//! The game in progress kept safe: saved after every throw and move through
//! the scheduler, written out when the app pauses or closes, and a finished
//! game counted in the players' record.

use super::Inner;
use crate::store::{self, Autosaver, GameDocument};

impl Inner {
    /// Writes every game still waiting to be saved (when the app pauses or
    /// closes, and before the data folder is read).
    pub(super) fn flush_saves(&self) {
        if let Some(Err(e)) = self.autosaver.as_ref().map(Autosaver::flush) {
            eprintln!("chaupar: a game could not be saved: {e}");
        }
        self.save_dice_totals();
    }

    /// Queues the game as it is now to be saved, and starts the writes if
    /// none are at work.
    pub(super) fn autosave(&self) {
        self.count_throws();
        let Some(saver) = &self.autosaver else { return };
        let writes = {
            let st = self.state.borrow();
            let Some(s) = st.session.as_ref() else { return };
            let Some(id) = &s.save_id else { return };
            saver.save(id, s.summary(), s.document())
        };
        self.write_saves(writes);
    }

    pub(super) fn write_saves(&self, writes: Option<store::Writes<GameDocument>>) {
        if let Some(writes) = writes {
            self.scheduler.run_unanswered(writes);
        }
    }

    /// A finished game leaves the saved games, and counts in the statistics.
    pub(super) fn count_finished_game(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        if let (Some(saver), Some(id)) = (&self.autosaver, &s.save_id) {
            self.write_saves(saver.delete(id));
        }
        let Some(store) = &self.store else { return };
        let p = s.position();
        let names: Vec<(String, bool)> = p
            .seats()
            .iter()
            .map(|&side| (s.counted_name(side), p.winners().contains(&side)))
            .collect();
        if let Err(e) = store.record_result(names.iter().map(|(n, won)| (n.as_str(), *won))) {
            eprintln!("chaupar: could not count the game: {e}");
        }
    }
}
