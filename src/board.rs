//! The two boards: the cross-shaped cloth of Chopat, Pagade and the
//! Chaupars, and the square N x N board of Chowka Bhara.
//!
//! A pawn's place is a *step* along its own side's path (docs/rules: "Your
//! path" on each game's page). This module maps steps to physical squares
//! ("cells"), so that the rules can tell who shares a square and the app can
//! draw any position.

use std::fmt;
use std::sync::OnceLock;

/// A seat's side of the board, 0 to 3 in turn order, anticlockwise from the
/// bottom: Black, Red, Yellow, Green on the cross board; Red, Green, Yellow,
/// Blue on the square board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Side(pub u8);

impl Side {
    pub const ALL: [Side; 4] = [Side(0), Side(1), Side(2), Side(3)];

    /// The side across the board: the partner in team games.
    pub fn opposite(self) -> Side {
        Side((self.0 + 2) % 4)
    }

    /// The next side in turn order.
    pub fn next(self) -> Side {
        Side((self.0 + 1) % 4)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Which of the two boards a game is played on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardKind {
    Cross,
    /// N x N, N odd, 5 to 11.
    Square(u8),
}

impl BoardKind {
    /// The colour names of the four sides, in side order.
    pub fn colour_names(self) -> [&'static str; 4] {
        match self {
            BoardKind::Cross => ["black", "red", "yellow", "green"],
            BoardKind::Square(_) => ["red", "green", "yellow", "blue"],
        }
    }

    pub fn colour_name(self, side: Side) -> &'static str {
        self.colour_names()[side.index()]
    }

    pub fn side_named(self, name: &str) -> Option<Side> {
        self.colour_names()
            .iter()
            .position(|n| *n == name)
            .map(|i| Side(i as u8))
    }
}

/// A physical square: an index into the board's cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(pub u8);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {}", self.0)
    }
}

/// What a cell is, for drawing and for the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellKind {
    /// A square of one side's Belly (the middle column of its arm, squares
    /// 1 to 7 of its path); no other colour enters it.
    Belly(Side),
    /// A square of the shared loop of the cross board.
    Loop,
    /// A square of the square board's grid (not the centre).
    Grid,
    /// The centre: Home.
    Home,
}

/// The most steps a path has: the 11 x 11 square board's 121.
pub const MAX_STEP: usize = 121;
/// No cell: step 0, off the board or waiting in the centre.
pub(crate) const NO_CELL: u8 = u8::MAX;

/// Cross board: the last step of the path, Home.
pub const CROSS_HOME: u8 = 84;
/// Cross board: the steps of its own path at which each side's arm
/// carries a marked square on the cloth: the end of the middle column and
/// the 4th square from the end on each outer column.
pub const MARKED_STEPS: [u8; 3] = [8, 12, 72];
/// Cross board: the grid is 19 x 19 (two arms of 8 and the 3 x 3 centre).
pub const CROSS_GRID: u8 = 19;

/// The geometry of one board: every side's path as cells, and where each
/// cell lies on a grid for drawing.
#[derive(Debug)]
pub struct Geometry {
    pub kind: BoardKind,
    /// Side length of the drawing grid in squares (19 for the cross board).
    pub grid: u8,
    /// The last step of every path: Home.
    pub home: u8,
    path: [[u8; MAX_STEP + 1]; 4],
    cells: Vec<CellInfo>,
}

/// One cell: its grid position (column, row, row 0 at the top; the cross
/// board's centre is the 3 x 3 block at 8..=10) and kind.
#[derive(Clone, Copy, Debug)]
pub struct CellInfo {
    pub col: u8,
    pub row: u8,
    pub kind: CellKind,
}

impl Geometry {
    /// The cell a pawn of `side` stands on at `step`; `None` for step 0 (in
    /// the centre waiting to enter, or off the board) and steps past Home.
    #[inline]
    pub fn cell(&self, side: Side, step: u8) -> Option<Cell> {
        let c = *self.path[side.index()].get(step as usize)?;
        (c != NO_CELL).then_some(Cell(c))
    }

    /// [`Geometry::cell`] as a bare cell number, [`NO_CELL`] for step 0,
    /// for the move generator's hot paths. `step` must not pass Home.
    #[inline]
    pub(crate) fn cell_id(&self, side: Side, step: u8) -> u8 {
        self.path[side.index()][step as usize]
    }

