//! The engine side of the protocol, free of any browser API: it keeps the worker's position,
//! carries out requests and hands replies to a sink. The worker type only adds the transport,
//! so everything here is tested natively.

use ohm_engine::search::{Callbacks, Progress};
use ohm_engine::solver::{self, Solver, SolverParams};
use ohm_engine::{player, puzzle};
use ohm_engine::{Board, ByColor, CellSet, Color, Move, Point, Position};

use crate::protocol::{
    ErrorKind, Job, Outcome, PositionState, Reply, Request, Response, SearchReport, Setup, Side,
    Solutions, SolveProgress, Solved, SolvedLine, Verdict,
};

/// The engine's state between requests.
#[derive(Debug, Default)]
pub struct Session {
    position: Option<Position>,
    /// Ohm's tables, kept from move to move, and the solver (made at its first use: its
    /// table takes memory) that the player, puzzles and analysis share, so a position solved
    /// once is answered at once afterwards.
    engine: player::Engine,
}

impl Session {
    #[must_use]
    pub fn new() -> Session {
        Session::default()
    }

    /// The position the next request applies to, once one has been set.
    #[must_use]
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// Carries out `job` and passes its replies to `reply`. `now_ms` reads the caller's clock
    /// in milliseconds (the engine itself never reads one).
    pub fn handle(&mut self, job: Job, now_ms: &dyn Fn() -> f64, reply: &mut dyn FnMut(Reply)) {
        let id = job.id;
        let mut progress = |response: Response| {
            reply(Reply {
                id: Some(id),
                response,
            });
        };
        let response = match self.respond(job.request, now_ms, &mut progress) {
            Ok(response) => response,
            Err((kind, message)) => Response::Error { kind, message },
        };
        reply(Reply {
            id: Some(job.id),
            response,
        });
    }

    fn respond(
        &mut self,
        request: Request,
        now_ms: &dyn Fn() -> f64,
        progress: &mut dyn FnMut(Response),
    ) -> Result<Response, Failure> {
        match request {
            Request::SetPosition {
                width,
                height,
                moves,
                swap_rule,
                setup,
            } => {
                let position = replay(width, height, setup.as_ref(), &moves, swap_rule)?;
                let state = PositionState::from(&position);
                // The tables are keyed by stones and side to move, not by the board: the same
                // stones on another board (the empty boards above all) would find the other
                // board's results. A new board gets new tables.
                if self.position.as_ref().map(|p| *p.board()) != Some(*position.board()) {
                    self.engine = player::Engine::default();
                }
                self.position = Some(position);
                Ok(Response::Position(state))
            }
            Request::Play { mv } => {
                let position = self.position_mut()?;
                let parsed = parse_move(&mv)?;
                position
                    .try_play(parsed)
                    .map_err(|e| (ErrorKind::IllegalMove, format!("{mv}: {e}")))?;
                Ok(Response::Position(PositionState::from(&*position)))
            }
            Request::Undo => {
                let position = self.position_mut()?;
                if !position.undo() {
                    return Err((ErrorKind::NothingToUndo, "no move to take back".into()));
                }
                Ok(Response::Position(PositionState::from(&*position)))
            }
            Request::Genmove { level, seed } => self.genmove(level, seed, now_ms, progress),
            // A search runs to completion inside one request (the worker reads no message
            // meanwhile; the page terminates it to stop it), so none is ever running when a
            // `Stop` is read.
            Request::Stop => Ok(Response::Stopped {
                was_searching: false,
            }),
            Request::Analyze { overlays, between } => {
                let position = self.position_mut()?;
                let started = now_ms();
                let mut analysis = crate::analysis::analyze(position, overlays, between.as_ref())?;
                if overlays.best_moves {
                    analysis.best_moves = Some(crate::analysis::best_moves(position, now_ms));
                }
                analysis.elapsed_ms = now_ms() - started;
                Ok(Response::Analysis(Box::new(analysis)))
            }
            Request::JudgeMove { mv, budget_ms } => self.judge_move(&mv, budget_ms, now_ms),
            Request::SolvePuzzle { budget_ms } => self.solve_puzzle(budget_ms, now_ms),
            Request::Solve { budget_ms } => self.solve(budget_ms, now_ms, progress),
        }
    }

