//! The page's keeper of the engine worker: sends jobs, and brings the worker back when it dies
//! or hangs.
//!
//! Every job the game opens is kept until its final reply (a move or an error) arrives. If the
//! worker says nothing about the open job for [`EngineHost::watchdog_ms`] (a crash, a `close()`,
//! an endless loop), or the browser reports an error in it, the host terminates it, starts a
//! fresh one and sends the job again: jobs carry the whole position, so the new worker needs
//! nothing else. After [`MAX_RESTARTS`] restarts in a row without an answer the host gives up
//! and hands the game an error reply, which the status line shows.
//!
//! Analysis jobs are sent unwatched (the page never waits on them), but the last one that has
//! not been answered is handed once to a replacement worker.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::protocol::{ErrorKind, Job, Reply, RequestId, Response};
use crate::worker::EngineClient;

/// How long the worker may stay silent about an open job, unless the page says otherwise
/// (`?watchdog=ms` in its address, which the browser tests use).
pub const DEFAULT_WATCHDOG_MS: u32 = 20_000;

/// Restarts in a row before the host reports the worker as broken.
pub const MAX_RESTARTS: u32 = 3;

struct Inner {
    client: Option<EngineClient>,
    on_reply: Rc<dyn Fn(Reply)>,
    /// The job waiting for its final reply, and the messages that make it.
    open: Option<(RequestId, Vec<Job>)>,
    /// The last unwatched job (analysis) until its answer arrives: a new worker gets it too.
    unwatched: Option<(RequestId, Vec<Job>)>,
    timer: Option<Timeout>,
    watchdog_ms: u32,
    restarts_in_a_row: u32,
    restarts: u32,
    /// Keeps the worker's error listener alive as long as that worker.
    _on_error: Option<Closure<dyn Fn()>>,
}

/// See the module documentation.
#[derive(Clone)]
pub struct EngineHost {
    inner: Rc<RefCell<Inner>>,
}

impl std::fmt::Debug for EngineHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineHost")
    }
}

impl EngineHost {
    /// Starts a worker; its replies go to `on_reply`.
    pub fn start(on_reply: impl Fn(Reply) + 'static, watchdog_ms: u32) -> EngineHost {
        let host = EngineHost {
            inner: Rc::new(RefCell::new(Inner {
                client: None,
                on_reply: Rc::new(on_reply),
                open: None,
                unwatched: None,
                timer: None,
                watchdog_ms,
                restarts_in_a_row: 0,
                restarts: 0,
                _on_error: None,
            })),
        };
        host.spawn();
        host
    }

    #[must_use]
    pub fn watchdog_ms(&self) -> u32 {
        self.inner.borrow().watchdog_ms
    }

    /// How many times the worker was replaced.
    #[must_use]
    pub fn restarts(&self) -> u32 {
        self.inner.borrow().restarts
    }

