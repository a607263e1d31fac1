//! At most how many of a turn's values can still be used: a bound that
//! lets the search stop at the first way that uses that many.

use super::super::node::Node;
use super::super::state::Turn;
use crate::rules::card::RuleCard;
use crate::rules::moves::{slots_in, MAX_THROWS, SLOTS};
use crate::rules::position::MAX_PAWNS;
use arrayvec::ArrayVec;

impl Turn {
    /// At most how many of the values left the side to move can
    /// use. A pawn takes values of a throw in one move only, and a move
    /// takes its pawns at least as far as its values add up to, so a value
    /// counts only for the pawns still on their way that have not moved
    /// with its throw and have room for it before Home (room only shrinks
    /// as the turn goes on), and the values only some pawns can take must
    /// fit, whole, into the distance those pawns have left.
    /// This lets the search stop at the first way that uses that many,
    /// instead of trying every order to prove that no way uses more (a run
    /// of bonus throws near Home, or one pawn left to take the values of
    /// split throws).
    pub(super) fn usable_bound<V: RuleCard>(&self, n: &Node) -> u8 {
        let pos = &n.pos;
        let side = self.side;
        let home = V::home(pos);
        let pawns = pos.pawns(side);
        let live = self.live_slots(n);
        // Pawns that may still go round again have no limit of room; nor
        // have Chowka Bhara's pawns waiting off the board, which a top
        // value brings in one step.
        let unlimited = |step: u8| {
            self.overshoot_rule::<V>()
                || V::waiting_off_board(pos, step)
                || V::circuit(&pos.options)
                    .is_some_and(|c| !pos.flags(side).has_cut && step <= c.turn_in)
        };
        // Each pawn's room to Home (none at Home), and which pawns have no
        // limit of it.
        let mut rooms = [0; MAX_PAWNS];
        let mut boundless = 0u16;
        for (i, &s) in pawns.iter().enumerate() {
            rooms[i] = home - s;
            if s != home && unlimited(s) {
                boundless |= 1 << i;
            }
        }
        // Each value left, with the pawns that can still take it (bit i
        // for pawn i): those on their way that have not moved with its
        // throw.
        let mut values: ArrayVec<(u8, u16), { MAX_THROWS * SLOTS }> = ArrayVec::new();
        for slot in slots_in(live) {
            let throw = 1 << (slot / SLOTS);
            let takers = (pawns.iter().zip(&n.moved).enumerate())
                .filter(|&(_, (&s, &with))| s != home && with & throw == 0)
                .fold(0u16, |takers, (i, _)| takers | 1 << i);
            values.push((self.value(slot), takers));
        }
        // Values that could bring every pawn Home may finish the player,
        // which counts as using every value left. A step of a value takes
        // one pawn a step, or more where pawns move together: a group of
        // four in Chaupar, a pair moving twice a double in Akbar's
        // Chaupar, a Chowka Bhara double on one value, and Chopat's
        // opening split (12 for a (1, 1)). Where a step is a step and no
        // pawn may pass Home, the values must split into a share for each
        // pawn, of values it can take, that adds up to its distance from
        // Home.
        let reach = V::reach(pos, side);
        let to_go: u32 = rooms.iter().map(|&r| u32::from(r)).sum();
        let may_finish = reach * values.iter().map(|&(v, _)| u32::from(v)).sum::<u32>() >= to_go
            && (reach > 1 || boundless != 0 || rooms_fill(&values, &rooms));
        if may_finish {
            return values.len() as u8;
        }
        // Values some pawn without a limit of room can take, and those
        // only pawns with one can, each with the pawns that can.
        let mut free = 0;
        let mut limited: ArrayVec<(u8, u16), { MAX_THROWS * SLOTS }> = ArrayVec::new();
        for &(value, takers) in &values {
            if takers & boundless != 0 {
                free += 1;
                continue;
            }
            let can_take = (0..pawns.len())
                .filter(|&i| takers & 1 << i != 0 && rooms[i] >= value)
                .fold(0u16, |can_take, i| can_take | 1 << i);
            if can_take != 0 {
                limited.push((value, can_take));
            }
        }
        limited.sort_unstable();
        // The values only the pawns of a set can take go into their room:
        // no more of them can be used than fit, smallest first, into what
        // those of them that can take one have left. Each value's set of
        // takers is tried, and all the pawns with a limit together.
        let all = limited.iter().fold(0, |all, &(_, takers)| all | takers);
        let most_lost = (limited.iter().map(|&(_, takers)| takers))
            .chain([all])
            .map(|set| {
                let only = limited.iter().filter(|&&(_, takers)| takers & !set == 0);
                let smallest = only.clone().next().map_or(0, |&(v, _)| v);
                let room: u32 = (rooms.iter().enumerate())
                    .filter(|&(i, &r)| set & 1 << i != 0 && r >= smallest)
                    .map(|(_, &r)| u32::from(r))
                    .sum();
                only.clone().count() - fit_smallest_first(only, room)
            })
            .max()
            .unwrap_or(0);
        // Values do not split across pawns: share them out whole, if that
        // takes few enough steps to try.
        limited.reverse();
        let left_out =
            fewest_left_out(&limited, rooms.map(u32::from), most_lost).unwrap_or(most_lost);
        free + (limited.len() - left_out) as u8
    }
}

