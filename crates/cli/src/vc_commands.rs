//! GTP commands for H-search (virtual connections), in the reply formats HexGui reads.

use std::fmt::Write as _;

use ohm_engine::connections::{Connection, Connections, Derivation, HSearchLimits, Kind};
use ohm_engine::{Color, Point, Position};

/// The connections of one colour, rebuilt when the position changes.
#[derive(Debug, Default)]
pub struct VcCache {
    stores: [Option<Connections>; 2],
}

impl VcCache {
    /// `color`'s connections in `position`, built now unless already built for it.
    pub fn get(&mut self, position: &Position, color: Color) -> &Connections {
        let slot = &mut self.stores[color.index()];
        let fresh = matches!(slot, Some(c) if c.position_hash() == position.hash());
        if !fresh {
            *slot = Some(Connections::build(position, color, HSearchLimits::DEFAULT));
        }
        slot.as_ref().expect("just built")
    }
}

/// Parses an end argument: a cell of the board or an edge name.
pub fn parse_end(position: &Position, text: &str) -> Result<Point, String> {
    let p = Point::parse(text).map_err(|e| format!("'{text}': {e}"))?;
    if position.board().contains(p) {
        Ok(p)
    } else {
        Err(format!("{p} is not on this {} board", position.board()))
    }
}

/// `vc-build`'s summary: ends, pairs and carriers of each kind, and what the rules did.
pub fn summary(vcs: &Connections) -> String {
    let c = vcs.counts();
    let s = vcs.stats();
    format!(
        "ends {} full-pairs {} semi-pairs {} full {} semi {} and-tried {} or-tried {} winning {}",
        c.ends,
        c.full_pairs,
        c.semi_pairs,
        c.full,
        c.semi,
        s.and_tried,
        s.or_tried,
        if vcs.winning_carrier().is_some() {
            "yes"
        } else {
            "no"
        }
    )
}

/// One connection as HexGui's VC list reads it:
/// `colour from to full|semi source [ carrier ] [ stones ] [key]`.
pub fn hexgui_vc(vcs: &Connections, conn: &Connection, source: &str) -> String {
    let mut line = format!(
        "{} {} {} {} {source} [",
        vcs.color().name(),
        conn.ends[0],
        conn.ends[1],
        match conn.kind {
            Kind::Full => "full",
            Kind::Semi => "semi",
        }
    );
    for p in conn.carrier {
        let _ = write!(line, " {p}");
    }
    line.push_str(" ] [ ]");
    if let Some(key) = conn.key {
        let _ = write!(line, " {key}");
    }
    line
}

/// The rule that made a connection, as a one-word source.
pub fn source(vcs: &Connections, id: ohm_engine::connections::ConnectionId) -> &'static str {
    match vcs.derivation(id) {
        Derivation::Base => "base",
        Derivation::And { .. } => "and",
        Derivation::Or { .. } => "or",
        Derivation::Inherited { .. } => "inherited",
        Derivation::EdgeTemplate { .. } => "template",
    }
}

/// Every full, then semi, connection between the ends of `a` and `b`, one per line.
pub fn between(vcs: &Connections, a: Point, b: Point) -> String {
    vcs.full_between(a, b)
        .chain(vcs.semi_between(a, b))
        .map(|id| hexgui_vc(vcs, vcs.get(id), source(vcs, id)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The proof of the smallest full connection between `a` and `b`, or of the smallest semi
/// when there is no full one.
pub fn derivation(vcs: &Connections, a: Point, b: Point) -> Result<String, String> {
    let id = vcs
        .smallest_full(a, b)
        .or_else(|| vcs.semi_between(a, b).next())
        .ok_or_else(|| format!("no connection between {a} and {b} for {}", vcs.color()))?;
    Ok(vcs.proof(id))
}

/// Cells as a space-separated list.
pub fn cells(set: ohm_engine::CellSet) -> String {
    set.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
