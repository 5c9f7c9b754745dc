//! The game panel: board size, which side Ohm plays, new game and undo.

use ohm_engine::{Color, MAX_SIZE};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq, Debug)]
pub struct ControlsProps {
    pub width: u8,
    pub height: u8,
    pub engine_side: Option<Color>,
    pub can_undo: bool,
    /// A new game of this width and height.
    pub on_new_game: Callback<(u8, u8)>,
    pub on_engine_side: Callback<Option<Color>>,
    pub on_undo: Callback<()>,
}

/// The value of the `<select>` that fired `event`.
fn selected(event: &Event) -> Option<String> {
    event
        .target_dyn_into::<HtmlSelectElement>()
        .map(|select| select.value())
}

fn engine_side_value(side: Option<Color>) -> &'static str {
    match side {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "nobody",
    }
}

#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let (width, height) = (props.width, props.height);
    // Changing a dimension starts a new game of the new size straight away.
    let size_select = |id: &'static str, label: &'static str, current: u8, is_width: bool| {
        let on_new_game = props.on_new_game.clone();
        let onchange = Callback::from(move |event: Event| {
            if let Some(n) = selected(&event).and_then(|v| v.parse::<u8>().ok()) {
                on_new_game.emit(if is_width { (n, height) } else { (width, n) });
            }
        });
        html! {
            <label class="field">
                <span>{ label }</span>
                <select {id} {onchange}>
                    { for (1..=MAX_SIZE).map(|n| html! {
                        <option value={n.to_string()} selected={n == current}>{ n }</option>
                    }) }
                </select>
            </label>
        }
    };
    let on_engine_side = {
        let on_engine_side = props.on_engine_side.clone();
        Callback::from(move |event: Event| {
            let side = selected(&event).and_then(|v| Color::parse(&v));
            on_engine_side.emit(side);
        })
    };
    let on_new_game = {
        let on_new_game = props.on_new_game.clone();
        Callback::from(move |_: MouseEvent| on_new_game.emit((width, height)))
    };
    let on_undo = props.on_undo.reform(|_: MouseEvent| ());
    let side = engine_side_value(props.engine_side);

    html! {
        <form class="controls" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <fieldset class="size">
                <legend>{ "Board" }</legend>
                { size_select("board-width", "Columns", width, true) }
                <span class="times" aria-hidden="true">{ "×" }</span>
                { size_select("board-height", "Rows", height, false) }
            </fieldset>
            <label class="field">
                <span>{ "Ohm plays" }</span>
                <select id="engine-side" onchange={on_engine_side}>
                    <option value="white" selected={side == "white"}>{ "White (blue)" }</option>
                    <option value="black" selected={side == "black"}>{ "Black (red)" }</option>
                    <option value="nobody" selected={side == "nobody"}>{ "nobody" }</option>
                </select>
            </label>
            <div class="buttons">
                <button id="new-game" type="button" onclick={on_new_game}>{ "New game" }</button>
                <button id="undo" type="button" onclick={on_undo} disabled={!props.can_undo}>
                    { "Undo" }
                </button>
            </div>
        </form>
    }
}
