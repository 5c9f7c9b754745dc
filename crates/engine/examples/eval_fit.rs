//! Does anything the circuit leaves out predict who wins? A Texel-style screen for a learned
//! correction to the leaves' score: every position of the given match records (HexGui SGF,
//! `ohm match --records`) that H-search does not settle is scored as the search's leaves score
//! it (both colours' H-search at level 6's tree limits, the circuit, from the side to move),
//! described by a few families of cheap features, and labelled with the game's winner. A
//! logistic model is fitted on the games of four openings in five and judged on the fifth's
//! (so that a line repeated from match to match is never on both sides): the held-out
//! log-loss of the circuit alone against the circuit with each family.
//!
//! `eval_fit SIZE STEP DIR...`: the records of board SIZE in the directories, every STEP-th
//! position from the sixth stone on. Prints each model's held-out log-loss and accuracy and,
//! for the full model, the weights (in thousandths of `E`, the search's unit).
// The Newton steps' matrix code reads best with indices.
#![allow(clippy::needless_range_loop)]
use ohm_engine::circuit::{evaluate_after, CircuitParams, VcLinks};
use ohm_engine::connections::Connections;
use ohm_engine::player::STRONGEST_HSEARCH;
use ohm_engine::{Board, ByColor, Color, Move, Point, Position};

#[path = "common/records.rs"]
mod records;

/// One position's label and features (the circuit's score first).
struct Sample {
    won: bool,
    test: bool,
    features: Vec<f64>,
}

/// Names of the features, in order; `family` of each: 0 the circuit, 1 geometry, 2 shape,
/// 3 tempo.
fn feature_names() -> Vec<(String, u8)> {
    let mut names = vec![("circuit".to_string(), 0)];
    for own in 0..4 {
        for other in 0..4 {
            for zone in ["mid", "acute", "obtuse"] {
                names.push((format!("stone own{own} other{other} {zone}"), 1));
            }
        }
    }
    for shape in [
        "adjacent pairs",
        "open bridges",
        "intruded bridges",
        "groups",
        "contact stones",
    ] {
        names.push((shape.to_string(), 2));
    }
    for tempo in [
        "opponent threatens",
        "ln must-play",
        "circuit x empty share",
    ] {
        names.push((tempo.to_string(), 3));
    }
    names
}

/// The geometry class of `color`'s stone at `p`: its distance to its own edges and to the
/// other pair (each capped at 3), and whether it lies within two cells of an acute or an
/// obtuse corner.
fn geometry_class(board: &Board, color: Color, p: Point) -> usize {
    let (c, r) = p.col_row().expect("a cell");
    let (w, h) = (i32::from(board.width()), i32::from(board.height()));
    let (c, r) = (i32::from(c), i32::from(r));
    let rows = r.min(h - 1 - r);
    let cols = c.min(w - 1 - c);
    let (own, other) = match color {
        Color::Black => (rows, cols),
        Color::White => (cols, rows),
    };
    let hex = |dc: i32, dr: i32| (dc.abs() + dr.abs() + (dc + dr).abs()) / 2;
    let acute = hex(c, r).min(hex(c - (w - 1), r - (h - 1)));
    let obtuse = hex(c - (w - 1), r).min(hex(c, r - (h - 1)));
    let zone = if acute <= 2 {
        1
    } else if obtuse <= 2 {
        2
    } else {
        0
    };
    (own.min(3) as usize * 4 + other.min(3) as usize) * 3 + zone
}

/// `color`'s side of the antisymmetric features (geometry and shape).
fn side_features(position: &Position, color: Color, out: &mut [f64]) {
    let board = position.board();
    let mine = position.stones(color);
    let theirs = position.stones(!color);
    let empty = position.empty_cells();
    let (mut adjacent, mut open, mut intruded, mut contact) = (0.0, 0.0, 0.0, 0.0);
    let mut roots = Vec::new();
    for p in mine {
        out[geometry_class(board, color, p)] += 1.0;
        let near = board.neighbours(p);
        adjacent += f64::from((near & mine).len()) / 2.0;
        if !(near & theirs).is_empty() {
            contact += 1.0;
        }
        roots.push(position.group_root(p));
        // A bridge: two stones with exactly two common empty-or-taken neighbours.
        for q in mine {
            if q.index() <= p.index() || near.contains(q) {
                continue;
            }
            let common = near & board.neighbours(q);
            if common.len() == 2 {
                match ((common & empty).len(), (common & theirs).len()) {
                    (2, _) => open += 1.0,
                    (1, 1) => intruded += 1.0,
                    _ => {}
                }
            }
        }
    }
    roots.sort_unstable_by_key(|p| p.index());
    roots.dedup();
    let base = 48;
    out[base] += adjacent;
    out[base + 1] += open;
    out[base + 2] += intruded;
    out[base + 3] += roots.len() as f64;
    out[base + 4] += contact;
}

