//! As many values as can be used: how many the rest of a turn can still
//! use, the legal moves that keep to it, and every way a turn can end.

use super::moves::home;
use super::node::Node;
use super::{
    by_game, slots_in, slots_of_throws, throws_of_slots, AkbarRules, Capture, ChauparRules,
    ChopatRules, ChowkaRules, Move, PagadeRules, Phase, Turn, Variant, MAX_THROWS,
};
use crate::dice::Throw;
use crate::rules::game::Game;
use crate::rules::position::{Position, MAX_PAWNS};
use arrayvec::ArrayVec;
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::ControlFlow;

/// Past this many values left, the search for how many can still be used
/// remembers the states it has weighed (from a few throws on, the orders
/// of playing them are too many to try one by one)...
const REMEMBER_ABOVE: u8 = 4;
/// ...this many recent ones and as many older ones (some 50 MB in all),
/// so that the rarest turns (a dozen doublets in a row) cost time rather
/// than all the memory. Seven eighths of a power of two fill a hash table
/// of that power of two.
const REMEMBER_AT_MOST: usize = (1 << 17) / 8 * 7;
/// [`Turn::outcomes`] (asked by the command-line tool, not during play)
/// remembers this many recent states and as many older ones (some 400 MB
/// at most): four doublets and a throw with a pair and two pawns mid-board
/// come to 450,000.
const WALK_AT_MOST: usize = (1 << 20) / 8 * 7;
/// Marks a state [`Turn::outcomes`] has walked on from, beside the values
/// it can use (never more than 63).
const WALKED: u8 = 0x80;

/// Which of a turn's throws a search tries.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Throws {
    /// Every one: each move a player may make is listed.
    All,
    /// Of equal throws not yet touched, only the first: the others would
    /// lead to the same positions, so questions of what can be done need
    /// not try them. Each throw's values are tried all together first: a
    /// way to use every value is then found soonest (one pawn taking the
    /// first die of each throw would leave the others to a pawn that may
    /// not be able to take them, a dead end for the search to leave).
    FirstOfEqual,
    /// As `FirstOfEqual`, but single values first: whether any move
    /// exists is answered soonest by the moves likeliest to fit.
    Any,
}

/// What a search remembers of a state of one turn: everything a move can
/// change, with the values some pawn can still take in place of those
/// spent (values no pawn can take are as good as spent), and without which
/// pawn used a throw that has no such values left (that no longer matters,
/// so states that differ only in it are one). Pawns that stand alike are
/// interchangeable, so each side's pawns are in order of step (the side to
/// move's with what they moved with): states that differ only in which
/// slot holds which pawn are one too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct StateKey {
    pos: Position,
    live: u64,
    moved: [u32; MAX_PAWNS],
    phase: Phase,
    hits: u8,
    moved_any: bool,
    khado: bool,
}

/// What listing the legal moves of one state of a turn learns about the
/// states after it, kept for the next state of the same turn: a long turn
/// (a run of bonus throws) asks the same of many states.
#[derive(Default)]
pub struct TurnMemory {
    /// The turn remembered: its player and throws (another starts afresh).
    turn: Option<(crate::board::Side, [Throw; MAX_THROWS], u8)>,
    usable: Option<Remembered>,
}

impl TurnMemory {
    /// The memory for `turn`'s search, afresh if it remembered another.
    pub(super) fn for_turn(&mut self, turn: &Turn) -> &mut Option<Remembered> {
        let this_turn = (turn.now.pos.to_move, turn.throws, turn.n_throws);
        if self.turn != Some(this_turn) || self.usable.is_none() {
            self.turn = Some(this_turn);
            self.usable = turn.memo(&turn.now);
        }
        &mut self.usable
    }
}

/// The states of a turn a search has weighed and how many values each can
/// still use, up to `limit` recent ones and as many older ones: when the
/// recent ones fill up they become the older ones, so that a full memory
/// forgets the states weighed longest ago rather than everything.
pub(super) struct Remembered {
    recent: FxHashMap<StateKey, u8>,
    older: FxHashMap<StateKey, u8>,
    limit: usize,
}

impl Remembered {
    fn new(limit: usize) -> Remembered {
        Remembered {
            recent: FxHashMap::default(),
            older: FxHashMap::default(),
            limit,
        }
    }