/// How many steps the bound's small searches over how values split among
/// the pawns may take before they give up (and the bound keeps to what
/// it knows without them).
const SPLIT_STEPS: u32 = 4096;

/// Whether each pawn's room to Home (`rooms`, by pawn, 0 at Home) can be
/// filled exactly by values it can take (`values`, each with its takers:
/// bit i for pawn i): where a move takes its pawns as far as its values
/// add up to and Home needs an exact throw, the values that bring every
/// pawn Home are split so. Taken to fit past a few thousand steps of
/// trying (a bound may only err upwards).
fn rooms_fill(values: &[(u8, u16)], rooms: &[u8; MAX_PAWNS]) -> bool {
    // Each distinct value with its takers, and how many of it are left,
    // largest first.
    let mut kinds: ArrayVec<Kind, { MAX_THROWS * SLOTS }> = ArrayVec::new();
    for &(value, takers) in values {
        match kinds
            .iter_mut()
            .find(|k| k.value == value && k.takers == takers)
        {
            Some(kind) => kind.count += 1,
            None => kinds.push(Kind {
                value,
                takers,
                count: 1,
            }),
        }
    }
    kinds.sort_unstable_by_key(|k| std::cmp::Reverse(k.value));
    // The smallest rooms first: the fewest values fill them, so a split
    // that cannot work shows soonest.
    let mut pawns: ArrayVec<usize, MAX_PAWNS> = (0..MAX_PAWNS).filter(|&i| rooms[i] > 0).collect();
    pawns.sort_unstable_by_key(|&i| rooms[i]);
    let Some(&first) = pawns.first() else {
        return true;
    };
    can_cover(&kinds, rooms, &pawns)
        && fill_rooms(&mut kinds, rooms, &pawns, 0, rooms[first], &mut 0)
}

/// Whether the values of `kinds` could cover the rooms of `pawns`, each
/// room by values its pawn can take and all of them together.
fn can_cover(kinds: &[Kind], rooms: &[u8; MAX_PAWNS], pawns: &[usize]) -> bool {
    let all = pawns.iter().fold(0, |all, &p| all | 1 << p);
    let to_cover: u32 = pawns.iter().map(|&p| u32::from(rooms[p])).sum();
    sum_takeable(kinds, all) >= to_cover
        && (pawns.iter()).all(|&p| sum_takeable(kinds, 1 << p) >= u32::from(rooms[p]))
}

/// What the values of `kinds` that some pawn of `pawns` (bit i for pawn i)
/// can take add up to.
fn sum_takeable(kinds: &[Kind], pawns: u16) -> u32 {
    (kinds.iter())
        .filter(|kind| kind.takers & pawns != 0)
        .map(|kind| u32::from(kind.value) * u32::from(kind.count))
        .sum()
}

/// How many of `values`, smallest first, fit into `room` together.
fn fit_smallest_first<'a>(values: impl Iterator<Item = &'a (u8, u16)>, room: u32) -> usize {
    let mut used = 0;
    values
        .take_while(|&&(v, _)| {
            used += u32::from(v);
            used <= room
        })
        .count()
}

