//! Analysis mode: the panel of overlay toggles, what the worker found (evaluation bar,
//! proven connections, must-play region, inferior cells, connections between two ends with
//! their proofs), a legend for learners, and the drawing of all that over the board.

use ohm_engine::{CellSet, Color, Edge, Point, Position};
use yew::prelude::*;

use crate::components::board::{BoardOverlay, CellMark, OverlayLabel};
use crate::components::controls::{checked, selected};
use crate::proof_words::{self, ProofStep};
use crate::protocol::{Analysis, ConnectionView, InferiorKind, ScoredMove, Side, Solved};
use crate::study::{HeatSide, Study, StudyAction, Toggle};

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

/// A player's name in a sentence.
fn color_of(side: Side) -> &'static str {
    Color::from(side).title()
}

fn parse(cell: &str) -> Option<Point> {
    Point::parse(cell).ok()
}

/// The players named as the board draws them: Black is Red, White is Blue (HexWiki's diagrams,
/// the embeddable board). The engine and the app name them by the convention, Black and White.
#[must_use]
pub fn in_board_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(match word.as_str() {
            "Black" => "Red",
            "White" => "Blue",
            "black" => "red",
            "white" => "blue",
            other => other,
        });
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_alphabetic() {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// `text` for the reader: in board colours where the panel speaks them.
fn say(board_colours: bool, text: impl Into<String>) -> String {
    let text = text.into();
    if board_colours {
        in_board_colours(&text)
    } else {
        text
    }
}

/// A circuit evaluation `E = ln(R_Black / R_White)` (positive when White is ahead) in the one
/// convention of the app: a signed number for the colour it favours, "+0.80 for White".
#[must_use]
pub fn advantage_words(e: f64) -> String {
    if e.abs() < 0.005 {
        "0.00, even".to_string()
    } else if e > 0.0 {
        format!("{:+.2} for White", e)
    } else {
        format!("{:+.2} for Black", -e)
    }
}

/// The player who owns a captured cell, if the analysis found it captured.
fn captured_by(analysis: &Analysis, cell: &str) -> Option<Side> {
    analysis
        .inferior
        .iter()
        .flatten()
        .find(|c| c.cell == cell && c.kind == InferiorKind::Captured)
        .and_then(|c| c.fill)
}

/// The proof steps of the connection shown between the ends, in words.
fn shown_proof(study: &Study, analysis: &Analysis) -> Vec<ProofStep> {
    connection_list(analysis)
        .get(study.selected())
        .map(|view| view.steps.iter().map(|s| proof_words::step(s)).collect())
        .unwrap_or_default()
}

/// The connections between the ends, fulls first, then semis.
fn connection_list(analysis: &Analysis) -> Vec<&ConnectionView> {
    analysis
        .between
        .as_ref()
        .map(|b| b.full.iter().chain(b.semi.iter()).collect())
        .unwrap_or_default()
}

/// The overlay the board draws for `study` on `position`.
#[must_use]
pub fn board_overlay(study: &Study, position: &Position) -> BoardOverlay {
    let mut overlay = BoardOverlay::default();
    if study.picking() {
        for end in study.ends() {
            if end.is_edge() {
                overlay
                    .edges
                    .extend(Edge::ALL.into_iter().filter(|e| e.point() == end));
            } else {
                overlay.at(end).shades.push("end");
            }
        }
    }
    if study.shows(Toggle::Solver) {
        solver_marks(&mut overlay, study, position);
    }
    // A line previewed from the position (best moves, the solver's lines): it alternates from
    // the side to move; cells taken meanwhile are skipped.
    let mut color = position.to_move();
    for (number, &cell) in (1..).zip(study.preview()) {
        if position.color_at(cell).is_none() {
            overlay.at(cell).preview = Some((number, color));
        }
        color = !color;
    }
    let Some(analysis) = study.result() else {
        return overlay;
    };
    if study.shows(Toggle::Heat) {
        if let Some(circuit) = &analysis.circuit {
            let value = |black: f64, white: f64| match study.heat_side() {
                HeatSide::Black => black,
                HeatSide::White => white,
                HeatSide::Both => black + white,
            };
            let max = circuit
                .heat
                .iter()
                .map(|h| value(h.black, h.white))
                .fold(0.0_f64, f64::max);
            if max > 0.0 {
                for h in &circuit.heat {
                    if let Some(cell) = parse(&h.cell) {
                        overlay.at(cell).heat = Some(value(h.black, h.white) / max);
                    }
                }
            }
        }
    }
    if study.shows(Toggle::Winning) {
        for side in [Side::Black, Side::White] {
            let Some(carrier) = analysis.side(side).and_then(|s| s.winning.as_ref()) else {
                continue;
            };
            let cells: Vec<Point> = carrier.iter().filter_map(|c| parse(c)).collect();
            let class = match side {
                Side::Black => "carrier-black",
                Side::White => "carrier-white",
            };
            for &cell in &cells {
                let o = overlay.at(cell);
                o.shades.push(class);
                o.notes
                    .push(format!("in {}'s proven connection", color_of(side)));
            }
            if let Some(&middle) = cells.get(cells.len() / 2) {
                overlay.labels.push(OverlayLabel {
                    at: middle,
                    text: "proven".into(),
                    class: match side {
                        Side::Black => "proven-label black",
                        Side::White => "proven-label white",
                    },
                });
            }
        }
    }
    if study.shows(Toggle::MustPlay) && !position.is_over() {
        let to_move = position.to_move();
        let threat = analysis
            .side(Side::from(!to_move))
            .and_then(|s| s.must_play.as_ref());
        for cell in threat.into_iter().flatten().filter_map(|c| parse(c)) {
            let o = overlay.at(cell);
            o.shades.push("must-play");
            o.notes
                .push(format!("{to_move} must play in the ringed cells"));
        }
    }
    if study.shows(Toggle::Inferior) {
        for entry in analysis.inferior.iter().flatten() {
            let Some(cell) = parse(&entry.cell) else {
                continue;
            };
            let (kind, symbol) = match entry.kind {
                InferiorKind::Dead => ("dead", "×"),
                InferiorKind::Captured => ("captured", "●"),
                InferiorKind::Dominated => ("dominated", "▽"),
                InferiorKind::Vulnerable => ("vulnerable", "▿"),
                InferiorKind::Reversible => ("reversible", "↺"),
            };
            let o = overlay.at(cell);
            o.mark = Some(CellMark {
                kind,
                symbol,
                fill: entry.fill.map(side_name),
            });
            o.notes.push(entry.reason.clone());
            // A ring and a dot on one cell: say which one decides.
            if entry.kind == InferiorKind::Captured && o.shades.contains(&"must-play") {
                let owner = entry.fill.map_or("a player", color_of);
                o.notes.push(format!(
                    "Ringed and captured: the must-play ring comes from the connection search, \
                     which does not see that {owner} owns this cell whoever moves first. A \
                     stone here changes nothing; the other ringed cells are the moves that can \
                     stop the threat."
                ));
            }
        }
    }
    if study.shows(Toggle::BestMoves) {
        for (rank, entry) in (1..).zip(analysis.best_moves.iter().flat_map(|b| &b.moves)) {
            if let Some(cell) = parse(&entry.cell) {
                let o = overlay.at(cell);
                o.rank = Some(rank);
                let score = match score_text(entry).as_str() {
                    "win" | "loss" => score_text(entry),
                    number => format!("{number} for {}", position.to_move().title()),
                };
                o.notes.push(format!("best move {rank}: {score}"));
            }
        }
    }
    if study.picking() {
        if let Some(view) = connection_list(analysis).get(study.selected()) {
            for cell in view.carrier.iter().filter_map(|c| parse(c)) {
                overlay.at(cell).shades.push("between-carrier");
            }
            if let Some(key) = view.key.as_deref().and_then(parse) {
                let o = overlay.at(key);
                o.shades.push("key");
                o.notes.push("the key of this semi-connection".into());
            }
        }
        // The proof step looked at: what it proves, lit on the board.
        if let Some(step) = study
            .step()
            .and_then(|k| shown_proof(study, analysis).get(k).cloned())
        {
            for cell in step.carrier.iter().filter_map(|c| parse(c)) {
                let o = overlay.at(cell);
                o.shades.push("proof-step");
                o.notes.push("in this proof step's carrier".into());
            }
            for end in step
                .ends
                .iter()
                .filter_map(|c| parse(c))
                .filter(|p| p.is_cell())
            {
                overlay.at(end).shades.push("proof-end");
            }
        }
    }
    overlay
}

/// The solver's verdicts (kept, or proven so far by the running solve) on the board's cells.
fn solver_marks(overlay: &mut BoardOverlay, study: &Study, position: &Position) {
    let mover = position.to_move().title();
    let (winning, losing): (&[String], &[String]) = if let Some(solved) = study.solved_here() {
        (&solved.winning, &solved.losing)
    } else if let Some(progress) = study.solving_here().and_then(|s| s.progress.as_ref()) {
        (&progress.winning, &progress.losing)
    } else {
        return;
    };
    for cell in winning.iter().filter_map(|c| parse(c)) {
        let o = overlay.at(cell);
        o.shades.push("solve-win");
        o.notes
            .push(format!("{mover} wins by playing here (proven)"));
    }
    for cell in losing.iter().filter_map(|c| parse(c)) {
        let o = overlay.at(cell);
        o.shades.push("solve-loss");
        o.notes
            .push(format!("{mover} loses by playing here (proven)"));
    }
}

/// The line to preview when the pointer is over `cell`: the solver's line from a decided cell
/// (empty: none).
#[must_use]
pub fn solver_line(study: &Study, cell: Point) -> Vec<Point> {
    if !study.shows(Toggle::Solver) {
        return Vec::new();
    }
    study
        .solved_here()
        .and_then(|s| s.line(&cell.to_string()))
        .map(|line| line.iter().filter_map(|c| parse(c)).collect())
        .unwrap_or_default()
}

/// What the pointer moving onto `cell` (or off the board: `None`) asks of the study: the
/// solver's line from a decided cell previewed, an old preview cleared, or nothing.
#[must_use]
pub fn hover_preview(study: &Study, cell: Option<Point>) -> Option<StudyAction> {
    let line = cell.map(|p| solver_line(study, p)).unwrap_or_default();
    (!(line.is_empty() && study.preview().is_empty())).then_some(StudyAction::Preview(line))
}

#[derive(Properties, PartialEq, Debug)]
pub struct AnalysisPanelProps {
    pub study: Study,
    /// Name the players Red and Blue, as the embeddable board does (the app says Black and
    /// White, with their colours in the legend).
    #[prop_or_default]
    pub board_colours: bool,
    pub to_move: Color,
    pub game_over: bool,
    /// The position's empty cells (what Solve judges).
    #[prop_or_default]
    pub empty: CellSet,
    /// Offer Solve ([`Toggle::Solver`]); the embeddable board does not.
    #[prop_or_default]
    pub solver: bool,
    pub on_action: Callback<StudyAction>,
}

fn toggle_label(toggle: Toggle) -> &'static str {
    match toggle {
        Toggle::Winning => "Proven connections",
        Toggle::MustPlay => "Must-play region",
        Toggle::Inferior => "Dead, captured, dominated",
        Toggle::Heat => "Heat map",
        Toggle::EvalBar => "Evaluation bar",
        Toggle::EvalGraph => "Evaluation graph",
        Toggle::Between => "Connections between two ends",
        Toggle::BestMoves => "Best moves (slow)",
        Toggle::Solver => "Solver: every move proven",
    }
}

