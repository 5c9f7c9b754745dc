//! H-search proofs for people: each deduction of a connection's proof (HexGui's notation,
//! `(x,[c1,c2],y) is VC`, as the engine writes it) said as a sentence, with the cells it is
//! about, so that the analysis panel can step through a proof and light up each step on the
//! board; the notation stays one click away.

/// One deduction: the sentence, the notation it was read from, the cells to light up (the
/// carrier of what the step proves) and the ends it joins (cells, stones or edge names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofStep {
    pub sentence: String,
    pub notation: String,
    pub carrier: Vec<String>,
    pub ends: Vec<String>,
}

/// A connection written `(x,[c..],y)` in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Triplet {
    x: String,
    carrier: Vec<String>,
    y: String,
}

impl Triplet {
    /// "d3 and c4", "no cells".
    fn cells(&self) -> String {
        list(&self.carrier, "no empty cells")
    }
}

/// `a`, `a and b`, `a, b and c`; `none` when empty.
fn list(items: &[String], none: &str) -> String {
    match items {
        [] => none.to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The triplets of a step and the kind after each (`VC` or `VSC`), in order.
fn triplets(text: &str) -> Vec<(Triplet, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let (Some(lb), Some(rb)) = (inside.find('['), inside.find(']')) else {
            continue;
        };
        let x = inside[..lb].trim_end_matches(',').trim().to_string();
        let y = inside[rb + 1..].trim_start_matches(',').trim().to_string();
        let carrier: Vec<String> = inside[lb + 1..rb]
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        let kind = rest
            .trim_start()
            .strip_prefix("is ")
            .map(|r| {
                r.chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect::<String>()
            })
            .unwrap_or_default();
        out.push((Triplet { x, carrier, y }, kind));
    }
    out
}

/// "x touches u" for an empty carrier, else "x reaches u through c1 and c2".
fn reaches(from: &str, to: &str, link: &Triplet) -> String {
    if link.carrier.is_empty() {
        format!("{from} touches {to}")
    } else {
        format!("{from} reaches {to} through {}", link.cells())
    }
}

/// "connected" for a full connection, "semi-connected" for a semi one.
fn joined(kind: &str) -> &'static str {
    if kind == "VSC" {
        "semi-connected (one move short)"
    } else {
        "connected"
    }
}

/// One step of a proof as a sentence (the text itself when it is not a deduction, such as the
/// note on steps left out).
#[must_use]
pub fn step(notation: &str) -> ProofStep {
    let found = triplets(notation);
    let plain = || ProofStep {
        sentence: notation.to_string(),
        notation: notation.to_string(),
        carrier: Vec::new(),
        ends: Vec::new(),
    };
    let Some((result, kind)) = found.last().cloned() else {
        return plain();
    };
    let sentence = if notation.contains("Apply AND") && found.len() == 3 {
        let (a, b) = (&found[0].0, &found[1].0);
        let via = &b.x;
        let key = if kind == "VSC" {
            format!(", with {via} still empty: the move at {via} would complete it")
        } else {
            String::new()
        };
        format!(
            "AND rule: {} and {}; the two carriers do not overlap, so {} and {} are {}{key}.",
            reaches(&a.x, via, a),
            reaches(via, &b.y, b),
            result.x,
            result.y,
            joined(&kind)
        )
    } else if notation.contains("Apply OR") && found.len() >= 2 {
        let semis = found.len() - 1;
        format!(
            "OR rule: {semis} semi-connections join {} and {}, and no cell lies in all their \
             carriers: whatever the opponent plays, one of them still completes, so {} and {} \
             are connected through {}.",
            result.x,
            result.y,
            result.x,
            result.y,
            result.cells()
        )
    } else if notation.contains("the ends touch") {
        format!("{} and {} touch: they are connected.", result.x, result.y)
    } else if let Some(template) = notation
        .split("edge template ")
        .nth(1)
        .map(|t| t.trim_end_matches('.').split(" (").next().unwrap_or(t))
    {
        format!(
            "Edge template {template}: {} reaches the edge {} through {}, whatever the \
             opponent plays there.",
            result.x,
            result.y,
            result.cells()
        )
    } else if let Some(move_part) = notation
        .split(". ")
        .nth(1)
        .and_then(|s| s.split(':').next())
        .filter(|s| s.contains(" plays "))
    {
        format!(
            "After {move_part}, {} and {} stay {} through {}.",
            result.x,
            result.y,
            joined(&kind),
            result.cells()
        )
    } else {
        format!(
            "{} and {} are {} through {}.",
            result.x,
            result.y,
            joined(&kind),
            result.cells()
        )
    };
    ProofStep {
        sentence,
        notation: notation.to_string(),
        carrier: result.carrier.clone(),
        ends: vec![result.x.clone(), result.y.clone()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_and_rule_and_the_or_rule_in_words() {
        let and = step("(c3,[],d3) is VC, (d3,[],d4) is VC. Apply AND: (c3,[d3],d4) is VSC.");
        assert_eq!(
            and.sentence,
            "AND rule: c3 touches d3 and d3 touches d4; the two carriers do not overlap, so c3 \
             and d4 are semi-connected (one move short), with d3 still empty: the move at d3 \
             would complete it."
        );
        assert_eq!(and.carrier, ["d3"]);
        assert_eq!(and.ends, ["c3", "d4"]);
        let or = step("(c3,[d3],d4) is VSC, (c3,[c4],d4) is VSC. Apply OR: (c3,[d3,c4],d4) is VC.");
        assert!(
            or.sentence
                .starts_with("OR rule: 2 semi-connections join c3 and d4"),
            "{}",
            or.sentence
        );
        assert!(or.sentence.ends_with("connected through d3 and c4."));
        assert_eq!(or.carrier, ["d3", "c4"]);
    }

    #[test]
    fn touching_ends_templates_moves_and_notes() {
        let touch = step("(c3,[],north) is VC: the ends touch.");
        assert_eq!(touch.sentence, "c3 and north touch: they are connected.");
        let template = step("(c2,[b1,c1],north) is VC: edge template II (HexWiki).");
        assert!(
            template
                .sentence
                .starts_with("Edge template II: c2 reaches the edge north through b1 and c1"),
            "{}",
            template.sentence
        );
        let found =
            step("(g9,[f10,g10],south) is VC: edge template V2-1 (found and proven by Ohm).");
        assert!(
            found.sentence.starts_with("Edge template V2-1: g9 reaches"),
            "{}",
            found.sentence
        );
        let kept = step("(c3,[d3,c4],d4) is VC. black plays e5: (c3,[d3,c4],d4) is VC.");
        assert_eq!(
            kept.sentence,
            "After black plays e5, c3 and d4 stay connected through d3 and c4."
        );
        let note = step("… and 10 more deductions (ohm's vc-derivation prints them all).");
        assert_eq!(note.sentence, note.notation);
        assert!(note.carrier.is_empty());
    }
}
