//! The record: the line being viewed with move numbers, the comment on each move, the
//! variations at each move, and the buttons to move through it (also the Left/Right/Home/End
//! keys, handled by the app). The comment of the move on the board (or, at the start, the
//! game's comment) is edited below the list; comments are exported in HSGF.

use ohm_engine::{Move, PlayedMove};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::tree::{MoveTree, NodeId};

#[derive(Properties, PartialEq, Debug)]
pub struct MoveListProps {
    pub tree: MoveTree,
    pub current: NodeId,
    pub on_go_to: Callback<NodeId>,
    pub on_first: Callback<()>,
    pub on_previous: Callback<()>,
    pub on_next: Callback<()>,
    pub on_last: Callback<()>,
    /// A new comment for a node (empty removes it).
    pub on_comment: Callback<(NodeId, String)>,
}

/// A move as the list shows it.
#[must_use]
pub fn move_text(played: PlayedMove) -> String {
    match played.mv {
        Move::Swap => "swap".to_string(),
        mv => mv.to_string(),
    }
}

#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let tree = &props.tree;
    let line = tree.line(props.current);
    let depth = tree.depth(props.current);
    let list_ref = use_node_ref();
    // Keep the current move in sight inside the list (never scrolling the page itself).
    {
        let list_ref = list_ref.clone();
        use_effect_with(props.current, move |_| {
            let Some(list) = list_ref.cast::<web_sys::HtmlElement>() else {
                return;
            };
            if let Ok(Some(item)) = list.query_selector("[aria-current]") {
                if let Ok(item) = item.dyn_into::<web_sys::HtmlElement>() {
                    let top = item.offset_top() - list.client_height() / 2;
                    list.set_scroll_top(top.max(0));
                }
            }
        });
    }
    let go = |node: NodeId| {
        let on_go_to = props.on_go_to.clone();
        Callback::from(move |_: MouseEvent| on_go_to.emit(node))
    };
    let items = line.iter().enumerate().map(|(index, &node)| {
        let played = tree.played(node).expect("line nodes hold moves");
        let is_current = node == props.current;
        let siblings = tree.siblings(node);
        let number = index + 1;
        html! {
            <li key={node} class={classes!("move", played.color.name(), is_current.then_some("current"))}
                data-move={number.to_string()}>
                <button type="button" class="move-button" onclick={go(node)}
                    aria-current={is_current.then_some("step")}
                    aria-label={format!("Move {number}: {} {}", played.color, move_text(played))}>
                    <span class="number">{ number }</span>
                    <span class={classes!("swatch", played.color.name())} aria-hidden="true"></span>
                    <span class="text">{ move_text(played) }</span>
                </button>
                if let Some(comment) = tree.comment(node) {
                    <p class="move-comment" data-node={node.to_string()}>{ comment.to_string() }</p>
                }
                if !siblings.is_empty() {
                    <span class="variations" aria-label="other moves tried here">
                        { for siblings.iter().map(|&other| {
                            let text = tree.played(other).map(move_text).unwrap_or_default();
                            html! {
                                <button type="button" class="variation" data-node={other.to_string()}
                                    onclick={go(other)} title={format!("Variation: {text} instead")}>
                                    { text }
                                </button>
                            }
                        }) }
                    </span>
                }
            </li>
        }
    });
    let click = |callback: &Callback<()>| callback.reform(|_: MouseEvent| ());
    // Drawn rather than typed: the media-control characters are missing from many fonts.
    let icon = |path: &'static str| {
        html! {
            <svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d={path} /></svg>
        }
    };
    let at_start = props.current == MoveTree::ROOT;
    let at_end = tree.next(props.current).is_none();
    let on_comment = {
        let on_comment = props.on_comment.clone();
        let node = props.current;
        Callback::from(move |event: Event| {
            if let Some(area) = event.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                on_comment.emit((node, area.value()));
            }
        })
    };
    let comment_label = if at_start {
        "Comment on the game".to_string()
    } else {
        format!("Comment on move {depth}")
    };
    html! {
        <div class="record">
            <nav class="navigation" aria-label="Move through the record">
                <button id="first" type="button" onclick={click(&props.on_first)} disabled={at_start}
                    aria-label="First position" title="First (Home)">{ icon("M3 3h2v10H3zM13 3v10L6 8z") }</button>
                <button id="prev" type="button" onclick={click(&props.on_previous)} disabled={at_start}
                    aria-label="Previous move" title="Previous (←)">{ icon("M12 3v10L5 8z") }</button>
                <span class="where" id="move-counter">
                    { format!("{depth} / {}", line.len()) }
                </span>
                <button id="next" type="button" onclick={click(&props.on_next)} disabled={at_end}
                    aria-label="Next move" title="Next (→)">{ icon("M4 3v10l7-5z") }</button>
                <button id="last" type="button" onclick={click(&props.on_last)} disabled={at_end}
                    aria-label="Last position" title="Last (End)">{ icon("M11 3h2v10h-2zM3 3v10l7-5z") }</button>
            </nav>
            <ol id="moves" class="moves" ref={list_ref}>
                if line.is_empty() {
                    <li class="empty">{ "No moves yet" }</li>
                }
                { for items }
            </ol>
            <label class="field comment">
                <span>{ comment_label }</span>
                <textarea id="comment-text" key={props.current} rows="2"
                    value={tree.comment(props.current).unwrap_or_default().to_string()}
                    placeholder="What this move does (saved with the game and in HSGF)"
                    onchange={on_comment} />
            </label>
        </div>
    }
}