#[function_component(AnalysisPanel)]
pub fn analysis_panel(props: &AnalysisPanelProps) -> Html {
    let study = &props.study;
    let act = |action: StudyAction| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    let offered = |toggle: &Toggle| props.solver || *toggle != Toggle::Solver;
    let toggles = Toggle::ALL.into_iter().filter(offered).map(|toggle| {
        let on_action = props.on_action.clone();
        let onchange = Callback::from(move |event: Event| {
            on_action.emit(StudyAction::Show(toggle, checked(&event)));
        });
        html! {
            <label class="check">
                <input type="checkbox" id={format!("show-{}", toggle.name())}
                    checked={study.shows(toggle)} {onchange} />
                <span>{ toggle_label(toggle) }</span>
            </label>
        }
    });
    let on_heat_side = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: Event| {
            let side = match selected(&event).as_deref() {
                Some("black") => HeatSide::Black,
                Some("white") => HeatSide::White,
                _ => HeatSide::Both,
            };
            on_action.emit(StudyAction::SetHeatSide(side));
        })
    };
    let anything_on = Toggle::ALL
        .into_iter()
        .any(|t| t != Toggle::Solver && study.shows(t));
    let (state, status) = if !anything_on {
        let words = if study.shows(Toggle::Solver) {
            ""
        } else {
            "Switch an overlay on to analyse this position."
        };
        ("off", words.to_string())
    } else if let Some(error) = study.error() {
        ("error", format!("Analysis failed: {error}"))
    } else if study.pending().is_some() {
        ("computing", "Analysing…".to_string())
    } else if let Some(result) = study.result() {
        ("ready", format!("Analysed in {:.0} ms.", result.elapsed_ms))
    } else {
        ("ready", "Pick two ends on the board.".to_string())
    };
    let result = study.result();

    html! {
        <div class="analysis" id="analysis">
            <div class="toggles">{ for toggles }</div>
            if study.shows(Toggle::Heat) {
                <label class="field">
                    <span>{ "Heat of" }</span>
                    <select id="heat-side" onchange={on_heat_side}>
                        <option value="both" selected={study.heat_side() == HeatSide::Both}>{ "both players" }</option>
                        <option value="black" selected={study.heat_side() == HeatSide::Black}>{ say(props.board_colours, "Black") }</option>
                        <option value="white" selected={study.heat_side() == HeatSide::White}>{ say(props.board_colours, "White") }</option>
                    </select>
                </label>
            }
            <p id="analysis-status" class="hint" data-state={state} aria-live="polite">{ status }</p>
            if let Some(analysis) = result {
                { eval_bar(study, analysis, props.board_colours) }
                { eval_graph(study, analysis, props.board_colours) }
                { connection_summary(study, analysis, props) }
                { inferior_list(study, analysis, props.board_colours) }
                { best_moves_panel(props, analysis) }
            }
            if study.picking() {
                { between_panel(props, &act) }
            }
            if props.solver && study.shows(Toggle::Solver) {
                { solver_panel(props) }
            }
            { legend(props.board_colours) }
        </div>
    }
}

