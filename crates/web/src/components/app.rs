//! The whole page: the board, the status line and the panel, wired to the game state, the
//! engine worker, the address bar and the browser's storage.

use ohm_engine::{Color, Move};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::browser;
use crate::components::analysis::board_overlay;
use crate::components::status::{player_name, status_text};
use crate::components::{
    AnalysisPanel, BoardOptions, GameOver, HexBoard, MoveList, NewGame, PlayBar, RecordIo,
    SetupPanel, StatusLine, ThinkingPanel,
};
use crate::host::{EngineHost, DEFAULT_WATCHDOG_MS};
use crate::records;
use crate::state::{Action, Game, Player, Status};
use crate::storage::{self, Settings};
use crate::study::{is_study_reply, Study, StudyAction};
use crate::tree::{MoveTree, NodeId};

/// The game to open with: the one in the address if it differs from the stored one (a link was
/// followed), else the stored one, else a new game.
fn initial_game() -> Game {
    let saved = storage::load_game();
    let hash = browser::hash();
    if !hash.is_empty() {
        let saved_fragment = saved
            .as_ref()
            .and_then(|g| records::fragment(g.tree(), g.current()));
        if saved_fragment.as_deref() != Some(hash.as_str()) {
            match records::from_fragment(&hash) {
                Ok((tree, at)) => {
                    // A shared game opens for study: nobody moves on their own.
                    return Game::loaded(
                        tree,
                        at,
                        ohm_engine::ByColor::new(Player::Human, Player::Human),
                    );
                }
                Err(e) => web_sys::console::warn_1(
                    &format!("ohm: the address holds no game: {}", e.message).into(),
                ),
            }
        }
    }
    saved.unwrap_or_default()
}

/// What a move is, said in words for screen readers.
fn spoken_move(game: &Game) -> Option<String> {
    let played = game.position().last_move()?;
    let who = match played.color {
        Color::Black => "Black",
        Color::White => "White",
    };
    Some(match played.mv {
        Move::Cell(p) => format!("{who} played {p}."),
        Move::Swap => format!("{who} swapped."),
        Move::Pass => format!("{who} passed."),
        Move::Resign => format!("{who} resigned."),
    })
}

/// Runs `handler` for every `event` on the window while the component lives.
#[hook]
fn use_window_listener<E: JsCast + 'static>(event: &'static str, handler: impl Fn(E) + 'static) {
    use_effect_with((), move |_| {
        let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
            if let Ok(e) = e.dyn_into::<E>() {
                handler(e);
            }
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
        }
        move || {
            if let Some(w) = window {
                let _ =
                    w.remove_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
            }
        }
    });
}

