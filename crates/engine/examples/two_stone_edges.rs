//! Finds the two-stone edge templates H-search misses, the way the committed ones at the end
//! of `crates/engine/src/connections/edge_templates.txt` were found.
//!
//! On a 13x13 board a Black stone `X` sits `ROW` rows from the south edge and a second Black
//! stone `x` on any cell of a region around and below it (the cone under `X` and `X`'s own
//! row, `WIDTH` cells wider each side), `X` joined to the north edge by a straight column of
//! Black stones, every cell outside the region White, White to move. The solver (exact, and
//! checked against brute force in the suite) says whether `X` reaches the south edge; H-search
//! at the solver's limits, with the templates already in the data file, says whether it sees
//! that connection. For each pair the solver proves and H-search misses, the region is
//! shrunk cell by cell while the solver still proves it (a minimal carrier), and the
//! distinct minimal templates (up to the reflection along the edge) are printed in the data
//! file's format. Found with `ROW` 3 to 6 and `WIDTH` 1 and 2: none on rows 3 and 4; the
//! committed ones are those of rows 5 and 6, less any whose carrier holds another's with
//! the same second stone, and less the sixth row's of 41 cells (see the data file).
//!
//! ```sh
//! ROW=5 WIDTH=1 cargo run --release -p ohm-engine --example two_stone_edges
//! ```

use ohm_engine::connections::Connections;
use ohm_engine::solver::{NoControl, Solver, SolverParams, SOLVER_HSEARCH};
use ohm_engine::{Board, CellSet, Color, Point, Position};

const SIDE: i32 = 13;

fn env(name: &str, default: i32) -> i32 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The cell at 1-based `col`, `row`, if on the board.
fn cell(col: i32, row: i32) -> Option<Point> {
    ((1..=SIDE).contains(&col) && (1..=SIDE).contains(&row))
        .then(|| Point::cell_unchecked((col - 1) as u8, (row - 1) as u8))
}

/// The position: `stone` and `helper` Black, `column` Black (joining `stone` to the north
/// edge), every cell outside `open` White, White to move.
fn subgame(stone: Point, column: &[Point], helper: Option<Point>, open: CellSet) -> Position {
    let board = Board::square(SIDE as u8).unwrap();
    let mut pos = Position::new(board);
    for p in column.iter().copied().chain([stone]).chain(helper) {
        pos.set_stone(p, Some(Color::Black)).unwrap();
    }
    for p in board.cells() {
        if pos.color_at(p).is_none() && !open.contains(p) {
            pos.set_stone(p, Some(Color::White)).unwrap();
        }
    }
    pos.set_to_move(Color::White);
    pos
}

fn black_wins(pos: &Position) -> bool {
    let mut solver = Solver::new(SolverParams::DEFAULT);
    solver.solve(pos, &mut NoControl).winner == Some(Color::Black)
}

/// A template as offsets from its stone: carrier cells (sorted) and the second stone.
type Shape = (Vec<(i32, i32)>, (i32, i32));

/// The reflection along the edge keeps every row's distance to it.
fn mirror((dc, dr): (i32, i32)) -> (i32, i32) {
    (-dc - dr, dr)
}

fn main() {
    let row = env("ROW", 5);
    let width = env("WIDTH", 1);
    let (sc, sr) = (7, SIDE + 1 - row);
    let stone = cell(sc, sr).unwrap();
    // The stone's row, and at depth k below it the cone's columns sc-k ..= sc, widened.
    let mut region = CellSet::EMPTY;
    for k in 0..row {
        for c in (sc - k - width)..=(sc + width) {
            if let Some(p) = cell(c, sr + k).filter(|&p| p != stone) {
                region.insert(p);
            }
        }
    }
    let column: Vec<Point> = (1..sr).filter_map(|r| cell(sc, r)).collect();
    let offset = |p: Point| {
        let (c, r) = p.col_row().unwrap();
        (i32::from(c) + 1 - sc, i32::from(r) + 1 - sr)
    };
    let (mut proven, mut missed) = (0, 0);
    let mut found: Vec<Shape> = Vec::new();
    for helper in region {
        let pos = subgame(stone, &column, Some(helper), region);
        if !black_wins(&pos) {
            continue;
        }
        proven += 1;
        if Connections::build(&pos, Color::Black, SOLVER_HSEARCH)
            .winning_carrier()
            .is_some()
        {
            continue;
        }
        missed += 1;
        let mut carrier = region.without(helper);
        for p in region.without(helper) {
            if black_wins(&subgame(stone, &column, Some(helper), carrier.without(p))) {
                carrier.remove(p);
            }
        }
        let mut cells: Vec<(i32, i32)> = carrier.iter().map(offset).collect();
        cells.sort_unstable();
        let mut flipped: Vec<(i32, i32)> = cells.iter().map(|&c| mirror(c)).collect();
        flipped.sort_unstable();
        let shape = (cells, offset(helper)).min((flipped, mirror(offset(helper))));
        if !found.contains(&shape) {
            found.push(shape);
        }
    }
    let roman = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"];
    for (k, (cells, helper)) in found.iter().enumerate() {
        let columns = cells.iter().map(|c| c.0).chain([0, helper.0]);
        let (lo, hi) = (columns.clone().min().unwrap(), columns.max().unwrap());
        println!(
            "template {}2-{} examples/two_stone_edges.rs",
            roman[row as usize],
            k + 1
        );
        for dr in 0..row {
            let tokens: Vec<&str> = (lo..=hi)
                .map(|dc| match (dc, dr) {
                    (0, 0) => "X",
                    c if c == *helper => "x",
                    c if cells.contains(&c) => "*",
                    _ => ".",
                })
                .collect();
            println!("{}{}", " ".repeat(dr as usize + 1), tokens.join(" "));
        }
        println!();
    }
    println!(
        "row {row}, width {width}: {} cells for the second stone, the first connected with it \
         in {proven}, H-search misses {missed}, {} distinct minimal templates",
        region.len(),
        found.len()
    );
}
