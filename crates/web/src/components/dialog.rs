//! The end of a game: who won, and what next.

use yew::prelude::*;

#[derive(Properties, PartialEq, Debug)]
pub struct GameOverProps {
    pub message: String,
    pub on_new_game: Callback<()>,
    pub on_close: Callback<()>,
}

#[function_component(GameOver)]
pub fn game_over(props: &GameOverProps) -> Html {
    let new_game = props.on_new_game.reform(|_: MouseEvent| ());
    let close = props.on_close.reform(|_: MouseEvent| ());
    let onkeydown = {
        let on_close = props.on_close.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                on_close.emit(());
            }
        })
    };
    let button_ref = use_node_ref();
    {
        let button_ref = button_ref.clone();
        use_effect_with((), move |_| {
            if let Some(button) = button_ref.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
        });
    }
    html! {
        <div class="dialog-backdrop" {onkeydown}>
            <div id="game-over" class="dialog" role="dialog" aria-modal="true"
                aria-labelledby="game-over-title">
                <h2 id="game-over-title">{ "Game over" }</h2>
                <p>{ &props.message }</p>
                <div class="buttons">
                    <button id="dialog-review" type="button" onclick={close}>{ "Review" }</button>
                    <button id="dialog-new-game" type="button" class="primary" ref={button_ref}
                        onclick={new_game}>{ "New game" }</button>
                </div>
            </div>
        </div>
    }
}
