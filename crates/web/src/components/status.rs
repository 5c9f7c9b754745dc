//! The line that says whose turn it is, who won, or that Ohm is thinking.

use ohm_engine::{ByColor, Color, Point};
use yew::prelude::*;

use crate::protocol::SearchReport;
use crate::state::{Player, Status};

#[derive(Properties, PartialEq, Debug)]
pub struct StatusLineProps {
    pub status: Status,
    /// Who plays each colour, to say "you" and "Ohm" rather than colours alone.
    pub players: ByColor<Player>,
    /// What the players' colours are called (Black, White).
    pub colour_names: (&'static str, &'static str),
    /// A word about the engine beside the status, e.g. that its worker was restarted.
    #[prop_or_default]
    pub notice: Option<AttrValue>,
    /// How many times the engine's worker was restarted (with the notice).
    #[prop_or_default]
    pub restarts: u32,
}

/// "Black (red)" / "White (blue)": the convention's name and the colour on screen.
#[must_use]
pub fn player_name(color: Color, colour_names: (&str, &str)) -> String {
    match color {
        Color::Black => format!("Black ({})", colour_names.0),
        Color::White => format!("White ({})", colour_names.1),
    }
}

/// What the status line says, also announced to screen readers.
#[must_use]
pub fn status_text(status: &Status, players: ByColor<Player>, names: (&str, &str)) -> String {
    let against_ohm = players.black != players.white;
    let is_ohm = |color: Color| players[color] == Player::Ohm;
    let player = |color: Color| player_name(color, names);
    match status {
        Status::ToMove(color) if against_ohm => format!("Your move: {}", player(*color)),
        Status::ToMove(color) => format!("{} to move", player(*color)),
        Status::Thinking(_) => "Ohm is thinking…".to_string(),
        Status::Reviewing(color) => format!("{} (Ohm) to move; reviewing", player(*color)),
        Status::Editing(color) => format!("Setting up; {} to move", player(*color)),
        Status::Won { winner, resigned } => {
            let who = if against_ohm && is_ohm(*winner) {
                format!("Ohm wins as {}", player(*winner))
            } else if against_ohm {
                format!("You win as {}", player(*winner))
            } else {
                format!("{} wins", player(*winner))
            };
            if *resigned {
                format!("{who} by resignation")
            } else {
                who
            }
        }
        Status::EngineTrouble(message) => message.clone(),
    }
}

#[function_component(StatusLine)]
pub fn status_line(props: &StatusLineProps) -> Html {
    let state = match &props.status {
        Status::ToMove(_) => "to-move",
        Status::Thinking(_) => "thinking",
        Status::Reviewing(_) => "reviewing",
        Status::Editing(_) => "editing",
        Status::Won { .. } => "won",
        Status::EngineTrouble(_) => "error",
    };
    let color = match &props.status {
        Status::ToMove(c) | Status::Thinking(c) | Status::Reviewing(c) | Status::Editing(c) => {
            Some(c.name())
        }
        Status::Won { winner, .. } => Some(winner.name()),
        Status::EngineTrouble(_) => None,
    };
    html! {
        <>
            <p id="status" class="status" data-state={state} data-color={color}>
                if let Some(c) = color {
                    <span class={classes!("swatch", c)} aria-hidden="true"></span>
                }
                { status_text(&props.status, props.players, props.colour_names) }
            </p>
            if let Some(notice) = &props.notice {
                <p id="engine-notice" class="status-notice" role="status"
                    data-restarts={props.restarts.to_string()}>{ notice.clone() }</p>
            }
        </>
    }
}

/// Who a colour's player is, in a sentence: "you", "Ohm", or the colour's name.
fn who(color: Color, players: ByColor<Player>) -> &'static str {
    let against_ohm = players.black != players.white;
    match (against_ohm, players[color]) {
        (true, Player::Human) => "you",
        (_, Player::Ohm) => "Ohm",
        (false, Player::Human) => color.title(),
    }
}

