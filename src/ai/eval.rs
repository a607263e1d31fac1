//! The hand-tuned evaluation of a position: how good it is for one player
//! (or one partnership), in units of one pawn's whole journey Home.

use crate::board::{geometry, square_ring, BoardKind, Cell, CellKind, Side};
use crate::dice::Implement;
use crate::rules::{Game, Position};
use std::sync::OnceLock;

/// The weights of the evaluation terms. A pawn's whole journey from its
/// start to Home is worth `progress`; the other terms are in the same
/// units. [`Weights::TUNED`] came out of self-play (docs/ai.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A pawn's journey from start to Home.
    pub progress: f64,
    /// Each pawn Home, on top of its journey.
    pub home: f64,
    /// The expected loss from being hit (odds times what the pawn loses).
    pub risk: f64,
    /// What a hit pawn loses on top of its journey: the throws spent to
    /// bring it back in.
    pub reentry: f64,
    /// Each pawn on a safe square past its start.
    pub safety: f64,
    /// Each pawn standing in a pair or group that protects it.
    pub group: f64,
    /// Each opponent pawn held behind a double it may not pass.
    pub block: f64,
    /// The game's own milestone: the first cut (Pagade, Chowka Bhara),
    /// the first pair (Chopat).
    pub goal: f64,
    /// Games of three or four players: how much the leading opponent
    /// counts against the mean of all opponents (1: only the leader).
    pub leader: f64,
    /// Each turn a player is owed (Chowka Bhara: a hit earns one), about
    /// what a turn's throws carry a pawn.
    pub tempo: f64,
}

impl Weights {
    /// Medium's weights, one set for every game, tuned by self-play over
    /// all five games together.
    pub const TUNED: Weights = Weights {
        progress: 1.0,
        home: 0.3,
        risk: 0.667,
        reentry: 0.15,
        safety: 0.02,
        group: 0.05,
        block: 0.03,
        goal: 0.5,
        leader: 0.5,
        tempo: 0.3,
    };

    /// Hard's weights in `game`: [`Weights::TUNED`], except where self-play
    /// on that game alone found clearly better ones (docs/ai.md).
    pub fn hard(game: Game) -> Weights {
        match game {
            // Pairs are immune and three squares an arm are safe, so a lone
            // pawn's risk counts for less, and hurrying pawns Home (where
            // entry must be exact) for less still.
            Game::ChauparAkbar => Weights {
                risk: 0.35,
                home: 0.1,
                safety: 0.05,
                ..Weights::TUNED
            },
            // Only an equal or larger group cuts a group, so keeping pawns
            // together is worth far more than in the other games.
            Game::Chaupar => Weights {
                risk: 0.35,
                group: 0.3,
                ..Weights::TUNED
            },
            _ => Weights::TUNED,
        }
    }

    /// The weights by name, for tuning and for the docs.
    pub fn named(&self) -> [(&'static str, f64); 10] {
        [
            ("progress", self.progress),
            ("home", self.home),
            ("risk", self.risk),
            ("reentry", self.reentry),
            ("safety", self.safety),
            ("group", self.group),
            ("block", self.block),
            ("goal", self.goal),
            ("leader", self.leader),
            ("tempo", self.tempo),
        ]
    }

    /// The weights whose value never changes how `game` is evaluated: its
    /// evaluation has no term for them (tuning skips them).
    pub fn unread_in(game: Game) -> &'static [&'static str] {
        // Blocks and turns earned by a hit are Chowka Bhara's, safe squares
        // past the start are Akbar's and Chowka Bhara's, and the Chaupars
        // have no milestone.
        match game {
            Game::Pagade | Game::Chopat => &["block", "safety", "tempo"],
            Game::Chaupar => &["block", "goal", "safety", "tempo"],
            Game::ChauparAkbar => &["block", "goal", "tempo"],
            Game::ChowkaBhara => &[],
        }
    }

    /// The same weights with the one named `name` set to `value`.
    pub fn with(mut self, name: &str, value: f64) -> Weights {
        let slot = match name {
            "progress" => &mut self.progress,
            "home" => &mut self.home,
            "risk" => &mut self.risk,
            "reentry" => &mut self.reentry,
            "safety" => &mut self.safety,
            "group" => &mut self.group,
            "block" => &mut self.block,
            "goal" => &mut self.goal,
            "leader" => &mut self.leader,
            "tempo" => &mut self.tempo,
            _ => panic!("no weight named {name}"),
        };
        *slot = value;
        self
    }
}

/// A won game outweighs everything else on the board.
const WIN: f64 = 1000.0;

/// The sides playing with `side`: itself and, in partnerships, its partner.
fn team(pos: &Position, side: Side) -> [Option<Side>; 2] {
    [
        Some(side),
        (pos.partnership() && pos.is_seated(side.opposite())).then(|| side.opposite()),
    ]
}

