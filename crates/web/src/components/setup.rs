//! Set-up mode: place and remove stones, choose who moves, clear; then play or study from there.

use ohm_engine::Color;
use yew::prelude::*;

use crate::components::controls::selected;

#[derive(Properties, PartialEq, Debug)]
pub struct SetupProps {
    pub editing: bool,
    pub to_move: Color,
    pub on_editing: Callback<bool>,
    pub on_to_move: Callback<Color>,
    pub on_clear: Callback<()>,
}

#[function_component(SetupPanel)]
pub fn setup_panel(props: &SetupProps) -> Html {
    let toggle = {
        let on_editing = props.on_editing.clone();
        let editing = props.editing;
        Callback::from(move |_: MouseEvent| on_editing.emit(!editing))
    };
    let on_to_move = {
        let on_to_move = props.on_to_move.clone();
        Callback::from(move |event: Event| {
            if let Some(color) = selected(&event).as_deref().and_then(Color::parse) {
                on_to_move.emit(color);
            }
        })
    };
    let clear = props.on_clear.reform(|_: MouseEvent| ());
    html! {
        <div class="setup">
            if props.editing {
                <p class="hint">{ "Click a cell: empty → Black → White → empty. The moves so far are replaced by this position." }</p>
                <label class="field">
                    <span>{ "To move" }</span>
                    <select id="setup-to-move" onchange={on_to_move}>
                        <option value="black" selected={props.to_move == Color::Black}>{ "Black" }</option>
                        <option value="white" selected={props.to_move == Color::White}>{ "White" }</option>
                    </select>
                </label>
                <div class="buttons">
                    <button id="setup-clear" type="button" onclick={clear}>{ "Clear board" }</button>
                    <button id="setup-done" type="button" class="primary" onclick={toggle}>{ "Done" }</button>
                </div>
            } else {
                <button id="setup-start" type="button" onclick={toggle}>{ "Set up a position" }</button>
            }
        </div>
    }
}
