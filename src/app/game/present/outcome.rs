//! Game over as the Game screen ended it: who won, and every player's
//! place and how far each came (the `Outcome` global).

use slint::ComponentHandle;

use super::{colour, name};
use crate::app::game::session::Session;
use crate::app::setup::same_name;
use crate::app::text::game_name;
use crate::app::{model, AppWindow, Name, Outcome, PlaceData};
use crate::board::Side;

/// Game over: who won, and every player in place order (the finishers,
/// then whoever was still playing), with how far each had come. In a
/// partnership the place is the pair's: the winning pair both first, then
/// the other pair, partners in the order they finished.
fn outcome(s: &Session) -> (Vec<Name>, Vec<PlaceData>) {
    let p = s.position();
    let winners = p.winners();
    let mut names: Vec<Name> = winners.iter().map(|&w| name(s, w)).collect();
    // One person playing both partners wins once.
    names.dedup_by(|a, b| same_name(a, b));
    // The finishers in order, then whoever was still playing: one
    // player left alone is last; several have no place between them.
    let unplaced: Vec<Side> = p
        .seats()
        .iter()
        .filter(|&&s| !p.is_finished(s))
        .copied()
        .collect();
    let order: Vec<(i32, Side)> = if p.partnership() {
        let losers = p.places().iter().chain(&unplaced);
        winners
            .iter()
            .map(|&side| (1, side))
            .chain(
                losers
                    .filter(|s| !winners.contains(s))
                    .map(|&side| (2, side)),
            )
            .collect()
    } else {
        let last = match unplaced.len() {
            1 => p.places().len() as i32 + 1,
            _ => 0,
        };
        p.places()
            .iter()
            .enumerate()
            .map(|(i, &side)| (i as i32 + 1, side))
            .chain(unplaced.iter().map(|&side| (last, side)))
            .collect()
    };
    let rows: Vec<PlaceData> = order
        .into_iter()
        .map(|(place, side)| PlaceData {
            place,
            name: name(s, side),
            colour: colour(s, side),
            side: side.0 as i32,
            homed: p.pawns_home(side) as i32,
            pawns: p.pawn_count() as i32,
            to_go: p.steps_to_go(side) as i32,
            // Pairs share a place: each partner's own finish is news.
            finished: match p.finishing_place(side) {
                Some(place) if p.partnership() => place as i32,
                _ => 0,
            },
        })
        .collect();
    (names, rows)
}

/// Shows how the game `s` ended.
pub fn show(window: &AppWindow, s: &Session) {
    let (winners, rows) = outcome(s);
    let g = window.global::<Outcome>();
    g.set_winners(model(winners));
    g.set_game(game_name(s.position().game()));
    g.set_moves(s.moves_made() as i32);
    g.set_places(model(rows));
}