    fn spawn(&self) {
        let weak = Rc::downgrade(&self.inner);
        let client = EngineClient::spawn(move |reply| received(&weak, reply));
        let weak = Rc::downgrade(&self.inner);
        let on_error = Closure::<dyn Fn()>::new(move || {
            if let Some(inner) = weak.upgrade() {
                web_sys::console::warn_1(&"ohm: the engine worker failed".into());
                EngineHost { inner }.restart();
            }
        });
        if let Some(native) = client.native() {
            let _ =
                native.add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref());
        }
        let mut inner = self.inner.borrow_mut();
        inner.client = Some(client);
        inner._on_error = Some(on_error);
    }

    /// Sends the messages of a newly opened job (all with the same id) and watches for its
    /// answer. An empty list just forgets the open job (the game no longer waits).
    pub fn submit(&self, jobs: Vec<Job>) {
        let id = jobs.first().map(|j| j.id);
        {
            let mut inner = self.inner.borrow_mut();
            inner.timer = None;
            inner.open = id.map(|id| (id, jobs.clone()));
            inner.restarts_in_a_row = 0;
            if let Some(client) = &inner.client {
                for job in &jobs {
                    client.send(job);
                }
            }
        }
        if id.is_some() {
            self.arm();
        }
    }

    /// Sends jobs the host does not watch (analysis: if the worker is replaced meanwhile, the
    /// next change of position asks again). Their replies reach `on_reply` like any other.
    pub fn send_unwatched(&self, jobs: &[Job]) {
        let mut inner = self.inner.borrow_mut();
        inner.unwatched = jobs.first().map(|j| (j.id, jobs.to_vec()));
        if let Some(client) = &inner.client {
            for job in jobs {
                client.send(job);
            }
        }
    }

    fn arm(&self) {
        let weak = Rc::downgrade(&self.inner);
        let ms = self.inner.borrow().watchdog_ms;
        let timer = Timeout::new(ms, move || {
            if let Some(inner) = weak.upgrade() {
                let host = EngineHost { inner };
                if host.inner.borrow().open.is_some() {
                    web_sys::console::warn_1(&"ohm: the engine worker stopped answering".into());
                    host.restart();
                }
            }
        });
        self.inner.borrow_mut().timer = Some(timer);
    }

    /// Stops the worker in the middle of whatever it computes (a search cannot read messages
    /// while it runs) and starts a fresh one, which gets the open job, if any, and the
    /// unanswered analysis. Not counted as a failure.
    pub fn interrupt(&self) {
        self.replace_worker(false);
    }

    /// Replaces the worker and sends the open job again.
    fn restart(&self) {
        self.replace_worker(true);
    }

    /// Terminates the worker, starts another and sends it the open job and the unanswered
    /// analysis; a `failure` counts towards [`MAX_RESTARTS`].
    fn replace_worker(&self, failure: bool) {
        let (jobs, give_up, on_reply) = {
            let mut inner = self.inner.borrow_mut();
            inner.timer = None;
            if let Some(old) = inner.client.take() {
                old.terminate();
            }
            inner._on_error = None;
            if failure {
                inner.restarts += 1;
                inner.restarts_in_a_row += 1;
            }
            let give_up = inner.restarts_in_a_row > MAX_RESTARTS;
            (inner.open.clone(), give_up, Rc::clone(&inner.on_reply))
        };
        self.spawn();
        // The unfinished analysis goes to the new worker once (taken, so that an analysis
        // that itself kills workers is not sent again and again).
        let unwatched = self.inner.borrow_mut().unwatched.take();
        if let (Some((_, unwatched)), Some(client)) = (unwatched, &self.inner.borrow().client) {
            for job in &unwatched {
                client.send(job);
            }
        }
        let Some((id, jobs)) = jobs else {
            return;
        };
        if give_up {
            self.inner.borrow_mut().open = None;
            on_reply(Reply {
                id: Some(id),
                response: Response::Error {
                    kind: ErrorKind::NoMoveAvailable,
                    message: "the engine worker keeps failing; reload the page".into(),
                },
            });
            return;
        }
        if let Some(client) = &self.inner.borrow().client {
            for job in &jobs {
                client.send(job);
            }
        }
        self.arm();
    }
}

/// A reply from the worker: any word about the open job shows the worker is alive (re-arming
/// the watchdog); its final reply closes it.
fn received(inner: &Weak<RefCell<Inner>>, reply: Reply) {
    let Some(inner) = inner.upgrade() else {
        return;
    };
    let host = EngineHost { inner };
    let (about_open, on_reply) = {
        let mut state = host.inner.borrow_mut();
        let about_open = state
            .open
            .as_ref()
            .is_some_and(|(id, _)| reply.id == Some(*id));
        let final_reply = matches!(
            reply.response,
            Response::Analysis(_) | Response::Error { .. }
        );
        if final_reply
            && state
                .unwatched
                .as_ref()
                .is_some_and(|(id, _)| reply.id == Some(*id))
        {
            state.unwatched = None;
        }
        if about_open {
            state.restarts_in_a_row = 0;
            if matches!(
                reply.response,
                Response::EngineMove { .. } | Response::Error { .. }
            ) {
                state.open = None;
                state.timer = None;
            }
        }
        (about_open, Rc::clone(&state.on_reply))
    };
    if about_open && host.inner.borrow().open.is_some() {
        host.arm();
    }
    on_reply(reply);
}