fn eval_bar(study: &Study, analysis: &Analysis, board_colours: bool) -> Html {
    let Some(circuit) = analysis
        .circuit
        .as_ref()
        .filter(|_| study.shows(Toggle::EvalBar))
    else {
        return Html::default();
    };
    let black = (circuit.black_win * 100.0).clamp(0.0, 100.0);
    let e = circuit.e.map_or_else(
        || "decided".to_string(),
        |e| format!("E {}", advantage_words(e)),
    );
    html! {
        <div class="eval">
            <div id="eval-bar" class="eval-bar" role="meter" aria-label="Black's chance by the circuit"
                aria-valuemin="0" aria-valuemax="100" aria-valuenow={format!("{black:.0}")}
                data-black={format!("{black:.1}")}>
                <div class="eval-black" style={format!("width: {black:.1}%")}></div>
            </div>
            <p id="eval-words" class="hint" title="E = ln(R_Black / R_White) of the two circuits, given as a number for the player it favours">
                { say(board_colours, format!("Black {:.0}% · White {:.0}% by the circuit: {e}", black, 100.0 - black)) }</p>
        </div>
    }
}

/// Black's chance after every move, as a line over the game (50% in the middle).
fn eval_graph(study: &Study, analysis: &Analysis, board_colours: bool) -> Html {
    let Some(chances) = analysis
        .graph
        .as_ref()
        .filter(|_| study.shows(Toggle::EvalGraph))
    else {
        return Html::default();
    };
    const WIDTH: f64 = 200.0;
    const HEIGHT: f64 = 50.0;
    let step = WIDTH / (chances.len().max(2) - 1) as f64;
    let point = |(i, p): (usize, &f64)| {
        let x = i as f64 * step;
        let y = (1.0 - p.clamp(0.0, 1.0)) * HEIGHT;
        (x, y)
    };
    let line: Vec<String> = chances
        .iter()
        .enumerate()
        .map(point)
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    let last = chances
        .last()
        .map(|p| point((chances.len() - 1, p)))
        .unwrap_or((0.0, HEIGHT / 2.0));
    let final_chance = chances.last().copied().unwrap_or(0.5) * 100.0;
    html! {
        <figure class="eval-graph">
            <svg id="eval-graph" viewBox={format!("-3 -3 {} {}", WIDTH + 6.0, HEIGHT + 6.0)}
                role="img" data-points={chances.len().to_string()}
                aria-label={format!("Black's chance over {} moves, now {final_chance:.0}%", chances.len() - 1)}>
                <rect class="graph-white" x="0" y="0" width={WIDTH.to_string()} height={HEIGHT.to_string()} />
                <line class="graph-even" x1="0" x2={WIDTH.to_string()}
                    y1={(HEIGHT / 2.0).to_string()} y2={(HEIGHT / 2.0).to_string()} />
                <polyline class="graph-line" points={line.join(" ")} />
                <circle class="graph-now" cx={format!("{:.1}", last.0)} cy={format!("{:.1}", last.1)} r="2.5" />
            </svg>
            <figcaption class="hint">{ say(board_colours, "Black's chance after each move (plain circuit; up is Black).") }</figcaption>
        </figure>
    }
}