/// The position's sample from its side to move, or `None` when H-search settles it.
fn sample(position: &Position, params: &CircuitParams, won: bool, test: bool) -> Option<Sample> {
    let me = position.to_move();
    let black = Connections::build(position, Color::Black, STRONGEST_HSEARCH);
    let white = Connections::build(position, Color::White, STRONGEST_HSEARCH);
    let conns = ByColor::new(Some(&black), Some(&white));
    let (own, their) = (conns[me]?, conns[!me]?);
    if own.winning().is_some() || their.winning().is_some() || own.edge_semis().next().is_some() {
        return None;
    }
    let circuit = evaluate_after(position, params, conns, None, false).score_for(me);
    if !circuit.is_finite() {
        return None;
    }
    let mut mine = vec![0.0; 53];
    let mut theirs = vec![0.0; 53];
    side_features(position, me, &mut mine);
    side_features(position, !me, &mut theirs);
    let mut features = vec![circuit];
    features.extend(mine.iter().zip(&theirs).map(|(a, b)| a - b));
    let region = their.must_play().map(|r| r & position.empty_cells());
    features.push(if region.is_some() { 1.0 } else { 0.0 });
    features.push(region.map_or(0.0, |r| f64::from(r.len() + 1).ln()));
    let cells = f64::from(position.board().cells().len());
    features.push(circuit * f64::from(position.empty_cells().len()) / cells);
    Some(Sample {
        won,
        test,
        features,
    })
}

/// Logistic regression by Newton's method with an L2 penalty `lambda` (not on the bias), on
/// the features `columns` of the training samples. Returns the bias and the weights.
fn fit(samples: &[Sample], columns: &[usize], lambda: f64) -> (f64, Vec<f64>) {
    let d = columns.len() + 1;
    let mut w = vec![0.0; d];
    let row = |s: &Sample| -> Vec<f64> {
        let mut x = vec![1.0];
        x.extend(columns.iter().map(|&c| s.features[c]));
        x
    };
    for _ in 0..25 {
        let mut grad = vec![0.0; d];
        let mut hess = vec![vec![0.0; d]; d];
        for s in samples.iter().filter(|s| !s.test) {
            let x = row(s);
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let y = if s.won { 1.0 } else { 0.0 };
            let v = (p * (1.0 - p)).max(1e-9);
            for i in 0..d {
                grad[i] += (p - y) * x[i];
                if x[i] != 0.0 {
                    for j in i..d {
                        hess[i][j] += v * x[i] * x[j];
                    }
                }
            }
        }
        for i in 1..d {
            grad[i] += lambda * w[i];
            hess[i][i] += lambda;
        }
        for i in 0..d {
            for j in 0..i {
                hess[i][j] = hess[j][i];
            }
            hess[i][i] += 1e-9;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        for i in 0..d {
            w[i] -= step[i];
        }
        if size < 1e-7 {
            break;
        }
    }
    (w[0], w[1..].to_vec())
}

/// `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for k in 0..n {
        let pivot = (k..n)
            .max_by(|&i, &j| a[i][k].abs().total_cmp(&a[j][k].abs()))
            .expect("rows");
        a.swap(k, pivot);
        b.swap(k, pivot);
        let d = a[k][k];
        if d.abs() < 1e-12 {
            continue;
        }
        for i in k + 1..n {
            let f = a[i][k] / d;
            if f != 0.0 {
                for j in k..n {
                    a[i][j] -= f * a[k][j];
                }
                b[i] -= f * b[k];
            }
        }
    }
    let mut x = vec![0.0; n];
    for k in (0..n).rev() {
        let s: f64 = (k + 1..n).map(|j| a[k][j] * x[j]).sum();
        x[k] = if a[k][k].abs() < 1e-12 {
            0.0
        } else {
            (b[k] - s) / a[k][k]
        };
    }
    x
}

