//! Lays a board out for drawing: the cells of `board::geometry` on the
//! drawing grid, the marked squares, and where each pawn stands, sits
//! waiting or rests at Home. The board may be turned so that any side sits
//! at the bottom.

use crate::board::{self, BoardKind, CellKind, Geometry, Side};

use crate::app::{BoardFocus, CellData, MoveText, PawnData, SquareKind, TrailEnd};

/// Cross board steps of a pawn on its way down its own Belly to Home,
/// traditionally laid on its side.
const CROSS_HOMEWARD: std::ops::RangeInclusive<u8> = 77..=83;

/// Whose pawns made the last move, and the squares it left and reached
/// (none for an end off the board).
pub type Trail = (Side, Option<board::Cell>, Option<board::Cell>);

/// A square the chosen pawn can move to: what a screen reader says for it,
/// and the number written in it (the one the move buttons name).
pub struct Target {
    pub cell: board::Cell,
    /// Where it is, and what moving there does.
    pub reach: MoveText,
}

/// A pawn to draw: which side, a stable id (so it can walk from square to
/// square), and the step it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PawnAt {
    pub id: usize,
    pub side: Side,
    pub step: u8,
}

/// How a board is drawn: its geometry, how far it is turned, and whether
/// the square board keeps room round its grid for pawns waiting to enter.
#[derive(Clone, Copy)]
pub struct Layout {
    pub geometry: &'static Geometry,
    /// Quarter turns clockwise, bringing that side's arm to the bottom.
    pub turn: u8,
    waiting_room: bool,
}

impl Layout {
    /// `waiting_room`: pawns may stand off the square board (Chowka
    /// Bhara's entry throws); without them its squares take the room.
    pub fn new(kind: BoardKind, bottom: Side, waiting_room: bool) -> Layout {
        Layout {
            geometry: board::geometry(kind),
            turn: bottom.0,
            waiting_room,
        }
    }

    pub fn is_cross(&self) -> bool {
        self.geometry.kind == BoardKind::Cross
    }

    /// Squares of margin round the grid: one on the square board where
    /// pawns wait to enter, none elsewhere (the cross board's waiting
    /// pawns sit in the cloth's corners).
    pub fn margin(&self) -> f32 {
        if self.is_cross() || !self.waiting_room {
            0.0
        } else {
            1.0
        }
    }

    /// Side length of the drawing grid in squares.
    pub fn grid(&self) -> u8 {
        self.geometry.grid + 2 * self.margin() as u8
    }

    /// Turns a point of the geometry's grid (in squares, continuous) to the
    /// drawing grid.
    fn place(&self, (x, y): (f32, f32)) -> (f32, f32) {
        let size = self.geometry.grid as f32;
        // One quarter clockwise as drawn: (x, y) -> (size - y, x).
        let (x, y) = (0..self.turn % 4).fold((x, y), |(x, y), _| (size - y, x));
        (x + self.margin(), y + self.margin())
    }

    /// A point laid out for the bottom side, turned to where `side` sits
    /// (sides follow one another anticlockwise).
    fn for_side(&self, side: Side, (x, y): (f32, f32)) -> (f32, f32) {
        let size = self.geometry.grid as f32;
        // One quarter anticlockwise as drawn: (x, y) -> (y, size - x).
        (0..side.0).fold((x, y), |(x, y), _| (y, size - x))
    }

