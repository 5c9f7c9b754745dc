//! Circuit evaluation (Shannon; Anshelevich 2002, section 5): each player's view of a position
//! as a resistor network, its total resistance between the player's edges, and the energy
//! dissipated around every empty cell.
//!
//! **The network of player `c`.** Nodes are `c`'s groups (a group of stones together with the
//! own edges it touches is one node; so are the two edges on their own) and the empty cells.
//! A cell's resistance is 1 when empty, 0 when it holds a stone of `c`, and infinite when it
//! holds an opponent stone; the link between two neighbouring points has the sum of their
//! resistances (the paper's exact scheme): 2 between two empty cells, 1 between an empty cell
//! and a group, none through opponent stones. A group touching an empty cell through several
//! stones keeps one link per touching pair, as the paper's cell-by-cell circuit does.
//!
//! **Virtual connections** found by H-search ([`Connections`]) can be added
//! ([`VcLinks`]): by default between every pair of ends (empty cells, groups, edges) that
//! H-search fully connects, as if they were neighbours (Benzene's resistance); or between
//! pairs of the player's groups only (as in the paper, "two black cells"), either as a direct
//! link with a resistance above that of neighbours or as the paper's second variant, where
//! every empty neighbour of one end becomes a neighbour of the other end too.
//!
//! **Evaluation.** `R_B` and `R_W` are the resistances between Black's and White's edges, in
//! `[0, +∞]` (0: the player is connected; `+∞`: cut off). The paper's
//! `E = ln(R_B / R_W)` is **positive when White is ahead** ([`Evaluation::e`]);
//! [`Evaluation::score_for`] gives the same number from one player's side (positive: good for
//! that player). The displayed win probability is the logistic of `E`:
//! `P(Black wins) = 1 / (1 + e^E) = R_W / (R_B + R_W)`, i.e. Black's share of the total
//! resistance. It is not calibrated against game results; it is monotone in `E`, 1/2 for an
//! even position, and exactly 1 or 0 once a player is connected or cut off.
//!
//! **Energy.** With unit voltage between the edges, the power `(ΔV)²/r` dissipated on the
//! links touching an empty cell, divided by the circuit's total power `1/R`, measures how much
//! of the current the cell carries: Hexy's move-ordering key and Ohm's heat map.
//!
//! **Solver.** Conjugate gradient with a Jacobi preconditioner, chosen by measurement (see
//! [`solver`]); both circuits of an 11x11 position with their energy maps take about 0.1 ms.
//!
//! **Variants, measured.** Level 4 against itself with the other variant on 9x9 (`ohm match
//! level:4,vc=shared level:4,vc=direct --games 100 --size 9`, the balanced openings): shared
//! neighbours beat the direct link (resistance 2) 53-47, 95% interval [0.43, 0.63], at the
//! same cost per move (126 and 130 ms), within the noise. Linking **every pair of ends**
//! H-search fully connects, empty cells included ([`VcLinks::AllPairs`], Benzene's
//! resistance), is the default ([`CircuitParams::DEFAULT`]) since it beat shared neighbours
//! clearly at level 6 (`ohm match level:6,time=1000,vc=all level:6,time=1000`): 57-23 on 9x9
//! (80 games, 1 s a move, [0.61, 0.80], +158 Elo) and 30-10 on 11x11 (40 games, 2 s a move,
//! [0.60, 0.86], +191 Elo). Groups' own connections only link two groups through the empty
//! cells around them there: a template from a row-3 empty cell to the edge, or a bridge
//! between two empty cells, now shortens the circuit as much as adjacency, where with group
//! links only the circuit saw them once a stone stood in the cell. The solver orders its
//! children by the same circuit (fewer nodes on the 6x6 openings and the solved 9x9 file than
//! with shared neighbours: see [`crate::solver`]).

pub mod solver;

use alloc::vec;
use alloc::vec::Vec;

use crate::connections::Connections;
use crate::point::{Edge, Point, POINT_COUNT};
use crate::{ByColor, Color, Move, Position};
pub use solver::{Link, Network, NodeId, Solution};