fn connection_summary(study: &Study, analysis: &Analysis, props: &AnalysisPanelProps) -> Html {
    let (to_move, over) = (props.to_move, props.game_over);
    let mut lines = Vec::new();
    if study.shows(Toggle::Winning) {
        for side in [Side::Black, Side::White] {
            let Some(found) = analysis.side(side) else {
                continue;
            };
            let text = match &found.winning {
                Some(carrier) if carrier.is_empty() => {
                    format!("{}: connected.", color_of(side))
                }
                Some(carrier) => format!(
                    "{}: proven win, carrier of {} cells.",
                    color_of(side),
                    carrier.len()
                ),
                None => format!("{}: no proven connection.", color_of(side)),
            };
            lines.push(html! {
                <li id={format!("proven-{}", side_name(side))}
                    data-proven={found.winning.is_some().then_some("true")}>{ say(props.board_colours, text) }</li>
            });
        }
    }
    if study.shows(Toggle::MustPlay) && !over {
        let threat = analysis.side(Side::from(!to_move));
        let (to_move, opponent) = (to_move.title(), (!to_move).title());
        let text = match threat.and_then(|t| t.must_play.as_ref()) {
            None if threat.is_some() => format!("{to_move}: no threat to answer."),
            None => String::new(),
            Some(cells) if cells.is_empty() => {
                format!("{to_move}: no move stops {opponent}'s threats.")
            }
            Some(cells) => {
                let captured: Vec<String> = cells
                    .iter()
                    .filter_map(|c| {
                        captured_by(analysis, c).map(|s| format!("{c} ({})", color_of(s)))
                    })
                    .collect();
                let note = if captured.is_empty() {
                    String::new()
                } else {
                    format!(
                        " Captured, so no use: {} (the cell is its owner's whoever moves first).",
                        captured.join(", ")
                    )
                };
                format!("{to_move} must play in: {}.{note}", cells.join(" "))
            }
        };
        if !text.is_empty() {
            lines.push(html! { <li id="must-play">{ say(props.board_colours, text) }</li> });
        }
    }
    if lines.is_empty() {
        return Html::default();
    }
    html! { <ul class="findings">{ for lines }</ul> }
}

fn inferior_list(study: &Study, analysis: &Analysis, board_colours: bool) -> Html {
    let Some(cells) = analysis
        .inferior
        .as_ref()
        .filter(|_| study.shows(Toggle::Inferior))
    else {
        return Html::default();
    };
    if cells.is_empty() {
        return html! { <p id="inferior-none" class="hint">{ "No inferior cells found." }</p> };
    }
    let items = cells.iter().map(|c| {
        let kind = match c.kind {
            InferiorKind::Dead => "dead",
            InferiorKind::Captured => "captured",
            InferiorKind::Dominated => "dominated",
            InferiorKind::Vulnerable => "vulnerable",
            InferiorKind::Reversible => "reversible",
        };
        let fill = c
            .fill
            .map(|s| format!(" (fills {})", color_of(s)))
            .unwrap_or_default();
        html! {
            <li tabindex="0" data-cell={c.cell.clone()} data-kind={kind}>
                <strong>{ say(board_colours, format!("{}{fill}", c.cell)) }</strong>
                { say(board_colours, format!(" {}", c.reason)) }
            </li>
        }
    });
    html! {
        <details class="inferior">
            <summary>{ format!("{} inferior cells", cells.len()) }</summary>
            <ul id="inferior-list">{ for items }</ul>
        </details>
    }
}

