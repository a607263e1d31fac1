//! How the race stands, as the game screen and Game over show it: every
//! player's line and each partnership's.

use super::session::Session;
use crate::app::text::ordinal;
use crate::app::{model, StandingData, TeamData};
use crate::board::Side;
use crate::rules::Position;

/// Every player's part in the race, in turn order.
pub(super) fn standings(s: &Session) -> Vec<StandingData> {
    let p = s.position();
    let journey = (p.pawn_count() * usize::from(p.home())) as f32;
    p.seats()
        .iter()
        .map(|&side| {
            let (name, colour) = (s.name(side), s.colour(side));
            let to_go = p.steps_to_go(side);
            // No pawn can come Home before the first cut: say what is due.
            let home = if p.needs_cut(side) {
                format!("no {} yet", p.game().capture_word())
            } else {
                home_text(p, side)
            };
            let status = match p.finishing_place(side) {
                // Turns owed for hits (Chowka Bhara), after this one; short,
                // as the line may be half a phone's width.
                None => match p.flags(side).extra_turns {
                    0 => format!("{to_go} to go"),
                    1 => format!("{to_go} to go, +1 turn"),
                    n => format!("{to_go} to go, +{n} turns"),
                },
                // A finished partner's place wins nothing by itself: what
                // matters is that their throws serve the partner.
                Some(_) if p.partnership() => match p.turns_to_miss(side) {
                    0 => format!("moves {}", s.colour(side.opposite())),
                    1 => "misses 1 turn".to_string(),
                    n => format!("misses {n} turns"),
                },
                Some(place) => format!("{} place", ordinal(place)),
            };
            let who = if name == colour {
                name.clone()
            } else {
                format!("{name}, {}", colour.to_lowercase())
            };
            StandingData {
                side: side.0 as i32,
                label: format!("{who}: {home}, {status}").into(),
                name: name.into(),
                home: home.into(),
                homed: p.pawns_home(side) as i32,
                pawns: p.pawn_count() as i32,
                status: status.into(),
                progress: 1.0 - to_go as f32 / journey,
                moving: side == s.mover() && !p.is_over(),
            }
        })
        .collect()
}

/// Each partnership's race in a partnership game, none in others: what
/// decides such a game is the pair's steps to go, not one player's.
pub(super) fn teams(s: &Session) -> Vec<TeamData> {
    let p = s.position();
    if !p.partnership() {
        return Vec::new();
    }
    p.seats()
        .iter()
        .filter(|side| side.0 < side.opposite().0)
        .map(|&first| {
            let second = first.opposite();
            let pair = [first, second];
            let to_go: u32 = pair.iter().map(|&side| p.steps_to_go(side)).sum();
            let homes = pair.map(|side| p.pawns_home(side));
            let (home, pawns) = (homes[0] + homes[1], 2 * p.pawn_count());
            let status = format!("{to_go} to go");
            let (a, b) = (s.name(first), s.name(second));
            let who = if a == b {
                // One person playing both colours.
                let colour = |side| s.colour(side).to_lowercase();
                format!("{a}, {} and {}", colour(first), colour(second))
            } else {
                format!("{a} and {b}")
            };
            TeamData {
                first: first.0 as i32,
                second: second.0 as i32,
                label: format!("{who}: {home} of {pawns} home, {status}").into(),
                status: status.into(),
                homes: model(homes.iter().map(|&h| h as i32).collect()),
                pawns: p.pawn_count() as i32,
                moving: pair.contains(&s.mover()) && !p.is_over(),
            }
        })
        .collect()
}

/// "2 of 4 home".
fn home_text(p: &Position, side: Side) -> String {
    format!("{} of {} home", p.pawns_home(side), p.pawn_count())
}