    /// What is remembered of `key`, among the recent states from now on.
    fn get(&mut self, key: &StateKey) -> Option<u8> {
        if let Some(&known) = self.recent.get(key) {
            return Some(known);
        }
        if self.older.is_empty() {
            return None;
        }
        let known = self.older.remove(key)?;
        self.insert(*key, known);
        Some(known)
    }

    /// [`Remembered::get`], to change.
    fn get_mut(&mut self, key: &StateKey) -> Option<&mut u8> {
        self.get(key)?;
        self.recent.get_mut(key)
    }

    fn insert(&mut self, key: StateKey, usable: u8) {
        if self.recent.len() >= self.limit {
            std::mem::swap(&mut self.recent, &mut self.older);
            self.recent.clear();
        }
        self.recent.insert(key, usable);
    }
}

/// What [`Turn::outcomes`] keeps on its way: how many values each state
/// of the turn weighed can still use, marked [`WALKED`] once walked on
/// from, and the ends found.
struct OutcomeWalk {
    usable: Option<Remembered>,
    seen: FxHashSet<Position>,
    out: Vec<Position>,
}

/// Every end of `turn`'s move phase (see [`Turn::outcomes`]).
pub(super) fn outcomes(turn: &Turn) -> Vec<Position> {
    outcomes_remembering(turn, WALK_AT_MOST)
}

/// [`outcomes`], remembering at most `limit` recent states.
fn outcomes_remembering(turn: &Turn, limit: usize) -> Vec<Position> {
    let mut walk = OutcomeWalk {
        usable: Some(Remembered::new(limit)),
        seen: FxHashSet::default(),
        out: Vec::new(),
    };
    by_game!(turn.now.pos.game, V => turn.collect_outcomes::<V>(&mut walk));
    walk.out
}

impl Turn {
    /// Walks every way on from here, each state of the turn once; equal
    /// throws not yet touched are tried in order only, since the others
    /// reach the same positions.
    fn collect_outcomes<V: Variant>(&self, walk: &mut OutcomeWalk) {
        if self.phase != Phase::Move {
            if walk.seen.insert(self.now.pos) {
                walk.out.push(self.now.pos);
            }
            return;
        }
        // Every state after the first was weighed as a move's result
        // before it is walked.
        let memo = walk.usable.as_mut().expect("a walk remembers");
        if let Some(known) = memo.get_mut(&self.state_key(&self.now)) {
            if *known & WALKED != 0 {
                return;
            }
            *known |= WALKED;
        }
        for m in self.legal_in::<V>(Throws::FirstOfEqual, &mut walk.usable) {
            let mut child = *self;
            child.play_unchecked(m);
            child.collect_outcomes::<V>(walk);
        }
    }

    /// The legal moves of the turn as it stands that spend values of
    /// `throws`, remembering in `memo` how many values the states weighed
    /// on the way can use.
    pub(super) fn legal_in<V: Variant>(
        &self,
        throws: Throws,
        memo: &mut Option<Remembered>,
    ) -> Vec<Move> {
        let mut out = Vec::new();
        if self.phase != Phase::Move {
            return out;
        }
        if self.khado {
            out.extend(self.khado_moves());
            out.push(Move::MISS_TURN);
            return out;
        }
        let now = &self.now;
        let mut best = 0;
        let mut scored = Vec::new();
        self.for_each_candidate::<V>(now, throws, |m: Move, cap| {
            let total = self.used_after::<V>(now, m, cap, memo);
            best = best.max(total);
            scored.push((m, total));
            ControlFlow::Continue(())
        });
        out.extend(
            scored
                .into_iter()
                .filter(|&(_, t)| t == best)
                .map(|(m, _)| m),
        );
        out
    }