    /// Puzzle mode: the verdict on `mv` for the side to move, the position left as it was.
    fn judge_move(
        &mut self,
        text: &str,
        budget_ms: u32,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Response, Failure> {
        let started = now_ms();
        let position = self.position_mut()?;
        let mv = parse_move(text)?;
        position
            .check_as(position.to_move(), mv)
            .map_err(|e| (ErrorKind::IllegalMove, format!("{text}: {e}")))?;
        let Move::Cell(cell) = mv else {
            return Err((
                ErrorKind::IllegalMove,
                format!("{text}: a puzzle is solved by playing a cell"),
            ));
        };
        let budget = puzzle::Budget::time(f64::from(budget_ms));
        let (position, solver) = self.position_and_solver()?;
        let judgement =
            puzzle::judge_move(solver, position, cell, budget, &mut quiet_clock(now_ms))
                .map_err(|e| (ErrorKind::IllegalMove, format!("{text}: {e}")))?;
        Ok(Response::Verdict(Box::new(Verdict {
            mv: mv.to_string(),
            outcome: outcome(judgement.outcome),
            winning_carrier: cell_names(judgement.winning_carrier.unwrap_or_default()),
            refutation: judgement.refutation.map(|p| p.to_string()),
            opponent_carrier: cell_names(judgement.opponent_carrier.unwrap_or_default()),
            explanation: judgement.explanation(&budget),
            line: judgement.line.iter().map(ToString::to_string).collect(),
            elapsed_ms: elapsed_since(started, now_ms),
        })))
    }

    /// Puzzle mode: every legal move of the side to move judged.
    fn solve_puzzle(
        &mut self,
        budget_ms: u32,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Response, Failure> {
        let started = now_ms();
        let budget = puzzle::Budget::time(f64::from(budget_ms));
        let (position, solver) = self.position_and_solver()?;
        let solution = puzzle::solve(solver, position, budget, &mut quiet_clock(now_ms))
            .map_err(|e| (ErrorKind::NoMoveAvailable, e.to_string()))?;
        Ok(Response::Solutions(Box::new(Solutions {
            winning: cell_names(solution.cells(puzzle::Outcome::Wins)),
            losing: cell_names(solution.cells(puzzle::Outcome::Loses)),
            unproven: cell_names(solution.cells(puzzle::Outcome::Unproven)),
            hint: cell_names(solution.hint),
            complete: solution.complete,
            elapsed_ms: elapsed_since(started, now_ms),
        })))
    }

    /// Analysis mode's Solve: every empty cell judged by the solver, with what is proven so far
    /// sent to `progress` as it goes. The budget holds for this solve only; the table stays.
    fn solve(
        &mut self,
        budget_ms: Option<u32>,
        now_ms: &dyn Fn() -> f64,
        progress: &mut dyn FnMut(Response),
    ) -> Result<Response, Failure> {
        let Session { position, engine } = self;
        let position = position.as_ref().ok_or_else(|| {
            (
                ErrorKind::NoPosition,
                "no position: send setPosition first".to_string(),
            )
        })?;
        if let Some(winner) = position.winner() {
            return Err((
                ErrorKind::NoMoveAvailable,
                format!("the game is over: {winner} has won"),
            ));
        }
        let empty = position.empty_cells();
        let moves = empty.len();
        let mut control = Callbacks {
            clock: || now_ms(),
            stop: || false,
            progress: |p: &solver::Progress| {
                let proven = |wins: bool| -> Vec<String> {
                    p.root_moves
                        .iter()
                        .filter(|m| m.wins() == Some(wins) && empty.contains(m.mv))
                        .map(|m| m.mv.to_string())
                        .collect()
                };
                progress(Response::SolveProgress(SolveProgress {
                    nodes: p.work,
                    positions: p.created,
                    elapsed_ms: p.elapsed_ms,
                    moves,
                    winning: proven(true),
                    losing: proven(false),
                }));
            },
        };
        let solver = engine.solver();
        let saved = solver.params().clone();
        solver.set_params(SolverParams {
            time_ms: budget_ms.map(f64::from),
            max_nodes: None,
            ..saved.clone()
        });
        let judged = solver.judge_moves(position, &mut control);
        // Each decided move's line, from the table (the move first).
        let mut after = position.clone();
        after.set_swap_rule(false);
        let lines = (judged.winning | judged.losing)
            .iter()
            .map(|cell| {
                after.play_unchecked(after.to_move(), Move::Cell(cell));
                let mut line = vec![cell.to_string()];
                line.extend(
                    solver
                        .principal_variation(&after)
                        .iter()
                        .map(ToString::to_string),
                );
                after.undo();
                SolvedLine {
                    cell: cell.to_string(),
                    line,
                }
            })
            .collect();
        solver.set_params(saved);
        Ok(Response::Solved(Box::new(Solved {
            to_move: position.to_move().into(),
            winner: judged.root.winner.map(Side::from),
            winning: cell_names(judged.winning),
            losing: cell_names(judged.losing),
            undecided: cell_names(judged.unknown),
            lines,
            nodes: judged.stats.work(),
            positions: judged.stats.created,
            elapsed_ms: judged.elapsed_ms,
        })))
    }

    /// Ohm's move at `level`, played in the session's position; every finished search
    /// iteration goes to `progress` while it thinks.
    fn genmove(
        &mut self,
        level: u8,
        seed: u32,
        now_ms: &dyn Fn() -> f64,
        progress: &mut dyn FnMut(Response),
    ) -> Result<Response, Failure> {
        let Some(level) = player::level(level) else {
            return Err((
                ErrorKind::BadLevel,
                format!("level {level} is not one of 1 to {}", player::LEVELS.len()),
            ));
        };
        let Session { position, engine } = self;
        let position = position.as_mut().ok_or_else(|| {
            (
                ErrorKind::NoPosition,
                "no position: send setPosition first".to_string(),
            )
        })?;
        let started = now_ms();
        let color = position.to_move();
        let mut control = Callbacks {
            clock: || now_ms(),
            stop: || false,
            progress: |p: &Progress| {
                progress(Response::Progress(
                    SearchReport::new(p.depth, p.score, &p.pv, p.nodes, p.proven, p.elapsed_ms)
                        .with_monte_carlo(p.monte_carlo),
                ));
            },
        };
        let decision = engine.choose_move(position, level, u64::from(seed), &mut control);
        let Some(decision) = decision else {
            let why = if position.is_over() {
                "the game is over"
            } else {
                "the board is full"
            };
            return Err((ErrorKind::NoMoveAvailable, why.into()));
        };
        let mv = decision.mv;
        position
            .try_play(mv)
            .map_err(|e| (ErrorKind::IllegalMove, format!("engine chose {mv}: {e}")))?;
        let elapsed_ms = now_ms() - started;
        Ok(Response::EngineMove {
            color: color.into(),
            mv: mv.to_string(),
            elapsed_ms,
            position: PositionState::from(&*position),
            reason: Some(decision.reason.into()),
            search: decision.search.map(|r| {
                SearchReport::new(r.depth, r.score, &r.pv, r.nodes, r.proven, elapsed_ms)
                    .with_monte_carlo(r.monte_carlo)
            }),
        })
    }

    /// The position and the solver (made now if this is its first use).
    fn position_and_solver(&mut self) -> Result<(&Position, &mut Solver), Failure> {
        let solver = self.engine.solver();
        let position = self.position.as_ref().ok_or_else(|| {
            (
                ErrorKind::NoPosition,
                "no position: send setPosition first".into(),
            )
        })?;
        Ok((position, solver))
    }

    fn position_mut(&mut self) -> Result<&mut Position, Failure> {
        self.position.as_mut().ok_or_else(|| {
            (
                ErrorKind::NoPosition,
                "no position: send setPosition first".into(),
            )
        })
    }
}

type Failure = (ErrorKind, String);

/// The caller's clock for the engine's puzzle judging: no stop flag, no progress replies (a
/// verdict is one reply).
fn quiet_clock(now_ms: &dyn Fn() -> f64) -> impl ohm_engine::solver::Control + '_ {
    Callbacks {
        clock: move || now_ms(),
        stop: || false,
        progress: |_: &ohm_engine::solver::Progress| {},
    }
}

fn outcome(outcome: puzzle::Outcome) -> Outcome {
    match outcome {
        puzzle::Outcome::Wins => Outcome::Wins,
        puzzle::Outcome::Loses => Outcome::Loses,
        puzzle::Outcome::Unproven => Outcome::Unproven,
    }
}

/// Cell names in cell order.
fn cell_names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|p| p.to_string()).collect()
}

