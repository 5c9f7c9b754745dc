//! The line that says whose turn it is, who won, or that Ohm is thinking.

use ohm_engine::Color;
use yew::prelude::*;

use crate::state::Status;

#[derive(Properties, PartialEq, Debug)]
pub struct StatusLineProps {
    pub status: Status,
    /// The colour Ohm plays, to say "you" and "Ohm" rather than colours alone.
    pub engine_side: Option<Color>,
}

/// "Black (red)" / "White (blue)": the convention's name and the colour on screen.
fn player(color: Color) -> &'static str {
    match color {
        Color::Black => "Black (red)",
        Color::White => "White (blue)",
    }
}

#[function_component(StatusLine)]
pub fn status_line(props: &StatusLineProps) -> Html {
    let is_engine = |color: Color| props.engine_side == Some(color);
    let (state, text) = match &props.status {
        Status::ToMove(color) if props.engine_side.is_some() && !is_engine(*color) => {
            ("to-move", format!("Your move: {}", player(*color)))
        }
        Status::ToMove(color) => ("to-move", format!("{} to move", player(*color))),
        Status::Thinking(_) => ("thinking", "Ohm is thinking…".to_string()),
        Status::Won(color) if is_engine(*color) => {
            ("won", format!("Ohm wins as {}", player(*color)))
        }
        Status::Won(color) if props.engine_side.is_some() => {
            ("won", format!("You win as {}", player(*color)))
        }
        Status::Won(color) => ("won", format!("{} wins", player(*color))),
        Status::EngineTrouble(message) => ("error", message.clone()),
    };
    let color = match &props.status {
        Status::ToMove(c) | Status::Thinking(c) | Status::Won(c) => Some(c.name()),
        Status::EngineTrouble(_) => None,
    };
    html! {
        <p id="status" class="status" role="status" aria-live="polite"
           data-state={state} data-color={color}>
            { text }
        </p>
    }
}