    /// The first of the moves [`Turn::legal_in`] lists with
    /// [`Throws::All`], found without weighing the candidates after it:
    /// the first that uses as many values as the turn can.
    pub(super) fn first_legal_in<V: Variant>(&self, memo: &mut Option<Remembered>) -> Option<Move> {
        if self.phase != Phase::Move || self.khado {
            // No search to spare: the list is short and says the rule.
            return self.legal_in::<V>(Throws::All, memo).first().copied();
        }
        let now = &self.now;
        let best = self.usable_from::<V>(now, memo);
        let mut first = None;
        self.for_each_candidate::<V>(now, Throws::All, |m: Move, cap| {
            if self.used_after::<V>(now, m, cap, memo) == best {
                first = Some(m);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        first
    }

    /// Whether any value left can be used from `n`: some move exists.
    pub(super) fn can_move_from<V: Variant>(&self, n: &Node) -> bool {
        let mut any = false;
        self.for_each_candidate::<V>(n, Throws::Any, |_, _| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }

    /// The most values the rest of the turn can use from `n`.
    pub(super) fn max_usable<V: Variant>(&self, n: &Node) -> u8 {
        // With many values left that cannot all be used, the search would
        // try every order of playing them (a chain of bonus throws near
        // Home): it remembers the states it has weighed instead.
        self.usable_from::<V>(n, &mut self.memo(n))
    }

    /// Where the search for how many values can be used keeps the states
    /// it has weighed: nowhere unless many values are left.
    pub(super) fn memo(&self, n: &Node) -> Option<Remembered> {
        (self.unspent_count(n) > REMEMBER_ABOVE).then(|| Remembered::new(REMEMBER_AT_MOST))
    }

    /// [`Turn::max_usable`], remembering what it found in `memo`, if any.
    pub(super) fn usable_from<V: Variant>(&self, n: &Node, memo: &mut Option<Remembered>) -> u8 {
        let remaining = self.unspent_count(n);
        if remaining == 0 {
            return 0;
        }
        if self.one_pawn_takes_the_rest::<V>(n) {
            return remaining;
        }
        let key = memo.as_ref().map(|_| self.state_key(n));
        if let Some(known) = memo.as_mut().zip(key.as_ref()).and_then(|(m, k)| m.get(k)) {
            return known & !WALKED;
        }
        // Worked out only once a first way falls short of using every value.
        let mut bound = None;
        let mut best = 0;
        self.for_each_candidate::<V>(n, Throws::FirstOfEqual, |m: Move, cap| {
            let used = m.values_used() as u8;
            let total = if used < remaining {
                self.used_after::<V>(n, m, cap, memo)
            } else {
                used
            };
            best = best.max(total);
            if best == remaining || best == *bound.get_or_insert_with(|| self.usable_bound::<V>(n))
            {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(m) = memo.as_mut() {
            m.insert(key.expect("a key with a memo"), best);
        }
        best
    }

    /// [`Turn::used_with_rest`] for `m`, a candidate of `n` (with its
    /// `capture`), played on a copy of `n`.
    fn used_after<V: Variant>(
        &self,
        n: &Node,
        m: Move,
        capture: Option<Capture>,
        memo: &mut Option<Remembered>,
    ) -> u8 {
        let mut child = *n;
        self.apply::<V>(&mut child, m, capture);
        self.used_with_rest::<V>(n, m, &child, memo)
    }

    /// The values move `m` uses from `n` together with the most the rest
    /// of the turn can use after it (`child`). A move that finishes the
    /// player uses every value some pawn could still take: nothing is left
    /// to take them, and finishing is never refused for leaving values
    /// unused.
    pub(super) fn used_with_rest<V: Variant>(
        &self,
        n: &Node,
        m: Move,
        child: &Node,
        memo: &mut Option<Remembered>,
    ) -> u8 {
        if child.pos.is_finished(self.side) {
            self.live_slots(n).count_ones() as u8
        } else {
            m.values_used() as u8 + self.usable_from::<V>(child, memo)
        }
    }

    /// The value slots left that some pawn can still take: not those of
    /// the throws that every pawn still on its way has moved with (a pawn
    /// takes values of one throw in one move), which are lost.
    pub(super) fn live_slots(&self, n: &Node) -> u64 {
        let pawns = n.pos.pawns(self.side);
        let home = n.pos.home();
        let lost = (0..pawns.len())
            .filter(|&i| pawns[i] != home)
            .fold(u32::MAX, |lost, i| lost & n.moved[i]);
        self.unspent(n) & !slots_of_throws(lost)
    }

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
    fn usable_bound<V: Variant>(&self, n: &Node) -> u8 {
        let pos = &n.pos;
        let side = self.side;
        let home = home::<V>(pos);
        let pawns = pos.pawns(side);
        let live = self.live_slots(n);
        // Pawns that may still go round again have no limit of room; nor
        // have Chowka Bhara's pawns waiting off the board, which a top
        // value brings in one step.
        let unlimited = |step: u8| {
            self.overshoot_rule::<V>()
                || (step == 0 && V::GAME == Game::ChowkaBhara && pos.options.entry_throws)
                || super::moves::turn_in::<V>(pos)
                    .is_some_and(|turn_in| !pos.flags(side).has_cut && step <= turn_in)
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
        let mut values: ArrayVec<(u8, u16), { MAX_THROWS * super::SLOTS }> = ArrayVec::new();
        for slot in slots_in(live) {
            let throw = 1 << (slot / super::SLOTS);
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
        let reach = match V::GAME {
            Game::Chaupar => 4,
            Game::ChauparAkbar | Game::ChowkaBhara => 2,
            Game::Chopat if !pos.flags(side).has_thrown => 6,
            Game::Chopat | Game::Pagade => 1,
        };
        let to_go: u32 = rooms.iter().map(|&r| u32::from(r)).sum();
        let may_finish = reach * values.iter().map(|&(v, _)| u32::from(v)).sum::<u32>() >= to_go
            && (reach > 1 || boundless != 0 || rooms_fill(&values, &rooms));
        if may_finish {
            return values.len() as u8;
        }
        // Values some pawn without a limit of room can take, and those
        // only pawns with one can, each with the pawns that can.
        let mut free = 0;
        let mut limited: ArrayVec<(u8, u16), { MAX_THROWS * super::SLOTS }> = ArrayVec::new();
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

    /// Going through Home must be "the only possible move", read over the
    /// whole turn: it is open only if it lets the turn use more values
    /// than any way without it. A player who can use the throws without
    /// it may not split them so as to leave a pawn nothing else to do.
    pub(super) fn open_overshoot<V: Variant>(&mut self) {
        self.overshoot_open = true;
        if !self.overshoot_rule::<V>() {
            return;
        }
        let now = self.now;
        let home = now.pos.home();
        let total: u32 = self.values_in(self.unspent(&now)).map(u32::from).sum();
        let within_reach = now
            .pos
            .pawns(self.side)
            .iter()
            .any(|&s| s != home && u32::from(home - s) < total);
        if !within_reach {
            return;
        }
        // Without it first: when that uses every value, nothing can use more.
        self.overshoot_open = false;
        let without = self.max_usable::<V>(&now);
        if without < self.live_slots(&now).count_ones() as u8 {
            // The search reads the flag: open it to ask what it allows.
            self.overshoot_open = true;
            self.overshoot_open = self.max_usable::<V>(&now) > without;
        }
    }

    /// A state of this turn as a search remembers it.
    pub(super) fn state_key(&self, n: &Node) -> StateKey {
        let live = self.live_slots(n);
        let open = throws_of_slots(live);
        let mut pos = n.pos;
        pos.canonicalize();
        let count = pos.pawn_count();
        let mover = self.side;
        let mut alike: ArrayVec<(u8, u32), MAX_PAWNS> = (0..count)
            .map(|i| (n.pos.pawns[mover.index()][i], n.moved[i] & open))
            .collect();
        alike.sort_unstable();
        let mut moved = [0; MAX_PAWNS];
        for (i, (step, with)) in alike.into_iter().enumerate() {
            pos.pawns[mover.index()][i] = step;
            moved[i] = with;
        }
        StateKey {
            pos,
            live,
            moved,
            phase: self.phase,
            hits: n.hits,
            moved_any: n.moved_any,
            khado: self.khado,
        }
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
    let mut kinds: ArrayVec<Kind, { MAX_THROWS * super::SLOTS }> = ArrayVec::new();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Throw;
    use crate::dice::{SeededThrows, ThrowSource};
    use crate::rules::options::Overshoot;
    use crate::rules::turn::SLOTS;
    use crate::rules::Options;
    use crate::sim::random_playout;
    use std::collections::HashSet;

    /// Every end of the turn found the slow way, with the values used on
    /// the way since the turn began: every move that passes the rules, in
    /// every order, with none of the search's shortcuts (no bound, no
    /// skipping equal throws); a way that finishes the player uses every
    /// value some pawn could still take.
    fn brute_force_ends(turn: &Turn) -> Vec<(Position, u32)> {
        fn walk<V: Variant>(t: &Turn, seen: &mut HashSet<Turn>, ends: &mut Vec<(Position, u32)>) {
            if !seen.insert(*t) {
                return;
            }
            let mut next = Vec::new();
            if !t.now.pos.is_over() {
                t.for_each_candidate::<V>(&t.now, Throws::All, |m, cap| {
                    next.push((m, cap));
                    ControlFlow::Continue(())
                });
            }
            let spent = t.now.spent.count_ones();
            if next.is_empty() {
                let mut end = *t;
                end.end_turn();
                ends.push((end.now.pos, spent));
            }
            for (m, cap) in next {
                let mut child = *t;
                t.apply::<V>(&mut child.now, m, cap);
                if child.now.pos.is_finished(child.side) {
                    let mut end = child;
                    end.end_turn();
                    ends.push((end.now.pos, spent + t.live_slots(&t.now).count_ones()));
                } else {
                    walk::<V>(&child, seen, ends);
                }
            }
        }
        let mut ends = Vec::new();
        by_game!(turn.now.pos.game, V => walk::<V>(turn, &mut HashSet::new(), &mut ends));
        ends
    }

    /// The ends of the turn that use the most values, found the slow way.
    fn brute_force_outcomes(turn: &Turn) -> HashSet<Position> {
        let ends = brute_force_ends(turn);
        let most = ends.iter().map(|&(_, used)| used).max().unwrap_or(0);
        ends.into_iter()
            .filter(|&(_, used)| used == most)
            .map(|(p, _)| p)
            .collect()
    }

    /// The same ends as the brute force, also when the walk's memory is
    /// too small for the turn and keeps forgetting.
    fn assert_same_ends(turn: &Turn) {
        let expected = brute_force_outcomes(turn);
        for limit in [WALK_AT_MOST, 3] {
            let fast: HashSet<Position> = outcomes_remembering(turn, limit).into_iter().collect();
            assert_eq!(
                fast,
                expected,
                "{} after {:?}, memory of {limit}",
                turn.now.pos.to_json(),
                turn.throws().iter().map(|t| t.values()).collect::<Vec<_>>()
            );
        }
    }

    /// Turns at the start of their move phase, small enough for the brute
    /// force: from random games of every game, mode and overshoot option,
    /// and the same positions after a run of bonus throws (Chopat:
    /// doublets, once Kajalvun is done), as they are and with the pawns
    /// moved up close to Home, where not every value fits.
    fn sample_turns(mut visit: impl FnMut(&Turn)) {
        for game in Game::ALL {
            for &mode in game.modes() {
                for overshoot in [Overshoot::NewCircuit, Overshoot::Illegal] {
                    if overshoot == Overshoot::Illegal && game != Game::Chopat {
                        continue;
                    }
                    let mut options = Options::new(game).with_mode(mode);
                    options.overshoot = overshoot;
                    let start = Position::start(game, options).unwrap();
                    let mut extra = SeededThrows::new(7);
                    for seed in 0..3 {
                        let mut source = SeededThrows::new(seed);
                        random_playout(start, &mut source, 5_000, |t| {
                            let fresh = t.now.spent == 0 && t.phase == Phase::Move && !t.khado;
                            if !fresh || t.unspent_count(&t.now) > 8 {
                                return;
                            }
                            visit(t);
                            let mut near = t.now.pos;
                            let home = near.home();
                            for step in near.pawns[t.side.index()].iter_mut() {
                                if *step != home && *step != 0 {
                                    *step = home - 1 - extra.below(12) as u8;
                                }
                            }
                            near.canonicalize();
                            for start in [t.now.pos, near] {
                                if start.validate().is_err() {
                                    continue;
                                }
                                let mut long = Turn::new(start);
                                while long.phase == Phase::Throw && long.n_throws < 3 {
                                    let mut throw = extra.throw(long.implement());
                                    if game == Game::Chopat && long.n_throws < 2 {
                                        let d = throw.values()[0];
                                        throw = Throw::dice(&[d, d]);
                                    }
                                    long.add_throw(throw);
                                }
                                if long.phase == Phase::Move && long.n_throws > 1 {
                                    visit(&long);
                                }
                            }
                        });
                    }
                }
            }
        }
    }

    /// `outcomes` (and with it the search for how many values can be
    /// used) finds exactly the ends the brute force finds.
    #[test]
    fn outcomes_agree_with_brute_force() {
        let mut compared = 0;
        sample_turns(|turn| {
            assert_same_ends(turn);
            compared += 1;
        });
        assert!(compared > 1000, "only {compared} turns compared");
    }

    /// At every state of the sample turns, after one and two of their
    /// legal moves as well, the bound is never below the most values the
    /// rest of the turn can use, counted the slow way.
    #[test]
    fn the_bound_is_never_below_the_values_that_can_be_used() {
        let mut compared = 0;
        sample_turns(|turn| {
            let mut t = *turn;
            for _ in 0..3 {
                if t.phase != Phase::Move {
                    break;
                }
                let spent = t.now.spent.count_ones();
                let most = (brute_force_ends(&t).into_iter())
                    .map(|(_, used)| used - spent)
                    .max()
                    .unwrap_or(0);
                let bound = by_game!(t.now.pos.game, V => t.usable_bound::<V>(&t.now));
                assert!(
                    u32::from(bound) >= most,
                    "bound {bound} below {most}: {} after {:?}, {:?} spent",
                    t.now.pos.to_json(),
                    t.throws().iter().map(|t| t.values()).collect::<Vec<_>>(),
                    t.now.spent
                );
                compared += 1;
                let moves = t.legal_moves();
                t.play_unchecked(moves[compared % moves.len()]);
            }
        });
        assert!(compared > 3000, "only {compared} states compared");
    }

    /// A full memory forgets the states it was told longest ago, and a
    /// state asked about again counts as recent.
    #[test]
    fn a_full_memory_keeps_the_recent_states() {
        let start = Position::start(Game::Chopat, Options::new(Game::Chopat)).unwrap();
        let key = |live: u64| StateKey {
            pos: start,
            live,
            moved: [0; MAX_PAWNS],
            phase: Phase::Move,
            hits: 0,
            moved_any: false,
            khado: false,
        };
        let mut memory = Remembered::new(2);
        for live in 1..=4 {
            memory.insert(key(live), live as u8);
        }
        // The two told last are the recent ones, the two before them the
        // older ones: all four are known.
        assert_eq!(memory.get(&key(4)), Some(4));
        assert_eq!(memory.get(&key(3)), Some(3));
        // An older one asked about becomes recent: the recent ones become
        // the older ones, and the oldest is forgotten.
        assert_eq!(memory.get(&key(2)), Some(2));
        assert_eq!(memory.get(&key(1)), None);
        assert!((2..=4).all(|live| memory.get(&key(live)) == Some(live as u8)));
        *memory.get_mut(&key(3)).unwrap() |= WALKED;
        assert_eq!(memory.get(&key(3)), Some(3 | WALKED));
    }

    /// The first legal move, found on its own, is the first of the list,
    /// at every state of the sample turns (along a random way through
    /// each).
    #[test]
    fn the_first_legal_move_found_alone_is_the_first_listed() {
        let mut memory = TurnMemory::default();
        let mut compared = 0;
        sample_turns(|turn| {
            let mut t = *turn;
            while t.phase == Phase::Move {
                let moves = t.legal_moves();
                assert_eq!(
                    t.first_legal_move_remembering(&mut memory).as_ref(),
                    moves.first(),
                    "{} after {:?}",
                    t.now.pos.to_json(),
                    t.throws().iter().map(|t| t.values()).collect::<Vec<_>>()
                );
                compared += 1;
                t.play_unchecked(moves[compared % moves.len()]);
            }
        });
        assert!(compared > 3000, "only {compared} states compared");
    }

    /// The same pawns in each other's slots: the searches know the state
    /// they reach either way, and only what a pawn moved with still tells
    /// states apart.
    #[test]
    fn states_that_differ_only_in_which_slot_holds_a_pawn_are_one() {
        let json = r#"{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
            "pawns": {"black": [14, 20, 40, 50], "yellow": [10, 30, 45, 60]},
            "flags": {"black": {"kajalvun": true, "has_thrown": true}}}"#;
        let start = Turn::new(Position::from_json(json).unwrap());
        let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
        let after = |moves: &[(u8, u8, u64)]| {
            let mut t = start;
            for throw in [[6, 6], [6, 6], [1, 1], [3, 3], [1, 3]] {
                t.add_throw(Throw::dice(&throw));
            }
            for &(from, to, spend) in moves {
                let m = Move::new(from, to, 1, spend);
                assert_eq!(t.play(m), Ok(false), "{m:?}");
            }
            t
        };
        // The first double six moves 14 and 20 on a 6 each, or 14 on 12:
        // pawns on 20 and 26 in other slots, the throw spent.
        let both = after(&[(14, 20, die(0, 0)), (20, 26, die(0, 1))]);
        let one = after(&[(14, 26, die(0, 0) | die(0, 1))]);
        assert_ne!(both.now.pos.pawns, one.now.pos.pawns);
        assert!(both.state_key(&both.now) == one.state_key(&one.now));
        // A 6 of each double six: the pawn on 20 may still take the other
        // 6 of the throw it did not move with, and which throw that is
        // tells the states apart.
        let first_then_second = after(&[(14, 20, die(0, 0)), (20, 26, die(1, 0))]);
        let second_then_first = after(&[(20, 26, die(0, 0)), (14, 20, die(1, 0))]);
        assert!(
            first_then_second.state_key(&first_then_second.now)
                != second_then_first.state_key(&second_then_first.now)
        );
        // The same state with its first two pawns, and what they moved
        // with, in each other's slots.
        let mut swapped = first_then_second;
        swapped.now.pos.pawns[swapped.side.index()].swap(0, 1);
        swapped.now.moved.swap(0, 1);
        swapped.now.refresh_cells();
        assert!(
            swapped.state_key(&swapped.now) == first_then_second.state_key(&first_then_second.now)
        );
    }

    /// Black's turn of Chopat after Kajalvun, pawns on `black`, in its
    /// move phase after `throws` ("overshoot: illegal").
    fn black_to_move(black: [u8; 4], throws: &[[u8; 2]]) -> Turn {
        let json = format!(
            r#"{{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
            "options": {{"overshoot": "illegal"}},
            "pawns": {{"black": {black:?}, "yellow": [18, 27, 44, 82]}},
            "flags": {{"black": {{"kajalvun": true, "has_thrown": true}}}}}}"#
        );
        let mut t = Turn::new(Position::from_json(&json).unwrap());
        for throw in throws {
            t.add_throw(Throw::dice(throw));
        }
        assert_eq!(t.phase, Phase::Move);
        t
    }

    /// The bound on the values left counts a value as lost only when no
    /// pawn that may still take it has room for it (a die that brings a
    /// pawn exactly Home is not lost), and the values count as all used
    /// (the player may finish) only if some of them add up to each pawn's
    /// distance from Home (see the next test for how they must split).
    #[test]
    fn the_bound_loses_the_values_no_pawn_has_room_for() {
        let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
        let t = black_to_move([20, 81, 82, 84], &[[4, 4], [3, 3], [6, 1]]);
        // The pawn on 20 has moved to 27 with a 4 of the first throw and
        // a 3 of the second: nobody has room for the other 4, the pawn on
        // 81 has just room for the other 3, and the pawn on 27 for the 6
        // and the 1.
        let mut n = t.now;
        n.pos.pawns[t.side.index()][0] = 27;
        n.spent |= die(0, 0) | die(1, 0);
        n.moved[0] = 0b11;
        n.refresh_cells();
        assert_eq!(t.usable_bound::<ChopatRules>(&n), 3);
        assert_eq!(t.max_usable::<ChopatRules>(&n), 3);
        // Pawns 3 and 2 from Home with (4, 4) (1, 3): twelve pips are
        // more than the five to go, but no values add up to 2, so the
        // player cannot finish; the 4s fit nowhere.
        let t = black_to_move([81, 82, 84, 84], &[[4, 4], [1, 3]]);
        assert_eq!(t.usable_bound::<ChopatRules>(&t.now), 2);
        assert_eq!(t.max_usable::<ChopatRules>(&t.now), 2);
    }

    #[test]
    fn finishing_is_assumed_only_where_the_values_split_into_each_pawns_distance() {
        // Two pawns 2 from Home with (1, 1) (3, 1): 2, 2 and their sum 4
        // are each made by some of the values, but only three 1s are
        // there for the two 2s. The 3 fits nowhere; three 1s can be used.
        let t = black_to_move([82, 82, 84, 84], &[[1, 1], [3, 1]]);
        assert_eq!(t.usable_bound::<ChopatRules>(&t.now), 3);
        assert_eq!(t.max_usable::<ChopatRules>(&t.now), 3);
        // With a pawn 1 from Home in place of one of them, they split.
        let t = black_to_move([82, 83, 84, 84], &[[1, 1], [3, 1]]);
        assert_eq!(t.usable_bound::<ChopatRules>(&t.now), 4);
    }

    /// A pawn takes values of a throw in one move only: a value of a throw
    /// a pawn has moved with neither brings that pawn Home nor goes into
    /// its room.
    #[test]
    fn a_value_counts_only_for_pawns_that_have_not_moved_with_its_throw() {
        let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
        // The pawn on 78 has moved to 81 with a 3 of (3, 3), which leaves
        // a 3 and (4, 1). The other 3 would bring it Home, and the 4 the
        // pawn on 80, but the 3 is only for the pawn on 80 now: no
        // finishing. That pawn has room for the 3 or the 4, not both.
        let t = black_to_move([78, 80, 84, 84], &[[3, 3], [4, 1]]);
        let mut n = t.now;
        n.pos.pawns[t.side.index()][0] = 81;
        n.spent |= die(0, 0);
        n.moved[0] = 0b1;
        n.refresh_cells();
        assert_eq!(t.usable_bound::<ChopatRules>(&n), 2);
        assert_eq!(t.max_usable::<ChopatRules>(&n), 2);
    }

    /// Values go whole to one pawn: three 3s fit into the nine squares
    /// two pawns have left, but only one fits into each pawn's 5 or 4.
    #[test]
    fn values_are_not_split_between_pawns() {
        let t = black_to_move([79, 80, 84, 84], &[[3, 3], [3, 6]]);
        assert_eq!(t.usable_bound::<ChopatRules>(&t.now), 2);
        assert_eq!(t.max_usable::<ChopatRules>(&t.now), 2);
    }

    /// Listing moves with one memory kept across the states of a turn and
    /// from turn to turn (as the computer's walk through a turn does)
    /// gives the moves listed afresh, in Chopat turns of six throws, long
    /// enough for the memory to be used: each position is played with two
    /// different runs of throws in a row.
    #[test]
    fn moves_listed_with_a_memory_are_the_legal_moves() {
        let mut memory = TurnMemory::default();
        let mut extra = SeededThrows::new(11);
        let mut compared = 0;
        for overshoot in [Overshoot::NewCircuit, Overshoot::Illegal] {
            let mut options = Options::new(Game::Chopat);
            options.overshoot = overshoot;
            let start = Position::start(Game::Chopat, options).unwrap();
            for seed in 0..3 {
                let mut source = SeededThrows::new(seed);
                random_playout(start, &mut source, 5_000, |t| {
                    let fresh = t.now.spent == 0 && t.phase == Phase::Move && !t.khado;
                    if !fresh || extra.below(4) != 0 {
                        return;
                    }
                    // Doublets give another throw once Kajalvun is done.
                    let mut start = t.now.pos;
                    let flags = &mut start.flags[t.side.index()];
                    if flags.jug.is_none() {
                        flags.kajalvun = true;
                    }
                    for _ in 0..2 {
                        let mut long = Turn::new(start);
                        while long.phase == Phase::Throw {
                            let throw = extra.throw(long.implement());
                            let d = throw.values()[0];
                            long.add_throw(if long.n_throws < 5 {
                                Throw::dice(&[d, d])
                            } else {
                                throw
                            });
                        }
                        while long.phase == Phase::Move {
                            let moves = long.legal_moves();
                            assert_eq!(long.legal_moves_remembering(&mut memory), moves);
                            let first = long.first_legal_move_remembering(&mut memory);
                            assert_eq!(first.as_ref(), moves.first());
                            compared += 1;
                            long.play_unchecked(moves[extra.below(moves.len())]);
                        }
                    }
                });
            }
        }
        assert!(compared > 1000, "only {compared} states compared");
    }
}
