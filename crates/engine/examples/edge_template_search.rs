//! Finds single-stone edge templates by computer search, the way the committed ones in
//! `crates/engine/src/connections/edge_templates.txt` were checked.
//!
//! For a stone `ROW` rows from Black's southern edge of a `SIDE`x`SIDE` board (15), it starts from a wide
//! trapezoid under the stone (`WIDTH` extra cells each side of the stone's cone, or `LEFT` and
//! `RIGHT`), proves it a
//! full connection by the intrusion proof of `tests/connections.rs` (H-search without
//! templates, `DEPTH` rounds of intrusion and reply), then drops cells one at a time while the
//! proof still succeeds, in `SEEDS` different random orders. It prints each distinct carrier
//! it ends with (up to the reflection along the edge) as a picture in the data file's format,
//! with whether H-search finds it by itself at the default limits. `AVOID` leaves cells out.
//!
//! ```sh
//! ROW=5 WIDTH=2 DEPTH=1 SEEDS=20 cargo run --release -p ohm-engine --example edge_template_search
//! ```

use std::collections::BTreeSet;

use ohm_engine::connections::carrier_proof::CarrierProof;
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::{Board, CellSet, Color, Point, Position};

fn env(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn relative(stone: Point, carrier: CellSet) -> BTreeSet<(i32, i32)> {
    let (sc, sr) = stone.col_row().unwrap();
    carrier
        .iter()
        .map(|c| {
            let (cc, cr) = c.col_row().unwrap();
            (i32::from(cc) - i32::from(sc), i32::from(cr) - i32::from(sr))
        })
        .collect()
}

fn canonical(cells: &BTreeSet<(i32, i32)>) -> BTreeSet<(i32, i32)> {
    let mirror: BTreeSet<_> = cells.iter().map(|&(dc, dr)| (-dc - dr, dr)).collect();
    cells.clone().min(mirror)
}

fn picture(cells: &BTreeSet<(i32, i32)>, row: i32) -> String {
    let min = cells.iter().map(|&(dc, _)| dc).min().unwrap().min(0);
    let max = cells.iter().map(|&(dc, _)| dc).max().unwrap().max(0);
    let mut out = String::new();
    for r in 0..=row - 1 {
        out.push(' ');
        for _ in 0..r {
            out.push(' ');
        }
        for c in min..=max {
            let t = if r == 0 && c == 0 {
                'X'
            } else if cells.contains(&(c, r)) {
                '*'
            } else {
                '.'
            };
            out.push(t);
            out.push(' ');
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

fn main() {
    let row = env("ROW", 5) as i32;
    let width = env("WIDTH", 2) as i32;
    let (left, right) = (
        env("LEFT", width as u32) as i32,
        env("RIGHT", width as u32) as i32,
    );
    let depth = env("DEPTH", 1);
    let seeds = env("SEEDS", 10);
    let side = env("SIDE", 15) as u8;
    let board = Board::square(side).unwrap();
    let (sc, sr) = (i32::from(side / 2) + row / 2, i32::from(side) - row);
    let x = Point::cell(sc as u8, sr as u8).unwrap();
    let mut position = Position::new(board);
    position.set_stone(x, Some(Color::Black)).unwrap();
    let mut region = CellSet::EMPTY;
    for dr in 0..row {
        for dc in -dr - left..=right {
            if (dc, dr) != (0, 0) {
                region.insert(Point::cell((sc + dc) as u8, (sr + dr) as u8).unwrap());
            }
        }
    }
    let limits = HSearchLimits {
        max_full: env("MAX_FULL", 8),
        max_semi: env("MAX_SEMI", 16),
        max_or: env("MAX_OR", 4),
        and_over_edges: env("AND_OVER_EDGES", 0) == 1,
        edge_templates: false,
        ..HSearchLimits::DEFAULT
    };
    if let Ok(name) = std::env::var("START") {
        let template = ohm_engine::connections::templates::builtin()
            .into_iter()
            .find(|t| t.name == name)
            .expect("a template of the data file");
        region = CellSet::EMPTY;
        for &(dc, dr) in &template.cells {
            let (dc, dr) = (i32::from(dc), i32::from(dr));
            region.insert(Point::cell((sc + dc) as u8, (sr + dr) as u8).unwrap());
        }
    }
    // `AVOID="dc,dr dc,dr"`: cells (relative to the stone) left out of the region, to find
    // carriers other than the ones that need them.
    for cell in std::env::var("AVOID")
        .unwrap_or_default()
        .split_whitespace()
    {
        let (dc, dr) = cell.split_once(',').expect("AVOID cells are dc,dr");
        let (dc, dr): (i32, i32) = (dc.parse().unwrap(), dr.parse().unwrap());
        region.remove(Point::cell((sc + dc) as u8, (sr + dr) as u8).unwrap());
    }
    let mut prover = CarrierProof::new(Color::Black, x, Point::SOUTH, limits);
    let start = std::time::Instant::now();
    assert!(
        prover.proves(&position, region, depth),
        "the starting region ({} cells) is not proven",
        region.len()
    );
    eprintln!(
        "region of {} cells proven ({} builds, {:.1?})",
        region.len(),
        prover.builds,
        start.elapsed()
    );
    let mut found: BTreeSet<BTreeSet<(i32, i32)>> = BTreeSet::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for seed in 0..seeds {
        let mut order: Vec<Point> = region.iter().collect();
        for k in (1..order.len()).rev() {
            order.swap(k, rng.below(k as u64 + 1) as usize);
        }
        let mut carrier = region;
        for &cell in &order {
            if prover.proves(&position, carrier.without(cell), depth) {
                carrier.remove(cell);
            }
        }
        let cells = canonical(&relative(x, carrier));
        let new = found.insert(cells.clone());
        eprintln!(
            "seed {seed}: {} cells{} ({} builds, {:.1?})",
            cells.len(),
            if new { ", new" } else { "" },
            prover.builds,
            start.elapsed()
        );
    }
    for cells in &found {
        // Whether H-search finds it by itself on the empty board.
        let mut carrier = CellSet::EMPTY;
        for &(dc, dr) in cells {
            carrier.insert(Point::cell((sc + dc) as u8, (sr + dr) as u8).unwrap());
        }
        let finds = |limits| {
            let vcs = Connections::build(&position, Color::Black, limits);
            let found = vcs
                .full_between(x, Point::SOUTH)
                .any(|id| vcs.get(id).carrier.is_subset(&carrier));
            found
        };
        let default = finds(HSearchLimits {
            edge_templates: false,
            ..HSearchLimits::DEFAULT
        });
        println!(
            "# {} cells; H-search (no templates, default limits) finds it on the empty board: {default}",
            cells.len()
        );
        println!("{}", picture(cells, row));
    }
}
