//! Puzzle mode's panel, the app's and the embed's: the status, the author's comment, what the
//! hint or the reveal found, and the buttons. The state is a [`crate::puzzle::PuzzleRun`].

use yew::prelude::*;

use crate::puzzle::{Phase, PuzzleAction, PuzzleRun};

#[derive(Properties, PartialEq, Debug)]
pub struct PuzzlePanelProps {
    pub run: PuzzleRun,
    /// The players' names as the board draws them.
    pub names: (AttrValue, AttrValue),
    /// Whether explanations say the players by the colours drawn (the embed's red and blue).
    #[prop_or_default]
    pub board_colours: bool,
    /// The author's comment on the move judged (the embed's HSGF).
    #[prop_or_default]
    pub comment: Option<AttrValue>,
    pub on_action: Callback<PuzzleAction>,
    /// Shown when given: a button that starts the puzzle over, and one that leaves it.
    #[prop_or_default]
    pub on_leave: Option<Callback<()>>,
    /// A link to this puzzle, when the position can be said in an address.
    #[prop_or_default]
    pub link: Option<AttrValue>,
}

#[function_component(PuzzlePanel)]
pub fn puzzle_panel(props: &PuzzlePanelProps) -> Html {
    let run = &props.run;
    let names = props.names.clone();
    let name = move |color: ohm_engine::Color| match color {
        ohm_engine::Color::Black => names.0.to_string(),
        ohm_engine::Color::White => names.1.to_string(),
    };
    let board_colours = props.board_colours;
    let say = move |text: &str| {
        if board_colours {
            crate::components::analysis::in_board_colours(text)
        } else {
            text.to_string()
        }
    };
    let (state, text) = run.status(&name, &say);
    let findings = run.findings();
    let busy = run.pending().is_some();
    let judged = matches!(
        run.phase(),
        Phase::Failed { .. } | Phase::Unproven { .. } | Phase::Solved { .. }
    );
    let act = |action: PuzzleAction| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    html! {
        <>
            <p class="status" data-state={state} aria-live="polite">{ text }</p>
            if let Some(comment) = props.comment.clone() {
                <p class="comment author">{ comment }</p>
            }
            if let Some(findings) = findings {
                <p class="findings" aria-live="polite">{ findings }</p>
            }
            if let Some(error) = run.error() {
                <p class="note error" role="alert">{ format!("Ohm could not answer: {error}") }</p>
            }
            <div class="buttons">
                if judged {
                    <button type="button" class="try-again primary"
                        onclick={act(PuzzleAction::TryAgain)}>{ "Try again" }</button>
                }
                <button type="button" class="hint-button" disabled={busy}
                    onclick={act(PuzzleAction::Hint)}>{ "Hint" }</button>
                <button type="button" class="reveal" disabled={busy}
                    onclick={act(PuzzleAction::Reveal)}>{ "Reveal" }</button>
                if let Some(on_leave) = props.on_leave.clone() {
                    <button type="button" class="restart"
                        onclick={act(PuzzleAction::Restart)}>{ "Start over" }</button>
                    <button type="button" class="leave"
                        onclick={Callback::from(move |_: MouseEvent| on_leave.emit(()))}>{ "Leave the puzzle" }</button>
                }
            </div>
            if let Some(link) = props.link.clone() {
                <p class="puzzle-link">{ "Link to this puzzle: " }<a href={link.clone()}>{ link.clone() }</a></p>
            }
        </>
    }
}
