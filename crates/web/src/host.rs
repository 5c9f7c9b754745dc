//! The page's keeper of the engine worker: sends jobs, and brings the worker back when it dies
//! or hangs.
//!
//! Four kinds of request can be outstanding at once: the game's job (Ohm's move, which the
//! game waits for), the analysis job (overlays, best moves), the solve (analysis mode's
//! Solve) and puzzle mode's job (a verdict, or the solutions for a hint or reveal). While either is unanswered, the
//! worker must say something every [`EngineHost::watchdog_ms`]: any reply counts, since the
//! worker answers in order and streams progress while it searches. If it stays silent that long
//! (a crash, a `close()`, an endless loop), or the browser reports an error in it, the host
//! terminates it, starts a fresh one and sends every outstanding job again: jobs carry the whole
//! position, so the new worker needs nothing else. Each such restart is reported to the page
//! (the status line says so). After [`MAX_RESTARTS`] restarts in a row without an answer the
//! host gives up and hands each outstanding job an error reply, which the page shows.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::protocol::{ErrorKind, Job, Reply, RequestId, Response};
use crate::worker::EngineClient;

/// How long the worker may stay silent while a job is outstanding, unless the page says
/// otherwise (`?watchdog=ms` in its address, which the browser tests use).
pub const DEFAULT_WATCHDOG_MS: u32 = 20_000;

/// Restarts in a row before the host reports the worker as broken.
pub const MAX_RESTARTS: u32 = 3;

/// Why the host replaced a worker on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The worker said nothing for the watchdog's time while a job was outstanding.
    Silent,
    /// The browser reported an error in the worker.
    Crashed,
}

/// What the host tells the page about a restart, for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestartNotice {
    pub failure: Failure,
    /// Whether Ohm's move was outstanding (and asked for again).
    pub move_asked_again: bool,
    /// Whether an analysis was outstanding (and asked for again).
    pub analysis_asked_again: bool,
    /// The host gave up: the jobs got error replies instead.
    pub gave_up: bool,
    /// How many workers failed since the page opened, this one included.
    pub restarts: u32,
}

impl RestartNotice {
    /// The notice in words.
    #[must_use]
    pub fn words(&self) -> String {
        if self.gave_up {
            return "The engine keeps failing; reload the page to start it again.".into();
        }
        let what = match self.failure {
            Failure::Silent => "The engine stopped answering",
            Failure::Crashed => "The engine failed",
        };
        let again = match (self.move_asked_again, self.analysis_asked_again) {
            (true, true) => "; it was restarted and asked again for its move and the analysis.",
            (true, false) => "; it was restarted and asked again for its move.",
            (false, true) => "; it was restarted and asked again for the analysis.",
            (false, false) => "; it was restarted.",
        };
        format!("{what}{again}")
    }
}

/// A job and the messages that make it.
type Outstanding = Option<(RequestId, Vec<Job>)>;

struct Inner {
    client: Option<EngineClient>,
    on_reply: Rc<dyn Fn(Reply)>,
    on_restart: Option<Rc<dyn Fn(RestartNotice)>>,
    /// The game's job, waiting for its final reply (a move or an error).
    open: Outstanding,
    /// The analysis job, waiting for its final reply (an analysis or an error).
    analysis: Outstanding,
    /// The solve, waiting for its final reply (the verdicts or an error).
    solve: Outstanding,
    /// Puzzle mode's job, waiting for its verdict or solutions (or an error).
    puzzle: Outstanding,
    timer: Option<Timeout>,
    watchdog_ms: u32,
    restarts_in_a_row: u32,
    restarts: u32,
    /// Keeps the worker's error listener alive as long as that worker.
    _on_error: Option<Closure<dyn Fn()>>,
}

impl Inner {
    fn outstanding(&self) -> bool {
        self.open.is_some()
            || self.analysis.is_some()
            || self.solve.is_some()
            || self.puzzle.is_some()
    }

    fn send(&self, jobs: &[Job]) {
        if let Some(client) = &self.client {
            for job in jobs {
                client.send(job);
            }
        }
    }
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
                on_restart: None,
                open: None,
                analysis: None,
                solve: None,
                puzzle: None,
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