/// How known virtual connections enter a player's circuit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VcLinks {
    /// Neighbours only (the "microstructure" circuit).
    None,
    /// A direct link of this resistance between the two groups of every virtual connection
    /// (the paper's first approach; more than the 1 + 1 of two groups around one empty cell,
    /// since a virtual connection is weaker than adjacency).
    Direct { resistance: f64 },
    /// Every empty neighbour of one end of a virtual connection is linked to the other end as
    /// if it were its neighbour (the paper's second approach, the one it describes in detail).
    SharedNeighbours,
    /// Every pair of ends H-search joins by a full connection, empty cells included, is linked
    /// as if the two were neighbours (Benzene's resistance, as Wolve plays it): an empty cell
    /// with a template to an edge touches the edge, two empty cells a bridge apart touch. Two
    /// empty cells get resistance 2, an empty cell and a group 1; two groups a link of
    /// resistance `groups`, or none (`None`, as in Benzene: their connection then shows
    /// through the empty cells around them).
    AllPairs { groups: Option<f64> },
}

impl VcLinks {
    /// The direct-link variant at resistance 2, the one measured against shared neighbours.
    pub const DIRECT: VcLinks = VcLinks::Direct { resistance: 2.0 };
    /// Every fully connected pair of ends linked, no link between two groups (Benzene's).
    pub const ALL_PAIRS: VcLinks = VcLinks::AllPairs { groups: None };
}

/// Parameters of the circuit evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CircuitParams {
    pub vc_links: VcLinks,
    /// With [`VcLinks::AllPairs`]: a pair of ends joined by a semi-connection but by no full
    /// one is linked too, with this many times the resistance a full connection's link has
    /// (`None`: not linked, as in Benzene). Measured at level 6 on 9x9, 1 s a move, 40 games
    /// each: factor 2 20-20, factor 4 18-22 against no semi links: off.
    pub semi_factor: Option<f64>,
    /// With [`VcLinks::AllPairs`]: the resistance of a full connection's link as a multiple
    /// of the adjacency it stands for (1: a virtual connection conducts as well as touching,
    /// as in Benzene). Measured at level 6 on 9x9, 1 s a move, 40 games: 0.5 lost 17-23
    /// against 1.
    pub full_factor: f64,
    /// Cut this player's link between two touching empty cells that carry one of the
    /// opponent's two-cell full connections (a bridge, or a second-row stone's template to
    /// its edge): current there crosses a wall the opponent keeps closed, since playing one
    /// of the cells is answered by the other. Measured at level 6 on 9x9, 1 s a move, 80
    /// games: 37-43 against the links kept (Benzene's circuit): off.
    pub cut_opponent_bridges: bool,
    /// The heat of a cell ([`Evaluation::heat`], the search's move order) from the current
    /// through it instead of the power dissipated around it: the share of the total current
    /// its links carry (Six's and Benzene's move-ordering key), which ranks every cell on the
    /// main paths by their flow, where the power share favours the cells with the largest
    /// voltage drops (the bottlenecks) and discounts well-connected ones.
    pub current_heat: bool,
    /// With [`VcLinks::AllPairs`]: the side to move's pairs joined by a semi-connection but by
    /// no full one are linked at this many times a full link's resistance (`None`: not),
    /// the other side's not: the player to move can complete any one of them, which a
    /// circuit that ignores the tempo misses (it errs for the player who moved last at odd
    /// depths of the search and against him at even ones). Overrides `semi_factor` for the
    /// side to move.
    pub mover_semi_factor: Option<f64>,
}

impl CircuitParams {
    pub const DEFAULT: CircuitParams = CircuitParams {
        vc_links: VcLinks::ALL_PAIRS,
        semi_factor: None,
        full_factor: 1.0,
        cut_opponent_bridges: false,
        current_heat: false,
        mover_semi_factor: None,
    };
}

impl Default for CircuitParams {
    fn default() -> Self {
        CircuitParams::DEFAULT
    }
}

const NO_NODE: u32 = u32::MAX;

/// One player's resistor network for one position.
#[derive(Clone, Debug)]
pub struct Circuit {
    color: Color,
    network: Network,
    /// Node of every point (`NO_NODE` for opponent stones and edges and off-board points).
    node_of: Vec<u32>,
    /// For every node, the empty cell it stands for (`None` for a group).
    cell_of: Vec<Option<Point>>,
}