    pub fn cell_info(&self, cell: Cell) -> CellInfo {
        self.cells[cell.0 as usize]
    }

    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    pub fn cells(&self) -> impl Iterator<Item = (Cell, CellInfo)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, info)| (Cell(i as u8), *info))
    }

    pub fn home_cell(&self) -> Cell {
        self.cell(Side(0), self.home)
            .expect("every board has a centre")
    }

    /// The first step at which a side's path reaches `cell`, if it does.
    pub fn step_of(&self, side: Side, cell: Cell) -> Option<u8> {
        (1..=self.home).find(|&s| self.cell(side, s) == Some(cell))
    }
}

/// The geometry of a board. Built once per board and shared.
pub fn geometry(kind: BoardKind) -> &'static Geometry {
    static CROSS: OnceLock<Geometry> = OnceLock::new();
    static SQUARES: [OnceLock<Geometry>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    match kind {
        BoardKind::Cross => CROSS.get_or_init(build_cross),
        BoardKind::Square(n) => {
            assert!(SQUARE_SIZES.contains(&n), "square boards are 5, 7, 9 or 11");
            SQUARES[(n as usize - 5) / 2].get_or_init(|| build_square(n))
        }
    }
}

/// The square board sizes the app plays.
pub const SQUARE_SIZES: [u8; 4] = [5, 7, 9, 11];

/// Turns a grid point a quarter anticlockwise (as drawn, row 0 at the top)
/// about the centre of a `size` x `size` grid: from the bottom side to the
/// right side. Each side's path is the bottom side's path turned this way.
fn turn_anticlockwise(size: u8, (col, row): (u8, u8)) -> (u8, u8) {
    (row, size - 1 - col)
}

fn turned(size: u8, point: (u8, u8), quarters: u8) -> (u8, u8) {
    (0..quarters).fold(point, |p, _| turn_anticlockwise(size, p))
}

/// Black's path on the cross board (docs/rules/chopat.md) as grid points,
/// steps 1 to 84; Black's arm is the bottom one, Red's the right one.
fn cross_bottom_path() -> Vec<(u8, u8)> {
    // The bottom arm: columns 8 (left), 9 (middle), 10 (right) as Black
    // sees it facing the centre; rows 11 (next to Home) to 18 (the end).
    let bottom = |c: u8, r: u8| (8 + c, 11 + r);
    // One arm's part of the loop in travel order, seen from its owner:
    // left column outward (owner's 68..75), end middle (8), right column
    // inward (9..16).
    let arm_loop = |quarters: u8| -> Vec<(u8, u8)> {
        let mut v: Vec<(u8, u8)> = (0..8).map(|r| bottom(0, r)).collect();
        v.push(bottom(1, 7));
        v.extend((0..8).rev().map(|r| bottom(2, r)));
        v.into_iter()
            .map(|p| turned(CROSS_GRID, p, quarters))
            .collect()
    };
    let own = arm_loop(0);
    let mut path: Vec<(u8, u8)> = (0..7).map(|r| bottom(1, r)).collect(); // 1..7
    path.extend_from_slice(&own[8..]); // 8..16
    for arm in 1..4 {
        path.extend(arm_loop(arm)); // 17..67
    }
    path.extend_from_slice(&own[..8]); // 68..75
    path.push(bottom(1, 7)); // 76: square 8 again
    path.extend((0..7).rev().map(|r| bottom(1, r))); // 77..83: squares 7..1
    path.push((9, 9)); // 84: Home
    debug_assert_eq!(path.len(), CROSS_HOME as usize);
    path
}

/// Builds a board from the bottom side's path: every other side's path is
/// it turned by quarters; cells are numbered as they are first met.
fn build(
    kind: BoardKind,
    grid: u8,
    bottom_path: &[(u8, u8)],
    kind_of: impl Fn(u8, u8) -> CellKind,
) -> Geometry {
    let home = bottom_path.len() as u8;
    let mut path = [[NO_CELL; MAX_STEP + 1]; 4];
    let mut cells: Vec<CellInfo> = Vec::new();
    let mut id_of = vec![NO_CELL; grid as usize * grid as usize];
    for side in 0..4u8 {
        for (i, &p) in bottom_path.iter().enumerate() {
            let (col, row) = turned(grid, p, side);
            let slot = &mut id_of[row as usize * grid as usize + col as usize];
            if *slot == NO_CELL {
                *slot = cells.len() as u8;
                cells.push(CellInfo {
                    col,
                    row,
                    kind: kind_of(col, row),
                });
            }
            path[side as usize][i + 1] = *slot;
        }
    }
    Geometry {
        kind,
        grid,
        home,
        path,
        cells,
    }
}