    /// Every cell, with its marking, whether a chosen pawn could move
    /// there (`targets`, with the label read out for it), the squares
    /// the last move left and reached (`trail`, with whose pawns moved) and
    /// the square where the player to move must still form its Jug.
    pub fn cells(
        &self,
        targets: &[Target],
        trail: Option<Trail>,
        kajalvun: Option<board::Cell>,
    ) -> Vec<CellData> {
        let g = self.geometry;
        let marked = marked_cells(g);
        g.cells()
            .map(|(cell, info)| {
                let (col, row, span) = self.square_of(info);
                let target = targets.iter().find(|t| t.cell == cell);
                let trail_end = match trail {
                    Some((_, from, _)) if from == Some(cell) => TrailEnd::Left,
                    Some((_, _, to)) if to == Some(cell) => TrailEnd::Reached,
                    _ => TrailEnd::None,
                };
                CellData {
                    index: cell.0 as i32,
                    col,
                    row,
                    span,
                    kind: match info.kind {
                        CellKind::Belly(_) => SquareKind::Belly,
                        CellKind::Home => SquareKind::Home,
                        CellKind::Loop | CellKind::Grid => SquareKind::Plain,
                    },
                    side: match info.kind {
                        CellKind::Belly(side) => side.0 as i32,
                        _ => 0,
                    },
                    marked: marked.contains(&cell),
                    kajalvun: kajalvun == Some(cell),
                    target: target.is_some(),
                    reach: target.map(|t| t.reach.clone()).unwrap_or_default(),
                    trail: trail_end,
                    trail_side: trail.map_or(0, |(side, _, _)| side.0 as i32),
                }
            })
            .collect()
    }

    /// The box round the squares the chosen pawn can reach, among `cells`
    /// (from [`Layout::cells`]), for the enlarged board to keep in view;
    /// none (width 0) while no pawn is chosen.
    pub fn focus(cells: &[CellData]) -> BoardFocus {
        let targets = cells.iter().filter(|c| c.target);
        let Some((left, top, right, bottom)) = targets.fold(None, |bounds, c| {
            let (right, bottom) = (c.col + c.span, c.row + c.span);
            Some(match bounds {
                None => (c.col, c.row, right, bottom),
                Some((l, t, r, b)) => (c.col.min(l), c.row.min(t), right.max(r), bottom.max(b)),
            })
        }) else {
            return BoardFocus::default();
        };
        BoardFocus {
            col: left,
            row: top,
            width: right - left,
            height: bottom - top,
        }
    }

    /// Where a cell is drawn: its top left corner on the drawing grid, and
    /// how many grid squares it covers (the cross board's Home: 3).
    fn square_of(&self, info: board::CellInfo) -> (i32, i32, i32) {
        let span = if info.kind == CellKind::Home && self.is_cross() {
            3
        } else {
            1
        };
        let half = span as f32 / 2.0;
        let (x, y) = self.place((info.col as f32 + 0.5, info.row as f32 + 0.5));
        ((x - half).round() as i32, (y - half).round() as i32, span)
    }

    /// The cell drawn at a point of the drawing grid (in squares), if any:
    /// where a tap on the board landed.
    pub fn cell_at(&self, (x, y): (f32, f32)) -> Option<board::Cell> {
        let (col, row) = (x.floor() as i32, y.floor() as i32);
        self.geometry.cells().find_map(|(cell, info)| {
            let (c, r, span) = self.square_of(info);
            ((c..c + span).contains(&col) && (r..r + span).contains(&row)).then_some(cell)
        })
    }

    /// Where each pawn is drawn. Pawns of one side on one square stack, the
    /// top one showing their number; different sides sharing a square
    /// stand apart.
    pub fn pawns(&self, pawns: &[PawnAt]) -> Vec<Spot> {
        let g = self.geometry;
        let mut spots: Vec<Spot> = Vec::with_capacity(pawns.len());
        for (i, p) in pawns.iter().enumerate() {
            let same = |q: &PawnAt| q.side == p.side && q.step == p.step;
            // Position among the pawns of its side at the same step.
            let rank = pawns[..i].iter().filter(|q| same(q)).count();
            let count = pawns.iter().filter(|q| same(q)).count();
            let spot = match g.cell(p.side, p.step) {
                Some(cell) if p.step == g.home => self.at_home(p.side, rank, cell),
                Some(cell) => {
                    let info = g.cell_info(cell);
                    let centre = (info.col as f32 + 0.5, info.row as f32 + 0.5);
                    let (mut x, mut y) = self.place(centre);
                    // Other sides on the same square, or pawns of one side
                    // at two steps of it (a cross arm's end square is
                    // steps 8 and 76), each tapped apart: stand in its
                    // corners.
                    let sharing: Vec<(Side, u8)> = {
                        let mut s: Vec<(Side, u8)> = pawns
                            .iter()
                            .filter(|q| g.cell(q.side, q.step) == Some(cell))
                            .map(|q| (q.side, q.step))
                            .collect();
                        s.sort();
                        s.dedup();
                        s
                    };
                    let scale = if sharing.len() > 1 { 0.62 } else { 1.0 };
                    if sharing.len() > 1 {
                        let k = sharing
                            .iter()
                            .position(|&s| s == (p.side, p.step))
                            .unwrap_or(0);
                        x += if k % 2 == 0 { -0.22 } else { 0.22 };
                        y += if k / 2 == 0 { -0.22 } else { 0.22 };
                    }
                    // A stack: each pawn a little above the one before, the
                    // last (drawn on top) showing how many there are. A
                    // tall stack (ten pawns on the largest square board)
                    // packs its layers closer, to stay on its square.
                    let lift = rank as f32 * (STACK_RISE / (count - 1).max(1) as f32).min(0.07);
                    Spot {
                        x: x - lift,
                        y: y - lift,
                        scale,
                        top_of: if rank + 1 == count && count > 1 {
                            count
                        } else {
                            0
                        },
                        leads: rank + 1 == count,
                        lying: self.is_cross() && CROSS_HOMEWARD.contains(&p.step),
                    }
                }
                None => self.waiting(p.side, rank),
            };
            spots.push(spot);
        }
        spots
    }

