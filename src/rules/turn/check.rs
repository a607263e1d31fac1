//! Checking a move a player asks for: the rules it breaks, the reason
//! that says most, or what it captures.

use super::generate::{Candidate, Piece, Throws};
use super::state::{Phase, Turn};
use crate::rules::card::RuleCard;
use crate::rules::illegal::Illegal;
use crate::rules::moves::{Mover, SLOTS};
use std::ops::ControlFlow;

use super::node::Capture;
use crate::rules::moves::Move;

impl Turn {
    /// Whether a pawn may overshoot Home now (Chopat's "overshoot: new
    /// circuit"): only when no other move exists.
    fn overshoot_allowed<V: RuleCard>(&self) -> bool {
        self.overshoot_rule::<V>()
            && self
                .visit_candidates::<V>(&self.now, false, Throws::Any, &mut |_, _| {
                    ControlFlow::Break(())
                })
                .is_continue()
    }

    /// Checks one move against every rule but the one about using as many
    /// values as possible.
    pub(super) fn check<V: RuleCard>(&self, m: Move) -> Result<Option<Capture>, Illegal> {
        let attempt = |overshoot: bool| {
            // The verdict on the requested destination comes first; then
            // that the values lead elsewhere; then any other refusal.
            let mut here: Option<Result<Option<Capture>, Illegal>> = None;
            let mut other_to = None;
            let mut other_refusal = None;
            self.moves_for::<V>(
                (m.from, m.pawns, m.mover),
                m.spend.bits(),
                overshoot,
                &mut |r| {
                    match r {
                        // A move that names nothing where the player may name
                        // something takes the engine's naming.
                        Ok((cand, cap)) if cand.to == m.to && m.naming_fits(&cand) => {
                            here = Some(Ok(cap))
                        }
                        Ok((cand, _)) if cand.to == m.to => {
                            if !cand.is_named() {
                                here = here.or(Some(Err(Illegal::NoPairToName)));
                            }
                        }
                        Ok((cand, _)) => other_to = other_to.or(Some(cand.to)),
                        Err((e, Some(to))) if to == m.to => here = here.or(Some(Err(e))),
                        Err((e, _)) => other_refusal = other_refusal.or(Some(e)),
                    }
                    ControlFlow::Continue(())
                },
            );
            match (here, other_to, other_refusal) {
                (Some(verdict), _, _) => verdict,
                (None, Some(to), _) => Err(Illegal::WrongDestination { to }),
                (None, None, Some(e)) => Err(e),
                (None, None, None) => Err(Illegal::NoPawn),
            }
        };
        match attempt(false) {
            Err(_) if m.to < m.from && self.overshoot_allowed::<V>() => attempt(true),
            result => result,
        }
    }

    /// Why the pawns on `from` cannot move now, when no legal move takes
    /// them: the reason that says most.
    pub(super) fn why_not_from<V: RuleCard>(&self, from: u8) -> Option<Illegal> {
        // Among the reasons, the one about where the pawns would go says
        // most; the ones about moving together say least.
        let rank = |e: &Illegal| match e {
            Illegal::NoPawn | Illegal::NotTogether | Illegal::AlreadyMoved => 0,
            Illegal::PairNeedsDoublet | Illegal::GroupNeedsDouble => 1,
            _ => 2,
        };
        let mut reason: Option<Illegal> = None;
        let mut shaped = false;
        let overshoot = self.overshoot_allowed::<V>();
        let _ = self.for_each_spend(&self.now, Throws::All, |spend| {
            for pawns in 1..=4 {
                let piece = (from, pawns, Mover::Either);
                self.moves_for::<V>(piece, spend, overshoot, &mut |r| {
                    match r {
                        Ok(_) => shaped = true,
                        Err((e, _)) if reason.is_none_or(|r| rank(&e) > rank(&r)) => {
                            reason = Some(e)
                        }
                        Err(_) => {}
                    }
                    ControlFlow::Continue(())
                });
            }
            ControlFlow::Continue(())
        });
        Some(if shaped {
            Illegal::MustUseMore
        } else {
            reason.unwrap_or(Illegal::NoPawn)
        })
    }

    /// The moves of `pawns` pawns from `from` (which one, if `mover` says)
    /// paid with `spend`, each as a move with what it captures or as the
    /// reason it is refused.
    fn moves_for<V: RuleCard>(
        &self,
        (from, pawns, mover): (u8, u8, Mover),
        spend: u64,
        overshoot: bool,
        f: &mut impl FnMut(Candidate) -> ControlFlow<()>,
    ) {
        let here = match self.check_values_and_pawns::<V>(from, pawns, mover, spend) {
            Ok(here) => here,
            Err(e) => {
                let _ = f(Err((e, None)));
                return;
            }
        };
        let piece = Piece {
            from,
            pawns,
            here,
            mover,
        };
        self.shaped_moves::<V>(
            &self.now,
            piece,
            spend,
            &self.spend_values(spend),
            overshoot,
            f,
        );
    }

    /// The checks on a move's values and pawns that come before its shape:
    /// values unspent and of one throw, pawns there and free to move (the
    /// `mover` among them, if named). Returns how many of the side's pawns
    /// stand on `from`.
    fn check_values_and_pawns<V: RuleCard>(
        &self,
        from: u8,
        pawns: u8,
        mover: Mover,
        spend: u64,
    ) -> Result<u8, Illegal> {
        match self.phase {
            Phase::Over => return Err(Illegal::GameOver),
            Phase::Throw => return Err(Illegal::ThrowFirst),
            Phase::Move => {}
        }
        let n = &self.now;
        if spend == 0 || spend >> (self.n_throws as usize * SLOTS) != 0 {
            return Err(Illegal::ValueSpent);
        }
        let t = spend.trailing_zeros() as usize / SLOTS;
        if spend >> (t * SLOTS) >= 1 << SLOTS {
            return Err(Illegal::MixedThrows);
        }
        if spend & n.spent != 0 || (spend >> (t * SLOTS)) >> self.throws[t].values().len() != 0 {
            return Err(Illegal::ValueSpent);
        }
        let side = self.side;
        let pos = &n.pos;
        let here = pos.pawns_on(side, from) as u8;
        if pawns == 0 || here < pawns {
            return Err(if here == 0 {
                Illegal::NoPawn
            } else {
                Illegal::NotTogether
            });
        }
        if from == pos.home() {
            return Err(Illegal::AlreadyHome);
        }
        if n.free_slots::<V>(side, from, t).count_ones() < u32::from(pawns) {
            return Err(Illegal::AlreadyMoved);
        }
        if !mover.is_either() && (pawns != 1 || self.mover_slot::<V>(n, from, t, mover).is_none()) {
            return Err(Illegal::NoSuchMover);
        }
        if V::REENTER_FIRST && from != 0 && pos.pawns(side).contains(&0) {
            return Err(Illegal::ReenterFirst);
        }
        Ok(here)
    }
}
