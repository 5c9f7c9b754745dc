//! Proofs in words: a connection's derivation written out like the paper's Appendix B.
//!
//! ```text
//! (x,[],16) is VC, (16,[],15) is VC. Apply AND: (x,[16],15) is VSC.
//! (x,[16],15) is VSC, (x,[19],15) is VSC. Apply OR: (x,[16,19],15) is VC.
//! ```
//!
//! Ends are named by their naming point (an edge, a stone of the group, or the empty cell);
//! each deduction appears once, after the deductions it uses. A semi-connection's key is
//! named when AND makes one; captured pairs a deduction relies on are listed before the rule
//! (`captured [a,b]`: the ends answer an intrusion at `a` at `b` and the other way round).

use alloc::collections::BTreeSet;
use alloc::string::String;
use core::fmt::Write as _;

use super::{ConnectionId, Connections, Derivation, Kind};
use crate::point::Point;

pub(super) fn render(connections: &Connections, id: ConnectionId) -> String {
    let mut out = String::new();
    if let Derivation::Base = connections.derivation(id) {
        let c = connections.get(id);
        let _ = writeln!(
            out,
            "{} is VC: the ends touch.",
            Triplet(connections, id, c.ends[0])
        );
        return out;
    }
    let mut done = BTreeSet::new();
    write_deductions(connections, id, &mut done, &mut out);
    out
}

fn write_deductions(
    connections: &Connections,
    id: ConnectionId,
    done: &mut BTreeSet<ConnectionId>,
    out: &mut String,
) {
    if !done.insert(id) {
        return;
    }
    let c = connections.get(id);
    match connections.derivation(id) {
        Derivation::Base => {}
        Derivation::EdgeTemplate { name, source } => {
            let _ = writeln!(
                out,
                "{} is VC: edge template {name} ({}).",
                Triplet(connections, id, c.ends[1]),
                super::templates::origin(source)
            );
        }
        Derivation::And {
            left,
            right,
            via,
            captured,
        } => {
            write_deductions(connections, left, done, out);
            write_deductions(connections, right, done, out);
            // Written from the result's first end, as the paper writes `(x, A, u), (u, B, y)`.
            let x = c.ends[0];
            let (near, far) = if other_end(connections, left, via) == x {
                (left, right)
            } else {
                (right, left)
            };
            let _ = write!(
                out,
                "{} is {}, {} is {}",
                Triplet(connections, near, x),
                label(connections.get(near).kind),
                Triplet(connections, far, via),
                label(connections.get(far).kind),
            );
            write_captured(out, captured);
            let (a, b) = (connections.get(near), connections.get(far));
            let shared = (a.carrier & b.carrier) - captured_cells(captured);
            match c.key {
                // Two full connections through a group sharing one cell: it is the key.
                Some(key) if a.kind == Kind::Full && b.kind == Kind::Full && key != via => {
                    let _ = write!(out, "; they share only {key}");
                }
                _ => {
                    debug_assert!(shared.iter().all(|p| Some(p) == c.key));
                }
            }
            let _ = write!(
                out,
                ". Apply AND: {} is {}",
                Triplet(connections, id, x),
                label(c.kind)
            );
            if let Some(key) = c.key.filter(|&k| k != via) {
                let _ = write!(out, ", key {key}");
            }
            out.push_str(".\n");
        }
        Derivation::Or { semis, captured } => {
            for &s in semis {
                write_deductions(connections, s, done, out);
            }
            let x = c.ends[0];
            for (k, &s) in semis.iter().enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                let _ = write!(out, "{sep}{} is VSC", Triplet(connections, s, x));
            }
            write_captured(out, captured);
            let _ = writeln!(out, ". Apply OR: {} is VC.", Triplet(connections, id, x));
        }
        Derivation::Inherited { from, stones } => {
            write_deductions(connections, from, done, out);
            let before = connections.get(from);
            let _ = write!(
                out,
                "{} is {}. ",
                Triplet(connections, from, before.ends[0]),
                label(before.kind),
            );
            for (k, &stone) in stones.iter().enumerate() {
                let sep = if k == 0 { "" } else { ", " };
                let player = if connections.end_of(stone).is_some() {
                    connections.color()
                } else {
                    !connections.color()
                };
                let _ = write!(out, "{sep}{} plays {stone}", player.name());
            }
            let _ = writeln!(
                out,
                ": {} is {}.",
                Triplet(connections, id, c.ends[0]),
                label(c.kind)
            );
        }
    }
}

/// `; captured [a,b], [c,d]` for the captured pairs a deduction relies on (none: nothing).
fn write_captured(out: &mut String, captured: &[[Point; 2]]) {
    for (k, [a, b]) in captured.iter().enumerate() {
        let lead = if k == 0 { "; captured " } else { ", " };
        let _ = write!(out, "{lead}[{a},{b}]");
    }
}

fn captured_cells(captured: &[[Point; 2]]) -> crate::cellset::CellSet {
    captured
        .iter()
        .fold(crate::cellset::CellSet::EMPTY, |s, [a, b]| {
            s.with(*a).with(*b)
        })
}

fn label(kind: Kind) -> &'static str {
    match kind {
        Kind::Full => "VC",
        Kind::Semi => "VSC",
    }
}

/// The end of `id` that is not `end` (or its first end if `end` is neither).
fn other_end(connections: &Connections, id: ConnectionId, end: Point) -> Point {
    let [a, b] = connections.get(id).ends;
    if a == end {
        b
    } else {
        a
    }
}

/// `(x,[c1,c2],y)` with `first` written first when it is one of the ends.
struct Triplet<'a>(&'a Connections, ConnectionId, Point);

impl core::fmt::Display for Triplet<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let c = self.0.get(self.1);
        let [a, b] = c.ends;
        let (x, y) = if b == self.2 { (b, a) } else { (a, b) };
        write!(f, "({x},[")?;
        for (k, p) in c.carrier.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        write!(f, "],{y})")
    }
}