    /// Finished pawns gather in the centre, each side's towards its own arm.
    fn at_home(&self, side: Side, rank: usize, cell: board::Cell) -> Spot {
        let info = self.geometry.cell_info(cell);
        let (cx, cy) = (info.col as f32 + 0.5, info.row as f32 + 0.5);
        let (reach, spread, scale) = if self.is_cross() {
            (0.95, 0.55, 0.55)
        } else {
            (0.28, 0.2, 0.32)
        };
        let along = (rank as f32 - 1.5) * spread;
        let (x, y) = self.place(self.for_side(side, (cx + along, cy + reach)));
        Spot {
            x,
            y,
            scale,
            top_of: 0,
            leads: rank == 0,
            lying: false,
        }
    }

    /// Pawns waiting to enter (cut, or not yet started) sit beside their own
    /// arm: in the cloth's corner to the arm's right on the cross board, in
    /// the margin outside the start square on the square board.
    fn waiting(&self, side: Side, rank: usize) -> Spot {
        let size = self.geometry.grid as f32;
        let (x, y) = if self.is_cross() {
            (
                11.75 + (rank % 3) as f32 * 0.9,
                11.75 + (rank / 3) as f32 * 0.9,
            )
        } else {
            let mid = size / 2.0;
            (mid + (rank as f32 - 1.5) * 0.75, size + 0.5)
        };
        let (x, y) = self.place(self.for_side(side, (x, y)));
        Spot {
            x,
            y,
            scale: 0.7,
            top_of: 0,
            leads: rank == 0,
            lying: false,
        }
    }
}

/// Where a pawn is drawn, in drawing-grid squares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub x: f32,
    pub y: f32,
    pub scale: f32,
    /// The number of pawns in the stack this pawn tops (0: not a top).
    pub top_of: usize,
    /// Whether this pawn stands for its side's pawns at its step: lit,
    /// chosen and marked on it alone (a stack's top; the first of those
    /// waiting or Home, drawn side by side).
    pub leads: bool,
    pub lying: bool,
}

impl Spot {
    pub fn pawn_data(self, pawn: PawnAt) -> PawnData {
        PawnData {
            id: pawn.id as i32,
            side: pawn.side.0 as i32,
            step: pawn.step as i32,
            x: self.x,
            y: self.y,
            scale: self.scale,
            count: self.top_of as i32,
            jug: false,
            false_pair: false,
            lying: self.lying,
            movable: false,
            selected: false,
            ..Default::default()
        }
    }
}

/// The squares drawn with a cross: on the cross board the three marked
/// squares of every arm; on the square board the safe squares.
pub fn marked_cells(g: &Geometry) -> Vec<board::Cell> {
    crate::rules::marked_squares(g.kind)
}

/// How far, in squares, the top of the tallest stack rises above its
/// lowest pawn.
const STACK_RISE: f32 = 0.28;

