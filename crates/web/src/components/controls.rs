//! The new-game panel (board size, who plays each colour, the swap rule) and the buttons of
//! play (undo, redo, swap, resign).
//!
//! The board size is a choice for the next game: it applies when "New game" is pressed, never
//! to the game on the board. A new game sets the old one aside; the panel says so and offers
//! it back (as Undo does).

use ohm_engine::{ByColor, Color, MAX_SIZE};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::{levels, Player};

/// The value of the `<select>` that fired `event`.
pub fn selected(event: &Event) -> Option<String> {
    event
        .target_dyn_into::<HtmlSelectElement>()
        .map(|select| select.value())
}

/// Whether the checkbox that fired `event` is now checked.
pub fn checked(event: &Event) -> bool {
    event
        .target_dyn_into::<HtmlInputElement>()
        .is_some_and(|input| input.checked())
}

#[derive(Properties, PartialEq, Debug)]
pub struct NewGameProps {
    pub width: u8,
    pub height: u8,
    pub black: Player,
    pub white: Player,
    /// Ohm's level for each colour.
    pub levels: ByColor<u8>,
    pub swap_rule: bool,
    pub can_change_swap_rule: bool,
    /// A new game of this width and height.
    pub on_new_game: Callback<(u8, u8)>,
    /// A player for a colour, with Ohm's level (kept when the choice is a person).
    pub on_player: Callback<(Color, Player, u8)>,
    pub on_swap_rule: Callback<bool>,
    /// What the players' colours are called (Black, White).
    pub colour_names: (&'static str, &'static str),
    /// The game set aside by the last new game, import or link: (width, height, moves).
    #[prop_or_default]
    pub previous: Option<(u8, u8, usize)>,
    /// Bring the game set aside back.
    pub on_restore: Callback<()>,
}

#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    // The size of the next game: the current game's until another is chosen, and again after
    // each new game (the board's size changes then).
    let chosen = use_state(|| (props.width, props.height));
    {
        let chosen = chosen.clone();
        use_effect_with((props.width, props.height), move |&size| chosen.set(size));
    }
    let (width, height) = *chosen;
    let size_select = |id: &'static str, label: &'static str, current: u8, is_width: bool| {
        let chosen = chosen.clone();
        let onchange = Callback::from(move |event: Event| {
            if let Some(n) = selected(&event).and_then(|v| v.parse::<u8>().ok()) {
                let (w, h) = *chosen;
                chosen.set(if is_width { (n, h) } else { (w, n) });
            }
        });
        html! {
            <label class="field">
                <span class="visually-hidden">{ label }</span>
                <select {id} {onchange} aria-label={label}>
                    { for (1..=MAX_SIZE).map(|n| html! {
                        <option value={n.to_string()} selected={n == current}>{ n }</option>
                    }) }
                </select>
            </label>
        }
    };
    let player_select = |color: Color, current: Player, colour: &str| {
        let on_player = props.on_player.clone();
        let level = props.levels[color];
        let onchange = Callback::from(move |event: Event| {
            let choice = selected(&event);
            let ohm_level = choice
                .as_deref()
                .and_then(|v| v.strip_prefix("ohm-"))
                .and_then(|n| n.parse::<u8>().ok());
            match ohm_level {
                Some(n) => on_player.emit((color, Player::Ohm, n)),
                None => on_player.emit((color, Player::Human, level)),
            }
        });
        let name = match color {
            Color::Black => "Black",
            Color::White => "White",
        };
        html! {
            <label class="field player">
                <span><span class={classes!("swatch", color.name())}></span>
                    { format!("{name} ({colour})") }</span>
                <select id={format!("{}-player", color.name())} {onchange}>
                    <option value="human" selected={current == Player::Human}>{ "Human" }</option>
                    { for levels().map(|(n, words)| html! {
                        <option value={format!("ohm-{n}")}
                            selected={current == Player::Ohm && level == n}>
                            { format!("Ohm, level {n} ({words})") }
                        </option>
                    }) }
                </select>
            </label>
        }
    };
    let on_swap_rule = {
        let on_swap_rule = props.on_swap_rule.clone();
        Callback::from(move |event: Event| on_swap_rule.emit(checked(&event)))
    };
    let on_new_game = {
        let on_new_game = props.on_new_game.clone();
        Callback::from(move |_: MouseEvent| on_new_game.emit((width, height)))
    };
    let (black_colour, white_colour) = props.colour_names;
    let square = width == height;
    let changed = (width, height) != (props.width, props.height);
    let restore = props.on_restore.reform(|_: MouseEvent| ());
    html! {
        <div class="new-game">
            <fieldset class="size">
                <legend>{ "Board" }</legend>
                { size_select("board-width", "Columns", width, true) }
                <span class="times" aria-hidden="true">{ "×" }</span>
                { size_select("board-height", "Rows", height, false) }
            </fieldset>
            if changed {
                <p id="size-pending" class="hint">
                    { format!("The {width}×{height} board is for the next game: press New game. The game on the board stays as it is.") }
                </p>
            }
            <div class="players">
                { player_select(Color::Black, props.black, black_colour) }
                { player_select(Color::White, props.white, white_colour) }
            </div>
            <label class="check" title={(!square).then_some("Swap needs a square board")}>
                <input id="swap-rule" type="checkbox" checked={props.swap_rule}
                    disabled={!props.can_change_swap_rule} onchange={on_swap_rule} />
                { "Swap rule (second player may take the first stone)" }
            </label>
            <button id="new-game" type="button" class="primary" onclick={on_new_game}>
                { if changed { format!("New {width}×{height} game") } else { "New game".to_string() } }
            </button>
            if let Some((w, h, moves)) = props.previous {
                <p id="previous-game" class="note">
                    { format!("The previous game ({w}×{h}, {moves} {}) is kept: Undo at the start of this game, or this button, brings it back. ",
                        if moves == 1 { "move" } else { "moves" }) }
                    <button id="restore-game" type="button" class="link" onclick={restore}>
                        { "Bring it back" }
                    </button>
                </p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq, Debug)]