#[function_component(App)]
pub fn app() -> Html {
    let game = use_reducer(initial_game);
    let settings = use_state(storage::load_settings);
    // (game serial, node) where the person closed the game-over dialog.
    let dismissed = use_state(|| None::<(u32, NodeId)>);

    let study = use_reducer(Study::default);

    // One engine host for the page's lifetime; its replies become actions of the game or,
    // for analysis jobs, of the study.
    let host = {
        let dispatcher = game.dispatcher();
        let study_dispatcher = study.dispatcher();
        use_memo((), move |_| {
            let watchdog = browser::query("watchdog")
                .and_then(|ms| ms.parse().ok())
                .unwrap_or(DEFAULT_WATCHDOG_MS);
            EngineHost::start(
                move |reply| {
                    if is_study_reply(&reply) {
                        study_dispatcher.dispatch(StudyAction::Replied(reply));
                    } else {
                        dispatcher.dispatch(Action::EngineReplied(reply));
                    }
                },
                watchdog,
            )
        })
    };

    // Analysis follows the position on the board; its jobs go to the same worker, unwatched.
    {
        let dispatcher = study.dispatcher();
        use_effect_with(game.position_request(), move |request| {
            dispatcher.dispatch(StudyAction::PositionChanged(request.clone()));
        });
    }
    {
        let study = study.clone();
        let host = host.clone();
        use_effect_with(study.pending(), move |_| host.send_unwatched(&study.jobs()));
    }

    // Whenever the game opens a new engine job (or stops waiting), tell the host.
    {
        let game = game.clone();
        let host = host.clone();
        use_effect_with(game.pending(), move |_| host.submit(game.engine_jobs()));
    }
    // "Move now": the worker cannot read a message while it searches, so it is replaced (the
    // host hands the new one the open job, if the game still waits for one).
    {
        let host = host.clone();
        use_effect_with(game.interrupts(), move |&interrupts| {
            if interrupts > 0 {
                host.interrupt();
            }
        });
    }

    // Every change is stored and written to the address bar.
    {
        let game = game.clone();
        use_effect_with(game.clone(), move |_| {
            storage::save_game(&game);
            browser::replace_hash(records::fragment(game.tree(), game.current()).as_deref());
        });
    }
    {
        let settings = *settings;
        use_effect_with(settings, storage::save_settings);
    }

    // A fragment typed in the address bar (or back/forward) loads that game.
    {
        let dispatcher = game.dispatcher();
        use_window_listener("hashchange", move |_: web_sys::Event| {
            if let Ok((tree, at)) = records::from_fragment(&browser::hash()) {
                dispatcher.dispatch(Action::Load {
                    tree: Box::new(tree),
                    at,
                });
            }
        });
    }

    // Left/Right/Home/End move through the record, unless a field or the board has the keys.
    {
        let dispatcher = game.dispatcher();
        use_window_listener("keydown", move |event: web_sys::KeyboardEvent| {
            let in_field = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                        || el.closest("#board").ok().flatten().is_some()
                });
            if in_field || event.ctrl_key() || event.meta_key() || event.alt_key() {
                return;
            }
            let action = match event.key().as_str() {
                "ArrowLeft" => Action::Previous,
                "ArrowRight" => Action::Next,
                "Home" => Action::First,
                "End" => Action::Last,
                _ => return,
            };
            event.prevent_default();
            dispatcher.dispatch(action);
        });
    }

    let act = |action: Action| {
        let dispatcher = game.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(action.clone()))
    };
    // While picking ends for analysis, board clicks choose ends instead of playing.
    let on_play = {
        let dispatcher = game.dispatcher();
        let study_dispatcher = study.dispatcher();
        // Set-up mode keeps its clicks (stones on and off) even while picking.
        let picking = study.picking() && !game.editing();
        let position = game.position().clone();
        Callback::from(move |point| {
            if picking {
                study_dispatcher.dispatch(StudyAction::PickCell(point, position.color_at(point)));
            } else {
                dispatcher.dispatch(Action::Play(point));
            }
        })
    };
    let on_study = {
        let dispatcher = study.dispatcher();
        Callback::from(move |action| dispatcher.dispatch(action))
    };
    let on_new_game = {
        let dispatcher = game.dispatcher();
        Callback::from(move |(width, height): (u8, u8)| {
            dispatcher.dispatch(Action::NewGame { width, height });
        })
    };
    let on_player = {
        let dispatcher = game.dispatcher();
        Callback::from(move |(color, player, level)| {
            dispatcher.dispatch(Action::SetLevel(color, level));
            dispatcher.dispatch(Action::SetPlayer(color, player));
        })
    };
    let on_move_now = {
        let dispatcher = game.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(Action::MoveNow))
    };
    let on_swap_rule = {
        let dispatcher = game.dispatcher();
        Callback::from(move |on| dispatcher.dispatch(Action::SetSwapRule(on)))
    };
    let on_go_to = {
        let dispatcher = game.dispatcher();
        Callback::from(move |node| dispatcher.dispatch(Action::GoTo(node)))
    };
    let on_import = {
        let dispatcher = game.dispatcher();
        Callback::from(move |(tree, at): (MoveTree, NodeId)| {
            // An imported record opens for study: nobody moves on their own.
            dispatcher.dispatch(Action::SetPlayer(Color::Black, Player::Human));
            dispatcher.dispatch(Action::SetPlayer(Color::White, Player::Human));
            dispatcher.dispatch(Action::Load {
                tree: Box::new(tree),
                at,
            });
        })
    };
    let on_settings = {
        let settings = settings.clone();
        Callback::from(move |next: Settings| settings.set(next))
    };
    let on_editing = {
        let dispatcher = game.dispatcher();
        Callback::from(move |on| dispatcher.dispatch(Action::SetEditing(on)))
    };
    let on_to_move = {
        let dispatcher = game.dispatcher();
        Callback::from(move |color| dispatcher.dispatch(Action::SetSideToMove(color)))
    };
    let on_close_dialog = {
        let dismissed = dismissed.clone();
        let key = (game.serial(), game.current());
        Callback::from(move |()| dismissed.set(Some(key)))
    };
    let on_dialog_new_game = {
        let dispatcher = game.dispatcher();
        let board = *game.position().board();
        Callback::from(move |()| {
            dispatcher.dispatch(Action::NewGame {
                width: board.width(),
                height: board.height(),
            });
        })
    };

    let position = game.position();
    let board = *position.board();
    let palette = settings.palette;
    let colour_names = palette.colour_names();
    let status = game.status();
    let players = game.players();
    let status_words = status_text(&status, players, colour_names);
    let announcement = match spoken_move(&game) {
        Some(mv) => format!("{mv} {status_words}"),
        None => status_words.clone(),
    };
    let show_dialog =
        matches!(status, Status::Won { .. }) && *dismissed != Some((game.serial(), game.current()));
    let overlay = std::rc::Rc::new(board_overlay(&study, position));
    let numbers = if settings.move_numbers {
        game.move_numbers()
    } else {
        Vec::new()
    };

    html! {
        <div class="app" data-palette={palette.name()}>
            <header class="masthead">
                <h1>{ "Ohm" }</h1>
                <p class="tagline">{ "Hex in your browser" }</p>
            </header>
            <main class="play">
                <section class="board-area" aria-label="Board">
                    <HexBoard
                        {board}
                        black={position.stones(Color::Black)}
                        white={position.stones(Color::White)}
                        last_move={game.last_move_cell()}
                        winning={game.winning_group()}
                        {numbers}
                        playable={game.accepts_clicks()}
                        editing={game.editing()}
                        coordinates={settings.coordinates}
                        orientation={settings.orientation}
                        {colour_names}
                        {overlay}
                        picking={study.picking() && !game.editing()}
                        hint={game.thinking_best()}
                        {on_play} />
                    if show_dialog {
                        <GameOver message={status_words.clone()}
                            on_new_game={on_dialog_new_game}
                            on_close={on_close_dialog} />
                    }
                </section>
                <aside class="panel">
                    <StatusLine status={status.clone()} {players} {colour_names} />
                    if let Status::Thinking(color) = status {
                        <ThinkingPanel level={game.job_level().unwrap_or(game.levels()[color])}
                            report={game.thinking().cloned()} {on_move_now} />
                    }
                    <p id="announcer" class="visually-hidden" aria-live="polite" aria-atomic="true">
                        { announcement }
                    </p>
                    <PlayBar
                        can_undo={game.can_undo()}
                        can_redo={game.can_redo()}
                        can_swap={game.can_swap()}
                        can_resign={game.can_resign()}
                        engine_waits={matches!(status, Status::Reviewing(_))}
                        on_undo={act(Action::Undo)}
                        on_redo={act(Action::Redo)}
                        on_swap={act(Action::Swap)}
                        on_resign={act(Action::Resign)}
                        on_engine_here={act(Action::EnginePlayHere)} />
                    <details class="section" open=true>
                        <summary>{ "Record" }</summary>
                        <MoveList
                            tree={game.tree().clone()}
                            current={game.current()}
                            {on_go_to}
                            on_first={act(Action::First)}
                            on_previous={act(Action::Previous)}
                            on_next={act(Action::Next)}
                            on_last={act(Action::Last)} />
                    </details>
                    <details class="section" id="analysis-section">
                        <summary>{ "Analysis" }</summary>
                        <AnalysisPanel study={(*study).clone()} to_move={position.to_move()}
                            game_over={position.is_over()} on_action={on_study} />
                    </details>
                    <details class="section" open=true>
                        <summary>{ "New game" }</summary>
                        <NewGame
                            width={board.width()}
                            height={board.height()}
                            black={players.black}
                            white={players.white}
                            levels={game.levels()}
                            swap_rule={game.swap_rule() || (game.prefers_swap() && !board.is_square())}
                            can_change_swap_rule={game.can_change_swap_rule()}
                            {colour_names}
                            {on_new_game}
                            {on_player}
                            {on_swap_rule} />
                    </details>
                    <details class="section" id="io-section">
                        <summary>{ "Import and export" }</summary>
                        <RecordIo tree={game.tree().clone()} current={game.current()}
                            {board} {on_import} />
                    </details>
                    <details class="section" id="options-section">
                        <summary>{ "Board and colours" }</summary>
                        <BoardOptions settings={*settings} on_change={on_settings} />
                    </details>
                    <details class="section" id="setup-section" open={game.editing()}>
                        <summary>{ "Set up" }</summary>
                        <SetupPanel editing={game.editing()} to_move={position.to_move()}
                            {on_editing} {on_to_move} on_clear={act(Action::ClearBoard)} />
                    </details>
                    <p class="legend">
                        <span class={classes!("swatch", "black")}></span>
                        { format!("{} joins the two {} edges; ", player_name(Color::Black, colour_names), colour_names.0) }
                        <span class={classes!("swatch", "white")}></span>
                        { format!("{} joins the two {} edges.", player_name(Color::White, colour_names), colour_names.1) }
                    </p>
                </aside>
            </main>
        </div>
    }
}
