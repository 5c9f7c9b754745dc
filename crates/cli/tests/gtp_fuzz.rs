//! Any line, however malformed, gets a well-formed GTP answer and never a panic; the session
//! stays usable afterwards.

use ohm_cli::gtp::Session;
use proptest::prelude::*;

const VERBS: &[&str] = &[
    "play",
    "genmove",
    "boardsize",
    "undo",
    "showboard",
    "final_score",
    "known_command",
    "loadsgf",
    "ohm-swap_rule",
    "clear_board",
    "name",
    "param_dfpn",
    "dfpn-clear-tt",
    "dfpn-get-pv",
];

fn gtp_like_line() -> impl Strategy<Value = String> {
    let verb = prop::sample::select(VERBS).prop_map(String::from);
    let arg = prop_oneof![
        "[a-zA-Z]{1,2}[0-9]{0,3}",
        "-?[0-9]{1,4}",
        Just("swap-pieces".to_string()),
        Just("resign".to_string()),
        Just("b".to_string()),
        Just("w".to_string()),
        "\\PC{0,6}",
    ];
    (
        prop::option::of("[0-9]{1,3}"),
        verb,
        prop::collection::vec(arg, 0..4),
    )
        .prop_map(|(id, verb, args)| {
            let mut line = id.map(|i| format!("{i} ")).unwrap_or_default();
            line.push_str(&verb);
            for a in args {
                line.push(' ');
                line.push_str(&a);
            }
            line
        })
}

fn assert_well_formed(reply: &str) {
    assert!(
        reply.starts_with('=') || reply.starts_with('?'),
        "{reply:?}"
    );
    assert!(reply.ends_with("\n\n"), "{reply:?}");
    assert!(
        !reply[..reply.len() - 2].contains("\n\n"),
        "no blank line inside a reply: {reply:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_breaks_the_session(lines in prop::collection::vec("\\PC{0,40}", 1..8)) {
        let mut session = Session::new();
        for line in &lines {
            if let Some(reply) = session.respond(line) {
                assert_well_formed(&reply);
            }
        }
        let reply = session.respond("name").unwrap();
        prop_assert_eq!(reply, "= Ohm\n\n");
    }

    #[test]
    fn command_shaped_lines_get_answers(lines in prop::collection::vec(gtp_like_line(), 1..12)) {
        let mut session = Session::new();
        for line in &lines {
            let reply = session.respond(line).expect("a command line gets a reply");
            assert_well_formed(&reply);
        }
        assert_well_formed(&session.respond("showboard").unwrap());
    }
}
