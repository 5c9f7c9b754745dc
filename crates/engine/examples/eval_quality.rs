//! How well the static evaluation tells winning moves from losing ones, on the solved 9x9
//! file (every empty cell of each position is known winning or losing): for each position
//! with both kinds of move, every move is played and the position after it evaluated as the
//! search's leaves are (both colours' H-search at level 6's tree limits, the circuit), from
//! the mover's side. Prints the mean AUC (the share of (winning, losing) pairs the
//! evaluation orders right), how often the best-evaluated move wins, and the time.
//!
//! `cargo run --release --example eval_quality [-- FIRST LAST]` (positions by index).
//! Variables (one variant at a time): `VC` (`none`, `shared`, `all`), `FULL` (full link
//! factor), `SEMI` (semi link factor), `GROUPS` (resistance of a link between two groups),
//! `LIM` (`search`, `strongest`, `root`), `CUT` (1: the opponent's bridges cut), `TEMPO` (the side to
//! move's semi link factor), `FILLED` (1: the board filled in first), `MC` and `MCW` (random
//! playouts from the position, the logit of their win rate at that weight added), `RHO`
//! (the score `ln R_opponent - RHO * ln R_mover`: the mover's own resistance weighed
//! apart from the opponent's), `COND` (1: the conductances' difference instead) and `REPLY`
//! (K: the opponent's best of its K hottest replies judged, a ply past the leaf). With
//! `SEARCH=D` (level 6's search alone to depth D): `LEVEL`, `CAPTURED`, `FILL`, `FILLED_LEAVES`, `FILL_PATH`, `WIDTH`,
//! `ROOT_WIDTH`, `FRONTIER`, `EXTEND`, `INFERIOR`, `EDGE` (the edge prior's penalty), `REPLY`, the
//! tree's H-search rules and limits.
use ohm_engine::bench::solver::{read_solved_cases, solved_9x9_cases, Case};
use ohm_engine::circuit::{best_reply, evaluate_after, CircuitParams, VcLinks};
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::player::{ROOT_HSEARCH, SEARCH_HSEARCH, STRONGEST_HSEARCH};
use ohm_engine::{ByColor, Color, Move, Position};
use std::time::Instant;

/// The static evaluation's settings under test.
struct Variant {
    params: CircuitParams,
    limits: HSearchLimits,
    /// `TD`: the weight of Queenbee's two-distance score added to the circuit's.
    two_distance: f64,
    /// `FILLED=1`: the position after the move with the inferior cells filled in (dead and
    /// captured cells, as the solver's analysis finds them) before H-search and the circuit.
    filled: bool,
    /// `MC=N`: random playouts (MoHex's, answering bridge intrusions) from the position, and
    /// `MCW=W` the weight of their win rate's logit added to the circuit's score.
    playouts: u32,
    playout_weight: f64,
    /// `RHO`: the weight of the mover's own log-resistance in the score (1: the paper's `E`).
    rho: f64,
    /// `COND=1`: the conductances' difference as the score instead.
    conductance: bool,
    /// `REPLY=K`: the opponent's best of his K hottest replies judged (0: off).
    replies: usize,
}

/// How many of `count` playouts from `position` `me` wins (the same seed for a position).
fn playout_wins(position: &Position, me: Color, count: u32) -> u32 {
    use ohm_engine::mcts::playout::{Geometry, PlayoutBoard};
    let geometry = Geometry::of(position);
    let cells = geometry.cells_of(position);
    let mut board = PlayoutBoard::new(&geometry);
    let mut rng = ohm_engine::player::Rng::new(position.hash() | 1);
    let mut wins = 0;
    for _ in 0..count {
        board.reset(&geometry, &cells);
        if board.play_out(&geometry, position.to_move(), None, &mut rng) == me {
            wins += 1;
        }
    }
    wins
}

/// `position` judged from `me`'s side as a leaf of the search: an H-search win or loss, else
/// the circuit's score (plus the variant's two-distance share).
fn static_score(position: &Position, me: Color, variant: &Variant) -> f64 {
    let black = Connections::build(position, Color::Black, variant.limits);
    let white = Connections::build(position, Color::White, variant.limits);
    let conns = ByColor::new(Some(&black), Some(&white));
    if conns[me].is_some_and(|c| c.winning().is_some()) {
        return f64::INFINITY;
    }
    if conns[!me].is_some_and(|c| c.winning().is_some()) {
        return f64::NEG_INFINITY;
    }
    if variant.replies > 0 {
        return reply_score(position, me, variant, conns);
    }
    let evaluation = evaluate_after(position, &variant.params, conns, None, false);
    let mc = if variant.playouts > 0 {
        // Half a win in one more playout keeps the logit finite.
        let wins = playout_wins(position, me, variant.playouts);
        let rate = (f64::from(wins) + 0.5) / (f64::from(variant.playouts) + 1.0);
        variant.playout_weight * (rate / (1.0 - rate)).ln()
    } else {
        0.0
    };
    mc + combined_score(&evaluation, me, variant)
        + variant.two_distance * f64::from(ohm_engine::distance::two_distance_score(position, me))
            / 1000.0
}