    /// Calls `on_restart` whenever the host replaces a failed worker (not for
    /// [`EngineHost::interrupt`]) or gives up on it.
    pub fn on_restart(&self, on_restart: impl Fn(RestartNotice) + 'static) {
        self.inner.borrow_mut().on_restart = Some(Rc::new(on_restart));
    }

    #[must_use]
    pub fn watchdog_ms(&self) -> u32 {
        self.inner.borrow().watchdog_ms
    }

    /// How many times the worker was replaced after a failure.
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
                EngineHost { inner }.replace_worker(Some(Failure::Crashed));
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

    /// Sends the messages of the game's newly opened job (all with the same id) and watches for
    /// its answer. An empty list just forgets the open job (the game no longer waits).
    pub fn submit(&self, jobs: Vec<Job>) {
        {
            let mut inner = self.inner.borrow_mut();
            inner.open = jobs.first().map(|j| (j.id, jobs.clone()));
            if inner.open.is_some() {
                inner.restarts_in_a_row = 0;
            }
            inner.send(&jobs);
        }
        self.rearm();
    }

    /// Sends the messages of a new analysis job and watches for its answer like the game's. An
    /// empty list forgets the analysis job (nothing is to be computed).
    pub fn send_analysis(&self, jobs: &[Job]) {
        {
            let mut inner = self.inner.borrow_mut();
            inner.analysis = jobs.first().map(|j| (j.id, jobs.to_vec()));
            if inner.analysis.is_some() {
                inner.restarts_in_a_row = 0;
            }
            inner.send(jobs);
        }
        self.rearm();
    }

    /// Sends the messages of a new solve and watches for its answer like the game's. An empty
    /// list forgets the solve (it was stopped: see [`EngineHost::interrupt`]).
    pub fn send_solve(&self, jobs: &[Job]) {
        self.send_in(|inner| &mut inner.solve, jobs);
    }

    /// Sends the messages of puzzle mode's new job and watches for its answer like the game's.
    pub fn send_puzzle(&self, jobs: &[Job]) {
        self.send_in(|inner| &mut inner.puzzle, jobs);
    }

    fn send_in(&self, slot: fn(&mut Inner) -> &mut Outstanding, jobs: &[Job]) {
        {
            let mut inner = self.inner.borrow_mut();
            *slot(&mut inner) = jobs.first().map(|j| (j.id, jobs.to_vec()));
            if slot(&mut inner).is_some() {
                inner.restarts_in_a_row = 0;
            }
            inner.send(jobs);
        }
        self.rearm();
    }

    /// Starts the watchdog's time again if a job is outstanding, or stops it.
    fn rearm(&self) {
        if !self.inner.borrow().outstanding() {
            self.inner.borrow_mut().timer = None;
            return;
        }
        let weak = Rc::downgrade(&self.inner);
        let ms = self.inner.borrow().watchdog_ms;
        let timer = Timeout::new(ms, move || {
            if let Some(inner) = weak.upgrade() {
                let host = EngineHost { inner };
                if host.inner.borrow().outstanding() {
                    web_sys::console::warn_1(&"ohm: the engine worker stopped answering".into());
                    host.replace_worker(Some(Failure::Silent));
                }
            }
        });
        // Replacing the timer drops (cancels) the previous one.
        self.inner.borrow_mut().timer = Some(timer);
    }

    /// Stops the worker in the middle of whatever it computes (a search cannot read messages
    /// while it runs) and starts a fresh one, which gets the outstanding jobs. Not a failure.
    pub fn interrupt(&self) {
        self.replace_worker(None);
    }

