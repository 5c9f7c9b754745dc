//! The worker's message handling as it runs in wasm32 (in Node): jobs and replies cross as
//! JavaScript values, and values that are not jobs get an error reply, not a panic.
//! Run with `cargo test -p ohm-web --target wasm32-unknown-unknown --tests` (Node).
#![cfg(target_arch = "wasm32")]

use js_sys::{Object, Reflect};
use ohm_web::codec::Packet;
use ohm_web::protocol::{ErrorKind, Job, Reply, Request, RequestId, Response, Side};
use ohm_web::worker::EngineWorker;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// Sends `packet` to a worker and returns its decoded replies.
fn exchange(worker: &mut EngineWorker, packet: Packet) -> Vec<Reply> {
    let mut replies = Vec::new();
    worker.answer(packet, &|| 0.0, &mut |p: Packet| {
        replies.push(p.decode::<Reply>().expect("replies decode"));
    });
    replies
}

fn job(id: u32, request: Request) -> Packet {
    Packet::encode(&Job {
        id: RequestId(id),
        request,
    })
    .unwrap()
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

#[wasm_bindgen_test]
fn jobs_travel_as_plain_objects_with_a_type_tag() {
    let packet = job(
        4,
        Request::SetPosition {
            width: 9,
            height: 9,
            moves: vec!["e5".into()],
            swap_rule: true,
            setup: None,
        },
    );
    let value = packet.into_js();
    assert!(value.is_object());
    assert_eq!(get(&value, "id").as_f64(), Some(4.0));
    let request = get(&value, "request");
    assert_eq!(
        get(&request, "type").as_string().as_deref(),
        Some("setPosition")
    );
    assert_eq!(get(&request, "swapRule").as_bool(), Some(true));
}

#[wasm_bindgen_test]
fn a_position_then_a_move() {
    let mut worker = EngineWorker::default();
    let set = Request::SetPosition {
        width: 5,
        height: 5,
        moves: vec!["c3".into()],
        swap_rule: false,
        setup: None,
    };
    let replies = exchange(&mut worker, job(1, set));
    assert_eq!(replies.len(), 1);
    assert!(matches!(&replies[0].response, Response::Position(s) if s.moves == ["c3"]));

    // Progress reports (one per finished search iteration) come first, then the move.
    let replies = exchange(&mut worker, job(2, Request::Genmove { level: 3, seed: 7 }));
    assert!(replies.iter().all(|r| r.id == Some(RequestId(2))));
    let (last, reports) = replies.split_last().expect("a reply");
    assert!(reports
        .iter()
        .all(|r| matches!(r.response, Response::Progress(_))));
    let Response::EngineMove {
        color,
        mv,
        position,
        ..
    } = &last.response
    else {
        panic!("expected a move, got {last:?}");
    };
    assert_eq!(*color, Side::White);
    assert_eq!(position.moves, ["c3", mv.as_str()]);
}

#[wasm_bindgen_test]
fn values_that_are_not_jobs_get_an_error_reply() {
    let mut worker = EngineWorker::default();
    let unknown = Object::new();
    Reflect::set(&unknown, &"id".into(), &JsValue::from(3)).unwrap();
    let request = Object::new();
    Reflect::set(&request, &"type".into(), &"analyse".into()).unwrap();
    Reflect::set(&unknown, &"request".into(), &request).unwrap();
    for value in [
        JsValue::from(unknown),
        JsValue::NULL,
        JsValue::from("genmove"),
        JsValue::from(7),
    ] {
        let replies = exchange(&mut worker, Packet::from_js(value));
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0].id, None);
        assert!(matches!(
            &replies[0].response,
            Response::Error { kind: ErrorKind::Undecodable, message } if message.contains("not an Ohm request")
        ));
    }
    // The worker still works afterwards.
    let replies = exchange(&mut worker, job(9, Request::Stop));
    assert_eq!(
        replies[0].response,
        Response::Stopped {
            was_searching: false
        }
    );
}

#[wasm_bindgen_test]
fn solve_judges_every_cell_in_wasm_and_a_bad_solve_is_an_error() {
    let mut worker = EngineWorker::default();
    let set = Request::SetPosition {
        width: 3,
        height: 3,
        moves: Vec::new(),
        swap_rule: false,
        setup: None,
    };
    exchange(&mut worker, job(1, set));
    let replies = exchange(&mut worker, job(2, Request::Solve { budget_ms: None }));
    let Some(Response::Solved(solved)) = replies.last().map(|r| &r.response) else {
        panic!("expected the verdicts, got {replies:?}")
    };
    // 3x3, Black first: the obtuse corners and the middle row win (as the engine's
    // brute-force tests know every 3x3 position), the other four first stones lose.
    assert_eq!(solved.winning, ["c1", "a2", "b2", "c2", "a3"]);
    assert_eq!(solved.losing, ["a1", "b1", "b3", "c3"]);
    assert_eq!(solved.winner, Some(Side::Black));
    // A solve whose budget is not a number is not a request.
    let bad = Object::new();
    Reflect::set(&bad, &"id".into(), &JsValue::from(3)).unwrap();
    let request = Object::new();
    Reflect::set(&request, &"type".into(), &"solve".into()).unwrap();
    Reflect::set(&request, &"budgetMs".into(), &"soon".into()).unwrap();
    Reflect::set(&bad, &"request".into(), &request).unwrap();
    let replies = exchange(&mut worker, Packet::from_js(JsValue::from(bad)));
    assert_eq!(replies.len(), 1);
    assert!(
        matches!(
            &replies[0].response,
            Response::Error { kind: ErrorKind::Undecodable, message } if message.contains("not an Ohm request")
        ),
        "{replies:?}"
    );
}
