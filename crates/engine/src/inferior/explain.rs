//! Inferior cells in words, for learners: what a cell's classification means for the player
//! to move, which cells it depends on (the dominating move, the killing answer), and why it
//! was found, each reason said once.
//!
//! ```
//! use ohm_engine::{diagram, inferior, Point};
//!
//! let position = diagram::parse(
//!     ". B . B .
//!       . . . . .
//!        . . W . .
//!         . . . . .
//!          . . . . .",
//! )
//! .unwrap();
//! let cells = inferior::analyze(&position, position.to_move());
//! let c1 = inferior::explain::describe(&cells, Point::parse("c1").unwrap()).unwrap();
//! assert!(c1.starts_with("dead: no stone here can change who wins"), "{c1}");
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{local_reason_text, Claim, InferiorCells, InferiorReason};
use crate::cellset::CellSet;
use crate::color::Color;
use crate::point::Point;
use crate::shannon::dead::DeadVertexReason;

/// How a local game's proof begins (said once per cell).
const LOCAL_GAME_WORDS: &str = "proven by playing out the small region";

/// `a`, `a or b`, `a, b or c`.
fn either(cells: CellSet) -> String {
    let names: Vec<String> = cells.iter().map(|p| p.to_string()).collect();
    match names.as_slice() {
        [] => "another cell".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// What the strongest classification of `cell` means, in a sentence naming the cells involved,
/// followed by why it was found (each reason once); `None` for a cell that is not inferior.
/// The order of strength: captured, dead, dominated, vulnerable, reversible.
#[must_use]
pub fn describe(cells: &InferiorCells, cell: Point) -> Option<String> {
    let mover = cells.to_move;
    let (meaning, default_why) = if let Some(owner) = Color::ALL
        .into_iter()
        .find(|&c| cells.captured[c].contains(cell))
    {
        (
            format!(
                "captured by {}: {} owns it whoever moves first, so it counts as {}'s stone",
                owner.title(),
                owner.title(),
                owner.title()
            ),
            None,
        )
    } else if cells.dead.contains(cell) || cells.dead_after_fill.contains(cell) {
        let after = if cells.dead.contains(cell) {
            ""
        } else {
            " once the captured cells are filled in"
        };
        (
            format!("dead: no stone here can change who wins{after}, so neither player needs it"),
            None,
        )
    } else if let Some((_, by)) = cells.dominated.iter().find(|(p, _)| *p == cell) {
        (
            format!(
                "dominated: for {}, playing {} is at least as good as playing here",
                mover.title(),
                either(*by)
            ),
            None,
        )
    } else if let Some((_, by)) = cells.vulnerable.iter().find(|(p, _)| *p == cell) {
        (
            format!(
                "vulnerable: a {} stone here dies if {} answers at {}",
                mover.title(),
                (!mover).title(),
                either(*by)
            ),
            Some("the answer leaves the stone dead".to_string()),
        )
    } else if let Some((_, by)) = cells.reversible.iter().find(|(p, _)| *p == cell) {
        (
            format!(
                "reversible: if {} plays here, {} answers at {} and captures the cells around \
                 it, and the {} stone is then worth no more than a {} stone",
                mover.title(),
                (!mover).title(),
                either(*by),
                mover.title(),
                (!mover).title()
            ),
            None,
        )
    } else {
        return None;
    };
    let dominators = cells
        .dominated
        .iter()
        .chain(&cells.vulnerable)
        .chain(&cells.reversible)
        .find(|(p, _)| *p == cell)
        .map(|(_, by)| *by);
    let mut why = why_words(cells.reasons_for(cell), dominators);
    if why.is_empty() {
        why.extend(default_why);
    }
    Some(if why.is_empty() {
        format!("{meaning}.")
    } else {
        format!("{meaning} ({}).", why.join("; "))
    })
}

/// The reasons of one cell in words, each said once: the local patterns by name (a pattern
/// found in both colours is one pattern), support or threat by whoever it is for, naming
/// `dominators` when known, and the others as [`reason_words`] says them.
fn why_words<'a>(
    reasons: impl Iterator<Item = &'a InferiorReason>,
    dominators: Option<CellSet>,
) -> Vec<String> {
    let mut patterns: Vec<&str> = Vec::new();
    let mut support_or_threat: Vec<Color> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for reason in reasons {
        match reason {
            InferiorReason::Pattern { name, .. } => {
                if !patterns.contains(&name.as_str()) {
                    patterns.push(name);
                }
            }
            InferiorReason::SupportOrThreat { graph } => {
                if !support_or_threat.contains(graph) {
                    support_or_threat.push(*graph);
                }
            }
            // The generated library proves what the first sentence already says (dead,
            // dominated by the cells named, vulnerable to the answer named): say only where the
            // proof comes from. Its other claims carry news: say them.
            InferiorReason::Local {
                claim: Claim::Dead | Claim::Dominated | Claim::Vulnerable | Claim::Reversible,
                ..
            } => {
                let text = "proven by the generated library of local patterns".to_string();
                if !others.contains(&text) {
                    others.push(text);
                }
            }
            // Many regions may prove one claim: name the first.
            InferiorReason::LocalGame { .. } => {
                if !others.iter().any(|t| t.starts_with(LOCAL_GAME_WORDS)) {
                    others.push(reason_words(reason));
                }
            }
            other => {
                let text = reason_words(other);
                if !others.contains(&text) {
                    others.push(text);
                }
            }
        }
    }
    let mut why = Vec::new();
    if !patterns.is_empty() {
        let quoted: Vec<String> = patterns.iter().map(|n| format!("“{n}”")).collect();
        why.push(match quoted.as_slice() {
            [one] => format!("found by the local pattern {one}"),
            [init @ .., last] => {
                format!("found by the local patterns {} and {last}", init.join(", "))
            }
            [] => unreachable!("not empty"),
        });
    }
    if !support_or_threat.is_empty() {
        let who = match support_or_threat.as_slice() {
            [one] => one.title().to_string(),
            _ => "either player".to_string(),
        };
        let cells = dominators.map_or_else(|| "the dominating cell".to_string(), either);
        why.push(format!(
            "once {who} plays {cells}, a stone here no longer matters"
        ));
    }
    why.extend(others);
    why
}

/// Why a classification was found, in words.
#[must_use]
pub fn reason_words(reason: &InferiorReason) -> String {
    match reason {
        InferiorReason::Pattern {
            name,
            colours_exchanged,
        } => {
            let swapped = if *colours_exchanged {
                ", with the colours exchanged"
            } else {
                ""
            };
            format!("found by the local pattern “{name}”{swapped}")
        }
        InferiorReason::DeadInGraph { graph, reason } => {
            let why = match reason {
                DeadVertexReason::Decided => "the game is already decided",
                DeadVertexReason::Simplicial => {
                    "its neighbours all touch one another, so it links nothing new"
                }
                DeadVertexReason::SurroundedByTerminal(_) => {
                    "an edge already touches all its neighbours"
                }
                DeadVertexReason::CliqueCutset(_) => {
                    "cut off from both edges by cells that all touch one another"
                }
                DeadVertexReason::AfterDeadEdges => {
                    "it links nothing once useless links are removed"
                }
            };
            format!("in {}'s view of the board, {why}", graph.title())
        }
        InferiorReason::MutualSupport { graph } => format!(
            "with its partner cell it forms a pair {} can always complete: when the opponent \
             takes one, {} takes the other",
            graph.title(),
            graph.title()
        ),
        InferiorReason::MutualThreat { graph } => format!(
            "with its partner cell it forms a pair {} cannot use: a {} stone on either is \
             answered on the other",
            graph.title(),
            graph.title()
        ),
        InferiorReason::DegreeThreeThreat { graph } => format!(
            "its three neighbours let {} answer any {} stone here",
            (!*graph).title(),
            graph.title()
        ),
        InferiorReason::SupportOrThreat { graph } => format!(
            "once {} plays the dominating cell, this one no longer matters",
            graph.title()
        ),
        InferiorReason::Decided => "the game is decided once the fill-in is done".to_string(),
        InferiorReason::DeadRegion => "it lies in an empty region that touches only one group \
            of one colour, so no winning path can use it"
            .to_string(),
        InferiorReason::DeadAfterMove { mover, cell } => {
            format!("it is dead once {} plays {cell}", mover.title())
        }
        InferiorReason::Local {
            claim,
            colour,
            partner,
        } => local_reason_text(*claim, *colour, *partner),
        InferiorReason::LocalGame { region, .. } => {
            let names: Vec<String> = region.iter().map(|p| p.to_string()).collect();
            format!(
                "{LOCAL_GAME_WORDS} {} on its own, every move of both players tried",
                names.join(" ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::color::ByColor;
    use crate::point::Point;

    fn p(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    fn empty(to_move: Color) -> InferiorCells {
        InferiorCells {
            to_move,
            dead: CellSet::EMPTY,
            dead_after_fill: CellSet::EMPTY,
            captured: ByColor::default(),
            fill: ByColor::default(),
            dominated: Vec::new(),
            vulnerable: Vec::new(),
            reversible: Vec::new(),
            reasons: Vec::new(),
            consider: Board::square(5).unwrap().cells(),
        }
    }

    #[test]
    fn a_dominated_cell_names_its_dominators_and_each_reason_once() {
        let mut cells = empty(Color::Black);
        let by: CellSet = [p("b3"), p("c2")].into_iter().collect();
        cells.dominated.push((p("a3"), by));
        let pattern = InferiorReason::Pattern {
            name: "three-white-one-black-inner".into(),
            colours_exchanged: false,
        };
        // The same pattern matched twice (two symmetries, or the colours exchanged) is said
        // once, and so is support or threat found in both players' graphs.
        cells.reasons.push((p("a3"), pattern.clone()));
        cells.reasons.push((p("a3"), pattern));
        cells.reasons.push((
            p("a3"),
            InferiorReason::Pattern {
                name: "three-white-one-black-inner".into(),
                colours_exchanged: true,
            },
        ));
        for graph in Color::ALL {
            cells
                .reasons
                .push((p("a3"), InferiorReason::SupportOrThreat { graph }));
        }
        let said = describe(&cells, p("a3")).unwrap();
        assert_eq!(
            said,
            "dominated: for Black, playing c2 or b3 is at least as good as playing here \
             (found by the local pattern “three-white-one-black-inner”; once either player \
             plays c2 or b3, a stone here no longer matters)."
        );
        assert_eq!(describe(&cells, p("e5")), None);
    }

    #[test]
    fn captured_and_vulnerable_cells_say_who_and_where() {
        let mut cells = empty(Color::White);
        cells.captured.black.insert(p("a1"));
        cells.vulnerable.push((p("c3"), CellSet::single(p("d3"))));
        assert!(describe(&cells, p("a1"))
            .unwrap()
            .starts_with("captured by Black: Black owns it whoever moves first"));
        assert_eq!(
            describe(&cells, p("c3")).unwrap(),
            "vulnerable: a White stone here dies if Black answers at d3 (the answer leaves \
             the stone dead)."
        );
    }

    #[test]
    fn reversible_cells_name_the_answer_and_the_hexgui_code() {
        let mut cells = empty(Color::Black);
        cells.reversible.push((p("b2"), CellSet::single(p("c2"))));
        cells.reasons.push((
            p("b2"),
            InferiorReason::Local {
                claim: Claim::Reversible,
                colour: Color::Black,
                partner: p("c2"),
            },
        ));
        assert_eq!(
            describe(&cells, p("b2")).unwrap(),
            "reversible: if Black plays here, White answers at c2 and captures the cells \
             around it, and the Black stone is then worth no more than a White stone (proven \
             by the generated library of local patterns)."
        );
        assert_eq!(super::super::hexgui_format(&cells), "b2 ir[c2]");
    }
}