impl Circuit {
    /// Builds `color`'s circuit for `position`, adding links for the virtual connections of
    /// `connections` (which must be `color`'s, for this position) as `params` asks.
    #[must_use]
    pub fn build(
        position: &Position,
        color: Color,
        params: &CircuitParams,
        connections: Option<&Connections>,
    ) -> Circuit {
        Circuit::build_avoiding(position, color, params, connections, None)
    }

    /// [`Circuit::build`] with `connections` of the position before the opponent's stone on
    /// `avoid` (the search's leaves reuse their parent's connections): only connections whose
    /// carrier avoids that cell are linked, which the stone left intact.
    #[must_use]
    pub fn build_avoiding(
        position: &Position,
        color: Color,
        params: &CircuitParams,
        connections: Option<&Connections>,
        avoid: Option<Point>,
    ) -> Circuit {
        Circuit::build_against(position, color, params, connections, avoid, None)
    }

    /// [`Circuit::build_avoiding`] with the opponent's connections too, for
    /// [`CircuitParams::cut_opponent_bridges`].
    #[must_use]
    pub fn build_against(
        position: &Position,
        color: Color,
        params: &CircuitParams,
        connections: Option<&Connections>,
        avoid: Option<Point>,
        opponent: Option<&Connections>,
    ) -> Circuit {
        let board = position.board();
        let empty = position.empty_cells();
        let (e1, e2) = Edge::of(color);
        let own = position.stones(color).with(e1.point()).with(e2.point());
        let mut node_of = vec![NO_NODE; POINT_COUNT];
        let mut cell_of = Vec::new();
        let mut network = Network::new(0);
        // Groups: one node per union-find root.
        for p in own {
            let root = position.group_root(p);
            if node_of[root.index()] == NO_NODE {
                node_of[root.index()] = network.add_node();
                cell_of.push(None);
            }
            node_of[p.index()] = node_of[root.index()];
        }
        for c in empty {
            node_of[c.index()] = network.add_node();
            cell_of.push(Some(c));
        }
        // The opponent's walls: pairs of touching empty cells forming a two-cell carrier.
        let mut walls: Vec<(Point, Point)> = Vec::new();
        if let Some(theirs) = opponent.filter(|_| params.cut_opponent_bridges) {
            for connection in theirs.full_pairs(None) {
                // Between two of the opponent's stones or edges: a connection from an empty
                // cell is no wall until the opponent plays there.
                let carrier = connection.carrier;
                if carrier.len() != 2
                    || !carrier.is_subset(&empty)
                    || connection.ends.iter().any(|end| empty.contains(*end))
                {
                    continue;
                }
                let mut cells = carrier.iter();
                let (Some(x), Some(y)) = (cells.next(), cells.next()) else {
                    continue;
                };
                if board.neighbours(x).contains(y) {
                    walls.push((x.min(y), x.max(y)));
                }
            }
        }
        for c in empty {
            let a = node_of[c.index()];
            for q in board.neighbours(c) {
                if empty.contains(q) {
                    if q > c && !walls.contains(&(c, q)) {
                        network.add_link(a, node_of[q.index()], 2.0);
                    }
                } else if own.contains(q) {
                    network.add_link(a, node_of[q.index()], 1.0);
                }
            }
        }
        if let (Some(vcs), VcLinks::AllPairs { groups }) = (connections, params.vc_links) {
            let semi_factor = params
                .mover_semi_factor
                .filter(|_| position.to_move() == color)
                .or(params.semi_factor);
            let semis = semi_factor
                .into_iter()
                .flat_map(|factor| vcs.semi_only_pairs(avoid).map(move |c| (c, factor)));
            // Touching ends (an empty carrier) are linked above as neighbours.
            let fulls = vcs.full_pairs(avoid).filter(|c| !c.carrier.is_empty());
            for (connection, factor) in fulls.map(|c| (c, params.full_factor)).chain(semis) {
                let [x, y] = connection.ends;
                let (nx, ny) = (node_of[x.index()], node_of[y.index()]);
                if nx == NO_NODE || ny == NO_NODE || nx == ny {
                    continue;
                }
                match (empty.contains(x), empty.contains(y)) {
                    (true, true) => network.add_link(nx, ny, 2.0 * factor),
                    (false, false) => {
                        if let Some(resistance) = groups {
                            network.add_link(nx, ny, resistance * factor);
                        }
                    }
                    _ => network.add_link(nx, ny, factor),
                }
            }
        } else if let (Some(vcs), false) = (connections, params.vc_links == VcLinks::None) {
            let groups: Vec<Point> = vcs.ends().filter(|&p| own.contains(p)).collect();
            for (i, &x) in groups.iter().enumerate() {
                for &y in &groups[i + 1..] {
                    let intact = match avoid {
                        None => vcs.smallest_full(x, y).is_some(),
                        Some(cell) => vcs
                            .full_between(x, y)
                            .any(|id| !vcs.get(id).carrier.contains(cell)),
                    };
                    if !intact {
                        continue;
                    }
                    let (nx, ny) = (node_of[x.index()], node_of[y.index()]);
                    if nx == NO_NODE || ny == NO_NODE || nx == ny {
                        continue;
                    }
                    match params.vc_links {
                        VcLinks::None | VcLinks::AllPairs { .. } => {}
                        VcLinks::Direct { resistance } => network.add_link(nx, ny, resistance),
                        VcLinks::SharedNeighbours => {
                            let (gx, gy) = (position.group(x), position.group(y));
                            let around = |g: crate::CellSet| {
                                let mut n = crate::CellSet::EMPTY;
                                for p in g {
                                    n |= board.neighbours(p);
                                }
                                n & empty
                            };
                            let (near_x, near_y) = (around(gx), around(gy));
                            for c in near_x - near_y {
                                network.add_link(node_of[c.index()], ny, 1.0);
                            }
                            for c in near_y - near_x {
                                network.add_link(node_of[c.index()], nx, 1.0);
                            }
                        }
                    }
                }
            }
        }
        Circuit {
            color,
            network,
            node_of,
            cell_of,
        }
    }

    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    #[must_use]
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The network node of `point` (`None` for opponent stones and edges).
    #[must_use]
    pub fn node(&self, point: Point) -> Option<NodeId> {
        match self.node_of.get(point.index()) {
            Some(&n) if n != NO_NODE => Some(n),
            _ => None,
        }
    }

