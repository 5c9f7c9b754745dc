//! How the board looks and plays: coordinates, move numbers, orientation, palette, and whether a
//! move is previewed before it is played.

use yew::prelude::*;

use crate::components::controls::{checked, selected};
use crate::geometry::Orientation;
use crate::storage::{Palette, Settings};

#[derive(Properties, PartialEq, Debug)]
pub struct OptionsProps {
    pub settings: Settings,
    pub on_change: Callback<Settings>,
}

#[function_component(BoardOptions)]
pub fn board_options(props: &OptionsProps) -> Html {
    let settings = props.settings;
    let change = |update: fn(&mut Settings, &Event)| {
        let on_change = props.on_change.clone();
        Callback::from(move |event: Event| {
            let mut next = settings;
            update(&mut next, &event);
            on_change.emit(next);
        })
    };
    html! {
        <div class="options">
            <label class="check">
                <input id="show-coordinates" type="checkbox" checked={settings.coordinates}
                    onchange={change(|s, e| s.coordinates = checked(e))} />
                { "Coordinates" }
            </label>
            <label class="check">
                <input id="show-numbers" type="checkbox" checked={settings.move_numbers}
                    onchange={change(|s, e| s.move_numbers = checked(e))} />
                { "Move numbers" }
            </label>
            <label class="check" title="The first tap shows the stone; tap the cell again, or Play, to play it">
                <input id="confirm-moves" type="checkbox" checked={settings.confirm_moves}
                    onchange={change(|s, e| s.confirm_moves = checked(e))} />
                { "Preview moves, tap again to play" }
            </label>
            <label class="field">
                <span>{ "Orientation" }</span>
                <select id="orientation" onchange={change(|s, e| {
                    if let Some(o) = selected(e).as_deref().and_then(Orientation::from_name) {
                        s.orientation = o;
                    }
                })}>
                    { for Orientation::ALL.into_iter().map(|o| html! {
                        <option value={o.name()} selected={o == settings.orientation}>{ o.label() }</option>
                    }) }
                </select>
            </label>
            <label class="field">
                <span>{ "Colours" }</span>
                <select id="palette" onchange={change(|s, e| {
                    if let Some(p) = selected(e).as_deref().and_then(Palette::from_name) {
                        s.palette = p;
                    }
                })}>
                    { for Palette::ALL.into_iter().map(|p| html! {
                        <option value={p.name()} selected={p == settings.palette}>{ p.label() }</option>
                    }) }
                </select>
            </label>
        </div>
    }
}