fn build_cross() -> Geometry {
    build(
        BoardKind::Cross,
        CROSS_GRID,
        &cross_bottom_path(),
        |col, row| {
            let centre = 8..=10;
            if centre.contains(&col) && centre.contains(&row) {
                return CellKind::Home;
            }
            // The middle column of each arm, short of its end square, is that
            // arm's Belly.
            let belly = |c: u8, r: u8| c == 9 && (11..=17).contains(&r);
            (0..4u8)
                .find(|&q| {
                    // Turn the cell back to the bottom arm's frame.
                    let (c, r) = turned(CROSS_GRID, (col, row), (4 - q) % 4);
                    belly(c, r)
                })
                .map_or(CellKind::Loop, |q| CellKind::Belly(Side(q)))
        },
    )
}

/// The bottom seat's spiral on an N x N board (docs/rules/chowka-bhara.md):
/// the outer ring anticlockwise from the middle of the bottom side, then
/// each inner ring in turn, entered from the square inward of the last one
/// and walked the other way round, and finally the centre.
fn square_bottom_path(n: u8) -> Vec<(u8, u8)> {
    let mid = n / 2;
    let mut path = Vec::with_capacity(n as usize * n as usize);
    let mut entry = (mid, n - 1);
    let mut anticlockwise = true;
    for ring in 0..mid {
        let ring_cells = ring_clockwise(n, ring);
        let start = ring_cells
            .iter()
            .position(|&p| p == entry)
            .expect("a ring is entered on one of its squares");
        let len = ring_cells.len();
        for k in 0..len {
            let i = if anticlockwise {
                (start + len - k) % len
            } else {
                (start + k) % len
            };
            path.push(ring_cells[i]);
        }
        // Every ring ends on its bottom row (it starts there and comes
        // back along it), so the next ring is entered one square up.
        let &(col, row) = path.last().expect("rings are not empty");
        entry = (col, row - 1);
        anticlockwise = !anticlockwise;
    }
    path.push((mid, mid));
    path
}

/// The squares of ring `ring` (0 = outer) of an N x N board, clockwise as
/// drawn (row 0 at the top), from its top-left corner.
fn ring_clockwise(n: u8, ring: u8) -> Vec<(u8, u8)> {
    let lo = ring;
    let hi = n - 1 - ring;
    let mut v = Vec::new();
    v.extend((lo..hi).map(|c| (c, lo)));
    v.extend((lo..hi).map(|r| (hi, r)));
    v.extend((lo + 1..=hi).rev().map(|c| (c, hi)));
    v.extend((lo + 1..=hi).rev().map(|r| (lo, r)));
    v
}

fn build_square(n: u8) -> Geometry {
    let mid = n / 2;
    build(
        BoardKind::Square(n),
        n,
        &square_bottom_path(n),
        |col, row| {
            if col == mid && row == mid {
                CellKind::Home
            } else {
                CellKind::Grid
            }
        },
    )
}