/// Values of one size that the same pawns can take, and how many are left.
struct Kind {
    value: u8,
    takers: u16,
    count: u8,
}

/// Fills the room of `pawns[0]` (of which `left` is still empty) with
/// values of `kinds[k..]` it can take, then the rooms of the other pawns
/// with any values left.
fn fill_rooms(
    kinds: &mut [Kind],
    rooms: &[u8; MAX_PAWNS],
    pawns: &[usize],
    k: usize,
    left: u8,
    steps: &mut u32,
) -> bool {
    *steps += 1;
    if *steps > SPLIT_STEPS {
        return true;
    }
    if left == 0 {
        return match pawns {
            [_, rest @ ..] if !rest.is_empty() && can_cover(kinds, rooms, rest) => {
                fill_rooms(kinds, rooms, rest, 0, rooms[rest[0]], steps)
            }
            [_, rest @ ..] => rest.is_empty(),
            [] => true,
        };
    }
    // Not enough left that this pawn can take: no way on from here.
    if sum_takeable(&kinds[k..], 1 << pawns[0]) < u32::from(left) {
        return false;
    }
    let Some(kind) = kinds.get(k) else {
        return false;
    };
    let (value, count) = (kind.value, kind.count);
    let most = if kind.takers & 1 << pawns[0] == 0 {
        0
    } else {
        count.min(left / value)
    };
    // As many of this value as fit first, down to none.
    for take in (0..=most).rev() {
        kinds[k].count = count - take;
        let filled = fill_rooms(kinds, rooms, pawns, k + 1, left - take * value, steps);
        kinds[k].count = count;
        if filled {
            return true;
        }
    }
    false
}

/// The fewest of `values` (largest first, each with the pawns that may
/// take it: bit i for pawn i) that must be left out for the others to be
/// shared among the pawns whole, none taking more than its room (`rooms`,
/// by pawn); `enough` is known to be no more than that, so the search
/// stops there. `None` once it has tried for a few thousand steps.
fn fewest_left_out(values: &[(u8, u16)], rooms: [u32; MAX_PAWNS], enough: usize) -> Option<usize> {
    let mut sharing = Sharing {
        values,
        rooms,
        fewest: values.len(),
        enough,
        steps: 0,
    };
    sharing.share(0, 0, 0).then_some(sharing.fewest)
}

/// The state of [`fewest_left_out`]'s search.
struct Sharing<'a> {
    values: &'a [(u8, u16)],
    rooms: [u32; MAX_PAWNS],
    /// The fewest left out by a way found so far.
    fewest: usize,
    enough: usize,
    steps: u32,
}

impl Sharing<'_> {
    /// Shares out the values from the `i`th on, `left_out` of those before
    /// left out, to pawns numbered `from` on (or leaving it out, counted
    /// as pawn [`MAX_PAWNS`]); false once it gives up.
    fn share(&mut self, i: usize, left_out: usize, from: usize) -> bool {
        self.steps += 1;
        if self.steps > SPLIT_STEPS {
            return false;
        }
        let rest = &self.values[i..];
        let Some(&(value, takers)) = rest.first() else {
            self.fewest = left_out;
            return true;
        };
        // No more of the rest fit, smallest first, than into all the room
        // left together: a way that must leave out as many as the best
        // found so far is not followed.
        let fit = fit_smallest_first(rest.iter().rev(), self.rooms.iter().sum());
        if left_out + rest.len() - fit >= self.fewest {
            return true;
        }
        // Values alike go to pawns in order: which of them goes where
        // makes no difference.
        let next_from = |to: usize| {
            if rest.get(1) == Some(&(value, takers)) {
                to
            } else {
                0
            }
        };
        let value = u32::from(value);
        for pawn in slots_in(u64::from(takers) >> from << from) {
            if self.rooms[pawn] < value {
                continue;
            }
            self.rooms[pawn] -= value;
            let finished = self.share(i + 1, left_out, next_from(pawn));
            self.rooms[pawn] += value;
            if !finished {
                return false;
            }
            if self.fewest <= self.enough {
                return true;
            }
        }
        self.share(i + 1, left_out + 1, next_from(MAX_PAWNS))
    }
}
