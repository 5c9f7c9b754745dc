//! The line that says whose turn it is, who won, or that Ohm is thinking.

use ohm_engine::{ByColor, Color};
use yew::prelude::*;

use crate::state::{Player, Status};

#[derive(Properties, PartialEq, Debug)]
pub struct StatusLineProps {
    pub status: Status,
    /// Who plays each colour, to say "you" and "Ohm" rather than colours alone.
    pub players: ByColor<Player>,
    /// What the players' colours are called (Black, White).
    pub colour_names: (&'static str, &'static str),
}

/// "Black (red)" / "White (blue)": the convention's name and the colour on screen.
#[must_use]
pub fn player_name(color: Color, colour_names: (&str, &str)) -> String {
    match color {
        Color::Black => format!("Black ({})", colour_names.0),
        Color::White => format!("White ({})", colour_names.1),
    }
}

/// What the status line says, also announced to screen readers.
#[must_use]
pub fn status_text(status: &Status, players: ByColor<Player>, names: (&str, &str)) -> String {
    let against_ohm = players.black != players.white;
    let is_ohm = |color: Color| players[color] == Player::Ohm;
    let player = |color: Color| player_name(color, names);
    match status {
        Status::ToMove(color) if against_ohm => format!("Your move: {}", player(*color)),
        Status::ToMove(color) => format!("{} to move", player(*color)),
        Status::Thinking(_) => "Ohm is thinking…".to_string(),
        Status::Reviewing(color) => format!("{} (Ohm) to move; reviewing", player(*color)),
        Status::Editing(color) => format!("Setting up; {} to move", player(*color)),
        Status::Won { winner, resigned } => {
            let who = if against_ohm && is_ohm(*winner) {
                format!("Ohm wins as {}", player(*winner))
            } else if against_ohm {
                format!("You win as {}", player(*winner))
            } else {
                format!("{} wins", player(*winner))
            };
            if *resigned {
                format!("{who} by resignation")
            } else {
                who
            }
        }
        Status::EngineTrouble(message) => message.clone(),
    }
}

#[function_component(StatusLine)]
pub fn status_line(props: &StatusLineProps) -> Html {
    let state = match &props.status {
        Status::ToMove(_) => "to-move",
        Status::Thinking(_) => "thinking",
        Status::Reviewing(_) => "reviewing",
        Status::Editing(_) => "editing",
        Status::Won { .. } => "won",
        Status::EngineTrouble(_) => "error",
    };
    let color = match &props.status {
        Status::ToMove(c) | Status::Thinking(c) | Status::Reviewing(c) | Status::Editing(c) => {
            Some(c.name())
        }
        Status::Won { winner, .. } => Some(winner.name()),
        Status::EngineTrouble(_) => None,
    };
    html! {
        <p id="status" class="status" data-state={state} data-color={color}>
            if let Some(c) = color {
                <span class={classes!("swatch", c)} aria-hidden="true"></span>
            }
            { status_text(&props.status, props.players, props.colour_names) }
        </p>
    }
}
