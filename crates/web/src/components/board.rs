//! The board as SVG: hexagons in a rhombus, the players' edges in their colours, coordinates,
//! stones (with move numbers if asked), the last move, the winning group and the keyboard
//! cursor.
//!
//! Keyboard play: the board takes focus (Tab); the arrow keys move a cursor over the cells,
//! Enter or Space plays at the cursor; typing a cell name (`f6`) and Enter plays there. The
//! cursor cell is the board's `aria-activedescendant`, so screen readers say where it is.

use std::collections::BTreeMap;
use std::rc::Rc;

use ohm_engine::{Board, CellSet, Color, Edge, Point};
use yew::prelude::*;

use crate::geometry::{self, Layout, Orientation, Xy};

#[derive(Properties, PartialEq, Debug)]
pub struct HexBoardProps {
    pub board: Board,
    pub black: CellSet,
    pub white: CellSet,
    #[prop_or_default]
    pub last_move: Option<Point>,
    /// Stones to highlight as the winner's connection.
    #[prop_or_default]
    pub winning: CellSet,
    /// Numbers to draw on stones.
    #[prop_or_default]
    pub numbers: Vec<(Point, usize)>,
    /// Whether clicks on cells are reported (it is the person's turn, or set-up).
    pub playable: bool,
    /// Set-up mode: occupied cells are clickable too.
    #[prop_or_default]
    pub editing: bool,
    #[prop_or(true)]
    pub coordinates: bool,
    #[prop_or_default]
    pub orientation: Orientation,
    /// What the players' colours are called in the current palette (Black, White).
    #[prop_or(("red", "blue"))]
    pub colour_names: (&'static str, &'static str),
    pub on_play: Callback<Point>,
    /// Analysis drawn over the cells.
    #[prop_or_default]
    pub overlay: Rc<BoardOverlay>,
    /// Picking ends for analysis: every cell, occupied or not, reports clicks.
    #[prop_or_default]
    pub picking: bool,
    /// Ohm's best move so far while it thinks, marked lightly.
    #[prop_or_default]
    pub hint: Option<Point>,
    /// The cell the pointer is over, and `None` when it leaves the board (the solver's
    /// winning line is previewed from the cell under the pointer).
    #[prop_or_default]
    pub on_hover: Option<Callback<Option<Point>>>,
}

/// What analysis mode draws over the board (built by [`crate::components::analysis`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardOverlay {
    pub cells: BTreeMap<Point, CellOverlay>,
    /// Words drawn at a cell, e.g. "proven" on a winning carrier.
    pub labels: Vec<OverlayLabel>,
    /// Edges chosen as ends.
    pub edges: Vec<Edge>,
}

impl BoardOverlay {
    /// The overlay of `cell`, created empty if needed.
    pub fn at(&mut self, cell: Point) -> &mut CellOverlay {
        self.cells.entry(cell).or_default()
    }
}

/// The analysis shown on one cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CellOverlay {
    /// Classes of the shadings over the cell (`carrier-black`, `must-play`, `key`, …).
    pub shades: Vec<&'static str>,
    /// Heat in `[0, 1]`.
    pub heat: Option<f64>,
    pub mark: Option<CellMark>,
    /// The rank of a best move (1: the best).
    pub rank: Option<usize>,
    /// A translucent stone of a previewed line: its number in the line and its colour.
    pub preview: Option<(usize, Color)>,
    /// The stone of a move waiting to be confirmed (tap to preview, tap again to play).
    pub tentative: Option<Color>,
    /// Said on hover (an SVG title) and to screen readers.
    pub notes: Vec<String>,
}