fn same_team(pos: &Position, a: Side, b: Side) -> bool {
    a == b || (pos.partnership() && a == b.opposite())
}

/// How good `pos` is for `side`'s team: its standing minus the
/// opponents'. Positive is good; a won game is worth [`WIN`].
pub fn evaluate(pos: &Position, side: Side, w: &Weights) -> f64 {
    let mut standing = [0.0; 4];
    for &s in pos.seats() {
        standing[s.index()] = side_standing(pos, s, w);
    }
    let team_total = |s: Side| {
        team(pos, s)
            .iter()
            .flatten()
            .map(|t| standing[t.index()])
            .sum::<f64>()
    };
    let mine = team_total(side);
    let decided = match pos.winner() {
        Some(winner) if same_team(pos, winner, side) => WIN,
        Some(_) => -WIN,
        None => 0.0,
    };
    let rivals: Vec<f64> = if pos.partnership() {
        vec![team_total(side.next())]
    } else {
        pos.seats()
            .iter()
            .filter(|&&s| s != side)
            .map(|&s| standing[s.index()])
            .collect()
    };
    let against = if rivals.len() == 1 {
        rivals[0]
    } else {
        let max = rivals.iter().copied().fold(f64::MIN, f64::max);
        let mean = rivals.iter().sum::<f64>() / rivals.len() as f64;
        w.leader * max + (1.0 - w.leader) * mean
    };
    decided + mine - against
}

/// One side's standing: its progress and milestones, less what it stands
/// to lose before its next turn.
fn side_standing(pos: &Position, side: Side, w: &Weights) -> f64 {
    let game = pos.game();
    let home = pos.home();
    let geo = pos.board();
    let steps = step_table(pos.board_kind());
    let reach = reach_table(pos.options().implement(game));
    let flags = pos.flags(side);
    let pawns = pos.pawns(side);
    let mut value = 0.0;
    if pos.way_opened(side) {
        value += w.goal;
    }
    if game.capture_earns_turn() && pos.winner().is_none() {
        let owed = u8::from(pos.to_move == side) + flags.extra_turns;
        value += w.tempo * f64::from(owed);
    }
    for (i, &step) in pawns.iter().enumerate() {
        let journey = step as f64 / home as f64;
        value += w.progress * journey;
        if step == home {
            value += w.home;
            continue;
        }
        let Some(cell) = geo.cell(side, step) else {
            continue;
        };
        // By square, not step: steps 8 and 76 of a cross path are one.
        let together = pos.pawns_on_square(side, step);
        let first_of_square = !pawns[..i].iter().any(|&s| geo.cell(side, s) == Some(cell));
        let info = geo.cell_info(cell);
        let outer = match pos.board_kind() {
            BoardKind::Square(n) => square_ring(n, info) == 0,
            BoardKind::Cross => true,
        };
        if pos.is_safe(cell) {
            // The start square is safe too, but staying there is no merit.
            if step > 1 {
                value += w.safety;
            }
            continue;
        }
        if matches!(info.kind, CellKind::Belly(_)) {
            continue;
        }
        // A pair a single can cut falls, both pawns at once.
        let cut_by_single = pos.cut_by_single(side, step);
        let exposure = if cut_by_single {
            1.0
        } else {
            exposure(game, together, outer)
        };
        if together > 1 && exposure < 1.0 {
            value += w.group;
        }
        if exposure == 0.0 {
            continue;
        }
        // One chance per square: the pawns on it stand or fall together.
        if !first_of_square && together > 1 {
            continue;
        }
        let odds = hit_odds(pos, side, cell, steps, reach);
        // A hit takes a whole pair or group, or one lone pawn.
        let lost = if exposure < 1.0 || cut_by_single {
            together
        } else {
            1
        } as f64;
        value -= w.risk * exposure * odds * lost * (w.progress * journey + w.reentry);
        if game == Game::ChowkaBhara && together > 1 && outer {
            value += w.block * held_behind(pos, side, cell, steps) as f64;
        }
    }
    value
}

/// How exposed pawns standing `together` on an unsafe square are, as a
/// share of the odds that an opponent's throw reaches them.
fn exposure(game: Game, together: usize, outer_ring: bool) -> f64 {
    if together == 1 {
        return 1.0;
    }
    match game {
        // Only a pair moving on a doublet cuts a pair.
        Game::Pagade | Game::Chopat => 0.25,
        // Only an equal or larger group.
        Game::Chaupar => 0.1,
        Game::ChauparAkbar => 0.0,
        // A double on the outer ring falls only to a double; inside, two
        // pawns are no double.
        Game::ChowkaBhara => {
            if outer_ring {
                0.1
            } else {
                1.0
            }
        }
    }
}

