//! The board as SVG: hexagons in a rhombus, the players' edges in their colours, coordinates,
//! stones, the last move and the winning group.

use ohm_engine::{Board, CellSet, Color, Edge, Point};
use yew::prelude::*;

use crate::geometry::{self, Xy};

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
    /// Whether clicks on empty cells are reported (it is the person's turn).
    pub playable: bool,
    pub on_play: Callback<Point>,
}

/// The class of a stone of `color`, also its `data-stone` value.
fn stone_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[function_component(HexBoard)]
pub fn hex_board(props: &HexBoardProps) -> Html {
    let board = props.board;
    // The drawing of the empty board only changes with its size.
    let frame = use_memo(board, |board| board_frame(*board));

    let cells = board.cells().iter().map(|point| {
        let (col, row) = point.col_row().expect("board cells are cells");
        let name = point.to_string();
        let stone = if props.black.contains(point) {
            Some(Color::Black)
        } else if props.white.contains(point) {
            Some(Color::White)
        } else {
            None
        };
        let playable = props.playable && stone.is_none();
        let is_last = props.last_move == Some(point);
        let onclick = playable.then(|| {
            let on_play = props.on_play.clone();
            Callback::from(move |_: MouseEvent| on_play.emit(point))
        });
        let class = classes!(
            "cell",
            playable.then_some("playable"),
            props.winning.contains(point).then_some("winning"),
        );
        let centre = geometry::centre(col, row);
        html! {
            <g key={point.index()} {class} data-cell={name.clone()}
               data-stone={stone.map(stone_name)} data-last={is_last.then_some("true")} {onclick}>
                <title>{ name }</title>
                <polygon class="hex" points={geometry::hexagon_points(col, row)} />
                if let Some(color) = stone {
                    <circle class={classes!("stone", stone_name(color))}
                        cx={fmt(centre.x)} cy={fmt(centre.y)} r={fmt(geometry::RADIUS * 0.74)} />
                }
                if is_last {
                    <circle class="last-move" cx={fmt(centre.x)} cy={fmt(centre.y)}
                        r={fmt(geometry::RADIUS * 0.24)} />
                }
            </g>
        }
    });

    let label = format!(
        "Hex board, {} columns by {} rows",
        board.width(),
        board.height()
    );
    html! {
        <svg id="board" class="board" viewBox={frame.view_box.clone()} role="img"
             style={frame.max_width.clone()}
             aria-label={label} data-width={board.width().to_string()}
             data-height={board.height().to_string()}>
            { frame.edges.clone() }
            <g class="cells">{ for cells }</g>
            { frame.labels.clone() }
        </svg>
    }
}

/// The parts of the drawing that depend on the board's size alone.
struct BoardFrame {
    view_box: String,
    /// Caps the drawing's width so that a cell is never wider than about 3rem.
    max_width: String,
    edges: Html,
    labels: Html,
}

fn board_frame(board: Board) -> BoardFrame {
    let edges = [Edge::North, Edge::East, Edge::South, Edge::West]
        .into_iter()
        .map(|edge| {
            let owner = stone_name(edge.owner());
            html! {
                <polyline class={classes!("edge", owner)} data-edge={edge.name()}
                    stroke-width={fmt(geometry::EDGE_BAND)}
                    points={geometry::points_attribute(geometry::edge_outline(&board, edge))} />
            }
        })
        .collect::<Html>();
    let columns = (0..board.width()).map(|col| {
        let at = geometry::column_label(col);
        text_at(at, ohm_engine::point::column_letter(col).to_string())
    });
    let rows =
        (0..board.height()).map(|row| text_at(geometry::row_label(row), (row + 1).to_string()));
    let labels = html! {
        <g class="coordinates" aria-hidden="true">{ for columns }{ for rows }</g>
    };
    let view_box = geometry::view_box(&board);
    let span = view_box
        .split(' ')
        .nth(2)
        .and_then(|w| w.parse::<f64>().ok())
        .map_or(20.0, |w| w / geometry::CELL_WIDTH);
    BoardFrame {
        view_box,
        max_width: format!("max-width: {:.1}rem", span * 3.0),
        edges: html! { <g class="edges">{ edges }</g> },
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
