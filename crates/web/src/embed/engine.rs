//! One engine worker for every `<ohm-board>` of a page, started when a board first needs it.
//!
//! Why one: five boards with a worker each cost five copies of the engine's wasm memory and
//! five start-ups (measured in the note), and a tutorial page rarely runs two searches at
//! once. The worker keeps one position, so each board sends its requests as a batch that
//! begins with its own `SetPosition`; the worker reads messages in order and finishes one
//! before the next, so batches never interleave. Each batch gets a page-wide id; replies are
//! routed back to the board that asked, with the board's own id restored. A board's new
//! batch replaces its old one (whose replies would be stale).
//!
//! Cross-origin: a page cannot start a worker from another origin's URL, so the worker starts
//! from a `blob:` script made here (same origin as the page) that imports Ohm's worker script
//! by absolute URL (`importScripts` may load scripts from any origin) and fetches the wasm
//! from Ohm's origin, which must answer with `Access-Control-Allow-Origin`.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::Callback;

use crate::protocol::{ErrorKind, Job, Reply, RequestId, Response};
use crate::worker::EngineClient;

/// Where the worker's script and wasm are (absolute URLs, from the element script's own
/// address).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerUrls {
    pub script: String,
    pub wasm: String,
}

/// A board's lines of requests: each keeps its latest batch (a new one replaces the old,
/// whose replies would be stale), so an analysis does not cancel a running Solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Moves, analyses, puzzle verdicts.
    Main,
    /// Analysis mode's Solve.
    Solve,
}

struct Route {
    board: u32,
    lane: Lane,
    local: RequestId,
    on_reply: Callback<Reply>,
}

struct Shared {
    client: EngineClient,
    routes: HashMap<u32, Route>,
    /// Kept alive as long as the worker: reports a worker that failed to load or crashed.
    _on_error: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

thread_local! {
    static URLS: RefCell<Option<WorkerUrls>> = const { RefCell::new(None) };
    /// The workers by pool: one pool (0) for the page, or one per board when measuring.
    static ENGINES: RefCell<HashMap<u32, Shared>> = RefCell::new(HashMap::new());
    static NEXT_ID: RefCell<u32> = const { RefCell::new(1) };
    static STARTS: RefCell<u32> = const { RefCell::new(0) };
}

/// Sets where the worker comes from (before the first board asks for it).
pub fn configure(urls: WorkerUrls) {
    URLS.with(|u| *u.borrow_mut() = Some(urls));
}

/// How many workers this page has started (0 until a board needs the engine).
#[must_use]
pub fn starts() -> u32 {
    STARTS.with(|s| *s.borrow())
}

/// `text` as a JavaScript string literal (quotes, backslashes and line breaks escaped), so
/// that a URL cannot break out of it.
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The loader script of the blob worker.
#[must_use]
pub fn loader_script(urls: &WorkerUrls) -> String {
    format!(
        "importScripts({});wasm_bindgen({});",
        quote(&urls.script),
        quote(&urls.wasm)
    )
}

fn blob_url(script: &str) -> Result<String, String> {
    let parts = js_sys::Array::of1(&script.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|e| format!("{e:?}"))?;
    web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| format!("{e:?}"))
}

/// The pool of `board`: the page's one worker, unless the page set
/// `globalThis.__ohmEmbedWorkerPerBoard = true` (for measuring the other design only).
fn pool(board: u32) -> u32 {
    let per_board = js_sys::Reflect::get(&js_sys::global(), &"__ohmEmbedWorkerPerBoard".into())
        .is_ok_and(|v| v.is_truthy());
    if per_board {
        board
    } else {
        0
    }
}

/// Delivers a reply of `pool`'s worker to the board that asked.
fn route(pool: u32, reply: Reply) {
    let target = ENGINES.with(|engines| {
        let engines = engines.borrow();
        let shared = engines.get(&pool)?;
        let id = reply.id?;
        shared
            .routes
            .get(&id.0)
            .map(|r| (r.local, r.on_reply.clone()))
    });
    match target {
        Some((local, on_reply)) => on_reply.emit(Reply {
            id: Some(local),
            response: reply.response,
        }),
        None if reply.id.is_none() => {
            web_sys::console::error_1(&format!("ohm-board: worker: {:?}", reply.response).into());
        }
        None => {}
    }
}