/// Mean log-loss and accuracy of the model on the held-out (or training) samples.
fn judge(
    samples: &[Sample],
    columns: &[usize],
    model: &(f64, Vec<f64>),
    test: bool,
) -> (f64, f64, usize) {
    let (mut loss, mut right, mut n) = (0.0, 0usize, 0usize);
    for s in samples.iter().filter(|s| s.test == test) {
        let z = model.0
            + columns
                .iter()
                .zip(&model.1)
                .map(|(&c, w)| s.features[c] * w)
                .sum::<f64>();
        let p = (1.0 / (1.0 + (-z).exp())).clamp(1e-6, 1.0 - 1e-6);
        loss -= if s.won { p.ln() } else { (1.0 - p).ln() };
        if (p > 0.5) == s.won {
            right += 1;
        }
        n += 1;
    }
    (loss / n as f64, right as f64 / n as f64, n)
}

fn main() {
    const USAGE: &str = "eval_fit SIZE STEP DIR...";
    let args: Vec<String> = std::env::args().collect();
    let size: u8 = args.get(1).and_then(|a| a.parse().ok()).expect(USAGE);
    let step: usize = args.get(2).and_then(|a| a.parse().ok()).expect(USAGE);
    let lambda: f64 = std::env::var("LAMBDA")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let mut params = CircuitParams::DEFAULT;
    params.vc_links = VcLinks::AllPairs { groups: None };
    let mut samples = Vec::new();
    let mut games = 0;
    for dir in &args[3..] {
        for (path, record, moves) in records::read_dir(dir, size) {
            let Some(winner) = record.info.winner() else {
                continue;
            };
            // Games 2k-1 and 2k share an opening: hold out every fifth opening.
            let number: usize = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.trim_start_matches("game-").parse().ok())
                .unwrap_or(0);
            let test = (number.saturating_sub(1) / 2) % 5 == 0;
            games += 1;
            let mut position = Position::new(Board::square(size).expect("a size"));
            for (n, &m) in moves.iter().enumerate() {
                if n >= 6 && (n - 6) % step == 0 {
                    let won = position.to_move() == winner;
                    if let Some(s) = sample(&position, &params, won, test) {
                        samples.push(s);
                    }
                }
                position.play_unchecked(position.to_move(), Move::Cell(m));
            }
        }
    }
    let names = feature_names();
    let train = samples.iter().filter(|s| !s.test).count();
    println!(
        "{games} games, {} positions ({train} to fit, {} held out)",
        samples.len(),
        samples.len() - train
    );
    // Only the columns some sample uses.
    let used: Vec<usize> = (0..names.len())
        .filter(|&c| samples.iter().any(|s| s.features[c] != 0.0))
        .collect();
    let family = |f: u8| {
        used.iter()
            .copied()
            .filter(|&c| names[c].1 == f)
            .collect::<Vec<_>>()
    };
    let models: Vec<(&str, Vec<usize>)> = vec![
        ("circuit", vec![0]),
        ("+ geometry", [vec![0], family(1)].concat()),
        ("+ shape", [vec![0], family(2)].concat()),
        ("+ tempo", [vec![0], family(3)].concat()),
        ("all", used.clone()),
    ];
    for (name, columns) in &models {
        let model = fit(&samples, columns, lambda);
        let (fit_loss, _, _) = judge(&samples, columns, &model, false);
        let (loss, accuracy, n) = judge(&samples, columns, &model, true);
        println!("{name:<12} held-out log-loss {loss:.4} accuracy {accuracy:.3} (n {n}); fit {fit_loss:.4}");
        if std::env::var("WEIGHTS").is_ok() || *name == "all" {
            let slope = model.1[0];
            println!(
                "  bias {:.4}, circuit slope {slope:.4} per unit of E",
                model.0
            );
            for (&c, w) in columns.iter().zip(&model.1).skip(1) {
                println!("  {:<32} {:>8.1}", names[c].0, 1000.0 * w / slope);
            }
        }
    }
}
