//! The Monte Carlo search on one position: playouts, analyses and the chosen move, for
//! tuning (`cargo run --release -p ohm-engine --example mcts_probe -- SIZE MOVES MS`;
//! `PLAYOUTS=N` for a fixed count).
use ohm_engine::mcts::{search, MctsParams};
use ohm_engine::search::Control;
use ohm_engine::solver::{Knowledge, SolverParams};
use ohm_engine::{Board, Move, Position};
use std::time::Instant;

struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u8 = args.get(1).map_or(9, |s| s.parse().unwrap());
    let moves = args.get(2).cloned().unwrap_or_default();
    let ms: f64 = args.get(3).map_or(1000.0, |s| s.parse().unwrap());
    let mut position = Position::new(Board::square(size).unwrap());
    for m in moves.split_whitespace() {
        position.try_play(Move::parse(m).unwrap()).unwrap();
    }
    let env = |k: &str, d: f64| std::env::var(k).ok().map_or(d, |v| v.parse().unwrap());
    let d = MctsParams::DEFAULT;
    // PLAYOUTS=N: a fixed count instead of the clock, so that two builds are timed on the
    // same number of playouts.
    let playouts = std::env::var("PLAYOUTS")
        .ok()
        .map(|v| v.parse::<u64>().unwrap());
    let params = MctsParams {
        time_ms: if playouts.is_some() { None } else { Some(ms) },
        max_playouts: playouts.unwrap_or(d.max_playouts),
        knowledge_visits: env("KNOW", f64::from(d.knowledge_visits)) as u32,
        inferior_visits: env("INFERIOR", f64::from(d.inferior_visits)) as u32,
        expand_visits: env("EXPAND", f64::from(d.expand_visits)) as u32,
        rave_bias: env("BIAS", d.rave_bias),
        exploration: env("C", d.exploration),
        prior_games: env("PRIOR", d.prior_games),
        glance: env("GLANCE", f64::from(u8::from(d.glance))) > 0.0,
        inherited_rave: env("INHERIT", f64::from(d.inherited_rave)) as f32,
        pattern_prior: env("PATTERN", f64::from(d.pattern_prior)) as f32,
        progressive_bias: env("PB", f64::from(d.progressive_bias)) as f32,
        last_good_reply: env("LGR", f64::from(u8::from(d.last_good_reply))) > 0.0,
        pattern_playouts: env("PLAYOUT", f64::from(d.pattern_playouts)) as f32,
        early_abort: env("ABORT", f64::from(u8::from(d.early_abort))) > 0.0,
        value_prior: env("VALUE", f64::from(d.value_prior)) as f32,
        value_scale: env("VSCALE", f64::from(d.value_scale)) as f32,
        value_tempo: env("VTEMPO", f64::from(d.value_tempo)) as f32,
        ..d
    };
    // ORDER: the circuit's order even where no prior reads it.
    let mut knowledge = Knowledge::of(&SolverParams::DEFAULT);
    knowledge.order_children = std::env::var("ORDER").is_ok() || params.reads_circuit();
    let start = Instant::now();
    let result = search(
        &position,
        &params,
        &knowledge,
        1,
        &mut Clock(Instant::now()),
    );
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} playouts in {:.2} s ({:.0}/s), best {:?}, score {}, proven {:?}, pv {:?}",
        result.nodes,
        secs,
        result.nodes as f64 / secs,
        result.best,
        result.score,
        result.proven,
        result.pv
    );
    for (p, s) in result.root_moves.iter().take(8) {
        print!("{p}:{s} ");
    }
    println!();
}