/// `REPLY=K`: the opponent (to move) answers with the best for him of his `K` hottest cells
/// ([`best_reply`]: a one-ply look past the leaf that costs circuit solves only).
fn reply_score(
    position: &Position,
    me: Color,
    variant: &Variant,
    conns: ByColor<Option<&Connections>>,
) -> f64 {
    best_reply(
        position,
        &variant.params,
        conns,
        variant.replies,
        |evaluation| -combined_score(evaluation, me, variant),
    )
    .map_or_else(
        || {
            combined_score(
                &evaluate_after(position, &variant.params, conns, None, false),
                me,
                variant,
            )
        },
        |best| -best,
    )
}

/// The circuit's score for `me` (who moved last): `ln R_opponent - RHO * ln R_me` (`RHO`,
/// default 1: the paper's `E`), or with `COND=1` the difference of the conductances.
fn combined_score(
    evaluation: &ohm_engine::circuit::Evaluation,
    me: Color,
    variant: &Variant,
) -> f64 {
    let (mine, theirs) = (evaluation.resistance[me], evaluation.resistance[!me]);
    if variant.conductance {
        return 1.0 / mine - 1.0 / theirs;
    }
    if variant.rho == 1.0 {
        return evaluation.score_for(me);
    }
    theirs.ln() - variant.rho * mine.ln()
}

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let cases = match std::env::var("FILE") {
        Ok(path) => read_solved_cases(&std::fs::read_to_string(path).expect("a readable file")),
        Err(_) => solved_9x9_cases(),
    };
    let (first, last) = match args.as_slice() {
        [a, b] => (*a, (*b).min(cases.len() - 1)),
        _ => (0, cases.len() - 1),
    };
    let mut params = CircuitParams::DEFAULT;
    let groups: Option<f64> = env("GROUPS");
    match std::env::var("VC").as_deref() {
        Ok("none") => params.vc_links = VcLinks::None,
        Ok("shared") => params.vc_links = VcLinks::SharedNeighbours,
        _ => params.vc_links = VcLinks::AllPairs { groups },
    }
    if let Some(f) = env("FULL") {
        params.full_factor = f;
    }
    params.semi_factor = env("SEMI");
    // TEMPO=F: the side to move's semi-connections linked at F times a full link's resistance.
    params.mover_semi_factor = env("TEMPO");
    params.cut_opponent_bridges = env::<u8>("CUT") == Some(1);
    let limits = match std::env::var("LIM").as_deref() {
        Ok("search") => SEARCH_HSEARCH,
        Ok("root") => ROOT_HSEARCH,
        _ => STRONGEST_HSEARCH,
    };
    if let Some(depth) = env::<u32>("SEARCH") {
        return search_keeps(&cases, first, last, depth);
    }
    let variant = Variant {
        params,
        limits,
        two_distance: env("TD").unwrap_or(0.0),
        filled: env::<u8>("FILLED") == Some(1),
        playouts: env("MC").unwrap_or(0),
        playout_weight: env("MCW").unwrap_or(1.0),
        rho: env("RHO").unwrap_or(1.0),
        conductance: env::<u8>("COND") == Some(1),
        replies: env("REPLY").unwrap_or(0),
    };
    let start = Instant::now();
    let (mut auc_sum, mut positions, mut top_wins, mut evaluated) = (0.0, 0u32, 0u32, 0u64);
    for (index, case) in cases.iter().enumerate().take(last + 1).skip(first) {
        let winning = case.winning_moves.expect("the file has winning sets");
        let empty = case.position.empty_cells();
        let losing = empty - winning;
        if winning.is_empty() || losing.is_empty() {
            continue;
        }
        let me = case.position.to_move();
        let mut scored: Vec<(f64, bool)> = Vec::new();
        for cell in empty {
            let mut after = case.position.clone();
            after.play_unchecked(me, Move::Cell(cell));
            let score = if after.connected_winner() == Some(me) {
                f64::INFINITY
            } else {
                if variant.filled {
                    let cells = ohm_engine::inferior::analyze_with(
                        &after,
                        after.to_move(),
                        &ohm_engine::inferior::AnalysisOptions::SOLVER,
                        &ohm_engine::inferior::PatternSet::empty(),
                    );
                    after = cells.filled_position(&after);
                }
                static_score(&after, me, &variant)
            };
            evaluated += 1;
            scored.push((score, winning.contains(cell)));
        }
        let (mut right, mut pairs) = (0.0, 0.0);
        for &(w, _) in scored.iter().filter(|s| s.1) {
            for &(l, _) in scored.iter().filter(|s| !s.1) {
                pairs += 1.0;
                if w > l {
                    right += 1.0;
                } else if w == l {
                    right += 0.5;
                }
            }
        }
        let auc = right / pairs;
        let best =
            scored.iter().copied().fold(
                (f64::NEG_INFINITY, false),
                |a, b| if b.0 > a.0 { b } else { a },
            );
        auc_sum += auc;
        positions += 1;
        top_wins += u32::from(best.1);
        if std::env::var("VERBOSE").is_ok() {
            println!(
                "#{index:>3}: {} winning of {}, AUC {auc:.3}, best {}",
                winning.len(),
                empty.len(),
                if best.1 { "wins" } else { "loses" }
            );
        }
    }
    println!(
        "positions {positions}, mean AUC {:.4}, best move wins {top_wins}/{positions}, {evaluated} evaluations in {:.1} s",
        auc_sum / f64::from(positions),
        start.elapsed().as_secs_f64()
    );
}