    /// Solves the circuit between the player's two edges.
    #[must_use]
    pub fn solve(&self) -> Solution {
        let (e1, e2) = Edge::of(self.color);
        let (a, b) = (
            self.node_of[e1.point().index()],
            self.node_of[e2.point().index()],
        );
        self.network.solve(a, b)
    }

    /// Per point index, the share of the total power dissipated on links touching each empty
    /// cell (0 elsewhere, and everywhere when the resistance is 0 or infinite); with
    /// `current`, the share of the total current those links carry instead
    /// ([`CircuitParams::current_heat`]).
    #[must_use]
    pub fn energy(&self, solution: &Solution, current: bool) -> Vec<f64> {
        let mut by_node = vec![0.0; self.network.node_count() as usize];
        let r = solution.resistance;
        if r > 0.0 && r.is_finite() {
            for link in self.network.links() {
                // At unit voltage the total power and the total current are both 1/R.
                let share = if current {
                    solution.current(link) * r
                } else {
                    solution.power(link) * r
                };
                by_node[link.a as usize] += share;
                by_node[link.b as usize] += share;
            }
        }
        let mut energy = vec![0.0; POINT_COUNT];
        for (node, cell) in self.cell_of.iter().enumerate() {
            if let Some(c) = cell {
                energy[c.index()] = by_node[node];
            }
        }
        energy
    }
}

/// Both players' resistances, and optionally their energy maps.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Resistance between each player's edges, in `[0, +∞]`.
    pub resistance: ByColor<f64>,
    /// Per point index (`Point::index()`), the energy share of every empty cell in each
    /// player's circuit; empty vectors when not computed.
    pub energy: ByColor<Vec<f64>>,
}

impl Evaluation {
    /// The paper's `E = ln(R_B / R_W)`: positive when White is ahead, `−∞` when Black is
    /// connected (or White cut off), `+∞` the other way round, 0 when both resistances are
    /// equal, both 0 or both infinite. Never NaN.
    #[must_use]
    pub fn e(&self) -> f64 {
        let (b, w) = (self.resistance.black, self.resistance.white);
        if b == w || (b.is_nan() || w.is_nan()) {
            return 0.0;
        }
        libm::log(b / w)
    }

