//! Proving that a carrier holds a full connection: the game inside the carrier searched to a
//! bounded depth, with H-search judging the leaves.
//!
//! This is how `examples/edge_template_search.rs` finds template carriers and how V1a was
//! first proven (HexWiki's intrusion proofs, done by code; the larger templates transcribed
//! since need three or more connector moves, so the test suite proves every template with
//! the solver instead). The game: the defender moves first and only inside the carrier (a
//! move outside it is no move in this subgame; every empty cell outside is given to the
//! defender before H-search runs, so every connection it reports lies inside the carrier).
//!
//! - **Defender to move.** If H-search finds a full connection, the connector wins. Otherwise
//!   the defender must play in the *must-play* region, the cells common to every
//!   semi-connection's carrier and key: after a move outside one of them, the connector plays
//!   its key and is fully connected. Every move of that region must be answered.
//! - **Connector to move.** A semi-connection's key wins at once; otherwise the connector
//!   tries its moves, cells next to the defender's last move first, and one must win.
//!
//! H-search's rules are sound, so every line of play the search accepts ends connected, and a
//! cell the defender leaves empty only helps the connector (Hex is monotone): `true` is a proof.
//! `false` only says no proof was found within `depth` connector moves. Positions met twice
//! are looked up in a table. The test suite checks the procedure against the exhaustive
//! oracle on small carriers.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::{Connections, HSearchLimits};
use crate::cellset::CellSet;
use crate::point::Point;
use crate::{Color, Position};

/// One proof search: the subgame `(x, carrier, y)` for `color`.
#[derive(Debug)]
pub struct CarrierProof {
    color: Color,
    x: Point,
    y: Point,
    limits: HSearchLimits,
    /// Results by (defender's stones, connector's stones) in the carrier, with the depth a
    /// failure was searched to (a success holds at every depth).
    table: BTreeMap<(CellSet, CellSet), (bool, u32)>,
    /// H-search builds so far.
    pub builds: u64,
}

impl CarrierProof {
    /// H-search in the proof: no templates (the proof assumes none), limits as given.
    #[must_use]
    pub fn new(color: Color, x: Point, y: Point, limits: HSearchLimits) -> CarrierProof {
        CarrierProof {
            color,
            x,
            y,
            limits: HSearchLimits {
                edge_templates: false,
                ..limits
            },
            table: BTreeMap::new(),
            builds: 0,
        }
    }

    /// Whether `(x, carrier, y)` is proven full in `position` (defender to move), with at most
    /// `depth` connector moves before H-search must see the connection.
    pub fn proves(&mut self, position: &Position, carrier: CellSet, depth: u32) -> bool {
        self.table.clear();
        let carrier = carrier & position.empty_cells();
        // Iterative deepening: shallow proofs are found at their own cost, and what the
        // shallower rounds proved or refuted stays in the table.
        (0..=depth).any(|d| self.defender_node(position, carrier, d))
    }

    fn hsearch(&mut self, position: &Position, carrier: CellSet) -> Connections {
        self.builds += 1;
        let mut filled = position.clone();
        for cell in position.empty_cells() - carrier - self.x - self.y {
            // A cell that is empty on the board is always a legal stone.
            let _ = filled.set_stone(cell, Some(!self.color));
        }
        Connections::build(&filled, self.color, self.limits)
    }

    fn key(&self, position: &Position) -> (CellSet, CellSet) {
        (position.stones(!self.color), position.stones(self.color))
    }

    fn known(&self, position: &Position, depth: u32) -> Option<bool> {
        match self.table.get(&self.key(position)) {
            Some(&(true, _)) => Some(true),
            Some(&(false, searched)) if searched >= depth => Some(false),
            _ => None,
        }
    }

    fn remember(&mut self, position: &Position, result: bool, depth: u32) -> bool {
        let key = self.key(position);
        self.table.insert(key, (result, depth));
        result
    }

    fn full(&self, vcs: &Connections) -> bool {
        vcs.same_end(self.x, self.y) || vcs.smallest_full(self.x, self.y).is_some()
    }

    fn defender_node(&mut self, position: &Position, carrier: CellSet, depth: u32) -> bool {
        if let Some(known) = self.known(position, depth) {
            return known;
        }
        let vcs = self.hsearch(position, carrier);
        if self.full(&vcs) {
            return self.remember(position, true, depth);
        }
        let mut must_play = carrier;
        let mut threats = 0;
        for id in vcs.semi_between(self.x, self.y) {
            threats += 1;
            let semi = vcs.get(id);
            let mut threat = semi.carrier;
            if let Some(key) = semi.key {
                threat.insert(key);
            }
            must_play &= threat;
        }
        // No threat and no cell left: the game is over, the connector lost. Out of depth with
        // a region to defend: not proven. (An empty region with threats is the OR rule: won.)
        if (threats == 0 && carrier.is_empty()) || (depth == 0 && !must_play.is_empty()) {
            return self.remember(position, false, depth);
        }
        let proven = must_play.iter().all(|intrusion| {
            let mut after = position.clone();
            let _ = after.set_stone(intrusion, Some(!self.color));
            self.connector_node(&after, carrier.without(intrusion), depth, intrusion)
        });
        self.remember(position, proven, depth)
    }

    fn connector_node(
        &mut self,
        position: &Position,
        carrier: CellSet,
        depth: u32,
        intrusion: Point,
    ) -> bool {
        let vcs = self.hsearch(position, carrier);
        if self.full(&vcs) || vcs.semi_between(self.x, self.y).next().is_some() {
            return true;
        }
        let near = position.board().neighbours(intrusion) & carrier;
        let replies: Vec<Point> = near.iter().chain((carrier - near).iter()).collect();
        replies.into_iter().any(|reply| {
            let mut answered = position.clone();
            let _ = answered.set_stone(reply, Some(self.color));
            self.defender_node(&answered, carrier.without(reply), depth - 1)
        })
    }
}
