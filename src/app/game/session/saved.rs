//! A game as the store keeps it: resumed from its document, saved as one,
//! and summed up for the Saved games list.

use super::table::Table;
use super::{Said, Session};
use crate::rules::{replay_onto, Match};
use crate::store::{GameDocument, Summary};

impl Session {
    /// The game as saved, from its replayable document, and whether it
    /// parts from these rules; its record is replayed once, through the
    /// session. A save of an earlier version whose rules differ goes on
    /// from the start of the turn where it parts, and says so; one that
    /// parts in its first turn, or whose start is not valid, is refused
    /// with the engine's reason.
    pub fn resume(doc: GameDocument) -> Result<(Session, bool), String> {
        let start = Match::start_of(&doc.record).map_err(|why| why.to_string())?;
        let mut session = Session::at_start(Table::Game(Box::new(start)), doc.names, doc.seats);
        let parted = match replay_onto(&mut session, &doc.record.events) {
            Ok(()) => false,
            Err(parted)
                if (parted.turn_start.table.game())
                    .is_some_and(|g| g.record().events.is_empty()) =>
            {
                return Err(parted.why.to_string())
            }
            Err(parted) => {
                session = parted.turn_start;
                true
            }
        };
        session.select_only_move();
        if parted {
            session.said = Said::Parted;
        }
        Ok((session, parted))
    }

    /// The game as it is saved (a lesson is not).
    pub fn document(&self) -> Option<GameDocument> {
        Some(GameDocument {
            record: self.table.game()?.record().clone(),
            names: self.names.clone(),
            seats: self.kinds,
        })
    }
    /// What the Saved games list shows of this game: who plays, the pawns
    /// Home by colour, the moves made and whose turn it is, for a family
    /// picking the game up later.
    pub fn summary(&self) -> Summary {
        let p = self.position();
        let mut summary = Summary {
            game: p.game().id().to_string(),
            title: p.game().title().to_string(),
            home: (p.seats().iter())
                .filter(|&&side| p.pawns_home(side) > 0)
                .map(|&side| (p.colour_name(side).to_string(), p.pawns_home(side) as u8))
                .collect(),
            moves: self.moves_made(),
            finished: p.is_over(),
            ..Default::default()
        };
        // A person playing two colours is listed once.
        for &side in p.seats() {
            let name = self.names[side.index()].trim();
            let listed = (!name.is_empty())
                .then(|| summary.seats.iter().position(|n| n == name))
                .flatten();
            let at = listed.unwrap_or_else(|| {
                summary.seats.push(name.to_string());
                summary.colours.push(p.colour_name(side).to_string());
                summary.seats.len() - 1
            });
            if side == self.turn().seat() {
                summary.to_move = at;
            }
        }
        summary
    }
}
