//! The Web Worker that hosts the engine, and the page's handle on it.
//!
//! The worker is a gloo-worker [`Worker`] (the actor form) rather than a `#[oneshot]` or
//! `#[reactor]` function:
//! - it lives as long as the page and owns one [`Session`], so the position stays in the
//!   worker between requests (a oneshot starts from nothing for every call);
//! - [`WorkerScope::respond`] may be called any number of times per request, which is what
//!   streaming search progress needs, with replies routed back to the bridge that asked;
//! - its handlers are plain synchronous methods over plain state. A search runs to its end
//!   inside one handler; its progress replies are posted as it goes (`postMessage` from a
//!   running computation reaches the page at once). The worker reads no message meanwhile, so
//!   the page stops a search by terminating the worker and starting another
//!   ([`crate::host::EngineHost::interrupt`]): jobs carry the whole position.

use gloo_worker::{HandlerId, Spawnable, Worker, WorkerBridge, WorkerScope};
use wasm_bindgen::JsCast;

use crate::codec::{Packet, SerdeWasm};
use crate::protocol::{ErrorKind, Job, Reply, Response};
use crate::session::Session;

/// Where Trunk puts the worker's loader script (`data-loader-shim` on the worker link in
/// `index.html`), relative to the page.
pub const WORKER_LOADER: &str = "./worker_loader.js";

/// The engine worker: a [`Session`] behind `postMessage`.
#[derive(Debug, Default)]
pub struct EngineWorker {
    session: Session,
}

impl Worker for EngineWorker {
    /// No internal messages: every job is carried out inside `received`.
    type Message = ();
    type Input = Packet;
    type Output = Packet;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker::default()
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, packet: Packet, from: HandlerId) {
        self.answer(packet, &now_ms, &mut |reply| scope.respond(from, reply));
    }
}

impl EngineWorker {
    /// Decodes a job, carries it out and passes the encoded replies to `send`. A packet that is
    /// not a job is answered with an `Undecodable` error without an id.
    pub fn answer(
        &mut self,
        packet: Packet,
        now_ms: &dyn Fn() -> f64,
        send: &mut dyn FnMut(Packet),
    ) {
        let mut reply = |reply: Reply| match Packet::encode(&reply) {
            Ok(packet) => send(packet),
            Err(e) => web_sys::console::error_1(&format!("ohm worker: reply not sent: {e}").into()),
        };
        match packet.decode::<Job>() {
            Ok(job) => self.session.handle(job, now_ms, &mut reply),
            Err(e) => reply(Reply {
                id: None,
                response: Response::Error {
                    kind: ErrorKind::Undecodable,
                    message: format!("not an Ohm request: {e}"),
                },
            }),
        }
    }
}

/// Milliseconds from the worker's `performance.now()` (sub-millisecond where the browser
/// allows), or from `Date.now()` where there is no `performance`.
fn now_ms() -> f64 {
    js_sys::global()
        .dyn_into::<web_sys::WorkerGlobalScope>()
        .ok()
        .and_then(|scope| scope.performance())
        .map_or_else(js_sys::Date::now, |performance| performance.now())
}

/// The page's connection to the engine worker. Sending never blocks; replies, decoded, go to
/// the callback given to [`EngineClient::spawn`], in the order the worker sent them.
#[derive(Debug)]
pub struct EngineClient {
    bridge: WorkerBridge<EngineWorker>,
    /// The browser's worker object, to terminate a hung worker (gloo-worker 0.5 keeps its own
    /// handle private, and dropping the bridge only posts a message the hung worker never
    /// reads).
    native: Option<web_sys::Worker>,
}

impl EngineClient {
    /// Starts the worker from Trunk's loader script. Replies that do not decode reach
    /// `on_reply` as an `Undecodable` error without an id.
    pub fn spawn(on_reply: impl Fn(Reply) + 'static) -> EngineClient {
        EngineClient::spawn_with_loader(WORKER_LOADER, on_reply)
    }

    /// Starts the worker from the loader script at `loader` (the embed passes a `blob:` URL
    /// whose script imports the worker from Ohm's origin, see [`crate::embed::engine`]).
    pub fn spawn_with_loader(loader: &str, on_reply: impl Fn(Reply) + 'static) -> EngineClient {
        let mut spawner = EngineWorker::spawner();
        spawner.callback(move |packet: Packet| {
            on_reply(packet.decode::<Reply>().unwrap_or_else(|e| Reply {
                id: None,
                response: Response::Error {
                    kind: ErrorKind::Undecodable,
                    message: format!("not an Ohm reply: {e}"),
                },
            }));
        });
        let spawner = spawner.encoding::<SerdeWasm>();
        let (bridge, native) = capture_worker(|| spawner.spawn_with_loader(loader));
        EngineClient { bridge, native }
    }

    /// Posts `job` to the worker (queued until the worker has loaded).
    pub fn send(&self, job: &Job) {
        match Packet::encode(job) {
            Ok(packet) => self.bridge.send(packet),
            Err(e) => web_sys::console::error_1(&format!("ohm: job not sent: {e}").into()),
        }
    }

    /// The browser's worker, for error events and termination.
    #[must_use]
    pub fn native(&self) -> Option<&web_sys::Worker> {
        self.native.as_ref()
    }

    /// Stops the worker at once, even in the middle of a computation.
    pub fn terminate(&self) {
        if let Some(worker) = &self.native {
            worker.terminate();
        }
    }
}

/// Runs `spawn` with the global `Worker` constructor wrapped so that the worker it creates is
/// kept, and returns both. The wrapper is removed before returning.
fn capture_worker<T>(spawn: impl FnOnce() -> T) -> (T, Option<web_sys::Worker>) {
    use js_sys::{Function, Reflect};
    let global = js_sys::global();
    let key = |name: &str| wasm_bindgen::JsValue::from_str(name);
    let Ok(real) = Reflect::get(&global, &key("Worker")) else {
        return (spawn(), None);
    };
    let wrapper = Function::new_with_args(
        "url, options",
        "const w = new globalThis.__ohmRealWorker(url, options); \
         globalThis.__ohmSpawnedWorker = w; return w;",
    );
    let _ = Reflect::set(&global, &key("__ohmRealWorker"), &real);
    let _ = Reflect::set(&global, &key("Worker"), &wrapper);
    let spawned = spawn();
    let _ = Reflect::set(&global, &key("Worker"), &real);
    let native = Reflect::get(&global, &key("__ohmSpawnedWorker"))
        .ok()
        .and_then(|w| w.dyn_into::<web_sys::Worker>().ok());
    let _ = Reflect::delete_property(&global, &key("__ohmSpawnedWorker"));
    (spawned, native)
}
