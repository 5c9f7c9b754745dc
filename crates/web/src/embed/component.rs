//! The board inside one `<ohm-board>`: a Yew component mounted in the element's shadow root.
//!
//! It reuses the app's pieces: [`HexBoard`] draws the board and the analysis overlay,
//! [`Study`] and [`AnalysisPanel`] are analysis mode, and the engine is the app's worker
//! (shared by every board of the page, see [`super::engine`]). What is new is the per-mode
//! logic (step-through, play against Ohm, puzzles), the author's drawings (arrows, named
//! highlights, labels) and the DOM events the element sends to the page.

use std::rc::Rc;

use ohm_engine::{CellSet, Color, Edge, Move, Point, Position};
use serde::Serialize;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use super::config::{Arrow, Attributes, EmbedConfig, EmbedError, Highlight, Label, Mode, Shapes};
use super::engine::{self, Lane};
use crate::components::analysis::{board_overlay, hover_preview, in_board_colours, AnalysisPanel};
use crate::components::board::{BoardOverlay, HexBoard};
use crate::components::PuzzlePanel;
use crate::geometry::{Layout, RADIUS};
use crate::protocol::{Job, Outcome, Reply, Request, RequestId, Response};
use crate::puzzle::{is_puzzle_reply, By, Phase, PuzzleAction, PuzzleEvent, PuzzleRun, PUZZLE_IDS};
use crate::study::{is_study_reply, Study, StudyAction, Toggle};

#[derive(Properties, PartialEq, Debug)]
pub struct EmbedProps {
    /// The `<ohm-board>` element: events are dispatched on it.
    pub host: web_sys::HtmlElement,
    pub attributes: Attributes,
}

/// A drawing added by `addShape`.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Arrow(Arrow),
    Highlight(Highlight),
    Label(Label),
}

/// What the page's script asks through the element's methods.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiCall {
    /// New position attributes (already checked by the caller).
    SetPosition(Box<Attributes>),
    Play(Move),
    Undo,
    AddShape(Shape),
    ClearShapes,
}

#[derive(Debug)]
pub enum Msg {
    Click(Point),
    /// View mode: show the position after this many moves of the main line.
    Step(usize),
    Replied(Reply),
    Study(StudyAction),
    Puzzle(PuzzleAction),
    Restart,
    Undo,
    Api(ApiCall),
}

#[derive(Debug)]
pub struct EmbedBoard {
    /// This board's number among the page's boards (routes the worker's replies).
    key: u32,
    attributes: Attributes,
    config: Result<Rc<EmbedConfig>, EmbedError>,
    position: Position,
    /// Moves in `position` when the mode began (undo stops there).
    base: usize,
    shapes: Shapes,
    last_id: u32,
    pending: Option<RequestId>,
    status: Option<String>,
    /// Puzzle mode's state (shared with the app).
    puzzle: Option<PuzzleRun>,
    puzzle_sent: Option<RequestId>,
    study: Study,
    study_sent: Option<RequestId>,
    solve_sent: Option<RequestId>,
    solve_stops: u32,
}

thread_local! {
    static NEXT_BOARD: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}

/// The name of a player as the board shows them (Black is red, White is blue).
fn colour_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Red",
        Color::White => "Blue",
    }
}

