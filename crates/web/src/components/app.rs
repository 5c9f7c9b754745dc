//! The whole page: the board, the status line and the panel, wired to the game state and the
//! engine worker.

use std::rc::Rc;

use ohm_engine::{Color, Move, Point};
use yew::prelude::*;

use crate::components::{Controls, HexBoard, StatusLine};
use crate::state::{Action, Game};
use crate::worker::EngineClient;

#[function_component(App)]
pub fn app() -> Html {
    let game = use_reducer(Game::default);

    // One worker for the page's lifetime; its replies become actions.
    let engine = {
        let dispatcher = game.dispatcher();
        use_memo((), move |_| {
            EngineClient::spawn(move |reply| dispatcher.dispatch(Action::EngineReplied(reply)))
        })
    };

    // Whenever the game opens a new engine job, hand it to the worker.
    {
        let game = game.clone();
        let engine = Rc::clone(&engine);
        use_effect_with(game.pending(), move |_| {
            for job in game.engine_jobs() {
                engine.send(&job);
            }
        });
    }

    let dispatch = |to_action: fn(Point) -> Action| {
        let dispatcher = game.dispatcher();
        Callback::from(move |point: Point| dispatcher.dispatch(to_action(point)))
    };
    let on_play = dispatch(Action::Play);
    let on_new_game = {
        let dispatcher = game.dispatcher();
        Callback::from(move |(width, height): (u8, u8)| {
            dispatcher.dispatch(Action::NewGame { width, height });
        })
    };
    let on_engine_side = {
        let dispatcher = game.dispatcher();
        Callback::from(move |side: Option<Color>| dispatcher.dispatch(Action::SetEngineSide(side)))
    };
    let on_undo = {
        let dispatcher = game.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(Action::Undo))
    };

    let position = game.position();
    let board = *position.board();
    let last_move = position.last_move().and_then(|played| match played.mv {
        Move::Cell(point) => Some(point),
        // After a swap the moved stone is the mirror of the first one.
        Move::Swap => position.history().next().and_then(|first| match first.mv {
            Move::Cell(point) => Some(point.mirrored()),
            _ => None,
        }),
        Move::Pass | Move::Resign => None,
    });

    html! {
        <div class="app">
            <header class="masthead">
                <h1>{ "Ohm" }</h1>
                <p class="tagline">{ "Hex in your browser" }</p>
            </header>
            <main class="play">
                <section class="board-area">
                    <HexBoard
                        {board}
                        black={position.stones(Color::Black)}
                        white={position.stones(Color::White)}
                        {last_move}
                        winning={game.winning_group()}
                        playable={game.accepts_clicks()}
                        {on_play} />
                </section>
                <aside class="panel">
                    <StatusLine status={game.status()} engine_side={game.engine_side()} />
                    <Controls
                        width={board.width()}
                        height={board.height()}
                        engine_side={game.engine_side()}
                        can_undo={game.can_undo()}
                        {on_new_game}
                        {on_engine_side}
                        {on_undo} />
                </aside>
            </main>
        </div>
    }
}