/// Tells every waiting board that the worker failed, and forgets the worker so that the next
/// request starts a new one.
fn fail_all(pool: u32, message: String) {
    web_sys::console::error_1(&format!("ohm-board: {message}").into());
    let routes: Vec<Route> = ENGINES.with(|engines| {
        engines
            .borrow_mut()
            .remove(&pool)
            .map(|shared| {
                shared.client.terminate();
                shared.routes.into_values().collect()
            })
            .unwrap_or_default()
    });
    for route in routes {
        route.on_reply.emit(Reply {
            id: Some(route.local),
            response: Response::Error {
                kind: ErrorKind::Undecodable,
                message: message.clone(),
            },
        });
    }
}

fn start(pool: u32) -> Result<Shared, String> {
    let urls = URLS
        .with(|u| u.borrow().clone())
        .ok_or("the engine's address is not configured")?;
    let loader = blob_url(&loader_script(&urls))?;
    let client = EngineClient::spawn_with_loader(&loader, move |reply| route(pool, reply));
    let on_error = client.native().map(|worker| {
        let script = urls.script.clone();
        let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let detail = js_sys::Reflect::get(&event, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_default();
            let message = format!(
                "the engine worker failed ({detail}); is {script} reachable, with CORS headers if it is on another origin?"
            );
            // Not from inside the event of the worker being dropped: after it.
            wasm_bindgen_futures::spawn_local(async move { fail_all(pool, message) });
        });
        let _ = worker.add_event_listener_with_callback("error", closure.as_ref().unchecked_ref());
        closure
    });
    STARTS.with(|s| *s.borrow_mut() += 1);
    Ok(Shared {
        client,
        routes: HashMap::new(),
        _on_error: on_error,
    })
}

/// Sends `jobs` (one batch: all carry the board's id for it) for `board`; replies go to
/// `on_reply` with that id. Starts the worker if needed.
pub fn send(board: u32, jobs: Vec<Job>, on_reply: Callback<Reply>) {
    send_in(board, Lane::Main, jobs, on_reply);
}

/// [`send`] in `lane`: replaces only that lane's waiting batch of `board`.
pub fn send_in(board: u32, lane: Lane, jobs: Vec<Job>, on_reply: Callback<Reply>) {
    let Some(local) = jobs.first().map(|j| j.id) else {
        return;
    };
    let global = NEXT_ID.with(|n| {
        let mut n = n.borrow_mut();
        let id = *n;
        *n = n.wrapping_add(1).max(1);
        id
    });
    let pool = pool(board);
    let started = ENGINES.with(|engines| {
        let mut engines = engines.borrow_mut();
        let shared = match engines.entry(pool) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => entry.insert(start(pool)?),
        };
        shared
            .routes
            .retain(|_, r| r.board != board || r.lane != lane);
        shared.routes.insert(
            global,
            Route {
                board,
                lane,
                local,
                on_reply: on_reply.clone(),
            },
        );
        for job in jobs {
            shared.client.send(&Job {
                id: RequestId(global),
                request: job.request,
            });
        }
        Ok::<(), String>(())
    });
    if let Err(message) = started {
        on_reply.emit(Reply {
            id: Some(local),
            response: Response::Error {
                kind: ErrorKind::Undecodable,
                message: format!("the engine could not start: {message}"),
            },
        });
    }
}

/// Drops `board`'s waiting replies (the element left the page).
pub fn forget(board: u32) {
    forget_where(|r| r.board == board);
}

/// Drops `board`'s waiting replies in `lane` (a Solve stopped: the worker, shared by the
/// page, finishes it within its budget, unheard).
pub fn forget_lane(board: u32, lane: Lane) {
    forget_where(|r| r.board == board && r.lane == lane);
}

fn forget_where(drop: impl Fn(&Route) -> bool) {
    ENGINES.with(|engines| {
        for shared in engines.borrow_mut().values_mut() {
            shared.routes.retain(|_, r| !drop(r));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_quotes_urls_as_javascript_strings() {
        let script = loader_script(&WorkerUrls {
            script: "https://ohm.example/a\");alert(1);(\".js".into(),
            wasm: "https://ohm.example/worker_bg.wasm".into(),
        });
        assert_eq!(
            script,
            r#"importScripts("https://ohm.example/a\");alert(1);(\".js");wasm_bindgen("https://ohm.example/worker_bg.wasm");"#
        );
    }
}