/// What a swap did, said where the person looks: whose stone went where and in which colour,
/// and who moves now. `first` is the first stone's cell, `to` its mirror image.
#[must_use]
pub fn swap_words(
    first: Point,
    to: Point,
    swapper: Color,
    players: ByColor<Player>,
    names: (&str, &str),
) -> String {
    let opener = !swapper;
    let colour = |c: Color| match c {
        Color::Black => names.0,
        Color::White => names.1,
    };
    let mirrored = if first == to {
        format!("{first}, its own mirror image")
    } else {
        format!("{to} (mirrored across the long diagonal: {first} → {to})")
    };
    let (by, stone, moves) = match (who(swapper, players), who(opener, players)) {
        ("Ohm", "you") => (
            "Ohm swapped".to_string(),
            format!(
                "your {} stone at {first} is now Ohm's {} stone at {mirrored}",
                colour(opener),
                colour(swapper)
            ),
            format!(
                "You still play {} ({}): join the two {} edges. Your move.",
                colour(opener),
                opener.title(),
                colour(opener)
            ),
        ),
        ("you", "Ohm") => (
            "You swapped".to_string(),
            format!(
                "Ohm's {} stone at {first} is now your {} stone at {mirrored}",
                colour(opener),
                colour(swapper)
            ),
            format!(
                "You play {} ({}); Ohm plays {} and moves again.",
                colour(swapper),
                swapper.title(),
                colour(opener)
            ),
        ),
        _ => (
            format!("{} swapped", swapper.title()),
            format!(
                "{}'s first stone at {first} is now {}'s {} stone at {mirrored}",
                opener.title(),
                swapper.title(),
                colour(swapper)
            ),
            format!("{} moves again.", player_name(opener, names)),
        ),
    };
    format!("{by}: {stone}. {moves}")
}

/// The swap offered to the person to move, in words.
#[must_use]
pub fn swap_offer_words(
    first: Point,
    to: Point,
    players: ByColor<Player>,
    names: (&str, &str),
) -> String {
    let colour = |c: Color| match c {
        Color::Black => names.0,
        Color::White => names.1,
    };
    let (opener, taker) = (Color::Black, Color::White);
    let whose = match who(opener, players) {
        "Ohm" => "Ohm's".to_string(),
        "you" => "your".to_string(),
        name => format!("{name}'s"),
    };
    let taker_is = match who(taker, players) {
        "you" => "you".to_string(),
        name => name.to_string(),
    };
    let where_to = if first == to {
        format!("stays at {first}")
    } else {
        format!("moves to {to}, its mirror image across the long diagonal")
    };
    format!(
        "Swap rule: instead of playing a cell, {taker_is} may take {whose} first stone. \
         It becomes a {} stone and {where_to}; then {} moves again.",
        colour(taker),
        player_name(opener, names)
    )
}

#[derive(Properties, PartialEq, Debug)]
pub struct ThinkingProps {
    /// Ohm's level and its name.
    pub level: u8,
    /// The colour Ohm is thinking for.
    pub color: Color,
    /// The search's last finished iteration, once there is one.
    pub report: Option<SearchReport>,
    /// Play the best move so far now.
    pub on_move_now: Callback<()>,
}

/// Ohm's evaluation in words, saying whom it favours: `E` from Ohm's side (`color`), or a
/// proven result.
#[must_use]
pub fn evaluation_words(report: &SearchReport, color: Color) -> String {
    match (report.proven, report.win_rate()) {
        (Some(_), _) if report.score > 0.0 => "Ohm wins (proven)".to_string(),
        (Some(_), _) => "Ohm loses (proven)".to_string(),
        (None, Some(rate)) => format!("{:.0}% for {} (Monte Carlo)", rate * 100.0, color.title()),
        (None, None) => format!("{:+.2} for {}", report.score, color.title()),
    }
}

/// `n` with its thousands apart: "12 345".
#[must_use]
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('\u{202f}');
        }
        out.push(digit);
    }
    out
}