/// The odds that some opponent's next throw can reach `cell`, where a pawn
/// of `side` stands.
fn hit_odds(pos: &Position, side: Side, cell: Cell, steps: &StepTable, reach: &[Reach]) -> f64 {
    let mut safe_from_all = 1.0;
    for &attacker in pos.seats() {
        if same_team(pos, attacker, side) {
            continue;
        }
        let distances = distances_to(pos, attacker, cell, steps);
        if distances == 0 {
            continue;
        }
        let odds: f64 = reach
            .iter()
            .filter(|r| r.distances & distances != 0)
            .map(|r| r.p)
            .sum();
        safe_from_all *= 1.0 - odds;
    }
    1.0 - safe_from_all
}

/// The distances (bit d) at which `attacker`'s pawns stand behind `cell`
/// along the attacker's path, counting laps round the loop for a player
/// who must keep circling.
fn distances_to(pos: &Position, attacker: Side, cell: Cell, steps: &StepTable) -> u128 {
    let target = steps[attacker.index()][cell.0 as usize];
    if target == 0 {
        return 0;
    }
    let home = pos.home();
    let circling = pos.circling_round(attacker);
    let mut mask = 0u128;
    for &a in pos.pawns(attacker) {
        if a == home || pos.off_board(a) {
            continue;
        }
        let d = if target > a {
            Some(target - a)
        } else {
            circling
                .filter(|&(first, len)| a >= first && target >= first && a < first + len)
                .map(|(_, len)| target + len - a)
        };
        if let Some(d) = d.filter(|&d| (d as u32) < u128::BITS) {
            mask |= 1u128 << d;
        }
    }
    mask
}

/// Chowka Bhara: opponent pawns within one throw behind our double, which
/// they may not pass.
fn held_behind(pos: &Position, side: Side, cell: Cell, steps: &StepTable) -> u32 {
    let reach = 2 * pos.options().shells as u32;
    pos.seats()
        .iter()
        .filter(|&&o| o != side)
        .map(|&o| {
            let d = distances_to(pos, o, cell, steps);
            (d & ((1u128 << (reach + 1)) - 2)).count_ones()
        })
        .sum()
}

/// Per side, per cell: the first step of the side's path on that cell (0:
/// the path never goes there).
type StepTable = [[u8; 128]; 4];

fn step_table(kind: BoardKind) -> &'static StepTable {
    static CROSS: OnceLock<StepTable> = OnceLock::new();
    static SQUARE: [OnceLock<StepTable>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let lock = match kind {
        BoardKind::Cross => &CROSS,
        BoardKind::Square(n) => &SQUARE[(n as usize - 5) / 2],
    };
    lock.get_or_init(|| {
        let geo = geometry(kind);
        let mut table = [[0u8; 128]; 4];
        for side in Side::ALL {
            for step in (1..geo.home).rev() {
                if let Some(c) = geo.cell(side, step) {
                    table[side.index()][c.0 as usize] = step;
                }
            }
        }
        table
    })
}

/// One way a turn's throws can fall, as the distances a single pawn can
/// then travel (bit d), with its probability.
pub(crate) struct Reach {
    distances: u128,
    p: f64,
}

