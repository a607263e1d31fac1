//! How the race stands, as the game screen and Game over show it: every
//! player's line and each partnership's.

use super::{colour, model, name};
use crate::app::game::session::Session;
use crate::app::{StandingData, TeamData};

/// Every player's part in the race, in turn order.
pub fn standings(s: &Session) -> Vec<StandingData> {
    let p = s.position();
    let journey = (p.pawn_count() * usize::from(p.home())) as f32;
    p.seats()
        .iter()
        .map(|&side| {
            let to_go = p.steps_to_go(side);
            let place = p.finishing_place(side);
            StandingData {
                side: side.0 as i32,
                name: name(s, side),
                colour: colour(s, side),
                homed: p.pawns_home(side) as i32,
                pawns: p.pawn_count() as i32,
                // No pawn can come Home before the first cut: say what is due.
                needs_cut: p.needs_cut(side),
                hit: p.game().capture_word() == "hit",
                to_go: to_go as i32,
                // Turns owed for hits (Chowka Bhara), after this one.
                extra_turns: i32::from(p.flags(side).extra_turns),
                place: place.map_or(0, |place| place as i32),
                // A finished partner's place wins nothing by itself: what
                // matters is that their throws serve the partner.
                partnership: p.partnership(),
                misses: i32::from(p.turns_to_miss(side)),
                partner: colour(s, side.opposite()),
                progress: 1.0 - to_go as f32 / journey,
                moving: side == s.mover() && !p.is_over(),
            }
        })
        .collect()
}

/// Each partnership's race in a partnership game, none in others: what
/// decides such a game is the pair's steps to go, not one player's.
pub fn teams(s: &Session) -> Vec<TeamData> {
    let p = s.position();
    if !p.partnership() {
        return Vec::new();
    }
    p.seats()
        .iter()
        .filter(|side| side.0 < side.opposite().0)
        .map(|&first| {
            let pair = [first, first.opposite()];
            TeamData {
                first: first.0 as i32,
                second: pair[1].0 as i32,
                names: model(pair.iter().map(|&side| name(s, side)).collect()),
                colours: model(pair.iter().map(|&side| colour(s, side)).collect()),
                to_go: pair.iter().map(|&side| p.steps_to_go(side)).sum::<u32>() as i32,
                homes: model(pair.iter().map(|&side| p.pawns_home(side) as i32).collect()),
                pawns: p.pawn_count() as i32,
                moving: pair.contains(&s.mover()) && !p.is_over(),
            }
        })
        .collect()
}