    /// Terminates the worker, starts another and sends it the outstanding jobs; a `failure`
    /// counts towards [`MAX_RESTARTS`] and is reported to the page.
    fn replace_worker(&self, failure: Option<Failure>) {
        let (give_up, restarts, on_reply, on_restart) = {
            let mut inner = self.inner.borrow_mut();
            inner.timer = None;
            if let Some(old) = inner.client.take() {
                old.terminate();
            }
            inner._on_error = None;
            if failure.is_some() {
                inner.restarts += 1;
                inner.restarts_in_a_row += 1;
            }
            (
                inner.restarts_in_a_row > MAX_RESTARTS,
                inner.restarts,
                Rc::clone(&inner.on_reply),
                inner.on_restart.clone(),
            )
        };
        self.spawn();
        let (open, analysis, solve, puzzle) = {
            let inner = self.inner.borrow();
            (
                inner.open.clone(),
                inner.analysis.clone(),
                inner.solve.clone(),
                inner.puzzle.clone(),
            )
        };
        if let (Some(failure), Some(on_restart)) = (failure, &on_restart) {
            on_restart(RestartNotice {
                failure,
                move_asked_again: open.is_some() && !give_up,
                analysis_asked_again: (analysis.is_some() || solve.is_some() || puzzle.is_some())
                    && !give_up,
                gave_up: give_up,
                restarts,
            });
        }
        if give_up {
            {
                let mut inner = self.inner.borrow_mut();
                inner.open = None;
                inner.analysis = None;
                inner.solve = None;
                inner.puzzle = None;
                inner.restarts_in_a_row = 0;
            }
            for (id, _) in open.into_iter().chain(analysis).chain(solve).chain(puzzle) {
                on_reply(Reply {
                    id: Some(id),
                    response: Response::Error {
                        kind: ErrorKind::NoMoveAvailable,
                        message: "the engine worker keeps failing; reload the page".into(),
                    },
                });
            }
            return;
        }
        {
            let inner = self.inner.borrow();
            // The game's job, then the analysis, then the solve (which may take long).
            let all = open.iter().chain(&analysis).chain(&solve).chain(&puzzle);
            for (_, jobs) in all {
                inner.send(jobs);
            }
        }
        self.rearm();
    }
}

/// A reply from the worker. Any reply shows the worker is alive (the watchdog starts again); a
/// reply about an outstanding job resets the count of restarts in a row, and its final reply
/// closes it.
fn received(inner: &Weak<RefCell<Inner>>, reply: Reply) {
    let Some(inner) = inner.upgrade() else {
        return;
    };
    let host = EngineHost { inner };
    let on_reply = {
        let mut state = host.inner.borrow_mut();
        let is = |job: &Outstanding| job.as_ref().is_some_and(|(id, _)| reply.id == Some(*id));
        let (about_open, about_analysis, about_solve, about_puzzle) = (
            is(&state.open),
            is(&state.analysis),
            is(&state.solve),
            is(&state.puzzle),
        );
        if about_open || about_analysis || about_solve || about_puzzle {
            state.restarts_in_a_row = 0;
        }
        if about_open
            && matches!(
                reply.response,
                Response::EngineMove { .. } | Response::Error { .. }
            )
        {
            state.open = None;
        }
        if about_analysis
            && matches!(
                reply.response,
                Response::Analysis(_) | Response::Error { .. }
            )
        {
            state.analysis = None;
        }
        if about_solve && matches!(reply.response, Response::Solved(_) | Response::Error { .. }) {
            state.solve = None;
        }
        if about_puzzle
            && matches!(
                reply.response,
                Response::Verdict(_) | Response::Solutions(_) | Response::Error { .. }
            )
        {
            state.puzzle = None;
        }
        Rc::clone(&state.on_reply)
    };
    host.rearm();
    on_reply(reply);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restart_notices_say_what_was_asked_again() {
        let notice = |failure, move_asked_again, analysis_asked_again, gave_up| {
            RestartNotice {
                failure,
                move_asked_again,
                analysis_asked_again,
                gave_up,
                restarts: 1,
            }
            .words()
        };
        assert_eq!(
            notice(Failure::Silent, false, true, false),
            "The engine stopped answering; it was restarted and asked again for the analysis."
        );
        assert_eq!(
            notice(Failure::Crashed, true, false, false),
            "The engine failed; it was restarted and asked again for its move."
        );
        assert!(notice(Failure::Silent, true, true, false).contains("its move and the analysis"));
        assert!(notice(Failure::Silent, true, true, true).contains("reload the page"));
    }
}