fn between_panel(
    props: &AnalysisPanelProps,
    act: &dyn Fn(StudyAction) -> Callback<MouseEvent>,
) -> Html {
    let study = &props.study;
    let ends = study.ends();
    let edge_buttons = Edge::ALL.into_iter().map(|edge| {
        let pressed = ends.contains(&edge.point());
        html! {
            <button type="button" id={format!("end-{}", edge.name())}
                class={classes!("edge-button", side_name(edge.owner().into()))}
                aria-pressed={pressed.to_string()} onclick={act(StudyAction::PickEdge(edge))}>
                { edge.name() }
            </button>
        }
    });
    let on_color = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: Event| {
            if let Some(color) = selected(&event).as_deref().and_then(Color::parse) {
                on_action.emit(StudyAction::SetEndColor(color));
            }
        })
    };
    let color = study.end_color();
    let ends_text = if ends.is_empty() {
        "Tap two cells or stones on the board, or choose edges.".to_string()
    } else {
        let names: Vec<String> = ends.iter().map(ToString::to_string).collect();
        format!("Ends: {}", names.join(" – "))
    };
    let found = study
        .result()
        .and_then(|r| r.between.as_ref())
        .filter(|_| ends.len() == 2);
    let details = match found {
        None => Html::default(),
        Some(between) if between.same_group => html! {
            <p id="between-summary" class="hint" data-full="0" data-semi="0">
                { "These ends are one group already." }
            </p>
        },
        Some(between) => {
            let list: Vec<&ConnectionView> =
                between.full.iter().chain(between.semi.iter()).collect();
            let summary = format!(
                "{} full and {} semi carriers between {} and {} for {}.",
                between.full.len(),
                between.semi.len(),
                between.ends[0],
                between.ends[1],
                color_of(between.color)
            );
            let current = list.get(study.selected()).map(|view| {
                let (kind, index, of) = if view.full {
                    ("Full", study.selected() + 1, between.full.len())
                } else {
                    (
                        "Semi",
                        study.selected() + 1 - between.full.len(),
                        between.semi.len(),
                    )
                };
                let key = view
                    .key
                    .as_ref()
                    .map(|k| format!(", key {k}"))
                    .unwrap_or_default();
                let carrier = if view.carrier.is_empty() {
                    "no cells".to_string()
                } else {
                    view.carrier.join(" ")
                };
                html! {
                    <div class="connection">
                        <div class="buttons">
                            <button type="button" id="conn-prev" aria-label="Previous connection"
                                onclick={act(StudyAction::Cycle(-1))}>{ "‹" }</button>
                            <span id="conn-label" data-kind={if view.full { "full" } else { "semi" }}>
                                { format!("{kind} {index} of {of}{key}") }
                            </span>
                            <button type="button" id="conn-next" aria-label="Next connection"
                                onclick={act(StudyAction::Cycle(1))}>{ "›" }</button>
                        </div>
                        <p class="hint">{ format!("Carrier: {carrier}. Last rule: {}.", view.rule) }</p>
                        { proof_view(props, view) }
                    </div>
                }
            });
            html! {
                <>
                    <p id="between-summary" data-full={between.full.len().to_string()}
                        data-semi={between.semi.len().to_string()}>{ say(props.board_colours, summary) }</p>
                    { current.unwrap_or_default() }
                </>
            }
        }
    };
    html! {
        <div class="between" id="between">
            <div class="buttons edges">{ for edge_buttons }</div>
            <div class="buttons">
                <label class="field">
                    <span>{ "Connections of" }</span>
                    <select id="end-color" onchange={on_color}>
                        <option value="black" selected={color == Color::Black}>{ say(props.board_colours, "Black") }</option>
                        <option value="white" selected={color == Color::White}>{ say(props.board_colours, "White") }</option>
                    </select>
                </label>
                <button type="button" id="ends-clear" onclick={act(StudyAction::ClearEnds)}>{ "Clear ends" }</button>
            </div>
            <p id="ends" class="hint">{ ends_text }</p>
            { details }
        </div>
    }
}

/// The proof of a connection as sentences, stepped through with its cells lit on the board,
/// and HexGui's notation one click away.
fn proof_view(props: &AnalysisPanelProps, view: &ConnectionView) -> Html {
    let study = &props.study;
    let steps: Vec<ProofStep> = view.steps.iter().map(|s| proof_words::step(s)).collect();
    if steps.is_empty() {
        return Html::default();
    }
    let count = steps.len();
    let go = |step: Option<usize>| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(StudyAction::Step(step)))
    };
    let current = study.step();
    let previous = match current {
        None | Some(0) => None,
        Some(k) => Some(k - 1),
    };
    let next = match current {
        None => Some(0),
        Some(k) if k + 1 < count => Some(k + 1),
        Some(k) => Some(k),
    };
    let on_notation = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: Event| {
            on_action.emit(StudyAction::ShowNotation(checked(&event)))
        })
    };
    let position = current.map_or_else(
        || format!("{count} steps"),
        |k| format!("Step {} of {count}", k + 1),
    );
    html! {
        <div class="proof">
            <div class="buttons proof-steps">
                <button type="button" id="step-prev" onclick={go(previous)}
                    disabled={current.is_none()} aria-label="Previous proof step">{ "‹ Step" }</button>
                <span id="step-label">{ position }</span>
                <button type="button" id="step-next" onclick={go(next)}
                    disabled={current == Some(count - 1)} aria-label="Next proof step">{ "Step ›" }</button>
            </div>
            <ol id="derivation" class="derivation">
                { for steps.iter().enumerate().map(|(k, step)| {
                    let is_current = current == Some(k);
                    html! {
                        <li class={classes!(is_current.then_some("current"))}
                            aria-current={is_current.then_some("step")}
                            data-cells={step.carrier.join(" ")}>
                            <button type="button" class="step-text" onclick={go(Some(k))}>
                                { say(props.board_colours, step.sentence.clone()) }
                            </button>
                            if study.notation() {
                                <code class="notation">{ step.notation.clone() }</code>
                            }
                        </li>
                    }
                }) }
            </ol>
            <label class="check">
                <input type="checkbox" id="show-notation" checked={study.notation()} onchange={on_notation} />
                <span>{ "Show HexGui's notation, (x,[carrier],y) is VC" }</span>
            </label>
        </div>
    }
}

/// A best move's score for people: a proven win or loss, else `E` from the mover's side.
fn score_text(entry: &ScoredMove) -> String {
    match (entry.proven, entry.score > 0.0) {
        (true, true) => "win".into(),
        (true, false) => "loss".into(),
        (false, _) => format!("{:+.2}", entry.score),
    }
}

