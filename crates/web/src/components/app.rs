//! The whole page: the board, the status line and the panel, wired to the game state, the
//! engine worker, the address bar and the browser's storage.
//!
//! On a phone (the one-column layout) the panel's sections are tabs of a bar at the bottom:
//! Game, Moves, Analysis, Records and Settings; the chosen tab opens under the play buttons and
//! the board makes room for it, so that every control is on the screen without scrolling.
//!
//! With the "preview moves" setting (on by default on touch screens) a tap on an empty cell
//! only shows a translucent stone there; tapping the same cell again, or the Play button beside
//! the board, plays it; another cell moves the preview; Escape or a tap anywhere else cancels.
//! Keyboard play goes the same way: Enter shows the preview at the cursor, Enter again plays.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use ohm_engine::{Color, Move, Point};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::browser;
use crate::components::analysis::{board_overlay, hover_preview};
use crate::components::board::BoardOverlay;
use crate::components::status::{player_name, status_text};
use crate::components::status::{swap_offer_words, swap_words};
use crate::components::PuzzlePanel;
use crate::components::{
    AnalysisPanel, BoardOptions, GameOver, HexBoard, MoveList, NewGame, PlayBar, RecordIo,
    SetupPanel, StatusLine, ThinkingPanel,
};
use crate::host::{EngineHost, RestartNotice, DEFAULT_WATCHDOG_MS};
use crate::puzzle::{
    is_puzzle_reply, OpenPuzzle, OpenPuzzleAction, PuzzleAction, PuzzleRun, DEFAULT_BUDGET_MS,
    PUZZLE_IDS,
};
use crate::records::{self, ImportError};
use crate::state::{Action, Game, Player, Status};
use crate::storage::{self, Settings};
use crate::study::{is_study_reply, Study, StudyAction, Toggle};
use crate::tree::{MoveTree, NodeId};

/// A link whose position could not be read: the address's fragment and what is wrong with it.
#[derive(Clone, Debug, PartialEq)]
struct LinkError {
    fragment: String,
    error: ImportError,
}

/// The game to open with: the one in the address if it differs from the stored one (a link was
/// followed; the stored game is set aside, for Undo), else the stored one, else a new game. A
/// link that does not read leaves the stored game on the board and says why.
fn initial_game() -> (Game, Option<LinkError>) {
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
                    let mut game = saved.unwrap_or_default();
                    game.apply(Action::Load {
                        tree: Box::new(tree),
                        at,
                    });
                    game.apply(Action::SetPlayer(Color::Black, Player::Human));
                    game.apply(Action::SetPlayer(Color::White, Player::Human));
                    return (game, None);
                }
                Err(error) => {
                    let link = LinkError {
                        fragment: hash,
                        error,
                    };
                    return (saved.unwrap_or_default(), Some(link));
                }
            }
        }
    }
    (saved.unwrap_or_default(), None)
}

/// The panel's sections, which a phone shows one at a time as tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Game,
    Moves,
    Analysis,
    Records,
    Settings,
}

impl Tab {
    const ALL: [Tab; 5] = [
        Tab::Game,
        Tab::Moves,
        Tab::Analysis,
        Tab::Records,
        Tab::Settings,
    ];

    fn name(self) -> &'static str {
        match self {
            Tab::Game => "game",
            Tab::Moves => "moves",
            Tab::Analysis => "analysis",
            Tab::Records => "records",
            Tab::Settings => "settings",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Tab::Game => "Game",
            Tab::Moves => "Moves",
            Tab::Analysis => "Analysis",
            Tab::Records => "Records",
            Tab::Settings => "Settings",
        }
    }
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

/// What a previewed move is, said in words for screen readers.
fn spoken_preview(point: Point, color: Color, colour_names: (&str, &str)) -> String {
    format!(
        "Preview: {} at {point}. Tap {point} again or press Play to play it; Escape cancels.",
        player_name(color, colour_names)
    )
}

/// Runs `handler` for every `event` on the window while the component lives; with `capture`,
/// before any element sees the event (so that an element stopping it does not hide it).
#[hook]
fn use_window_listener<E: JsCast + 'static>(
    event: &'static str,
    capture: bool,
    handler: impl Fn(E) + 'static,
) {
    use_effect_with((), move |_| {
        let closure = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
            if let Ok(e) = e.dyn_into::<E>() {
                handler(e);
            }
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback_and_bool(
                event,
                closure.as_ref().unchecked_ref(),
                capture,
            );
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback_and_bool(
                    event,
                    closure.as_ref().unchecked_ref(),
                    capture,
                );
            }
        }
    });
}