/// The square a player calls a step: the cross board's steps 76 to 83 walk
/// back over squares 8 and 7 down to 1.
pub fn square_number(kind: BoardKind, home: u8, step: u8) -> u8 {
    match kind {
        BoardKind::Cross if step == home - 8 => 8,
        BoardKind::Cross if step > home - 8 && step < home => home - step,
        _ => step,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_squares_match_the_boards() {
        let cross = board::geometry(BoardKind::Cross);
        assert_eq!(marked_cells(cross).len(), 12);
        // Black's 8 and 12 and Red's 12 (Black's 29) are marked, 17 apart.
        let marked = marked_cells(cross);
        assert!(marked.contains(&cross.cell(Side(0), 29).unwrap()));
        assert!(marked.contains(&cross.cell(Side(0), 25).unwrap()));
        assert!(!marked.contains(&cross.cell(Side(0), 30).unwrap()));
        for (n, safe) in [(5, 5), (7, 9), (9, 13), (11, 17)] {
            let g = board::geometry(BoardKind::Square(n));
            assert_eq!(marked_cells(g).len(), safe, "{n} x {n}");
            // Every start square is safe.
            for side in Side::ALL {
                assert!(marked_cells(g).contains(&g.cell(side, 1).unwrap()));
            }
        }
    }

    #[test]
    fn a_tap_finds_the_square_drawn_under_it_however_the_board_is_turned() {
        for (kind, waiting_room) in [
            (BoardKind::Cross, false),
            (BoardKind::Square(5), true),
            (BoardKind::Square(7), false),
        ] {
            for side in Side::ALL {
                let layout = Layout::new(kind, side, waiting_room);
                let cells = layout.cells(&[], None, None);
                for (i, drawn) in cells.iter().enumerate() {
                    let span = drawn.span as f32;
                    // Anywhere inside the drawn square, its corners too.
                    for (dx, dy) in [(0.5, 0.5), (0.05, 0.05), (0.95, 0.95)] {
                        let at = (drawn.col as f32 + dx * span, drawn.row as f32 + dy * span);
                        let found = layout.cell_at(at).map(|c| i32::from(c.0));
                        assert_eq!(found, Some(drawn.index), "{kind:?} turned to {side:?}: {i}");
                    }
                }
                let grid = f32::from(layout.grid());
                for off in [
                    (0.5, 0.5),
                    (grid - 0.5, 0.5),
                    (-1.0, 3.0),
                    (grid + 0.5, 3.0),
                ] {
                    if kind == BoardKind::Cross || waiting_room || off.0 < 0.0 || off.0 > grid {
                        assert_eq!(
                            layout.cell_at(off),
                            None,
                            "{kind:?}: {off:?} is off the squares"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn turning_the_board_brings_the_player_to_the_bottom() {
        let kind = BoardKind::Cross;
        for side in Side::ALL {
            let layout = Layout::new(kind, side, false);
            let spot = layout.pawns(&[PawnAt {
                id: 0,
                side,
                step: 8,
            }])[0];
            // The end of the own arm's middle column: bottom centre.
            assert_eq!((spot.x, spot.y), (9.5, 18.5), "{side:?}");
        }
        let cells = Layout::new(kind, Side(1), false).cells(&[], None, None);
        let home = cells.iter().find(|c| c.kind == SquareKind::Home).unwrap();
        assert_eq!((home.col, home.row, home.span), (8, 8, 3));
    }

    #[test]
    fn stacks_show_their_count_and_homeward_pawns_lie_down() {
        let layout = Layout::new(BoardKind::Cross, Side(0), false);
        let pawns = [
            PawnAt {
                id: 0,
                side: Side(0),
                step: 12,
            },
            PawnAt {
                id: 1,
                side: Side(0),
                step: 12,
            },
            PawnAt {
                id: 2,
                side: Side(0),
                step: 80,
            },
            PawnAt {
                id: 3,
                side: Side(0),
                step: 0,
            },
        ];
        let spots = layout.pawns(&pawns);
        assert_eq!(spots[0].top_of, 0);
        assert_eq!(spots[1].top_of, 2);
        assert!(spots[2].lying && !spots[0].lying);
        // A waiting pawn is off the cloth's squares, beside its arm.
        let off = spots[3];
        assert!(off.x > 11.0 && off.y > 11.0, "{off:?}");
    }

    #[test]
    fn pawns_going_out_and_coming_home_on_one_square_stand_apart() {
        // Steps 8 and 76 are the end square of Black's arm.
        let layout = Layout::new(BoardKind::Cross, Side(0), false);
        let pawn = |id, step| PawnAt {
            id,
            side: Side(0),
            step,
        };
        let spots = layout.pawns(&[pawn(0, 8), pawn(1, 76)]);
        let (out, home) = (spots[0], spots[1]);
        assert!(
            (out.x - home.x).abs() > 0.3 || (out.y - home.y).abs() > 0.3,
            "both can be seen and tapped: {out:?} {home:?}"
        );
        assert_eq!((out.top_of, home.top_of), (0, 0), "two pawns, not a stack");
        let alone = layout.pawns(&[pawn(0, 8)])[0];
        assert!((alone.x - out.x).abs() < 0.5 && (alone.y - out.y).abs() < 0.5);
    }

    #[test]
    fn a_tall_stack_stays_on_its_square() {
        // Ten pawns on Red's start square of the 11 x 11 board.
        let layout = Layout::new(BoardKind::Square(11), Side(0), false);
        let pawns: Vec<PawnAt> = (0..10)
            .map(|id| PawnAt {
                id,
                side: Side(0),
                step: 1,
            })
            .collect();
        let spots = layout.pawns(&pawns);
        let (low, top) = (spots[0], spots[9]);
        assert_eq!(top.top_of, 10);
        let rise = STACK_RISE + 1e-4;
        assert!(
            low.x - top.x <= rise && low.y - top.y <= rise,
            "{low:?} {top:?}"
        );
        // Its layers still show: each pawn above the one before.
        assert!(spots.windows(2).all(|w| w[1].y < w[0].y));
        // A pair rises as before.
        let pair = layout.pawns(&pawns[..2]);
        assert!((pair[0].y - pair[1].y - 0.07).abs() < 1e-6);
    }

    #[test]
    fn the_square_board_keeps_room_round_it_only_for_pawns_waiting_to_enter() {
        let kind = BoardKind::Square(5);
        let waiting = PawnAt {
            id: 0,
            side: Side(0),
            step: 0,
        };
        let with_room = Layout::new(kind, Side(0), true);
        assert_eq!(with_room.grid(), 7);
        // The waiting pawn stands in the margin, below the squares.
        let spot = with_room.pawns(&[waiting])[0];
        assert!(spot.y > 6.0 && spot.y < 7.0, "{spot:?}");
        let without = Layout::new(kind, Side(0), false);
        assert_eq!(without.grid(), 5);
        let squares: Vec<(i32, i32)> = (without.cells(&[], None, None).iter())
            .map(|c| (c.col, c.row))
            .collect();
        assert_eq!(squares.iter().map(|s| s.0).min(), Some(0));
        assert_eq!(squares.iter().map(|s| s.1).max(), Some(4));
        // The cross board never has one.
        assert_eq!(Layout::new(BoardKind::Cross, Side(0), true).grid(), 19);
    }

    #[test]
    fn rivals_on_a_safe_square_stand_apart() {
        let layout = Layout::new(BoardKind::Square(5), Side(0), true);
        let pawns = [
            PawnAt {
                id: 0,
                side: Side(0),
                step: 1,
            },
            PawnAt {
                id: 1,
                side: Side(1),
                step: 13,
            },
        ];
        let g = layout.geometry;
        assert_eq!(g.cell(Side(0), 1), g.cell(Side(1), 13));
        let spots = layout.pawns(&pawns);
        assert_ne!((spots[0].x, spots[0].y), (spots[1].x, spots[1].y));
    }

    #[test]
    fn square_numbers_walk_back_down_the_belly() {
        assert_eq!(square_number(BoardKind::Cross, 84, 76), 8);
        assert_eq!(square_number(BoardKind::Cross, 84, 77), 7);
        assert_eq!(square_number(BoardKind::Cross, 84, 83), 1);
        assert_eq!(square_number(BoardKind::Cross, 84, 40), 40);
        assert_eq!(square_number(BoardKind::Square(5), 25, 20), 20);
    }
}