/// The best moves with their scores and the principal variation; hovering, focusing or
/// tapping one previews its line on the board, leaving clears it.
fn best_moves_panel(props: &AnalysisPanelProps, analysis: &Analysis) -> Html {
    let study = &props.study;
    let Some(best) = analysis
        .best_moves
        .as_ref()
        .filter(|_| study.shows(Toggle::BestMoves))
    else {
        return html! {};
    };
    let line = |cells: &[String]| -> Vec<Point> { cells.iter().filter_map(|c| parse(c)).collect() };
    let previewing = |line: Vec<Point>| {
        let show = {
            let on_action = props.on_action.clone();
            let line = line.clone();
            move || on_action.emit(StudyAction::Preview(line.clone()))
        };
        let clear = {
            let on_action = props.on_action.clone();
            move || on_action.emit(StudyAction::Preview(Vec::new()))
        };
        let (show_hover, show_focus, show_tap) = (show.clone(), show.clone(), show);
        let clear_focus = clear.clone();
        (
            Callback::from(move |_: MouseEvent| show_hover()),
            Callback::from(move |_: FocusEvent| show_focus()),
            Callback::from(move |_: MouseEvent| show_tap()),
            Callback::from(move |_: MouseEvent| clear()),
            Callback::from(move |_: FocusEvent| clear_focus()),
        )
    };
    let mover = props.to_move.title();
    let summary = match best.proven {
        Some(side) => format!(
            "{} wins (proven), depth {}, {} nodes.",
            color_of(side),
            best.depth,
            best.nodes
        ),
        None => format!(
            "Scores are E for {mover}, the side to move: positive favours {mover}. Depth {}, {} nodes.",
            best.depth, best.nodes
        ),
    };
    let items = (1..).zip(&best.moves).map(|(rank, entry)| {
        // The best move's line is the principal variation; the others' are the move alone.
        let cells = if rank == 1 && best.pv.first() == Some(&entry.cell) {
            line(&best.pv)
        } else {
            line(std::slice::from_ref(&entry.cell))
        };
        let (onmouseenter, onfocus, onclick, onmouseleave, onblur) = previewing(cells);
        let class = match score_text(entry).as_str() {
            "win" => "score win",
            "loss" => "score loss",
            _ => "score",
        };
        html! {
            <li>
                <button type="button" class="best-move" data-cell={entry.cell.clone()}
                    data-rank={rank.to_string()} {onmouseenter} {onfocus} {onclick} {onmouseleave} {onblur}>
                    <span class="rank">{ rank }</span>
                    <span class="cell">{ entry.cell.clone() }</span>
                    <span {class}>{ score_text(entry) }</span>
                </button>
            </li>
        }
    });
    let pv = if best.pv.is_empty() {
        html! {}
    } else {
        let (onmouseenter, onfocus, onclick, onmouseleave, onblur) = previewing(line(&best.pv));
        html! {
            <button type="button" id="best-pv" class="best-pv" {onmouseenter} {onfocus} {onclick} {onmouseleave} {onblur}>
                <span>{ "Line:" }</span>
                <span class="pv">{ best.pv.join(" ") }</span>
            </button>
        }
    };
    html! {
        <div id="best-moves" class="best-moves-part" role="group" aria-label="Best moves">
            <p><strong>{ "Best moves" }</strong></p>
            if best.moves.is_empty() {
                <p class="hint">{ "No move to search here." }</p>
            } else {
                <ol class="best-moves">{ for items }</ol>
                { pv }
            }
            <p class="hint">{ say(props.board_colours, summary) }</p>
        </div>
    }
}

/// Solve: the button, the running solve's progress with Stop, and the verdicts kept for the
/// position on the board (the winning moves listed; hovering one previews its winning line).
fn solver_panel(props: &AnalysisPanelProps) -> Html {
    let study = &props.study;
    let emit = |action: StudyAction| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    let mover = props.to_move.title();
    let running = study.solving();
    let here = study.solving_here();
    let solved = study.solved_here();
    let control = if let Some(solving) = running {
        let progress = solving.progress.clone().unwrap_or_default();
        let proven = progress.winning.len() + progress.losing.len();
        let words = if here.is_some() {
            format!(
                "Solving… {} nodes, {:.1} s: {proven} of {} moves proven ({} winning, {} losing).",
                progress.nodes,
                progress.elapsed_ms / 1000.0,
                solving.empty.len(),
                progress.winning.len(),
                progress.losing.len()
            )
        } else {
            format!(
                "Solving another position of this game… {} nodes, {proven} of {} moves proven.",
                progress.nodes,
                solving.empty.len()
            )
        };
        html! {
            <>
                <p id="solve-progress" class="hint" data-state="running" aria-live="polite">{ words }</p>
                <button id="solve-stop" type="button" onclick={emit(StudyAction::StopSolve)}>{ "Stop" }</button>
            </>
        }
    } else if props.game_over || props.empty.is_empty() {
        html! { <p class="hint">{ "The game is over: nothing to solve." }</p> }
    } else if solved.is_some_and(Solved::complete) {
        html! {}
    } else {
        let label = if solved.is_some() {
            "Solve again"
        } else {
            "Solve"
        };
        let action = StudyAction::Solve {
            to_move: props.to_move,
            empty: props.empty,
        };
        html! {
            <button id="solve" type="button" class="primary" onclick={emit(action)}>{ label }</button>
        }
    };
    let result = solved.map(|solved| solve_result(props, solved));
    html! {
        <div id="solver" class="solver-part" role="group" aria-label="Solver">
            { control }
            if let Some(error) = study.solve_error() {
                <p id="solve-error" class="note error">{ format!("Solve failed: {error}") }</p>
            }
            { for result }
            <p class="hint">{ say(props.board_colours, format!(
                "Solve proves the value of every move for {mover} by exhaustive search. Green cells \
                 win, grey cells lose; unmarked cells are undecided. Small boards and late positions \
                 take seconds, open ones on large boards may take too long: Stop keeps what is \
                 proven. Solved positions are remembered while the page is open."
            )) }</p>
        </div>
    }
}