/// The ring (0 = outer) a square-board cell lies on.
pub fn square_ring(n: u8, info: CellInfo) -> u8 {
    let d = |v: u8| v.min(n - 1 - v);
    d(info.col).min(d(info.row))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xy(kind: BoardKind, side: u8, step: u8) -> (u8, u8) {
        let g = geometry(kind);
        let info = g.cell_info(g.cell(Side(side), step).unwrap());
        (info.col, info.row)
    }

    #[test]
    fn cross_board_has_96_squares_and_a_centre() {
        let g = geometry(BoardKind::Cross);
        assert_eq!(g.cell_count(), 97);
        assert_eq!(
            g.cells().filter(|(_, i)| i.kind == CellKind::Home).count(),
            1
        );
        for side in Side::ALL {
            let bellies = g
                .cells()
                .filter(|(_, i)| i.kind == CellKind::Belly(side))
                .count();
            assert_eq!(bellies, 7);
        }
    }

    #[test]
    fn black_path_follows_games_md() {
        let k = BoardKind::Cross;
        assert_eq!(xy(k, 0, 1), (9, 11)); // next to Home
        assert_eq!(xy(k, 0, 7), (9, 17));
        assert_eq!(xy(k, 0, 8), (9, 18)); // end middle
        assert_eq!(xy(k, 0, 9), (10, 18));
        assert_eq!(xy(k, 0, 16), (10, 11));
        assert_eq!(xy(k, 0, 17), (11, 10)); // Red's arm, near column outward
        assert_eq!(xy(k, 0, 25), (18, 9)); // Red's end middle
        assert_eq!(xy(k, 0, 34), (10, 7)); // Yellow's arm
        assert_eq!(xy(k, 0, 68), (8, 11));
        assert_eq!(xy(k, 0, 75), (8, 18));
        assert_eq!(xy(k, 0, 76), (9, 18)); // square 8 again
        assert_eq!(xy(k, 0, 77), (9, 17)); // square 7, homeward
        assert_eq!(xy(k, 0, 83), (9, 11)); // square 1
        assert_eq!(xy(k, 0, 84), (9, 9)); // Home
    }

    #[test]
    fn loop_numbers_shift_by_17_per_side() {
        let g = geometry(BoardKind::Cross);
        // Black's 29 is Red's 12; Black's 22 is Red's 73.
        assert_eq!(g.cell(Side(0), 29), g.cell(Side(1), 12));
        assert_eq!(g.cell(Side(0), 22), g.cell(Side(1), 73));
        for q in 8..=75u8 {
            for side in 1..4u8 {
                let theirs = (q as i32 - 8 - 17 * side as i32).rem_euclid(68) as u8 + 8;
                assert_eq!(
                    g.cell(Side(0), q),
                    g.cell(Side(side), theirs),
                    "q {q} side {side}"
                );
            }
        }
        // Each side's step 34 as Black numbers it: Red 51, Yellow 68, Green 17.
        assert_eq!(g.cell(Side(1), 34), g.cell(Side(0), 51));
        assert_eq!(g.cell(Side(2), 34), g.cell(Side(0), 68));
        assert_eq!(g.cell(Side(3), 34), g.cell(Side(0), 17));
    }

    #[test]
    fn every_cross_path_visits_the_loop_once_and_only_its_own_belly() {
        let g = geometry(BoardKind::Cross);
        for side in Side::ALL {
            let cells: Vec<Cell> = (1..=75).map(|s| g.cell(side, s).unwrap()).collect();
            let mut sorted = cells.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 75);
            for (s, c) in (1..=84).map(|s| (s, g.cell(side, s).unwrap())) {
                if let CellKind::Belly(owner) = g.cell_info(c).kind {
                    assert_eq!(owner, side, "step {s}");
                }
            }
        }
    }

    #[test]
    fn square_paths_spiral_through_every_square_once() {
        for n in SQUARE_SIZES {
            let g = geometry(BoardKind::Square(n));
            assert_eq!(g.home as usize, n as usize * n as usize);
            assert_eq!(g.cell_count(), n as usize * n as usize);
            for side in Side::ALL {
                let mut seen: Vec<Cell> = (1..=g.home).map(|s| g.cell(side, s).unwrap()).collect();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), g.home as usize, "n {n}");
            }
        }
    }

    #[test]
    fn five_by_five_path_as_the_seed_draws_it() {
        let k = BoardKind::Square(5);
        assert_eq!(xy(k, 0, 1), (2, 4)); // middle of the bottom side
        assert_eq!(xy(k, 0, 2), (3, 4)); // anticlockwise: to the right
        assert_eq!(xy(k, 0, 4), (4, 3));
        assert_eq!(xy(k, 0, 16), (1, 4)); // left of the start square
        assert_eq!(xy(k, 0, 17), (1, 3)); // up into the inner ring
        assert_eq!(xy(k, 0, 18), (1, 2)); // now clockwise
        assert_eq!(xy(k, 0, 24), (2, 3));
        assert_eq!(xy(k, 0, 25), (2, 2)); // Home
                                          // Seats sit at the middle of the sides, anticlockwise from the bottom.
        assert_eq!(xy(k, 1, 1), (4, 2));
        assert_eq!(xy(k, 2, 1), (2, 0));
        assert_eq!(xy(k, 3, 1), (0, 2));
    }

    #[test]
    fn square_rings_alternate_direction() {
        let k = BoardKind::Square(7);
        let g = geometry(k);
        let ring_of = |s| square_ring(7, g.cell_info(g.cell(Side(0), s).unwrap()));
        assert!((1..=24).all(|s| ring_of(s) == 0));
        assert!((25..=40).all(|s| ring_of(s) == 1));
        assert!((41..=48).all(|s| ring_of(s) == 2));
        assert_eq!(ring_of(49), 3);
        assert_eq!(xy(k, 0, 25), (2, 5)); // inward of step 24 at (2, 6)
        assert_eq!(xy(k, 0, 26), (1, 5)); // clockwise
    }
}