/// What Ohm thinks while it searches: depth, best move so far, evaluation, nodes, and a
/// "Move now" button.
#[function_component(ThinkingPanel)]
pub fn thinking_panel(props: &ThinkingProps) -> Html {
    let name = crate::state::levels()
        .find(|(n, _)| *n == props.level)
        .map_or("", |(_, words)| words);
    let onclick = {
        let on_move_now = props.on_move_now.clone();
        Callback::from(move |_: MouseEvent| on_move_now.emit(()))
    };
    let report = props.report.as_ref();
    let depth = report.map(|r| r.depth.to_string());
    let best = report.and_then(|r| r.best.clone());
    let evaluation = report.map(|r| evaluation_words(r, props.color));
    let nodes = report.map(|r| grouped(r.nodes));
    // The Monte Carlo search (levels 5 and 6 above 9x9) counts playouts and gives a win
    // rate, not the circuit's E.
    let monte_carlo = report.is_some_and(|r| r.monte_carlo);
    let (nodes_label, evaluation_title) = if monte_carlo {
        (
            "Playouts",
            format!(
                "The share of the playouts through Ohm's best move won by {}, Ohm's colour",
                props.color.title()
            ),
        )
    } else {
        (
            "Nodes",
            format!(
                "E for {}, Ohm's colour: positive when Ohm is ahead",
                props.color.title()
            ),
        )
    };
    let dash = || "–".to_string();
    html! {
        <div id="thinking" class="thinking" data-depth={depth.clone()} data-best={best.clone()}>
            <p class="thinking-title">
                <span class="spinner" aria-hidden="true"></span>
                { format!("Ohm · level {} {name}", props.level) }
            </p>
            <dl class="thinking-facts">
                <div><dt>{ "Depth" }</dt><dd id="thinking-depth">{ depth.unwrap_or_else(dash) }</dd></div>
                <div><dt>{ "Best so far" }</dt><dd id="thinking-best">{ best.unwrap_or_else(dash) }</dd></div>
                <div title={evaluation_title}>
                    <dt>{ "Evaluation" }</dt><dd id="thinking-eval">{ evaluation.unwrap_or_else(dash) }</dd></div>
                <div><dt>{ nodes_label }</dt><dd id="thinking-nodes">{ nodes.unwrap_or_else(dash) }</dd></div>
            </dl>
            <button id="move-now" type="button" class="primary" {onclick}
                title="Play the best move found so far">{ "Move now" }</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_from_ohms_side_and_say_so() {
        let mut report = SearchReport::new(2, 420, &[], 3, None, 1.0);
        assert_eq!(evaluation_words(&report, Color::White), "+0.42 for White");
        report.score = -1.5;
        assert_eq!(evaluation_words(&report, Color::Black), "-1.50 for Black");
        let won = SearchReport::new(2, ohm_engine::search::WIN, &[], 3, Some(Color::White), 1.0);
        assert_eq!(evaluation_words(&won, Color::White), "Ohm wins (proven)");
        let lost = SearchReport::new(2, -ohm_engine::search::WIN, &[], 3, Some(Color::White), 1.0);
        assert_eq!(evaluation_words(&lost, Color::White), "Ohm loses (proven)");
        // The Monte Carlo search's score is a win rate: 1000 · (2p - 1).
        let playouts = SearchReport::new(5, 240, &[], 30_000, None, 1.0).with_monte_carlo(true);
        assert_eq!(
            evaluation_words(&playouts, Color::Black),
            "62% for Black (Monte Carlo)"
        );
        let proven = SearchReport::new(
            5,
            ohm_engine::search::WIN,
            &[],
            30_000,
            Some(Color::Black),
            1.0,
        )
        .with_monte_carlo(true);
        assert_eq!(evaluation_words(&proven, Color::Black), "Ohm wins (proven)");
    }

    #[test]
    fn a_swap_says_whose_stone_went_where_and_who_moves() {
        let p = |n: &str| Point::parse(n).unwrap();
        let names = ("red", "blue");
        let vs_ohm = ByColor::new(Player::Human, Player::Ohm);
        assert_eq!(
            swap_words(p("f6"), p("f6"), Color::White, vs_ohm, names),
            "Ohm swapped: your red stone at f6 is now Ohm's blue stone at f6, its own mirror \
             image. You still play red (Black): join the two red edges. Your move."
        );
        let said = swap_words(
            p("c2"),
            p("b3"),
            Color::White,
            ByColor::new(Player::Ohm, Player::Human),
            names,
        );
        assert!(said.starts_with("You swapped: Ohm's red stone at c2 is now your blue stone at b3 (mirrored across the long diagonal: c2 → b3)"), "{said}");
        let two = ByColor::new(Player::Human, Player::Human);
        let said = swap_words(p("c2"), p("b3"), Color::White, two, names);
        assert!(said.ends_with("Black (red) moves again."), "{said}");
        let offer = swap_offer_words(p("c2"), p("b3"), two, names);
        assert!(
            offer.contains("White may take Black's first stone"),
            "{offer}"
        );
        assert!(offer.contains("moves to b3"), "{offer}");
    }

    #[test]
    fn node_counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1\u{202f}000");
        assert_eq!(grouped(12_345_678), "12\u{202f}345\u{202f}678");
    }
}