/// Whole milliseconds since `started` by the caller's clock.
fn elapsed_since(started: f64, now_ms: &dyn Fn() -> f64) -> u32 {
    // Saturating float-to-int conversion: a clock going backwards gives 0.
    (now_ms() - started).round() as u32
}

/// The position after playing `moves` from the `width` x `height` board, empty or set up.
fn replay(
    width: u8,
    height: u8,
    setup: Option<&Setup>,
    moves: &[String],
    swap_rule: bool,
) -> Result<Position, Failure> {
    let board = Board::new(width, height).map_err(|e| (ErrorKind::BadBoardSize, e.to_string()))?;
    let mut position = Position::new(board).with_swap_rule(swap_rule);
    if let Some(setup) = setup {
        let cells = |names: &[String]| -> Result<CellSet, Failure> {
            names
                .iter()
                .map(|name| match Point::parse(name) {
                    Ok(p) if p.is_cell() && board.contains(p) => Ok(p),
                    _ => Err((
                        ErrorKind::BadMove,
                        format!("set-up {name:?} is not a cell of the board"),
                    )),
                })
                .collect()
        };
        let stones = ByColor::new(cells(&setup.black)?, cells(&setup.white)?);
        if let Some(p) = (stones.black & stones.white).first() {
            return Err((
                ErrorKind::IllegalMove,
                format!("set-up {p} holds both colours"),
            ));
        }
        position.reset_to(stones, Color::from(setup.to_move));
    }
    for (number, text) in (1..).zip(moves) {
        let mv = parse_move(text)
            .map_err(|(kind, message)| (kind, format!("move {number}: {message}")))?;
        position.try_play(mv).map_err(|e| {
            (
                ErrorKind::IllegalMove,
                format!("move {number} ({text}): {e}"),
            )
        })?;
    }
    Ok(position)
}