/// The winner's stones that join their two edges.
fn winning_group(position: &Position) -> CellSet {
    match position.winner() {
        Some(winner) if position.connected_winner() == Some(winner) => {
            let (edge, _) = Edge::of(winner);
            position.group(edge.point()) & position.board().cells()
        }
        _ => CellSet::EMPTY,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveDetail {
    #[serde(rename = "move")]
    mv: String,
    color: &'static str,
    number: usize,
    by: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PositionDetail {
    width: u8,
    height: u8,
    moves: Vec<String>,
    to_move: &'static str,
    winner: Option<&'static str>,
    mode: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VerdictDetail {
    #[serde(rename = "move")]
    mv: String,
    outcome: &'static str,
    /// Solved: the winning connection; failed: the opponent's connection that now wins.
    carrier: Vec<String>,
    refutation: Option<String>,
    explanation: String,
    /// The author's comment on this move, from the HSGF.
    comment: Option<String>,
}

impl EmbedBoard {
    fn emit(&self, ctx: &Context<Self>, name: &str, detail: &impl Serialize) {
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        let detail = detail.serialize(&serializer).unwrap_or(JsValue::NULL);
        let init = web_sys::CustomEventInit::new();
        init.set_bubbles(true);
        init.set_composed(true);
        init.set_detail(&detail);
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(name, &init) {
            let _ = ctx.props().host.dispatch_event(&event);
        }
    }

    fn mode(&self) -> Mode {
        self.config.as_ref().map_or(Mode::View, |c| c.mode)
    }

    fn next_id(&mut self) -> RequestId {
        self.last_id = self
            .last_id
            .wrapping_add(1)
            .clamp(1, crate::study::STUDY_IDS - 1);
        RequestId(self.last_id)
    }

    /// Reads the attributes again and starts over.
    fn reset(&mut self, ctx: &Context<Self>) {
        engine::forget(self.key);
        self.pending = None;
        self.status = None;
        self.puzzle = None;
        self.puzzle_sent = None;
        self.study = Study::default();
        self.study_sent = None;
        self.solve_sent = None;
        self.solve_stops = 0;
        self.config = EmbedConfig::parse(&self.attributes).map(Rc::new);
        match &self.config {
            Ok(config) => {
                let config = Rc::clone(config);
                self.position = config.position_at(config.cursor);
                self.base = config.cursor;
                if config.mode == Mode::Puzzle {
                    let request = config.position_request(&self.position);
                    match PuzzleRun::new(
                        self.position.clone(),
                        request,
                        config.budget_ms,
                        PUZZLE_IDS,
                    ) {
                        Ok(run) => self.puzzle = Some(run),
                        Err(message) => self.status = Some(message),
                    }
                }
                self.shapes = config.shapes.clone();
                for toggle in &config.overlays {
                    self.study.apply(StudyAction::Show(*toggle, true));
                }
                self.study.set_solve_budget(Some(config.solve_budget_ms()));
                self.position_changed(ctx);
            }
            Err(error) => {
                web_sys::console::error_1(&format!("ohm-board: {error}").into());
                self.shapes = Shapes::default();
            }
        }
    }

    /// Tells the page and the engine about a new position; asks Ohm to move when it is its
    /// turn in play mode.
    fn position_changed(&mut self, ctx: &Context<Self>) {
        let Ok(config) = self.config.clone() else {
            return;
        };
        let position = self.position.clone();
        let position = &position;
        self.emit(
            ctx,
            "positionchange",
            &PositionDetail {
                width: position.board().width(),
                height: position.board().height(),
                moves: position.history().map(|m| m.mv.to_string()).collect(),
                to_move: position.to_move().name(),
                winner: position.winner().map(Color::name),
                mode: config.mode.name(),
            },
        );
        match config.mode {
            Mode::Play if !position.is_over() && Some(position.to_move()) != self.human() => {
                let id = self.next_id();
                self.pending = Some(id);
                self.status = Some("Ohm is thinking…".into());
                let jobs = vec![
                    Job {
                        id,
                        request: config.position_request(position),
                    },
                    Job {
                        id,
                        request: Request::Genmove {
                            level: config.level,
                            seed: id.0,
                        },
                    },
                ];
                engine::send(self.key, jobs, ctx.link().callback(Msg::Replied));
            }
            Mode::Analyze => {
                let request = config.position_request(position);
                self.apply_study(ctx, StudyAction::PositionChanged(request));
            }
            _ => {}
        }
    }

    /// Play mode: the reader's colour.
    fn human(&self) -> Option<Color> {
        let config = self.config.as_ref().ok()?;
        Some(
            config
                .player
                .unwrap_or_else(|| config.position_at(config.cursor).to_move()),
        )
    }

    fn apply_study(&mut self, ctx: &Context<Self>, action: StudyAction) -> bool {
        let changed = self.study.apply(action);
        if self.study.pending().is_some() && self.study.pending() != self.study_sent {
            self.study_sent = self.study.pending();
            engine::send(
                self.key,
                self.study.jobs(),
                ctx.link().callback(Msg::Replied),
            );
        }
        let solving = self.study.solve_pending();
        if solving.is_some() && solving != self.solve_sent {
            self.solve_sent = solving;
            engine::send_in(
                self.key,
                Lane::Solve,
                self.study.solve_jobs(),
                ctx.link().callback(Msg::Replied),
            );
        }
        if self.study.solve_stops() != self.solve_stops {
            self.solve_stops = self.study.solve_stops();
            engine::forget_lane(self.key, Lane::Solve);
        }
        changed
    }

    /// Plays `mv` for the side to move as the mode allows; `by` is who asked.
    fn play(&mut self, ctx: &Context<Self>, mv: Move, by: &'static str) -> bool {
        let Ok(config) = self.config.clone() else {
            return false;
        };
        let allowed = match config.mode {
            Mode::View | Mode::Analyze => true,
            Mode::Play => self.pending.is_none() && Some(self.position.to_move()) == self.human(),
            Mode::Puzzle => {
                return match mv {
                    Move::Cell(cell) => self.apply_puzzle(ctx, PuzzleAction::Play(cell)),
                    _ => false,
                };
            }
        };
        if !allowed || self.position.is_over() || !self.play_and_announce(ctx, mv, by) {
            return false;
        }
        self.position_changed(ctx);
        true
    }

    /// Plays `mv` for the side to move and tells the page with a `move` event; false (and
    /// nothing changes) when the move is illegal. `by` is who played it.
    fn play_and_announce(&mut self, ctx: &Context<Self>, mv: Move, by: &'static str) -> bool {
        let color = self.position.to_move();
        if self.position.try_play(mv).is_err() {
            return false;
        }
        self.emit(
            ctx,
            "move",
            &MoveDetail {
                mv: mv.to_string(),
                color: color.name(),
                number: self.position.move_count(),
                by,
            },
        );
        true
    }

    /// Puzzle mode: applies `action` to the puzzle, shows its board, tells the page what
    /// happened and sends the engine what the puzzle asks.
    fn apply_puzzle(&mut self, ctx: &Context<Self>, action: PuzzleAction) -> bool {
        let Some(run) = self.puzzle.as_mut() else {
            return false;
        };
        let changed = run.apply(action);
        let events = run.take_events();
        let (pending, jobs) = (run.pending(), run.jobs());
        let moved = run.position().clone() != self.position;
        self.position = run.position().clone();
        for event in events {
            match event {
                PuzzleEvent::Moved { mv, color, by } => self.emit(
                    ctx,
                    "move",
                    &MoveDetail {
                        mv: mv.to_string(),
                        color: color.name(),
                        number: self.position.move_count(),
                        by: match by {
                            By::Reader => "user",
                            By::Ohm => "ohm",
                        },
                    },
                ),
                PuzzleEvent::Judged { verdict, finished } => {
                    let comment = self
                        .config
                        .as_ref()
                        .ok()
                        .and_then(|c| c.author_moves.get(&verdict.mv).cloned().flatten());
                    let (name, outcome, carrier) = match verdict.outcome {
                        Outcome::Wins if finished => ("solved", "wins", verdict.winning_carrier),
                        Outcome::Wins => ("correct", "wins", verdict.winning_carrier),
                        Outcome::Loses => ("failed", "loses", verdict.opponent_carrier),
                        Outcome::Unproven => ("unproven", "unproven", Vec::new()),
                    };
                    self.emit(
                        ctx,
                        name,
                        &VerdictDetail {
                            mv: verdict.mv,
                            outcome,
                            carrier,
                            refutation: verdict.refutation,
                            explanation: in_board_colours(&verdict.explanation),
                            comment,
                        },
                    );
                }
            }
        }
        if moved {
            self.position_changed(ctx);
        }
        if pending.is_some() && pending != self.puzzle_sent {
            self.puzzle_sent = pending;
            engine::send(self.key, jobs, ctx.link().callback(Msg::Replied));
        }
        changed
    }

    fn replied(&mut self, ctx: &Context<Self>, reply: Reply) -> bool {
        if is_study_reply(&reply) {
            return self.apply_study(ctx, StudyAction::Replied(reply));
        }
        if is_puzzle_reply(&reply) {
            if let Response::Error { message, .. } = &reply.response {
                web_sys::console::error_1(&format!("ohm-board: {message}").into());
            }
            return self.apply_puzzle(ctx, PuzzleAction::Replied(reply));
        }
        if reply.id.is_none() || reply.id != self.pending {
            return false;
        }
        match reply.response {
            Response::Position(_)
            | Response::Stopped { .. }
            | Response::Analysis(_)
            | Response::SolveProgress(_)
            | Response::Solved(_)
            | Response::Verdict(_)
            | Response::Solutions(_) => false,
            Response::Progress(report) => {
                self.status = Some(match report.best {
                    Some(best) => format!(
                        "Ohm is thinking… depth {}, best so far {best}",
                        report.depth
                    ),
                    None => "Ohm is thinking…".into(),
                });
                true
            }
            Response::EngineMove { mv, .. } => {
                self.pending = None;
                self.status = None;
                match Move::parse(&mv) {
                    Ok(mv) if self.play_and_announce(ctx, mv, "ohm") => {
                        self.position_changed(ctx);
                    }
                    _ => {
                        self.status =
                            Some(format!("Ohm answered {mv}, which cannot be played here."))
                    }
                }
                true
            }
            Response::Error { message, .. } => {
                self.pending = None;
                self.status = Some(format!("Ohm could not answer: {message}"));
                web_sys::console::error_1(&format!("ohm-board: {message}").into());
                true
            }
        }
    }

    fn undo(&mut self, ctx: &Context<Self>) -> bool {
        let mode = self.mode();
        if mode == Mode::Puzzle {
            return self.apply_puzzle(ctx, PuzzleAction::TryAgain);
        }
        if self.position.move_count() <= self.base && mode != Mode::View {
            return false;
        }
        if mode == Mode::Play {
            // Back to the reader's turn: Ohm's reply and the reader's move.
            self.pending = None;
            self.status = None;
            engine::forget(self.key);
            let human = self.human();
            let mut undone = false;
            while self.position.move_count() > self.base && self.position.undo() {
                undone = true;
                if Some(self.position.to_move()) == human {
                    break;
                }
            }
            if undone {
                self.position_changed(ctx);
            }
            return undone;
        }
        let undone = self.position.undo();
        if undone {
            self.position_changed(ctx);
        }
        undone
    }

    /// Cells shaded by the board itself (under the stones).
    fn overlay(&self, config: &EmbedConfig) -> BoardOverlay {
        let mut overlay = if config.mode == Mode::Analyze {
            let mut overlay = board_overlay(&self.study, &self.position);
            // The cells' notes in the board's colours, as the page around says them.
            for cell in overlay.cells.values_mut() {
                for note in &mut cell.notes {
                    *note = in_board_colours(note);
                }
            }
            overlay
        } else {
            BoardOverlay::default()
        };
        for cell in self.shapes.shaded.iter() {
            overlay.at(cell).shades.push("shaded");
        }
        if let Some(run) = &self.puzzle {
            run.shade(&mut overlay);
        }
        overlay
    }

    /// The author's drawings, over the stones.
    fn marks(&self, config: &EmbedConfig) -> Html {
        let board = *self.position.board();
        let layout = Layout::new(board, config.orientation);
        let centre = |p: Point| p.col_row().map(|(c, r)| layout.centre(c, r));
        let fmt = |v: f64| format!("{v:.2}");
        let highlights = self.shapes.highlights.iter().flat_map(|h| {
            h.cells
                .iter()
                .filter_map(|p| {
                    let (c, r) = p.col_row()?;
                    Some(html! {
                        <polygon class="highlight" points={layout.hexagon(c, r)}
                            fill={h.colour.clone()} data-highlight={h.name.clone()}
                            data-cell={p.to_string()} />
                    })
                })
                .collect::<Vec<_>>()
        });
        let arrows = self.shapes.arrows.iter().filter_map(|arrow| {
            let (a, b) = (centre(arrow.from)?, centre(arrow.to)?);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let length = (dx * dx + dy * dy).sqrt().max(1e-6);
            let cut = (RADIUS * 0.45).min(length / 3.0);
            let (ux, uy) = (dx / length * cut, dy / length * cut);
            Some(html! {
                <line class="arrow" x1={fmt(a.x + ux)} y1={fmt(a.y + uy)} x2={fmt(b.x - ux)} y2={fmt(b.y - uy)}
                    stroke={arrow.colour.clone()} marker-end="url(#ohm-arrowhead)"
                    data-arrow={format!("{}-{}", arrow.from, arrow.to)} />
            })
        });
        let labels = self.shapes.labels.iter().filter_map(|label| {
            let at = centre(label.cell)?;
            let on = self.position.color_at(label.cell).map(Color::name);
            Some(html! {
                <text class="label" x={fmt(at.x)} y={fmt(at.y)} data-on={on}
                    data-label={label.cell.to_string()}>{ label.text.clone() }</text>
            })
        });
        html! {
            <svg class="marks" viewBox={layout.view_box()} aria-hidden="true"
                 xmlns="http://www.w3.org/2000/svg">
                <defs>
                    <marker id="ohm-arrowhead" viewBox="0 0 10 10" refX="6" refY="5"
                        markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                        <path class="arrowhead" d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                </defs>
                { for highlights }
                { for arrows }
                { for labels }
            </svg>
        }
    }

    fn view_steps(&self, ctx: &Context<Self>, config: &EmbedConfig) -> Html {
        let length = config.length();
        let at = self.position.move_count().min(length);
        let step = |to: usize, label: &'static str, text: &'static str, disabled: bool| {
            let onclick = ctx.link().callback(move |_: MouseEvent| Msg::Step(to));
            html! {
                <button type="button" class={classes!("step", label)} aria-label={label}
                    title={label} {onclick} {disabled}>{ text }</button>
            }
        };
        let comment = config.comments.get(at).cloned().flatten();
        html! {
            <>
                <div class="steps" role="group" aria-label="Step through the game">
                    { step(0, "first", "«", at == 0) }
                    { step(at.saturating_sub(1), "previous", "‹", at == 0) }
                    <span class="where" data-at={at.to_string()}>{ format!("{at} / {length}") }</span>
                    { step((at + 1).min(length), "next", "›", at >= length) }
                    { step(length, "last", "»", at >= length) }
                </div>
                <p class="comment" aria-live="polite" hidden={comment.is_none()}>
                    { comment.unwrap_or_default() }
                </p>
            </>
        }
    }

    fn view_play(&self, ctx: &Context<Self>) -> Html {
        let position = &self.position;
        let text = if let Some(winner) = position.winner() {
            if Some(winner) == self.human() {
                format!("{} wins: well played!", colour_name(winner))
            } else {
                format!("{} wins: Ohm connected.", colour_name(winner))
            }
        } else if let Some(status) = &self.status {
            status.clone()
        } else {
            format!("Your move ({}).", colour_name(position.to_move()))
        };
        let state = if position.is_over() {
            "over"
        } else if self.pending.is_some() {
            "thinking"
        } else {
            "ready"
        };
        html! {
            <>
                <p class="status" data-state={state} aria-live="polite">{ text }</p>
                <div class="buttons">
                    <button type="button" class="undo" onclick={ctx.link().callback(|_| Msg::Undo)}
                        disabled={position.move_count() <= self.base}>{ "Undo" }</button>
                    <button type="button" class="restart" onclick={ctx.link().callback(|_| Msg::Restart)}>{ "Start again" }</button>
                </div>
            </>
        }
    }

    fn view_puzzle(&self, ctx: &Context<Self>, config: &EmbedConfig) -> Html {
        let Some(run) = self.puzzle.clone() else {
            return html! {
                <p class="status" data-state="error">{ self.status.clone().unwrap_or_default() }</p>
            };
        };
        let judged = match run.phase() {
            Phase::Solved { mv, .. } | Phase::Failed { mv, .. } | Phase::Unproven { mv, .. } => {
                Some(mv.clone())
            }
            _ => None,
        };
        let comment = judged
            .and_then(|mv| config.author_moves.get(&mv).cloned().flatten())
            .map(AttrValue::from);
        html! {
            <PuzzlePanel {run} names={(AttrValue::from("Red"), AttrValue::from("Blue"))}
                board_colours=true {comment} on_action={ctx.link().callback(Msg::Puzzle)} />
        }
    }
}

impl Component for EmbedBoard {
    type Message = Msg;
    type Properties = EmbedProps;

    fn create(ctx: &Context<Self>) -> Self {
        let key = NEXT_BOARD.with(|n| {
            let key = n.get();
            n.set(key.wrapping_add(1));
            key
        });
        let attributes = ctx.props().attributes.clone();
        let mut board = EmbedBoard {
            key,
            config: EmbedConfig::parse(&attributes).map(Rc::new),
            attributes,
            position: Position::new(ohm_engine::Board::square(11).expect("a board size")),
            base: 0,
            shapes: Shapes::default(),
            last_id: 0,
            pending: None,
            status: None,
            puzzle: None,
            puzzle_sent: None,
            study: Study::default(),
            study_sent: None,
            solve_sent: None,
            solve_stops: 0,
        };
        board.reset(ctx);
        board
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &Self::Properties) -> bool {
        self.attributes = ctx.props().attributes.clone();
        self.reset(ctx);
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Click(point) => {
                if self.mode() == Mode::Analyze && self.study.picking() {
                    let color = self.position.color_at(point);
                    return self.apply_study(ctx, StudyAction::PickCell(point, color));
                }
                self.play(ctx, Move::Cell(point), "user")
            }
            Msg::Step(count) => {
                let Ok(config) = self.config.clone() else {
                    return false;
                };
                self.position = config.position_at(count.min(config.length()));
                self.position_changed(ctx);
                true
            }
            Msg::Replied(reply) => self.replied(ctx, reply),
            Msg::Study(action) => self.apply_study(ctx, action),
            Msg::Puzzle(action) => self.apply_puzzle(ctx, action),
            Msg::Restart => {
                self.reset(ctx);
                true
            }
            Msg::Undo => self.undo(ctx),
            Msg::Api(call) => match call {
                ApiCall::SetPosition(attributes) => {
                    self.attributes = *attributes;
                    self.reset(ctx);
                    true
                }
                ApiCall::Play(mv) => {
                    let played = self.play(ctx, mv, "api");
                    if !played {
                        web_sys::console::warn_1(
                            &format!("ohm-board: play({mv}) is not allowed here now").into(),
                        );
                    }
                    played
                }
                ApiCall::Undo => self.undo(ctx),
                ApiCall::AddShape(shape) => {
                    match shape {
                        Shape::Arrow(arrow) => self.shapes.arrows.push(arrow),
                        Shape::Highlight(highlight) => self.shapes.highlights.push(highlight),
                        Shape::Label(label) => self.shapes.labels.push(label),
                    }
                    true
                }
                ApiCall::ClearShapes => {
                    self.shapes = Shapes::default();
                    true
                }
            },
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first_render: bool) {
        let host = &ctx.props().host;
        let state = if self.config.is_ok() {
            "ready"
        } else {
            "error"
        };
        let _ = host.set_attribute("data-state", state);
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        engine::forget(self.key);
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let config = match &self.config {
            Ok(config) => Rc::clone(config),
            Err(error) => {
                return html! {
                    <div class="ohm-error" role="alert" data-attribute={error.attribute}>
                        <strong>{ "Ohm board: " }</strong>
                        { format!("the {} attribute is wrong: {}", error.attribute, error.message) }
                    </div>
                };
            }
        };
        let position = &self.position;
        let playable = match config.mode {
            Mode::View => false,
            Mode::Analyze => !position.is_over() || self.study.picking(),
            Mode::Play => {
                !position.is_over()
                    && self.pending.is_none()
                    && Some(position.to_move()) == self.human()
            }
            Mode::Puzzle => self.puzzle.as_ref().is_some_and(PuzzleRun::accepts_moves),
        };
        let last_move = position.last_move().and_then(|m| match m.mv {
            Move::Cell(p) => Some(p),
            _ => None,
        });
        let legend = self.shapes.highlights.iter().map(|h| {
            html! {
                <li><span class="swatch" style={format!("background: {}", h.colour)}></span>{ h.name.clone() }</li>
            }
        });
        let on_study = ctx.link().callback(Msg::Study);
        // Analysis with Solve: the pointer over a cell the solver decided previews its line, as
        // in the app; elsewhere, none.
        let on_hover = (config.mode == Mode::Analyze && config.overlays.contains(&Toggle::Solver))
            .then(|| {
                let study = self.study.clone();
                ctx.link().batch_callback(move |cell: Option<Point>| {
                    hover_preview(&study, cell).map(Msg::Study)
                })
            });
        html! {
            <div class="ohm-embed" data-mode={config.mode.name()}>
                <div class="stage">
                    <HexBoard board={*position.board()} black={position.stones(Color::Black)}
                        white={position.stones(Color::White)} {last_move}
                        winning={winning_group(position)} {playable}
                        coordinates={config.coords} orientation={config.orientation}
                        on_play={ctx.link().callback(Msg::Click)} {on_hover}
                        overlay={Rc::new(self.overlay(&config))}
                        picking={config.mode == Mode::Analyze && self.study.picking()} />
                    { self.marks(&config) }
                </div>
                if !self.shapes.highlights.is_empty() {
                    <ul class="legend">{ for legend }</ul>
                }
                {
                    match config.mode {
                        Mode::View if config.length() > 0 => self.view_steps(ctx, &config),
                        Mode::View => html! {
                            if let Some(comment) = config.comments.first().cloned().flatten() {
                                <p class="comment">{ comment }</p>
                            }
                        },
                        Mode::Play => self.view_play(ctx),
                        Mode::Puzzle => self.view_puzzle(ctx, &config),
                        Mode::Analyze => html! {
                            <AnalysisPanel study={self.study.clone()} to_move={position.to_move()}
                                game_over={position.is_over()} board_colours=true
                                empty={position.empty_cells()}
                                solver={config.overlays.contains(&Toggle::Solver)} on_action={on_study} />
                        },
                    }
                }
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::components::analysis::in_board_colours;

    #[test]
    fn explanations_name_the_players_by_the_colours_drawn() {
        assert_eq!(
            in_board_colours("After f2, White's f1 joins the west and east edges; Black loses."),
            "After f2, Blue's f1 joins the west and east edges; Red loses."
        );
        // Whole words only: a cell or another word containing the letters is left alone.
        assert_eq!(
            in_board_colours("Blackboard whitewash"),
            "Blackboard whitewash"
        );
        assert_eq!(in_board_colours(""), "");
    }
}