pub struct PlayBarProps {
    pub can_undo: bool,
    /// Undo brings back the game a new game set aside.
    #[prop_or_default]
    pub undo_restores: bool,
    /// The swap on offer, in words (who takes which stone, where it goes).
    #[prop_or_default]
    pub swap_offer: Option<AttrValue>,
    pub can_redo: bool,
    pub can_swap: bool,
    pub can_resign: bool,
    /// Ohm is to move but the record goes on: offer to let it play here.
    pub engine_waits: bool,
    pub on_undo: Callback<()>,
    pub on_redo: Callback<()>,
    pub on_swap: Callback<()>,
    pub on_resign: Callback<()>,
    pub on_engine_here: Callback<()>,
}

#[function_component(PlayBar)]
pub fn play_bar(props: &PlayBarProps) -> Html {
    let click = |callback: &Callback<()>| callback.reform(|_: MouseEvent| ());
    html! {
        <div class="play-bar">
            if props.can_swap {
                <div id="swap-offer" class="swap-offer" role="group" aria-label="The swap rule">
                    if let Some(words) = &props.swap_offer {
                        <p>{ words.clone() }</p>
                    }
                    <button id="swap" type="button" class="primary offer" onclick={click(&props.on_swap)}
                        title="Take the first stone: it is mirrored and becomes yours">
                        { "Swap" }
                    </button>
                </div>
            }
            if props.engine_waits {
                <button id="engine-here" type="button" class="primary offer"
                    onclick={click(&props.on_engine_here)}>
                    { "Ohm, play here" }
                </button>
            }
            <div class="buttons">
                <button id="undo" type="button" onclick={click(&props.on_undo)}
                    disabled={!props.can_undo}
                    title={if props.undo_restores { "Bring back the previous game" } else { "Take back (Ohm's reply too)" }}>
                    { "Undo" }
                </button>
                <button id="redo" type="button" onclick={click(&props.on_redo)}
                    disabled={!props.can_redo}>
                    { "Redo" }
                </button>
                <button id="resign" type="button" onclick={click(&props.on_resign)}
                    disabled={!props.can_resign}>
                    { "Resign" }
                </button>
            </div>
        </div>
    }
}