/// `SEARCH=D`: level 6's search alone (no solver) to depth `D` on every position the mover
/// wins with some losing moves; counts the moves that keep the win. `LEVEL` picks the level;
/// on boards larger than 9x9 the tree takes the level's frontier there (as it plays).
fn search_keeps(cases: &[Case], first: usize, last: usize, depth: u32) {
    let level = ohm_engine::player::level(env("LEVEL").unwrap_or(6)).expect("a level");
    let mut params = level.search;
    params.max_depth = depth;
    params.time_ms = None;
    if let Some(v) = env::<u8>("FILL") {
        params.fill_in = v == 1;
    }
    if let Some(v) = env::<u8>("FILL_PATH") {
        params.fill_path = v == 1;
    }
    if let Some(v) = env::<u8>("FILLED_LEAVES") {
        params.filled_leaves = v == 1;
    }
    if let Some(v) = env("WIDTH") {
        params.width = v;
    }
    if let Some(v) = env("ROOT_WIDTH") {
        params.root_width = v;
    }
    if let Some(v) = env("FRONTIER") {
        params.frontier_width = v;
    }
    if let Some(v) = env::<u8>("CAPTURED") {
        if let Some(h) = params.hsearch.as_mut() {
            h.captured = v == 1;
        }
    }
    if let Some(h) = params.hsearch.as_mut() {
        if let Some(v) = env::<u8>("OR_SEARCH") {
            h.or_search = v == 1;
        }
        if let Some(v) = env::<u8>("SEMI_AND") {
            h.semi_and = v == 1;
        }
        if let Some(v) = env::<u8>("INTERSECT") {
            h.full_intersection = v == 1;
        }
        if let Some(v) = env("MAX_FULL") {
            h.max_full = v;
        }
        if let Some(v) = env("MAX_SEMI") {
            h.max_semi = v;
        }
        if let Some(v) = env("MAX_OR") {
            h.max_or = v;
        }
    }
    if let Some(v) = env::<u32>("EXTEND") {
        params.forced_extension = v;
    }
    if let Some(v) = env::<u32>("INFERIOR") {
        params.inferior_plies = v;
    }
    if let Some(v) = env::<i32>("EDGE") {
        params.edge_penalty = v;
    }
    if let Some(v) = env::<u32>("REPLY") {
        params.reply_leaves = v;
    }
    if let Some(v) = env::<f64>("SEMI") {
        params.circuit.semi_factor = Some(v);
    }
    let start = Instant::now();
    let (mut kept, mut positions, mut nodes) = (0u32, 0u32, 0u64);
    for (index, case) in cases.iter().enumerate().take(last + 1).skip(first) {
        let winning = case.winning_moves.expect("the file has winning sets");
        let empty = case.position.empty_cells();
        if winning.is_empty() || (empty - winning).is_empty() {
            continue;
        }
        let t = Instant::now();
        let mut control = ohm_engine::search::Callbacks {
            clock: || t.elapsed().as_secs_f64() * 1000.0,
            stop: || false,
            progress: |_: &ohm_engine::search::Progress| {},
        };
        // The level's frontier on boards larger than 9x9, as it plays there (its even depths
        // on small boards are left out: the depth is the variable's).
        let mut case_params = params;
        if case_params.frontier_width == 0 {
            case_params.frontier_width = level.search_for(&case.position).frontier_width;
        }
        let result = ohm_engine::search::search(&case.position, &case_params, &mut control);
        positions += 1;
        nodes += result.nodes;
        let keeps = result.best.is_some_and(|b| winning.contains(b));
        kept += u32::from(keeps);
        if std::env::var("VERBOSE").is_ok() {
            println!(
                "#{index:>3}: {} stones, {} winning of {}: {:?} {} ({} nodes)",
                case.position.move_count(),
                winning.len(),
                empty.len(),
                result.best,
                if keeps { "wins" } else { "LOSES" },
                result.nodes
            );
        }
    }
    println!(
        "depth {depth}: kept {kept}/{positions}, {nodes} nodes in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