/// The verdicts on the position on the board, and its winning moves with their lines.
fn solve_result(props: &AnalysisPanelProps, solved: &Solved) -> Html {
    let mover = Color::from(solved.to_move).title();
    let verdict = match solved.winner {
        Some(side) if side == solved.to_move => format!(
            "{mover} to move wins: {} winning move{}, {} losing.",
            solved.winning.len(),
            if solved.winning.len() == 1 { "" } else { "s" },
            solved.losing.len()
        ),
        Some(_) => format!("{mover} to move loses: every move loses."),
        None => format!(
            "Not proven: {} winning, {} losing so far.",
            solved.winning.len(),
            solved.losing.len()
        ),
    };
    let undecided = (!solved.complete()).then(|| {
        format!(
            "{} move{} undecided (the solve was stopped).",
            solved.undecided.len(),
            if solved.undecided.len() == 1 { "" } else { "s" }
        )
    });
    let moves = solved.winning.iter().map(|cell| {
        let line: Vec<Point> = solved
            .line(cell)
            .unwrap_or_default()
            .iter()
            .filter_map(|c| parse(c))
            .collect();
        let show = {
            let on_action = props.on_action.clone();
            Callback::from(move |_: MouseEvent| on_action.emit(StudyAction::Preview(line.clone())))
        };
        let clear = {
            let on_action = props.on_action.clone();
            Callback::from(move |_: MouseEvent| on_action.emit(StudyAction::Preview(Vec::new())))
        };
        html! {
            <li>
                <button type="button" class="solve-move" data-cell={cell.clone()}
                    onmouseenter={show.clone()} onclick={show} onmouseleave={clear}>{ cell.clone() }</button>
            </li>
        }
    });
    let winner = solved.winner.map_or("", side_name);
    html! {
        <div id="solve-result" data-winner={winner} data-complete={solved.complete().to_string()}>
            <p>
                if solved.winner.is_some() {
                    <span id="solve-proven" class="proven-badge">{ "proven" }</span>{ " " }
                }
                { say(props.board_colours, verdict) }
            </p>
            if let Some(words) = undecided {
                <p class="hint">{ words }</p>
            }
            if !solved.winning.is_empty() {
                <p class="hint">{ "Winning moves (hover one, or its cell, for the winning line):" }</p>
                <ul class="solve-moves">{ for moves }</ul>
            }
            <p class="hint">{ format!("{} nodes in {:.1} s.", solved.nodes, solved.elapsed_ms / 1000.0) }</p>
        </div>
    }
}