/// What a turn's throws let one pawn travel, over the implement's exact
/// distribution: any one value or the sum of several (dice); cowries'
/// top values add one bonus throw.
fn reach_table(implement: Implement) -> &'static [Reach] {
    static TABLES: [OnceLock<Vec<Reach>>; Implement::KINDS] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    TABLES[implement.kind_index()].get_or_init(|| {
        let subset_sums = |values: &[u8]| {
            let mut mask = 0u128;
            for sub in 1u32..(1 << values.len()) {
                let sum: u32 = (0..values.len())
                    .filter(|i| sub & (1 << i) != 0)
                    .map(|i| values[i] as u32)
                    .sum();
                mask |= 1u128 << sum;
            }
            mask
        };
        let dist = implement.distribution();
        let mut out = Vec::new();
        for (throw, p) in dist {
            let v = throw.values();
            if implement.is_top_value(v[0]) {
                for (next, q) in dist {
                    out.push(Reach {
                        distances: subset_sums(&[v[0], next.values()[0]]),
                        p: p * q,
                    });
                }
            } else {
                out.push(Reach {
                    distances: subset_sums(v),
                    p: *p,
                });
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_partnership_is_won_by_the_pair_home_first_not_by_the_first_place() {
        let end = Position::from_json(
            r#"{"game": "chaupar", "options": {"mode": "teams"},
                "seats": ["black", "red", "yellow", "green"], "to_move": "yellow",
                "places": ["black", "green", "red"],
                "pawns": {"black": [84, 84, 84, 84], "red": [84, 84, 84, 84],
                          "yellow": [10, 20, 84, 84], "green": [84, 84, 84, 84]}}"#,
        )
        .expect("a finished game");
        for (side, value) in [
            (Side(0), -WIN),
            (Side(1), WIN),
            (Side(2), -WIN),
            (Side(3), WIN),
        ] {
            let score = evaluate(&end, side, &Weights::TUNED);
            assert!(
                score * value > 0.0 && score.abs() >= WIN / 2.0,
                "{side:?}: {score}"
            );
        }
    }

    #[test]
    fn a_turn_owed_counts_for_the_player_owed_it() {
        // Chowka Bhara: the same pawns, with Red to move again (a hit has
        // just earned it a turn) and then owed one more besides.
        let at = |to_move: &str, extra: u8| {
            Position::from_json(&format!(
                r#"{{"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "{to_move}",
                    "pawns": {{"red": [3, 5, 9, 14], "yellow": [1, 1, 2, 2]}},
                    "flags": {{"red": {{"has_cut": true, "extra_turns": {extra}}}}}}}"#
            ))
            .expect("a position")
        };
        let w = Weights::TUNED;
        let passed_on = evaluate(&at("yellow", 0), Side(0), &w);
        let again = evaluate(&at("red", 0), Side(0), &w);
        let twice = evaluate(&at("red", 1), Side(0), &w);
        // The turn is Red's instead of Yellow's: it counts for Red and no
        // longer for Yellow.
        assert!(
            (again - passed_on - 2.0 * w.tempo).abs() < 1e-9,
            "{passed_on} {again}"
        );
        assert!((twice - again - w.tempo).abs() < 1e-9, "{again} {twice}");
        assert!(evaluate(&at("red", 1), Side(2), &w) < evaluate(&at("yellow", 0), Side(2), &w));
    }

    #[test]
    fn pawns_on_steps_8_and_76_count_as_the_pair_they_are() {
        // Pagade: Yellow's single on 39 stands three squares behind Black's
        // 8, which is also Black's 76. Black's two pawns there risk what a
        // pair on 8 risks: only their progress differs.
        let black = |pawns: &str| {
            Position::from_json(&format!(
                r#"{{"game": "pagade", "seats": ["black", "yellow"], "to_move": "yellow",
                    "pawns": {{"black": {pawns}, "yellow": [39, 84, 84, 84]}},
                    "flags": {{"black": {{"has_cut": true}}, "yellow": {{"has_cut": true}}}}}}"#
            ))
            .expect("a position")
        };
        let w = Weights::TUNED;
        let apart = evaluate(&black("[8, 76, 84, 84]"), Side(0), &w);
        let paired = evaluate(&black("[8, 8, 84, 84]"), Side(0), &w);
        let progress = w.progress * (76.0 - 8.0) / 84.0;
        assert!((apart - paired - progress).abs() < 1e-9, "{apart} {paired}");
    }

    #[test]
    fn reach_odds_are_a_distribution() {
        for imp in [
            Implement::StickDice,
            Implement::LongDice,
            Implement::Cowries(4),
            Implement::Cowries(6),
        ] {
            let total: f64 = reach_table(imp).iter().map(|r| r.p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{imp:?}");
        }
        // Stick dice reach 2 only with (1, 1): one throw in sixteen.
        let two: f64 = reach_table(Implement::StickDice)
            .iter()
            .filter(|r| r.distances & (1 << 2) != 0)
            .map(|r| r.p)
            .sum();
        assert!((two - 1.0 / 16.0).abs() < 1e-12);
    }

    #[test]
    fn the_weights_a_game_never_reads_change_none_of_its_evaluations() {
        use crate::dice::SeededThrows;
        use crate::rules::{Mode, Options};
        let mut wrong = Vec::new();
        for game in Game::ALL {
            let start = Position::start(game, Options::new(game).with_mode(Mode::TwoPlayer))
                .expect("every game has two players");
            let mut positions = Vec::new();
            for seed in 0..20 {
                let mut source = SeededThrows::new(seed);
                crate::sim::random_playout(start, &mut source, 10_000, |t| {
                    positions.push(*t.position())
                });
            }
            for (name, value) in Weights::TUNED.named() {
                let changed = Weights::TUNED.with(name, 2.0 * value + 1.0);
                let differs = positions.iter().any(|p| {
                    p.seats().iter().any(|&side| {
                        evaluate(p, side, &changed) != evaluate(p, side, &Weights::TUNED)
                    })
                });
                let unread = Weights::unread_in(game).contains(&name);
                // `leader` weighs rivals against each other: never read with two.
                if name != "leader" && differs == unread {
                    wrong.push(format!("{game:?}: {name} read {differs}"));
                }
            }
        }
        assert!(wrong.is_empty(), "{wrong:?}");
    }
}