#[function_component(App)]
pub fn app() -> Html {
    let start = use_memo((), |_| initial_game());
    let game = {
        let start = start.clone();
        use_reducer(move || start.0.clone())
    };
    let link_error = use_state(|| start.1.clone());
    // On a phone: the tab whose section is open under the play buttons.
    let tab = use_state(|| None::<Tab>);
    // The address of the game set aside, so that Back (to that address) brings it back whole.
    let previous_fragment = use_mut_ref(|| None::<String>);
    let last_serial = use_mut_ref(|| None::<u32>);
    let settings = use_state(storage::load_settings);
    // (game serial, node) where the person closed the game-over dialog.
    let dismissed = use_state(|| None::<(u32, NodeId)>);

    let study = use_reducer(Study::default);
    // Puzzle mode: the position it was made of, its moves judged by the worker's solver.
    let puzzle = use_reducer(OpenPuzzle::default);
    let puzzle_error = use_state(|| None::<String>);
    // What the engine's keeper last said about a restarted worker, shown under the status.
    let notice = use_state(|| None::<RestartNotice>);
    // The move waiting for confirmation: where the game stood when it was previewed, and where.
    let preview = use_state(|| None::<((u32, NodeId), Point)>);

    // One engine host for the page's lifetime; its replies become actions of the game or,
    // for analysis jobs, of the study.
    let host = {
        let dispatcher = game.dispatcher();
        let study_dispatcher = study.dispatcher();
        let puzzle_dispatcher = puzzle.dispatcher();
        let notice = notice.setter();
        use_memo((), move |_| {
            let watchdog = browser::query("watchdog")
                .and_then(|ms| ms.parse().ok())
                .unwrap_or(DEFAULT_WATCHDOG_MS);
            let host = EngineHost::start(
                move |reply| {
                    if is_study_reply(&reply) {
                        study_dispatcher.dispatch(StudyAction::Replied(reply));
                    } else if is_puzzle_reply(&reply) {
                        puzzle_dispatcher
                            .dispatch(OpenPuzzleAction::Act(PuzzleAction::Replied(reply)));
                    } else {
                        dispatcher.dispatch(Action::EngineReplied(reply));
                    }
                },
                watchdog,
            );
            host.on_restart(move |restart| notice.set(Some(restart)));
            host
        })
    };
    // A restart notice fades after a while; giving up stays said.
    {
        let setter = notice.setter();
        use_effect_with((*notice).clone(), move |notice| {
            let timer = notice
                .as_ref()
                .filter(|n| !n.gave_up)
                .map(|_| Timeout::new(15_000, move || setter.set(None)));
            move || drop(timer)
        });
    }

    // Analysis follows the position on the board; its jobs go to the same worker, which the
    // host watches while they are unanswered.
    {
        let dispatcher = study.dispatcher();
        use_effect_with(game.position_request(), move |request| {
            dispatcher.dispatch(StudyAction::PositionChanged(request.clone()));
        });
    }
    {
        let study = study.clone();
        let host = host.clone();
        use_effect_with(study.pending(), move |_| host.send_analysis(&study.jobs()));
    }
    // Solve: a job of its own; Stop forgets it, then replaces the worker (the solver reads no
    // message while it runs), which gets the game's and the analysis' jobs again.
    {
        let study = study.clone();
        let host = host.clone();
        use_effect_with(study.solve_pending(), move |_| {
            host.send_solve(&study.solve_jobs());
        });
    }
    {
        let host = host.clone();
        use_effect_with(study.solve_stops(), move |&stops| {
            if stops > 0 {
                host.interrupt();
            }
        });
    }

    // Puzzle mode's jobs: one at a time, watched like the others.
    {
        let puzzle = puzzle.clone();
        let host = host.clone();
        let pending = puzzle.0.as_ref().and_then(PuzzleRun::pending);
        use_effect_with(pending, move |_| {
            let jobs = puzzle.0.as_ref().map(PuzzleRun::jobs).unwrap_or_default();
            host.send_puzzle(&jobs);
        });
    }
    // A puzzle of the game's position, from the Analysis section or a link (`?puzzle`).
    let begin_puzzle = {
        let dispatcher = puzzle.dispatcher();
        let puzzle_error = puzzle_error.setter();
        let game = game.clone();
        Callback::from(move |()| {
            let run = PuzzleRun::new(
                game.position().clone(),
                game.position_request(),
                DEFAULT_BUDGET_MS,
                PUZZLE_IDS,
            );
            match run {
                Ok(run) => {
                    puzzle_error.set(None);
                    dispatcher.dispatch(OpenPuzzleAction::Begin(Box::new(run)));
                }
                Err(message) => puzzle_error.set(Some(message)),
            }
        })
    };
    {
        let begin_puzzle = begin_puzzle.clone();
        let linked = start.1.is_none() && browser::query("puzzle").is_some();
        use_effect_with((), move |_| {
            if linked {
                begin_puzzle.emit(());
            }
        });
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

    // Every change is stored and written to the address bar; a new game (or an import) is a
    // new history entry, so that Back returns to the game before.
    {
        let game = game.clone();
        let previous_fragment = previous_fragment.clone();
        let last_serial = last_serial.clone();
        use_effect_with(game.clone(), move |_| {
            storage::save_game(&game);
            let fragment = records::fragment(game.tree(), game.current());
            let serial = game.serial();
            let replaced = last_serial.replace(Some(serial));
            if replaced.is_some_and(|s| s != serial) {
                browser::push_hash(fragment.as_deref());
            } else {
                browser::replace_hash(fragment.as_deref());
            }
            *previous_fragment.borrow_mut() = game
                .previous()
                .and_then(|p| records::fragment(&p.tree, p.current));
        });
    }
    {
        let settings = *settings;
        use_effect_with(settings, storage::save_settings);
    }

    // A fragment typed in the address bar (or back/forward) loads that game; Back to the game
    // set aside brings it back whole (variations, players); a fragment that does not read is
    // said, and the game stays.
    {
        let dispatcher = game.dispatcher();
        let previous_fragment: Rc<RefCell<Option<String>>> = previous_fragment.clone();
        let link_error = link_error.setter();
        use_window_listener("hashchange", false, move |_: web_sys::Event| {
            let hash = browser::hash();
            if hash.is_empty() {
                return;
            }
            if previous_fragment.borrow().as_deref() == Some(hash.as_str()) {
                dispatcher.dispatch(Action::RestorePrevious);
                link_error.set(None);
                return;
            }
            match records::from_fragment(&hash) {
                Ok((tree, at)) => {
                    link_error.set(None);
                    dispatcher.dispatch(Action::Load {
                        tree: Box::new(tree),
                        at,
                    });
                }
                Err(error) => link_error.set(Some(LinkError {
                    fragment: hash,
                    error,
                })),
            }
        });
    }

    // Left/Right/Home/End move through the record, unless a field or the board has the keys.
    {
        let dispatcher = game.dispatcher();
        use_window_listener("keydown", false, move |event: web_sys::KeyboardEvent| {
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

    // Escape, or a press anywhere but an empty cell or the Play/Cancel buttons, cancels a
    // preview.
    {
        let setter = preview.setter();
        use_window_listener("keydown", true, move |event: web_sys::KeyboardEvent| {
            if event.key() == "Escape" {
                setter.set(None);
            }
        });
    }
    {
        let setter = preview.setter();
        use_window_listener("pointerdown", true, move |event: web_sys::Event| {
            let on_cell_or_buttons = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| {
                    el.closest("#board .cell.playable, #confirm-move")
                        .ok()
                        .flatten()
                        .is_some()
                });
            if !on_cell_or_buttons {
                setter.set(None);
            }
        });
    }

    let position = game.position();
    // Moves wait for confirmation when the setting is on and a click would play one now.
    let open_puzzle = puzzle.0.clone();
    let confirming = settings.confirm_moves
        && game.accepts_clicks()
        && !game.editing()
        && !study.picking()
        && open_puzzle.is_none();
    let here = (game.serial(), game.current());
    let tentative = (*preview)
        .filter(|&(at, point)| confirming && at == here && position.color_at(point).is_none())
        .map(|(_, point)| point);

    let act = |action: Action| {
        let dispatcher = game.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(action.clone()))
    };
    // While picking ends for analysis, board clicks choose ends instead of playing; while
    // confirming, a first click previews the move and a second one on the same cell plays it.
    let on_play = {
        let puzzle_dispatcher = puzzle.dispatcher();
        let in_puzzle = open_puzzle.is_some();
        let dispatcher = game.dispatcher();
        let study_dispatcher = study.dispatcher();
        let preview = preview.clone();
        // Set-up mode keeps its clicks (stones on and off) even while picking.
        let picking = study.picking() && !game.editing();
        let position = game.position().clone();
        Callback::from(move |point: Point| {
            if in_puzzle {
                puzzle_dispatcher.dispatch(OpenPuzzleAction::Act(PuzzleAction::Play(point)));
            } else if picking {
                study_dispatcher.dispatch(StudyAction::PickCell(point, position.color_at(point)));
            } else if !confirming {
                dispatcher.dispatch(Action::Play(point));
            } else if tentative == Some(point) {
                preview.set(None);
                dispatcher.dispatch(Action::Play(point));
            } else if position.color_at(point).is_none() {
                preview.set(Some((here, point)));
            }
        })
    };
    let on_confirm = {
        let dispatcher = game.dispatcher();
        let preview = preview.clone();
        Callback::from(move |_: MouseEvent| {
            preview.set(None);
            if let Some(point) = tentative {
                dispatcher.dispatch(Action::Play(point));
            }
        })
    };
    let on_cancel = {
        let preview = preview.clone();
        Callback::from(move |_: MouseEvent| preview.set(None))
    };
    let on_study = {
        let dispatcher = study.dispatcher();
        Callback::from(move |action| dispatcher.dispatch(action))
    };
    // The pointer over a cell the solver decided previews its line; elsewhere, none.
    let on_hover = {
        let dispatcher = study.dispatcher();
        let study = study.clone();
        Callback::from(move |cell: Option<Point>| {
            if let Some(action) = hover_preview(&study, cell) {
                dispatcher.dispatch(action);
            }
        })
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
    let on_restore = {
        let dispatcher = game.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(Action::RestorePrevious))
    };
    let on_comment = {
        let dispatcher = game.dispatcher();
        Callback::from(move |(node, text): (NodeId, String)| {
            dispatcher.dispatch(Action::SetComment(node, text));
        })
    };
    let on_import = {
        let dispatcher = game.dispatcher();
        Callback::from(move |(tree, at): (MoveTree, NodeId)| {
            // An imported record opens for study: nobody moves on their own (the import's
            // message says so when Ohm played a side). The game it replaces is set aside with
            // its players, for Undo.
            dispatcher.dispatch(Action::Load {
                tree: Box::new(tree),
                at,
            });
            dispatcher.dispatch(Action::SetPlayer(Color::Black, Player::Human));
            dispatcher.dispatch(Action::SetPlayer(Color::White, Player::Human));
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
    let mut overlay = board_overlay(&study, position);
    if let Some(point) = tentative {
        let cell = overlay.at(point);
        cell.tentative = Some(position.to_move());
        cell.shades.push("tentative-cell");
        cell.notes
            .push("previewed move: tap it again or press Play to play it".into());
    }
    let overlay = Rc::new(match &open_puzzle {
        Some(run) => {
            let mut overlay = BoardOverlay::default();
            run.shade(&mut overlay);
            overlay
        }
        None => overlay,
    });
    // What the board shows: the puzzle while one is open, else the game.
    let shown = open_puzzle
        .as_ref()
        .map_or_else(|| position.clone(), |run| run.position().clone());
    let puzzle_panel = open_puzzle.as_ref().map(|run| {
        let on_action = {
            let dispatcher = puzzle.dispatcher();
            Callback::from(move |action| dispatcher.dispatch(OpenPuzzleAction::Act(action)))
        };
        let on_leave = {
            let dispatcher = puzzle.dispatcher();
            Callback::from(move |()| dispatcher.dispatch(OpenPuzzleAction::Leave))
        };
        // The game's address is the puzzle's first position while the puzzle is open.
        let link = records::fragment(game.tree(), game.current())
            .map(|fragment| browser::link_with_hash(&fragment).replacen('#', "?puzzle#", 1))
            .map(AttrValue::from);
        let names = (
            AttrValue::from(player_name(Color::Black, colour_names)),
            AttrValue::from(player_name(Color::White, colour_names)),
        );
        html! {
            <section id="puzzle" class="puzzle-panel" aria-label="Puzzle">
                <h2>{ "Puzzle" }</h2>
                <PuzzlePanel run={run.clone()} {names} {on_action} on_leave={Some(on_leave)} {link} />
            </section>
        }
    });
    let preview_words = tentative
        .map(|point| spoken_preview(point, position.to_move(), colour_names))
        .unwrap_or_default();
    let numbers = if settings.move_numbers {
        game.move_numbers()
    } else {
        Vec::new()
    };
    let swap_note = game
        .swap_just_played()
        .map(|(first, to, swapper)| swap_words(first, to, swapper, players, colour_names));
    let swap_offer = game
        .swap_offer()
        .map(|(first, to)| AttrValue::from(swap_offer_words(first, to, players, colour_names)));
    let previous = game.previous().map(|p| {
        let board = p.tree.start().board;
        (board.width(), board.height(), p.moves())
    });
    let link_notice = (*link_error).as_ref().map(|link| {
        let excerpt = link.error.excerpt(&link.fragment);
        let close = {
            let link_error = link_error.clone();
            Callback::from(move |_: MouseEvent| link_error.set(None))
        };
        html! {
            <div id="link-error" class="note error" role="alert">
                <p>{ format!("The address holds no game Ohm can read: {}", link.error.message) }</p>
                if let Some((_, shown)) = excerpt {
                    <pre>{ shown }</pre>
                }
                <p class="hint">{ "The game you had is still on the board." }</p>
                <button id="link-error-close" type="button" onclick={close}>{ "OK" }</button>
            </div>
        }
    });
    // Phone tabs: a section is shown when its tab is chosen (on wide screens all are, as
    // collapsible sections).
    let active = |t: Tab| *tab == Some(t);
    let section_class = |t: Tab| {
        classes!(
            "section",
            format!("tab-{}", t.name()),
            active(t).then_some("active")
        )
    };
    let tab_buttons = Tab::ALL.into_iter().map(|t| {
        let tab = tab.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            tab.set(if *tab == Some(t) { None } else { Some(t) });
        });
        html! {
            <button type="button" id={format!("tab-{}", t.name())} role="tab"
                aria-selected={active(t).to_string()} class={classes!("tab", active(t).then_some("active"))}
                {onclick}>{ t.label() }</button>
        }
    });
    html! {
        <div class="app" data-palette={palette.name()} data-tab={(*tab).map(Tab::name)}>
            <header class="masthead">
                <h1>{ "Ohm" }</h1>
                <p class="tagline">{ "Hex in your browser" }</p>
            </header>
            <main class="play">
                <section class="board-area" aria-label="Board">
                    <HexBoard
                        {board}
                        black={shown.stones(Color::Black)}
                        white={shown.stones(Color::White)}
                        last_move={if open_puzzle.is_some() { shown.last_move().and_then(|m| match m.mv { Move::Cell(p) => Some(p), _ => None }) } else { game.last_move_cell() }}
                        winning={if open_puzzle.is_some() { ohm_engine::CellSet::EMPTY } else { game.winning_group() }}
                        numbers={if open_puzzle.is_some() { Vec::new() } else { numbers }}
                        playable={open_puzzle.as_ref().map_or_else(|| game.accepts_clicks(), PuzzleRun::accepts_moves)}
                        editing={game.editing() && open_puzzle.is_none()}
                        coordinates={settings.coordinates}
                        orientation={settings.orientation}
                        {colour_names}
                        {overlay}
                        picking={study.picking() && !game.editing() && open_puzzle.is_none()}
                        hint={game.thinking_best().filter(|_| open_puzzle.is_none())}
                        on_hover={(study.shows(Toggle::Solver) && open_puzzle.is_none()).then_some(on_hover)}
                        {on_play} />
                    if let Some(point) = tentative {
                        <div id="confirm-move" class="confirm-bar" role="group"
                            aria-label="Confirm the move">
                            <button id="confirm-play" type="button" class="primary"
                                onclick={on_confirm}>{ format!("Play {point}") }</button>
                            <button id="confirm-cancel" type="button"
                                onclick={on_cancel}>{ "Cancel" }</button>
                        </div>
                    }
                    if show_dialog {
                        <GameOver message={status_words.clone()}
                            on_new_game={on_dialog_new_game}
                            on_close={on_close_dialog} />
                    }
                </section>
                <aside class="panel">
                    <StatusLine status={status.clone()} {players} {colour_names}
                        notice={notice.as_ref().map(|n| AttrValue::from(n.words()))}
                        restarts={notice.as_ref().map_or(0, |n| n.restarts)} />
                    { for link_notice }
                    if let Some(words) = swap_note {
                        <p id="swap-note" class="note swap-note" role="status">{ words }</p>
                    }
                    if let Status::Thinking(color) = status {
                        <ThinkingPanel level={game.job_level().unwrap_or(game.levels()[color])}
                            {color} report={game.thinking().cloned()} {on_move_now} />
                    }
                    <p id="announcer" class="visually-hidden" aria-live="polite" aria-atomic="true">
                        { announcement }
                    </p>
                    <p id="preview-announcer" class="visually-hidden" aria-live="polite"
                        aria-atomic="true">{ preview_words }</p>
                    { for puzzle_panel }
                    <PlayBar
                        can_undo={game.can_undo()}
                        undo_restores={game.undo_restores_previous()}
                        {swap_offer}
                        can_redo={game.can_redo()}
                        can_swap={game.can_swap()}
                        can_resign={game.can_resign()}
                        engine_waits={matches!(status, Status::Reviewing(_))}
                        on_undo={act(Action::Undo)}
                        on_redo={act(Action::Redo)}
                        on_swap={act(Action::Swap)}
                        on_resign={act(Action::Resign)}
                        on_engine_here={act(Action::EnginePlayHere)} />
                    <details class={section_class(Tab::Moves)} open=true>
                        <summary>{ "Record" }</summary>
                        <MoveList
                            {on_comment}
                            tree={game.tree().clone()}
                            current={game.current()}
                            {on_go_to}
                            on_first={act(Action::First)}
                            on_previous={act(Action::Previous)}
                            on_next={act(Action::Next)}
                            on_last={act(Action::Last)} />
                    </details>
                    <details class={section_class(Tab::Analysis)} id="analysis-section" open={active(Tab::Analysis)}>
                        <summary>{ "Analysis" }</summary>
                        <AnalysisPanel study={(*study).clone()} to_move={position.to_move()}
                            game_over={position.is_over()} empty={position.empty_cells()}
                            solver=true on_action={on_study} />
                        <div class="puzzle-start">
                            <button id="make-puzzle" type="button"
                                disabled={position.is_over() || game.editing() || open_puzzle.is_some()}
                                onclick={Callback::from(move |_: MouseEvent| begin_puzzle.emit(()))}>
                                { "Make a puzzle of this position" }
                            </button>
                            <p class="hint">{ "Find a winning move for the side to move; Ohm's solver judges it." }</p>
                            if let Some(error) = (*puzzle_error).clone() {
                                <p class="note error" role="alert">{ error }</p>
                            }
                        </div>
                    </details>
                    <details class={section_class(Tab::Game)} id="game-section" open=true>
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
                            {previous}
                            {on_restore}
                            {on_new_game}
                            {on_player}
                            {on_swap_rule} />
                    </details>
                    <details class={section_class(Tab::Records)} id="io-section" open={active(Tab::Records)}>
                        <summary>{ "Import and export" }</summary>
                        <RecordIo tree={game.tree().clone()} current={game.current()}
                            {board} {players} {on_import} />
                    </details>
                    <details class={section_class(Tab::Settings)} id="options-section" open={active(Tab::Settings)}>
                        <summary>{ "Board and colours" }</summary>
                        <BoardOptions settings={*settings} on_change={on_settings} />
                    </details>
                    <details class={section_class(Tab::Settings)} id="setup-section" open={game.editing() || active(Tab::Settings)}>
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
                    <nav id="tabs" class="tabs" role="tablist" aria-label="Panels">{ for tab_buttons }</nav>
                </aside>
            </main>
        </div>
    }
}
