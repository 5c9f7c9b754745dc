use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::{Board, Color, Move, Point, Position};
use std::time::Instant;
struct Clock(Instant, Option<Progress>);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, p: &Progress) {
        self.1 = Some(p.clone());
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit: f64 = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(10000.0);
    let only: Option<usize> = args.get(2).map(|s| s.parse().unwrap());
    let text =
        std::fs::read_to_string("crates/engine/tests/data/solved-9x9-positions.csv").unwrap();
    let mut params = SolverParams::DEFAULT;
    params.tt_mib = 256;
    params.time_ms = Some(limit);
    if let Ok(w) = std::env::var("LIM") {
        let v: Vec<u32> = w.split(',').map(|x| x.parse().unwrap()).collect();
        params.hsearch.max_full = v[0];
        params.hsearch.max_semi = v[1];
        params.hsearch.max_or = v[2];
    }
    if let Ok(w) = std::env::var("WIDEN") {
        params.widening_factor = w.parse().unwrap();
    }
    if let Ok(w) = std::env::var("MAXN") {
        params.max_nodes = Some(w.parse().unwrap());
    }
    let idx: Option<Vec<usize>> = std::env::var("IDX")
        .ok()
        .map(|v| v.split(',').map(|x| x.parse().unwrap()).collect());
    let mut proven = 0;
    let mut wrong = 0;
    let mut total = 0;
    let mut times = vec![];
    let t0 = Instant::now();
    for (i, line) in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("board"))
        .enumerate()
    {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        if idx.as_ref().is_some_and(|v| !v.contains(&i)) {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        let mut p = Position::new(Board::square(9).unwrap());
        for m in f[2].split_whitespace() {
            p.play_unchecked(p.to_move(), Move::Cell(Point::parse(m).unwrap()));
        }
        let winner = if f[4] == "black" {
            Color::Black
        } else {
            Color::White
        };
        let wins: Vec<Point> = f[5]
            .split_whitespace()
            .map(|m| Point::parse(m).unwrap())
            .collect();
        let mut s = Solver::new(params.clone());
        let mut clock = Clock(Instant::now(), None);
        let sol = s.solve(&p, &mut clock);
        if std::env::var("ROOT").is_ok() {
            if let Some(pr) = &clock.1 {
                for m in &pr.root_moves {
                    print!("{}:{}/{} ", m.mv, m.bounds.phi, m.bounds.delta);
                }
                println!();
            }
        }
        total += 1;
        let ok = match sol.winner {
            Some(w) if w == winner => {
                proven += 1;
                times.push(sol.elapsed_ms);
                "ok"
            }
            Some(_) => {
                wrong += 1;
                "WRONG"
            }
            None => "unproven",
        };
        let best_ok = match (sol.winner, sol.best) {
            (Some(w), Some(b)) if w == p.to_move() => {
                if wins.contains(&b) {
                    ""
                } else {
                    " BAD-MOVE"
                }
            }
            _ => "",
        };
        if std::env::var("STATS").is_ok() {
            println!("{:?}", sol.stats);
            println!("pv {:?}", sol.pv);
        }
        println!(
            "{i:3} {} stones {} {:>8.0} ms created {:>7} {ok}{best_ok}",
            f[1], f[3], sol.elapsed_ms, sol.stats.created
        );
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let within = |ms: f64| times.iter().filter(|&&t| t <= ms).count();
    println!(
        "proven {proven}/{total} wrong {wrong}; within 1 s {}, 10 s {}; total {:.0} s",
        within(1000.0),
        within(10000.0),
        t0.elapsed().as_secs_f64()
    );
}