    /// `E` from `color`'s side: positive when `color` is ahead.
    #[must_use]
    pub fn score_for(&self, color: Color) -> f64 {
        match color {
            Color::Black => -self.e(),
            Color::White => self.e(),
        }
    }

    /// The displayed chance that `color` wins: `1 / (1 + e^(−score_for(color)))`, i.e.
    /// `R_opponent / (R_B + R_W)` (see the module docs; not calibrated).
    #[must_use]
    pub fn win_probability(&self, color: Color) -> f64 {
        1.0 / (1.0 + libm::exp(-self.score_for(color)))
    }

    /// Energy share of `cell` in `color`'s circuit (0 when not computed).
    #[must_use]
    pub fn energy_at(&self, color: Color, cell: Point) -> f64 {
        self.energy[color].get(cell.index()).copied().unwrap_or(0.0)
    }

    /// Both players' energies added: the move-ordering key (a cell that carries much of
    /// either player's current is where the game is decided).
    #[must_use]
    pub fn heat(&self, cell: Point) -> f64 {
        self.energy_at(Color::Black, cell) + self.energy_at(Color::White, cell)
    }
}

/// Evaluates `position` for both players. `connections` supplies each player's H-search
/// result (for this position) when virtual connections should enter the circuits;
/// `with_energy` also computes the energy maps.
#[must_use]
pub fn evaluate(
    position: &Position,
    params: &CircuitParams,
    connections: ByColor<Option<&Connections>>,
    with_energy: bool,
) -> Evaluation {
    evaluate_after(position, params, connections, None, with_energy)
}

/// [`evaluate`] with the connections of the position before the last stone, on `last`
/// (see [`Circuit::build_avoiding`]): the other player's connections through it are left out.
#[must_use]
pub fn evaluate_after(
    position: &Position,
    params: &CircuitParams,
    connections: ByColor<Option<&Connections>>,
    last: Option<Point>,
    with_energy: bool,
) -> Evaluation {
    let mut resistance = ByColor::new(0.0, 0.0);
    let mut energy = ByColor::new(Vec::new(), Vec::new());
    let stone_owner = last.and_then(|p| position.color_at(p));
    for color in Color::ALL {
        let avoid = last.filter(|_| stone_owner == Some(!color));
        // The opponent's connections are stale where this player's last stone broke them;
        // only those with empty carriers count as walls.
        let circuit = Circuit::build_against(
            position,
            color,
            params,
            connections[color],
            avoid,
            connections[!color],
        );
        let solution = circuit.solve();
        resistance[color] = solution.resistance;
        if with_energy {
            energy[color] = circuit.energy(&solution, params.current_heat);
        }
    }
    Evaluation { resistance, energy }
}

/// The side to move's best of its `replies` hottest moves by `score` (the largest), each
/// judged by the circuit with `connections` (the position's) less those the move breaks
/// ([`evaluate_after`]): a ply past the position that costs circuit solves and no H-search.
/// The moves are taken inside the must-play region when the opponent threatens, hottest
/// first by the position's heat. `None` when there is no move to judge.
pub fn best_reply<S: PartialOrd + Copy>(
    position: &Position,
    params: &CircuitParams,
    connections: ByColor<Option<&Connections>>,
    replies: usize,
    score: impl Fn(&Evaluation) -> S,
) -> Option<S> {
    let mover = position.to_move();
    let base = evaluate_after(position, params, connections, None, true);
    let region = connections[!mover].and_then(Connections::must_play);
    let mut cells: Vec<Point> = region
        .unwrap_or_else(|| position.empty_cells())
        .iter()
        .collect();
    // Stable, so that equal heats keep the cells' order and a search stays deterministic.
    cells.sort_by(|a, b| base.heat(*b).total_cmp(&base.heat(*a)));
    let mut best: Option<S> = None;
    for &reply in cells.iter().take(replies) {
        let mut after = position.clone();
        after.play_unchecked(mover, Move::Cell(reply));
        let value = score(&evaluate_after(
            &after,
            params,
            connections,
            Some(reply),
            false,
        ));
        if best.is_none_or(|b| value > b) {
            best = Some(value);
        }
    }
    best
}