fn legend(board_colours: bool) -> Html {
    let entries = [
        ("proven", "Proven connection", "A shaded carrier marked “proven” is a set of empty cells inside which its owner joins their two edges whatever the opponent plays."),
        ("must-play", "Must-play region", "Ringed cells are the only moves that stop the opponent's threats to connect; anywhere else, the opponent wins."),
        ("dead", "Dead ×", "No stone on a dead cell can ever change who wins, so neither player needs to play there."),
        ("captured", "Captured ●", "A captured cell belongs to the dot's colour whoever moves first, so it counts as filled in. A ring and a dot on one cell: the dot decides, a stone there changes nothing."),
        ("dominated", "Dominated ▽", "Another move, named in the cell's tooltip, is at least as good for the side to move (▿ vulnerable: the opponent can kill a stone there with the answer named; ↺ reversible: the answer named leaves a stone there worth no more than the opponent's)."),
        ("heat", "Heat map", "Warmer cells carry more of the current between a player's edges when the board is seen as an electric circuit: the fight is there."),
        ("eval", "Evaluation bar", "The bar compares the two circuits' resistances as each player's chance of winning: an estimate, not a proof. Every evaluation in Ohm is a number for the player it names: “+0.80 for White” favours White."),
        ("graph", "Evaluation graph", "The line follows that estimate move by move, so the moves that swung the game stand out."),
        ("between", "Connections between two ends", "A full connection holds even if the opponent moves first; a semi-connection needs one move, its key. The proof reads step by step: each step lights its cells on the board."),
        ("best", "Best moves", "Ohm's search ranks the moves for the side to move with a score (or a proven win or loss) and the line it expects; point at a move to see that line as numbered see-through stones."),
    ];
    html! {
        <details class="legend-box" id="legend-box">
            <summary>{ "Legend" }</summary>
            <dl id="analysis-legend" class="analysis-legend">
                { for entries.iter().map(|(class, term, text)| html! {
                    <>
                        <dt class={classes!("legend-term", *class)}>{ *term }</dt>
                        <dd>{ say(board_colours, *text) }</dd>
                    </>
                }) }
            </dl>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{
        Between, CellHeat, CircuitView, InferiorCell, Reply, Request, Response, SideConnections,
    };

    fn cell(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    /// A study showing `toggles` for a 5x5 position after `moves`, with `analysis` received.
    fn study_with(toggles: &[Toggle], moves: &[&str], analysis: Analysis) -> (Study, Position) {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(Request::SetPosition {
            width: 5,
            height: 5,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            swap_rule: false,
            setup: None,
        }));
        for &t in toggles {
            study.apply(StudyAction::Show(t, true));
        }
        let id = study.pending();
        study.apply(StudyAction::Replied(Reply {
            id,
            response: Response::Analysis(Box::new(analysis)),
        }));
        let mut position = Position::new(ohm_engine::Board::square(5).unwrap());
        for m in moves {
            position
                .try_play(ohm_engine::Move::parse(m).unwrap())
                .unwrap();
        }
        (study, position)
    }

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn best_moves_are_ranked_and_a_previewed_line_alternates_from_the_side_to_move() {
        let analysis = Analysis {
            best_moves: Some(crate::protocol::BestMoves {
                moves: vec![
                    ScoredMove::new(cell("b4"), ohm_engine::search::WIN - 1),
                    ScoredMove::new(cell("d2"), 310),
                ],
                pv: names(&["b4", "b3", "a4"]),
                depth: 2,
                nodes: 9,
                proven: Some(Side::White),
            }),
            ..Analysis::default()
        };
        let (mut study, position) = study_with(&[Toggle::BestMoves], &["c3"], analysis);
        let overlay = board_overlay(&study, &position);
        assert_eq!(overlay.cells[&cell("b4")].rank, Some(1));
        assert_eq!(overlay.cells[&cell("d2")].rank, Some(2));
        assert!(overlay.cells[&cell("b4")].notes[0].ends_with("win"));
        assert!(overlay.cells[&cell("d2")].notes[0].ends_with("+0.31 for White"));
        assert!(overlay.cells.values().all(|o| o.preview.is_none()));
        // The preview skips the occupied c3 but keeps counting and alternating.
        study.apply(StudyAction::Preview(vec![
            cell("b4"),
            cell("c3"),
            cell("a4"),
        ]));
        let overlay = board_overlay(&study, &position);
        assert_eq!(overlay.cells[&cell("b4")].preview, Some((1, Color::White)));
        assert!(overlay
            .cells
            .get(&cell("c3"))
            .is_none_or(|o| o.preview.is_none()));
        assert_eq!(overlay.cells[&cell("a4")].preview, Some((3, Color::White)));
        study.apply(StudyAction::Preview(vec![cell("b4"), cell("b3")]));
        let overlay = board_overlay(&study, &position);
        assert_eq!(overlay.cells[&cell("b3")].preview, Some((2, Color::Black)));
    }

    #[test]
    fn proven_carriers_are_shaded_and_labelled_and_must_play_is_for_the_side_to_move() {
        let analysis = Analysis {
            black: Some(SideConnections {
                winning: Some(names(&["b2", "c2"])),
                must_play: Some(vec![]),
                ..SideConnections::default()
            }),
            white: Some(SideConnections {
                winning: None,
                must_play: Some(names(&["d4"])),
                ..SideConnections::default()
            }),
            ..Analysis::default()
        };
        // White to move: Black's threats say where White must play (nowhere helps here), so
        // White's must-play region (for Black to answer) is not drawn.
        let (study, position) = study_with(
            &[Toggle::Winning, Toggle::MustPlay],
            &["c3"],
            analysis.clone(),
        );
        let overlay = board_overlay(&study, &position);
        assert_eq!(overlay.cells[&cell("b2")].shades, ["carrier-black"]);
        assert!(overlay.cells[&cell("c2")].notes[0].contains("Black's proven"));
        assert_eq!(overlay.labels.len(), 1);
        assert_eq!(overlay.labels[0].text, "proven");
        assert!(!overlay.cells.contains_key(&cell("d4")));
        // Black to move: White's region is Black's must-play.
        let (study, position) = study_with(&[Toggle::MustPlay], &["c3", "a1"], analysis);
        let overlay = board_overlay(&study, &position);
        assert_eq!(overlay.cells[&cell("d4")].shades, ["must-play"]);
        assert!(overlay.labels.is_empty(), "proven connections are off");
    }

    #[test]
    fn inferior_marks_heat_and_the_chosen_connection() {
        let analysis = Analysis {
            inferior: Some(vec![InferiorCell {
                cell: "a1".into(),
                kind: InferiorKind::Captured,
                fill: Some(Side::White),
                by: vec![],
                reason: "because".into(),
            }]),
            circuit: Some(CircuitView {
                black_win: 0.5,
                e: Some(0.0),
                heat: vec![
                    CellHeat {
                        cell: "b2".into(),
                        black: 0.5,
                        white: 0.5,
                    },
                    CellHeat {
                        cell: "e5".into(),
                        black: 0.25,
                        white: 0.0,
                    },
                ],
            }),
            between: Some(Between {
                color: Side::Black,
                ends: ["c3".into(), "north".into()],
                same_group: false,
                full: vec![],
                semi: vec![ConnectionView {
                    full: false,
                    carrier: names(&["c2", "d2"]),
                    key: Some("c2".into()),
                    rule: "AND over c2".into(),
                    steps: vec![],
                }],
            }),
            ..Analysis::default()
        };
        let (mut study, position) = study_with(
            &[Toggle::Inferior, Toggle::Heat, Toggle::Between],
            &["c3"],
            analysis,
        );
        study.apply(StudyAction::PickCell(cell("c3"), Some(Color::Black)));
        study.apply(StudyAction::PickEdge(Edge::North));
        let overlay = board_overlay(&study, &position);
        let a1 = &overlay.cells[&cell("a1")];
        let mark = a1.mark.as_ref().unwrap();
        assert_eq!((mark.kind, mark.fill), ("captured", Some("white")));
        assert_eq!(a1.notes, ["because"]);
        assert_eq!(overlay.cells[&cell("b2")].heat, Some(1.0));
        assert_eq!(overlay.cells[&cell("e5")].heat, Some(0.25));
        assert_eq!(overlay.edges, [Edge::North]);
        assert!(overlay.cells[&cell("c3")].shades.contains(&"end"));
        assert!(overlay.cells[&cell("c2")].shades.contains(&"key"));
        assert!(overlay.cells[&cell("d2")]
            .shades
            .contains(&"between-carrier"));
    }
}
