//! Import and export of records: paste or load a file in any notation Ohm reads; write the game
//! as an HSGF file, a HexWorld or trmph link, a move list, or an SVG or PNG image of the board.
//!
//! A failed import changes nothing: it shows what is wrong and where (the line and a caret
//! under the place), and the game on the board stays as it was.

use ohm_engine::notation::Format;
use ohm_engine::Board;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::browser;
use crate::records::{self, ImportError};
use crate::state::Player;
use crate::tree::{MoveTree, NodeId};

#[derive(Properties, PartialEq, Debug)]
pub struct RecordIoProps {
    pub tree: MoveTree,
    pub current: NodeId,
    /// The board a bare move list is read on.
    pub board: Board,
    /// Who plays each colour now: an import makes both players people, and says so.
    pub players: ohm_engine::ByColor<Player>,
    /// A record was read: the game to load, and its notation (for the confirmation).
    pub on_import: Callback<(MoveTree, NodeId)>,
}

/// The result of the last import or export, shown under the buttons.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    None,
    Imported(String),
    Failed { error: ImportError, text: String },
    Exported { label: &'static str, text: String },
    CannotExport(String),
}

#[function_component(RecordIo)]
pub fn record_io(props: &RecordIoProps) -> Html {
    let text_ref = use_node_ref();
    let outcome = use_state(|| Outcome::None);

    let run_import = {
        let outcome = outcome.clone();
        let on_import = props.on_import.clone();
        let board = props.board;
        let players = props.players;
        move |text: String| match records::import(&text, board) {
            Ok((format, tree, at)) => {
                let moves = tree.depth(tree.line_end(at));
                let ohm_played = players.black == Player::Ohm || players.white == Player::Ohm;
                let players_note = if ohm_played {
                    " Both sides are now played by people, to study it: choose Ohm for a \
                     colour under New game to play on from here."
                } else {
                    ""
                };
                outcome.set(Outcome::Imported(format!(
                    "Read a {format} record: {}x{} board, {moves} moves.{players_note} \
                     The game you had is kept: “Bring it back” under New game restores it.",
                    tree.start().board.width(),
                    tree.start().board.height()
                )));
                on_import.emit((tree, at));
            }
            Err(error) => outcome.set(Outcome::Failed { error, text }),
        }
    };
    let on_import_click = {
        let text_ref = text_ref.clone();
        let run_import = run_import.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                run_import(area.value());
            }
        })
    };
    let on_file = {
        let text_ref = text_ref.clone();
        Callback::from(move |event: Event| {
            let Some(input) = event.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            let Some(file) = input.files().and_then(|files| files.get(0)) else {
                return;
            };
            let text_ref = text_ref.clone();
            let run_import = run_import.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await else {
                    return;
                };
                let text = text.as_string().unwrap_or_default();
                if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                    area.set_value(&text);
                }
                run_import(text);
            });
            input.set_value("");
        })
    };

    let export = |format: Format, label: &'static str| {
        let outcome = outcome.clone();
        let tree = props.tree.clone();
        let current = props.current;
        Callback::from(
            move |_: MouseEvent| match records::export(&tree, current, format) {
                Ok(text) => {
                    if format == Format::Hsgf {
                        browser::download_text("ohm-game.sgf", "application/x-hex-sgf", &text);
                    }
                    browser::copy_to_clipboard(&text);
                    outcome.set(Outcome::Exported { label, text });
                }
                Err(e) => outcome.set(Outcome::CannotExport(e.to_string())),
            },
        )
    };
    let own_link = {
        let outcome = outcome.clone();
        let tree = props.tree.clone();
        let current = props.current;
        Callback::from(
            move |_: MouseEvent| match records::fragment(&tree, current) {
                Some(fragment) => {
                    let text = browser::link_with_hash(&fragment);
                    browser::copy_to_clipboard(&text);
                    outcome.set(Outcome::Exported {
                        label: "Link to this position in Ohm",
                        text,
                    });
                }
                None => outcome.set(Outcome::CannotExport(
                    "links cannot hold set-up stones; export HSGF instead".into(),
                )),
            },
        )
    };
    let svg = Callback::from(|_: MouseEvent| browser::download_svg("ohm-board.svg"));
    let png = Callback::from(|_: MouseEvent| browser::download_png("ohm-board.png", 1200));

    let result = match &*outcome {
        Outcome::None => html! {},
        Outcome::Imported(message) => html! {
            <p id="import-result" class="note ok" role="status">{ message }</p>
        },
        Outcome::Failed { error, text } => {
            let excerpt = error.excerpt(text);
            html! {
                <div id="import-error" class="note error" role="alert">
                    <p>{ format!("Not imported: {}", error.message) }</p>
                    if let Some((line, shown)) = excerpt {
                        <p class="where">{ format!("Line {line}:") }</p>
                        <pre>{ shown }</pre>
                    }
                    <p class="hint">{ "The game on the board is unchanged." }</p>
                </div>
            }
        }
        Outcome::Exported { label, text } => html! {
            <div class="note">
                <p>{ format!("{label} (copied):") }</p>
                <textarea id="export-text" readonly=true rows="3" value={text.clone()}
                    onfocus={Callback::from(|e: FocusEvent| {
                        if let Some(area) = e.target().and_then(|t| t.dyn_into::<HtmlTextAreaElement>().ok()) {
                            area.select();
                        }
                    })} />
            </div>
        },
        Outcome::CannotExport(why) => html! {
            <p id="export-error" class="note error" role="alert">{ format!("Cannot export: {why}") }</p>
        },
    };

    html! {
        <div class="record-io">
            <label class="field">
                <span>{ "Paste a record: HSGF, Little Golem, HexWorld or trmph link, or moves" }</span>
                <textarea id="import-text" ref={text_ref} rows="3" spellcheck="false"
                    placeholder="https://hexworld.org/board/#11c1,f6e7" />
            </label>
            <div class="buttons">
                <button id="import" type="button" onclick={on_import_click}>{ "Import" }</button>
                <label class="file-button">
                    { "Open file…" }
                    <input id="import-file" type="file" accept=".sgf,.hsgf,.txt,text/plain"
                        onchange={on_file} />
                </label>
            </div>
            <div class="export-buttons">
                <button id="export-hsgf" type="button" onclick={export(Format::Hsgf, "HSGF")}>{ "HSGF file" }</button>
                <button id="export-hexworld" type="button" onclick={export(Format::HexWorld, "HexWorld link")}>{ "HexWorld" }</button>
                <button id="export-trmph" type="button" onclick={export(Format::Trmph, "trmph link")}>{ "trmph" }</button>
                <button id="export-moves" type="button" onclick={export(Format::Moves, "Move list")}>{ "Moves" }</button>
                <button id="export-link" type="button" onclick={own_link}>{ "Link" }</button>
                <button id="export-svg" type="button" onclick={svg}>{ "SVG" }</button>
                <button id="export-png" type="button" onclick={png}>{ "PNG" }</button>
            </div>
            { result }
        </div>
    }
}