/// A symbol on a cell: an inferior cell's kind.
#[derive(Clone, Debug, PartialEq)]
pub struct CellMark {
    pub kind: &'static str,
    pub symbol: &'static str,
    /// The colour that fills the cell in (`black`/`white`).
    pub fill: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OverlayLabel {
    pub at: Point,
    pub text: String,
    pub class: &'static str,
}

/// The class of a stone of `color`, also its `data-stone` value.
fn stone_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The cell `(dc, dr)` away from `from`, if it is on `board`.
fn step(board: &Board, from: Point, dc: i8, dr: i8) -> Option<Point> {
    let (col, row) = from.col_row()?;
    let col = col.checked_add_signed(dc)?;
    let row = row.checked_add_signed(dr)?;
    board.cell(col, row)
}

#[function_component(HexBoard)]
pub fn hex_board(props: &HexBoardProps) -> Html {
    let board = props.board;
    let layout = Layout::new(board, props.orientation);
    // The drawing of the empty board only changes with its size and orientation.
    let frame = use_memo((board, props.orientation), |&(board, orientation)| {
        board_frame(board, orientation)
    });
    let cursor = use_state(|| None::<Point>);
    let typed = use_state(String::new);
    // The cursor is drawn once the keyboard is used, and hidden again by a click.
    let keyboard = use_state(|| false);
    // A cursor left over from another board size is dropped.
    let cursor_cell = (*cursor).filter(|p| board.contains(*p));

    let stone_at = |point: Point| {
        if props.black.contains(point) {
            Some(Color::Black)
        } else if props.white.contains(point) {
            Some(Color::White)
        } else {
            None
        }
    };
    let describe = |point: Point| {
        let (black, white) = props.colour_names;
        match stone_at(point) {
            Some(Color::Black) => format!("{point}, Black ({black})"),
            Some(Color::White) => format!("{point}, White ({white})"),
            None => format!("{point}, empty"),
        }
    };

    let cells = board.cells().iter().map(|point| {
        let (col, row) = point.col_row().expect("board cells are cells");
        let name = point.to_string();
        let stone = stone_at(point);
        let playable = props.picking || (props.playable && (stone.is_none() || props.editing));
        let overlay = props.overlay.cells.get(&point);
        let note = overlay
            .filter(|o| !o.notes.is_empty())
            .map(|o| o.notes.join(". "));
        let label = match &note {
            Some(note) => format!("{}. {note}", describe(point)),
            None => describe(point),
        };
        let is_last = props.last_move == Some(point);
        let is_hint = props.hint == Some(point) && stone.is_none();
        let onclick = playable.then(|| {
            let on_play = props.on_play.clone();
            let cursor = cursor.clone();
            let keyboard = keyboard.clone();
            Callback::from(move |_: MouseEvent| {
                cursor.set(Some(point));
                keyboard.set(false);
                on_play.emit(point);
            })
        });
        let onmouseenter = props.on_hover.clone().map(|on_hover| {
            Callback::from(move |_: MouseEvent| on_hover.emit(Some(point)))
        });
        let class = classes!(
            "cell",
            playable.then_some("playable"),
            props.winning.contains(point).then_some("winning"),
            (cursor_cell == Some(point)).then_some("at-cursor"),
        );
        let centre = layout.centre(col, row);
        let number = props
            .numbers
            .iter()
            .find(|(p, _)| *p == point)
            .map(|(_, n)| *n);
        html! {
            <g key={point.index()} {class} id={format!("cell-{name}")} data-cell={name.clone()}
               role="gridcell" aria-label={label}
               data-stone={stone.map(stone_name)} data-last={is_last.then_some("true")} {onclick}
               {onmouseenter}>
                <polygon class="hex" points={layout.hexagon(col, row)} />
                // Always present, so that adding an overlay never shifts (and re-creates, and
                // re-animates) the stone after it.
                <g class="under">
                    if let Some(heat) = overlay.and_then(|o| o.heat) {
                        <polygon class="heat" points={layout.hexagon(col, row)}
                            data-heat={format!("{heat:.3}")}
                            style={format!("fill-opacity: {:.3}", heat * 0.8)} />
                    }
                    { for overlay.iter().flat_map(|o| o.shades.iter()).map(|shade| html! {
                        <polygon class={classes!("shade", *shade)} points={layout.hexagon(col, row)} />
                    }) }
                </g>
                if let Some(color) = stone {
                    <circle class={classes!("stone", stone_name(color))}
                        cx={fmt(centre.x)} cy={fmt(centre.y)} r={fmt(geometry::RADIUS * 0.74)} />
                }
                if let Some(mark) = overlay.and_then(|o| o.mark.as_ref()) {
                    <text class={classes!("mark", mark.kind, mark.fill)} x={fmt(centre.x)} y={fmt(centre.y)}
                        data-inferior={mark.kind} data-fill={mark.fill}>{ mark.symbol }</text>
                }
                if let Some((n, color)) = overlay.and_then(|o| o.preview).filter(|_| stone.is_none()) {
                    <g class={classes!("preview", stone_name(color))} data-preview={n.to_string()}>
                        <circle class="preview-stone"
                            cx={fmt(centre.x)} cy={fmt(centre.y)} r={fmt(geometry::RADIUS * 0.74)} />
                        <text class="preview-number" x={fmt(centre.x)} y={fmt(centre.y)}>{ n }</text>
                    </g>
                }
                if let Some(color) = overlay.and_then(|o| o.tentative).filter(|_| stone.is_none()) {
                    <circle class={classes!("tentative", stone_name(color))} data-tentative={stone_name(color)}
                        cx={fmt(centre.x)} cy={fmt(centre.y)} r={fmt(geometry::RADIUS * 0.74)} />
                }
                if let Some(rank) = overlay.and_then(|o| o.rank) {
                    <text class="best-rank" data-rank={rank.to_string()}
                        x={fmt(centre.x + geometry::RADIUS * 0.48)} y={fmt(centre.y - geometry::RADIUS * 0.42)}>{ rank }</text>
                }
                if let Some(n) = number {
                    <text class="move-number" x={fmt(centre.x)} y={fmt(centre.y)}>{ n }</text>
                } else if is_last {
                    <circle class="last-move" cx={fmt(centre.x)} cy={fmt(centre.y)}
                        r={fmt(geometry::RADIUS * 0.24)} />
                }
                if is_hint {
                    <circle class="hint" data-hint="true" cx={fmt(centre.x)} cy={fmt(centre.y)}
                        r={fmt(geometry::RADIUS * 0.5)} />
                }
                if cursor_cell == Some(point) && *keyboard {
                    <polygon class="cursor" points={layout.hexagon(col, row)} />
                }
                if let Some(note) = note {
                    <title>{ note }</title>
                }
            </g>
        }
    });

    let onkeydown = {
        let cursor = cursor.clone();
        let keyboard = keyboard.clone();
        let typed = typed.clone();
        let on_play = props.on_play.clone();
        let playable = props.playable;
        let flipped = matches!(
            props.orientation,
            Orientation::Flipped | Orientation::DiamondFlipped
        );
        Callback::from(move |event: KeyboardEvent| {
            let key = event.key();
            let here = cursor_cell.or_else(|| board.cell(board.width() / 2, board.height() / 2));
            // On a flipped board columns run down the screen: the arrows follow the screen.
            let (along, across) = if flipped {
                ((0, 1), (1, 0))
            } else {
                ((1, 0), (0, 1))
            };
            let moved = match key.as_str() {
                "ArrowLeft" => here.and_then(|p| step(&board, p, -along.0, -along.1)),
                "ArrowRight" => here.and_then(|p| step(&board, p, along.0, along.1)),
                "ArrowUp" => here.and_then(|p| step(&board, p, -across.0, -across.1)),
                "ArrowDown" => here.and_then(|p| step(&board, p, across.0, across.1)),
                _ => None,
            };
            let handled = if key.starts_with("Arrow") {
                cursor.set(moved.or(here));
                true
            } else if key == "Enter" || key == " " {
                let target = if typed.is_empty() {
                    here
                } else {
                    Point::parse(&typed).ok().filter(|p| board.contains(*p))
                };
                typed.set(String::new());
                if let Some(point) = target {
                    cursor.set(Some(point));
                    if playable {
                        on_play.emit(point);
                    }
                }
                true
            } else if key == "Escape" {
                typed.set(String::new());
                true
            } else if key == "Backspace" {
                let mut text = (*typed).clone();
                text.pop();
                typed.set(text);
                true
            } else if key.len() == 1
                && key.chars().all(|c| c.is_ascii_alphanumeric())
                && !event.ctrl_key()
                && !event.meta_key()
                && !event.alt_key()
            {
                let mut text = if typed.len() >= 3 {
                    String::new()
                } else {
                    (*typed).clone()
                };
                text.push_str(&key.to_ascii_lowercase());
                typed.set(text);
                true
            } else {
                false
            };
            if handled {
                keyboard.set(true);
                event.prevent_default();
                event.stop_propagation();
            }
        })
    };
    // Focus by Tab shows the cursor at once; focus by a click does not.
    let pointer_down = use_mut_ref(|| false);
    let onmousedown = {
        let pointer_down = pointer_down.clone();
        Callback::from(move |_: MouseEvent| *pointer_down.borrow_mut() = true)
    };
    let onfocus = {
        let cursor = cursor.clone();
        let keyboard = keyboard.clone();
        Callback::from(move |_: FocusEvent| {
            if cursor_cell.is_none() {
                cursor.set(board.cell(board.width() / 2, board.height() / 2));
            }
            if !std::mem::take(&mut *pointer_down.borrow_mut()) {
                keyboard.set(true);
            }
        })
    };

    let label = format!(
        "Hex board, {} columns by {} rows. Arrow keys move, Enter plays; or type a cell like f6 and Enter.",
        board.width(),
        board.height()
    );
    let onmouseleave = props
        .on_hover
        .clone()
        .map(|on_hover| Callback::from(move |_: MouseEvent| on_hover.emit(None)));
    let (left, top) = frame.corner;
    html! {
        <svg id="board" class="board" viewBox={frame.view_box.clone()} role="grid"
             xmlns="http://www.w3.org/2000/svg"
             tabindex="0" {onkeydown} {onfocus} {onmousedown} {onmouseleave}
             aria-activedescendant={cursor_cell.map(|p| format!("cell-{p}"))}
             style={frame.max_width.clone()}
             aria-label={label} data-width={board.width().to_string()}
             data-height={board.height().to_string()}
             data-orientation={props.orientation.name()}>
            { frame.edges.clone() }
            <g class="cells" role="row">{ for cells }</g>
            // Wrapped, so that the number of the drawing's children never changes.
            <g class="overlay-marks" aria-hidden="true">
                { for props.overlay.edges.iter().map(|edge| html! {
                    <polyline class="edge-picked" data-edge={edge.name()}
                        stroke-width={fmt(geometry::EDGE_BAND * 1.6)} points={layout.edge(*edge)} />
                }) }
                { for props.overlay.labels.iter().filter_map(|label| {
                    let (col, row) = label.at.col_row()?;
                    let at = layout.centre(col, row);
                    Some(html! {
                        <text class={classes!("overlay-label", label.class)} x={fmt(at.x)}
                            y={fmt(at.y - geometry::RADIUS * 0.9)}>{ label.text.clone() }</text>
                    })
                }) }
            </g>
            if props.coordinates {
                { frame.labels.clone() }
            }
            if !typed.is_empty() {
                <text id="typed" class="typed" x={fmt(left + 2.0)} y={fmt(top + 6.0)}>
                    { format!("{}…", *typed) }
                </text>
            }
        </svg>
    }
}

/// The parts of the drawing that depend on the board's size and orientation alone.
struct BoardFrame {
    view_box: String,
    /// The top-left corner of the view box, where the typed cell name is shown.
    corner: (f64, f64),
    /// Caps the drawing's width so that a cell is never wider than about 3rem.
    max_width: String,
    edges: Html,
    labels: Html,
}

fn board_frame(board: Board, orientation: Orientation) -> BoardFrame {
    let layout = Layout::new(board, orientation);
    let edges = [Edge::North, Edge::East, Edge::South, Edge::West]
        .into_iter()
        .map(|edge| {
            let owner = stone_name(edge.owner());
            html! {
                <polyline class={classes!("edge", owner)} data-edge={edge.name()}
                    stroke-width={fmt(geometry::EDGE_BAND)}
                    points={layout.edge(edge)} />
            }
        })
        .collect::<Html>();
    let columns = (0..board.width()).map(|col| {
        text_at(
            layout.column_label(col),
            ohm_engine::point::column_letter(col).to_string(),
        )
    });
    let rows = (0..board.height()).map(|row| text_at(layout.row_label(row), (row + 1).to_string()));
    let labels = html! {
        <g class="coordinates" aria-hidden="true">{ for columns }{ for rows }</g>
    };
    let view_box = layout.view_box();
    let numbers: Vec<f64> = view_box
        .split(' ')
        .filter_map(|n| n.parse::<f64>().ok())
        .collect();
    let span = numbers.get(2).map_or(20.0, |w| w / geometry::CELL_WIDTH);
    BoardFrame {
        corner: (
            numbers.first().copied().unwrap_or(0.0),
            numbers.get(1).copied().unwrap_or(0.0),
        ),
        view_box,
        max_width: format!("max-width: {:.1}rem", span * 3.0),
        edges: html! { <g class="edges" aria-hidden="true">{ edges }</g> },
        labels,
    }
}

fn text_at(at: Xy, text: String) -> Html {
    html! { <text x={fmt(at.x)} y={fmt(at.y)}>{ text }</text> }
}

/// A length for an SVG attribute.
fn fmt(value: f64) -> String {
    format!("{value:.2}")
}