fn parse_move(text: &str) -> Result<Move, Failure> {
    Move::parse(text).map_err(|e| (ErrorKind::BadMove, format!("{text:?} is not a move: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{MoveReason, RequestId, Side};

    /// Sends `request` with id 1 and returns the final reply (after any progress reports).
    fn ask(session: &mut Session, request: Request) -> Response {
        let mut replies = ask_all(session, request);
        let last = replies.pop().unwrap();
        assert!(
            !matches!(last, Response::Progress(_) | Response::SolveProgress(_)),
            "{last:?}"
        );
        last
    }

    /// Sends `request` with id 1 and returns every reply, checking their ids.
    fn ask_all(session: &mut Session, request: Request) -> Vec<Response> {
        let mut replies = Vec::new();
        // A clock that advances 2 ms at every reading.
        let tick = std::cell::Cell::new(0.0_f64);
        let now = || {
            tick.set(tick.get() + 2.0);
            tick.get()
        };
        session.handle(
            Job {
                id: RequestId(1),
                request,
            },
            &now,
            &mut |r| replies.push(r),
        );
        assert!(!replies.is_empty());
        for (index, reply) in replies.iter().enumerate() {
            assert_eq!(reply.id, Some(RequestId(1)));
            let last = index + 1 == replies.len();
            assert_eq!(
                matches!(
                    reply.response,
                    Response::Progress(_) | Response::SolveProgress(_)
                ),
                !last,
                "progress comes before the final reply only: {replies:?}"
            );
        }
        replies.into_iter().map(|r| r.response).collect()
    }

    fn set(width: u8, height: u8, moves: &[&str]) -> Request {
        Request::SetPosition {
            width,
            height,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            swap_rule: false,
            setup: None,
        }
    }

    #[test]
    fn ohm_swaps_a_central_opening_and_keeps_a_corner_one() {
        for (size, first, swaps) in [
            (11, "f6", true),
            (11, "a1", false),
            (7, "d4", true),
            (7, "a1", false),
        ] {
            let mut session = Session::new();
            ask(
                &mut session,
                Request::SetPosition {
                    width: size,
                    height: size,
                    moves: vec![first.into()],
                    swap_rule: true,
                    setup: None,
                },
            );
            let Response::EngineMove { mv, .. } = ask(&mut session, Request::genmove()) else {
                panic!("expected an engine move")
            };
            assert_eq!(
                mv == "swap-pieces",
                swaps,
                "{size}x{size} after {first}: {mv}"
            );
        }
    }

    #[test]
    fn genmove_streams_progress_then_plays_with_its_reason() {
        let mut session = Session::new();
        ask(&mut session, set(5, 5, &["c3"]));
        let replies = ask_all(&mut session, Request::Genmove { level: 3, seed: 1 });
        let reports: Vec<&SearchReport> = replies
            .iter()
            .filter_map(|r| match r {
                Response::Progress(report) => Some(report),
                _ => None,
            })
            .collect();
        let Some(Response::EngineMove {
            mv, reason, search, ..
        }) = replies.last()
        else {
            panic!("expected an engine move: {replies:?}")
        };
        match reason {
            Some(MoveReason::Search) => {
                assert!(!reports.is_empty(), "a search reports its iterations");
                let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
                assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
                assert!(reports.iter().all(|r| r.best == r.pv.first().cloned()));
                let search = search.as_ref().expect("the search summary");
                assert_eq!(search.depth, reports.last().unwrap().depth);
            }
            other => assert!(reports.is_empty() && search.is_none(), "{other:?}"),
        }
        assert_ne!(mv, "c3");
        assert_eq!(session.position().unwrap().move_count(), 2);
    }

    #[test]
    fn genmove_refuses_levels_outside_one_to_six() {
        let mut session = Session::new();
        ask(&mut session, set(3, 3, &[]));
        for level in [0, 7, 255] {
            let response = ask(&mut session, Request::Genmove { level, seed: 0 });
            assert_eq!(error_kind(&response), Some(ErrorKind::BadLevel), "{level}");
        }
        assert_eq!(session.position().unwrap().move_count(), 0);
        let Response::EngineMove { .. } = ask(&mut session, Request::Genmove { level: 1, seed: 0 })
        else {
            panic!("level 1 plays")
        };
    }

    #[test]
    fn set_up_stones_reach_the_worker() {
        let mut session = Session::new();
        let Response::Position(state) = ask(
            &mut session,
            Request::SetPosition {
                width: 3,
                height: 3,
                moves: vec!["c1".into()],
                swap_rule: false,
                setup: Some(Setup {
                    black: vec!["a1".into()],
                    white: vec!["b2".into(), "a3".into()],
                    to_move: Side::White,
                }),
            },
        ) else {
            panic!("expected a position")
        };
        assert_eq!(state.to_move, Side::Black);
        let position = session.position().unwrap();
        assert_eq!(position.stones(Color::White).len(), 3);
        let bad = Setup {
            black: vec!["a1".into()],
            white: vec!["a1".into()],
            to_move: Side::Black,
        };
        let response = ask(
            &mut session,
            Request::SetPosition {
                width: 3,
                height: 3,
                moves: vec![],
                swap_rule: false,
                setup: Some(bad),
            },
        );
        assert_eq!(error_kind(&response), Some(ErrorKind::IllegalMove));
    }

    fn error_kind(response: &Response) -> Option<ErrorKind> {
        match response {
            Response::Error { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    #[test]
    fn set_position_replays_the_moves() {
        let mut session = Session::new();
        let Response::Position(state) = ask(&mut session, set(5, 4, &["c2", "b3"])) else {
            panic!("expected a position")
        };
        assert_eq!((state.width, state.height), (5, 4));
        assert_eq!(state.moves, ["c2", "b3"]);
        assert_eq!(state.to_move, Side::Black);
        assert_eq!(session.position().unwrap().move_count(), 2);
    }

    #[test]
    fn requests_before_a_position_are_refused() {
        let mut session = Session::new();
        for request in [
            Request::genmove(),
            Request::Undo,
            Request::Play { mv: "a1".into() },
        ] {
            assert_eq!(
                error_kind(&ask(&mut session, request)),
                Some(ErrorKind::NoPosition)
            );
        }
    }

    #[test]
    fn bad_sizes_and_moves_are_errors_and_keep_the_old_position() {
        let mut session = Session::new();
        ask(&mut session, set(3, 3, &["b2"]));
        let cases = [
            (set(0, 5, &[]), ErrorKind::BadBoardSize),
            (set(20, 5, &[]), ErrorKind::BadBoardSize),
            (set(3, 3, &["b2", "zz"]), ErrorKind::BadMove),
            (set(3, 3, &["b2", "b2"]), ErrorKind::IllegalMove),
            (set(3, 3, &["d1"]), ErrorKind::IllegalMove),
            (set(3, 3, &["a1", "swap-pieces"]), ErrorKind::IllegalMove),
            (Request::Play { mv: "b2".into() }, ErrorKind::IllegalMove),
            (Request::Play { mv: "north".into() }, ErrorKind::IllegalMove),
            (Request::Play { mv: "".into() }, ErrorKind::BadMove),
        ];
        for (request, kind) in cases {
            let response = ask(&mut session, request.clone());
            assert_eq!(
                error_kind(&response),
                Some(kind),
                "{request:?} gave {response:?}"
            );
        }
        let kept = session.position().unwrap();
        assert_eq!(kept.board().width(), 3);
        assert_eq!(kept.move_count(), 1);
    }

    #[test]
    fn error_messages_name_the_offending_move() {
        let mut session = Session::new();
        let Response::Error { message, .. } = ask(&mut session, set(3, 3, &["a1", "c3", "a1"]))
        else {
            panic!("expected an error")
        };
        assert!(
            message.contains("move 3") && message.contains("a1"),
            "{message}"
        );
    }

    #[test]
    fn play_and_undo_change_the_position() {
        let mut session = Session::new();
        ask(&mut session, set(4, 4, &[]));
        let Response::Position(state) = ask(&mut session, Request::Play { mv: "B3".into() }) else {
            panic!("expected a position")
        };
        assert_eq!(state.moves, ["b3"]);
        assert_eq!(state.to_move, Side::White);
        let Response::Position(state) = ask(&mut session, Request::Undo) else {
            panic!("expected a position")
        };
        assert!(state.moves.is_empty());
        assert_eq!(
            error_kind(&ask(&mut session, Request::Undo)),
            Some(ErrorKind::NothingToUndo)
        );
    }

    #[test]
    fn genmove_plays_a_legal_move_for_the_side_to_move() {
        let mut session = Session::new();
        ask(&mut session, set(5, 5, &["c3"]));
        let Response::EngineMove {
            color,
            mv,
            elapsed_ms,
            position,
            ..
        } = ask(&mut session, Request::genmove())
        else {
            panic!("expected an engine move")
        };
        assert_eq!(color, Side::White);
        assert_ne!(mv, "c3");
        assert_eq!(position.moves, ["c3", mv.as_str()]);
        assert_eq!(position.to_move, Side::Black);
        assert!(
            elapsed_ms > 0.0,
            "the caller's clock is read before and after"
        );
        assert_eq!(session.position().unwrap().move_count(), 2);
    }

    #[test]
    fn genmove_takes_a_winning_cell() {
        // 3 columns, 2 rows; Black to move. c1 touches the top edge and b2 (on the bottom
        // row), so it wins at once; c2, the only other empty cell, does not.
        let mut session = Session::new();
        ask(&mut session, set(3, 2, &["a2", "a1", "b2", "b1"]));
        let Response::EngineMove { mv, position, .. } = ask(&mut session, Request::genmove())
        else {
            panic!("expected an engine move")
        };
        assert_eq!(mv, "c1");
        assert_eq!(position.winner, Some(Side::Black));
    }

    #[test]
    fn genmove_in_a_finished_game_is_an_error() {
        let mut session = Session::new();
        ask(&mut session, set(1, 1, &["a1"]));
        assert_eq!(
            error_kind(&ask(&mut session, Request::genmove())),
            Some(ErrorKind::NoMoveAvailable)
        );
    }

    #[test]
    fn analyze_answers_for_the_worker_position_and_refuses_bad_ends() {
        use crate::protocol::{EndPair, Overlays};
        let mut session = Session::new();
        let analyze = |between: Option<EndPair>| Request::Analyze {
            overlays: Overlays {
                connections: true,
                inferior: true,
                circuit: true,
                graph: true,
                best_moves: false,
            },
            between,
        };
        assert_eq!(
            error_kind(&ask(&mut session, analyze(None))),
            Some(ErrorKind::NoPosition)
        );
        ask(&mut session, set(5, 5, &["c3"]));
        let Response::Analysis(analysis) = ask(&mut session, analyze(None)) else {
            panic!("expected an analysis")
        };
        assert!(analysis.elapsed_ms > 0.0);
        assert!(analysis.black.as_ref().unwrap().winning.is_some());
        assert!(analysis.inferior.is_some() && analysis.circuit.is_some());
        assert_eq!(analysis.graph.as_ref().map(Vec::len), Some(2));
        let bad = EndPair {
            color: Side::White,
            ends: ["c3".into(), "west".into()],
        };
        assert_eq!(
            error_kind(&ask(&mut session, analyze(Some(bad)))),
            Some(ErrorKind::BadEnd)
        );
        assert_eq!(session.position().unwrap().move_count(), 1);
    }

    #[test]
    fn best_moves_list_exact_scores_best_first_and_prove_a_won_position() {
        use crate::protocol::{Overlays, PROVEN_SCORE};
        let mut session = Session::new();
        ask(&mut session, set(4, 4, &["b3", "c2"]));
        let request = |best_moves: bool| Request::Analyze {
            overlays: Overlays {
                best_moves,
                ..Overlays::default()
            },
            between: None,
        };
        let Response::Analysis(without) = ask(&mut session, request(false)) else {
            panic!("expected an analysis")
        };
        assert_eq!(without.best_moves, None, "off unless asked for");
        let Response::Analysis(analysis) = ask(&mut session, request(true)) else {
            panic!("expected an analysis")
        };
        let best = analysis.best_moves.expect("best moves");
        assert_eq!(best.proven, Some(Side::Black));
        assert!(!best.moves.is_empty() && best.moves.len() <= 5, "{best:?}");
        assert!(best.moves[0].proven && best.moves[0].score == PROVEN_SCORE);
        assert!(best.moves.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(best.pv.first(), Some(&best.moves[0].cell));
        assert!(best.depth >= 1 && best.nodes > 0);
        let position = session.position().unwrap();
        assert_eq!(
            position.move_count(),
            2,
            "the analysis leaves the position alone"
        );
        for mv in &best.moves {
            let cell = Point::parse(&mv.cell).unwrap();
            assert!(position.empty_cells().contains(cell), "{}", mv.cell);
        }
    }

    /// 3 columns, 2 rows, Black to move: c1 joins the top edge to b2 and wins; after c2,
    /// White's c1 joins a1 b1 to the east edge.
    fn one_winning_cell() -> Request {
        set(3, 2, &["a2", "a1", "b2", "b1"])
    }

    fn judge(mv: &str, budget_ms: u32) -> Request {
        Request::JudgeMove {
            mv: mv.into(),
            budget_ms,
        }
    }

    #[test]
    fn judge_move_gives_a_verdict_and_leaves_the_position_alone() {
        let mut session = Session::new();
        ask(&mut session, one_winning_cell());
        let Response::Verdict(verdict) = ask(&mut session, judge("c1", 1000)) else {
            panic!("expected a verdict")
        };
        assert_eq!(
            (verdict.mv.as_str(), verdict.outcome),
            ("c1", Outcome::Wins)
        );
        assert!(
            verdict.explanation.contains("c1"),
            "{}",
            verdict.explanation
        );
        let Response::Verdict(verdict) = ask(&mut session, judge("C2", 1000)) else {
            panic!("expected a verdict")
        };
        assert_eq!(verdict.mv, "c2");
        assert_eq!(verdict.outcome, Outcome::Loses);
        assert_eq!(verdict.refutation.as_deref(), Some("c1"));
        assert!(verdict.opponent_carrier.is_empty(), "White is connected");
        assert!(
            verdict.explanation.contains("White's c1"),
            "{}",
            verdict.explanation
        );
        assert!(verdict.elapsed_ms > 0, "the caller's clock is read");
        let position = session.position().unwrap();
        assert_eq!(position.move_count(), 4);
        assert_eq!(position.to_move(), Color::Black);
        assert_eq!(position.empty_cells().len(), 2);
    }

    #[test]
    fn bad_puzzle_moves_are_errors() {
        let mut session = Session::new();
        assert_eq!(
            error_kind(&ask(&mut session, judge("c1", 100))),
            Some(ErrorKind::NoPosition)
        );
        assert_eq!(
            error_kind(&ask(&mut session, Request::SolvePuzzle { budget_ms: 100 })),
            Some(ErrorKind::NoPosition)
        );
        ask(&mut session, one_winning_cell());
        for (mv, kind) in [
            ("zz", ErrorKind::BadMove),
            ("", ErrorKind::BadMove),
            ("b2", ErrorKind::IllegalMove),
            ("d1", ErrorKind::IllegalMove),
            ("north", ErrorKind::IllegalMove),
            ("pass", ErrorKind::IllegalMove),
            ("resign", ErrorKind::IllegalMove),
            ("swap-pieces", ErrorKind::IllegalMove),
        ] {
            let response = ask(&mut session, judge(mv, 100));
            assert_eq!(error_kind(&response), Some(kind), "{mv}: {response:?}");
        }
        ask(&mut session, Request::Play { mv: "c1".into() });
        assert_eq!(
            error_kind(&ask(&mut session, judge("c2", 100))),
            Some(ErrorKind::IllegalMove),
            "the game is over"
        );
        assert_eq!(
            error_kind(&ask(&mut session, Request::SolvePuzzle { budget_ms: 100 })),
            Some(ErrorKind::NoMoveAvailable)
        );
        assert_eq!(session.position().unwrap().move_count(), 5);
    }

    #[test]
    fn another_board_size_gets_fresh_tables() {
        // The empty 4x4 and 5x5 boards hash alike; 4x4's answers must not be 5x5's.
        let mut session = Session::new();
        let mut winning = Vec::new();
        for size in [4, 5] {
            ask(&mut session, set(size, size, &[]));
            let Response::Solutions(solutions) =
                ask(&mut session, Request::SolvePuzzle { budget_ms: 60_000 })
            else {
                panic!("expected solutions")
            };
            assert!(solutions.complete);
            winning.push(solutions.winning);
        }
        let mut fresh = Session::new();
        ask(&mut fresh, set(5, 5, &[]));
        let Response::Solutions(alone) =
            ask(&mut fresh, Request::SolvePuzzle { budget_ms: 60_000 })
        else {
            panic!("expected solutions")
        };
        assert_eq!(winning[1], alone.winning);
        assert!(winning[1].contains(&"e1".to_string()), "{:?}", winning[1]);
    }

    #[test]
    fn solve_puzzle_sorts_every_move() {
        let mut session = Session::new();
        ask(&mut session, one_winning_cell());
        let Response::Solutions(solutions) =
            ask(&mut session, Request::SolvePuzzle { budget_ms: 1000 })
        else {
            panic!("expected solutions")
        };
        assert_eq!(solutions.winning, ["c1"]);
        assert_eq!(solutions.losing, ["c2"]);
        assert!(solutions.unproven.is_empty());
        assert!(solutions.complete);
        assert!(solutions.hint.contains(&"c1".to_string()));
        assert_eq!(session.position().unwrap().move_count(), 4);
    }

    #[test]
    fn a_zero_budget_answers_unproven_at_once() {
        let mut session = Session::new();
        ask(&mut session, set(9, 9, &["e5"]));
        let Response::Verdict(verdict) = ask(&mut session, judge("d6", 0)) else {
            panic!("expected a verdict")
        };
        assert_eq!(verdict.outcome, Outcome::Unproven);
        assert!(verdict.refutation.is_none() && verdict.winning_carrier.is_empty());
        assert!(
            verdict.explanation.contains("could not prove"),
            "{}",
            verdict.explanation
        );
        let Response::Solutions(solutions) =
            ask(&mut session, Request::SolvePuzzle { budget_ms: 0 })
        else {
            panic!("expected solutions")
        };
        assert!(!solutions.complete);
        assert_eq!(solutions.unproven.len(), 80);
        assert!(solutions.winning.is_empty() && solutions.losing.is_empty());
        assert_eq!(session.position().unwrap().move_count(), 1);
    }

    /// The winning first moves of 5x5 in `shared/data/first-move-results.csv` (Black first).
    const WINNING_5X5: [&str; 13] = [
        "e1", "b2", "c2", "d2", "e2", "b3", "c3", "d3", "a4", "b4", "c4", "d4", "a5",
    ];

    #[test]
    fn solve_maps_the_first_moves_with_progress_and_lines() {
        let mut session = Session::new();
        ask(&mut session, set(5, 5, &[]));
        let replies = ask_all(&mut session, Request::Solve { budget_ms: None });
        let Some(Response::Solved(solved)) = replies.last() else {
            panic!("expected a solve, got {replies:?}")
        };
        assert_eq!(solved.to_move, Side::Black);
        assert_eq!(solved.winner, Some(Side::Black));
        let mut winning = WINNING_5X5.map(String::from).to_vec();
        winning.sort_by_key(|c| Point::parse(c).unwrap().index());
        assert_eq!(solved.winning, winning);
        assert_eq!(solved.losing.len(), 12);
        assert!(solved.complete() && solved.undecided.is_empty());
        assert_eq!(solved.lines.len(), 25);
        for cell in &solved.winning {
            let line = solved.line(cell).unwrap();
            assert_eq!(line.first(), Some(cell), "a line starts with its move");
        }
        // Progress: what is proven only grows, and is never contradicted by the result.
        let mut proven = 0;
        for reply in &replies[..replies.len() - 1] {
            let Response::SolveProgress(p) = reply else {
                continue;
            };
            assert_eq!(p.moves, 25);
            assert!(
                p.winning.iter().all(|c| solved.winning.contains(c)),
                "{p:?}"
            );
            assert!(p.losing.iter().all(|c| solved.losing.contains(c)), "{p:?}");
            proven = proven.max(p.winning.len() + p.losing.len());
        }
        assert!(proven > 0, "no progress report said what was proven");
        // The table is kept: the same position again costs less.
        let Response::Solved(again) = ask(&mut session, Request::Solve { budget_ms: None }) else {
            panic!("expected a solve")
        };
        assert_eq!(again.winning, solved.winning);
        assert!(
            again.nodes < solved.nodes,
            "{} then {}",
            solved.nodes,
            again.nodes
        );
        assert_eq!(session.position().unwrap().move_count(), 0);
    }

    #[test]
    fn solve_within_no_budget_decides_nothing_and_refuses_a_finished_game() {
        let mut session = Session::new();
        assert_eq!(
            error_kind(&ask(&mut session, Request::Solve { budget_ms: None })),
            Some(ErrorKind::NoPosition)
        );
        ask(&mut session, set(9, 9, &["e5"]));
        let Response::Solved(solved) = ask(&mut session, Request::Solve { budget_ms: Some(0) })
        else {
            panic!("expected a solve")
        };
        assert_eq!(solved.winner, None);
        assert!(solved.winning.is_empty() && solved.losing.is_empty());
        assert_eq!(solved.undecided.len(), 80);
        ask(&mut session, one_winning_cell());
        ask(&mut session, Request::Play { mv: "c1".into() });
        assert_eq!(
            error_kind(&ask(&mut session, Request::Solve { budget_ms: None })),
            Some(ErrorKind::NoMoveAvailable)
        );
    }

    #[test]
    fn stop_with_no_search_running_says_so() {
        let mut session = Session::new();
        assert_eq!(
            ask(&mut session, Request::Stop),
            Response::Stopped {
                was_searching: false
            }
        );
    }
}
