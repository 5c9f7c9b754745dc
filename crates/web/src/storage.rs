//! What survives a reload: the game (its whole tree, where the view stands, who plays) and the
//! display settings, kept in `localStorage` as JSON.
//!
//! The game is stored as HSGF text (the tree with its variations, the way a record is written
//! anyway) plus what HSGF does not hold: the swap rule, the route to the current node and the
//! players. A stored value that does not read back (another version, a hand edit) is ignored:
//! the app starts fresh rather than failing.

use ohm_engine::notation::hsgf;
use ohm_engine::ByColor;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::geometry::Orientation;
use crate::state::{Game, Player, SetAside};
use crate::tree::MoveTree;

const GAME_KEY: &str = "ohm.game.v1";
const SETTINGS_KEY: &str = "ohm.settings.v1";

/// The colours of stones and edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Palette {
    /// Red and blue, as HexWorld, HexGui and most boards show Hex.
    #[default]
    Classic,
    /// Vermilion and blue of the Okabe–Ito set, told apart with any colour vision; White's
    /// stones also carry a ring.
    ColourBlind,
    /// Black and white stones with strong outlines.
    HighContrast,
}

impl Palette {
    pub const ALL: [Palette; 3] = [
        Palette::Classic,
        Palette::ColourBlind,
        Palette::HighContrast,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Palette::Classic => "classic",
            Palette::ColourBlind => "colour-blind",
            Palette::HighContrast => "high-contrast",
        }
    }

    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Palette::Classic => "Red and blue",
            Palette::ColourBlind => "Colour-blind safe",
            Palette::HighContrast => "High contrast",
        }
    }

    #[must_use]
    pub fn from_name(name: &str) -> Option<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What the two players' stones look like, for labels: (Black, White).
    #[must_use]
    pub fn colour_names(self) -> (&'static str, &'static str) {
        match self {
            Palette::Classic => ("red", "blue"),
            Palette::ColourBlind => ("orange", "blue"),
            Palette::HighContrast => ("dark", "light"),
        }
    }
}

/// How the board is shown and played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub coordinates: bool,
    pub move_numbers: bool,
    pub orientation: Orientation,
    pub palette: Palette,
    /// A tap (or click) on a cell previews the move; a second tap on it, or the Play button,
    /// plays it. Saves from before the setting follow the screen, like a first visit.
    #[serde(default = "has_coarse_pointer")]
    pub confirm_moves: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            coordinates: true,
            move_numbers: false,
            orientation: Orientation::Flat,
            palette: Palette::Classic,
            confirm_moves: false,
        }
    }
}

impl Settings {
    /// The settings of a first visit on this screen: on a touch screen moves are confirmed (a
    /// finger hides the cell it taps, and a slip plays a stone); on a narrow screen held
    /// upright the board stands on its corner, which makes its cells the largest there (on a
    /// 390x844 phone an 11x11 board's cells are about 30 px across instead of 21 px).
    #[must_use]
    pub fn for_screen(coarse_pointer: bool, narrow_portrait: bool) -> Settings {
        Settings {
            confirm_moves: coarse_pointer,
            orientation: if narrow_portrait {
                Orientation::Diamond
            } else {
                Orientation::Flat
            },
            ..Settings::default()
        }
    }
}

/// Whether the page's main pointer is a finger (CSS `pointer: coarse`).
fn has_coarse_pointer() -> bool {
    media_matches("(pointer: coarse)")
}

/// Whether the window is a phone-sized screen held upright (the layout's one-column width).
fn is_narrow_portrait() -> bool {
    media_matches("(orientation: portrait) and (max-width: 760px)")
}

/// `matchMedia(query).matches`; false where there is no window (native tests, workers).
fn media_matches(query: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        use js_sys::{Function, Reflect};
        use wasm_bindgen::{JsCast, JsValue};
        let Some(window) = web_sys::window() else {
            return false;
        };
        let Some(match_media) = Reflect::get(&window, &JsValue::from_str("matchMedia"))
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
        else {
            return false;
        };
        match_media
            .call1(&window, &JsValue::from_str(query))
            .ok()
            .and_then(|list| Reflect::get(&list, &JsValue::from_str("matches")).ok())
            .is_some_and(|matches| matches.is_truthy())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = query;
        false
    }
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedGame {
    pub hsgf: String,
    pub swap_rule: bool,
    /// Child indexes from the start to the current node.
    pub route: Vec<usize>,
    /// Child indexes from the start to the end of the line being viewed (where "next" goes).
    #[serde(default)]
    pub line_route: Vec<usize>,
    pub black: Player,
    pub white: Player,
    /// Whether new square games use the swap rule.
    #[serde(default)]
    pub prefer_swap: Option<bool>,
    /// Ohm's level for Black and White (saves from before levels have none).
    #[serde(default)]
    pub levels: Option<[u8; 2]>,
    /// The game the last new game, import or link set aside (its own `previous` is empty).
    #[serde(default)]
    pub previous: Option<Box<SavedGame>>,
}

impl SavedGame {
    #[must_use]
    pub fn of(game: &Game) -> SavedGame {
        let tree = game.tree();
        SavedGame {
            hsgf: hsgf::write_tree(&tree.to_hsgf()),
            swap_rule: game.swap_rule(),
            route: tree.route(game.current()),
            line_route: tree.route(tree.line_end(game.current())),
            black: game.players().black,
            white: game.players().white,
            prefer_swap: Some(game.prefers_swap()),
            levels: Some([game.levels().black, game.levels().white]),
            previous: game
                .previous()
                .map(|p| Box::new(SavedGame::of_set_aside(p))),
        }
    }

    fn of_set_aside(game: &SetAside) -> SavedGame {
        let tree = &game.tree;
        SavedGame {
            hsgf: hsgf::write_tree(&tree.to_hsgf()),
            swap_rule: tree.start().swap_rule,
            route: tree.route(game.current),
            line_route: tree.route(tree.line_end(game.current)),
            black: game.players.black,
            white: game.players.white,
            prefer_swap: None,
            levels: Some([game.levels.black, game.levels.white]),
            previous: None,
        }
    }

    /// The game again, if the stored text still reads.
    #[must_use]
    pub fn restore(&self) -> Option<Game> {
        let (mut tree, _) = MoveTree::from_hsgf(&self.hsgf).ok()?;
        if !self.swap_rule && tree.has_move(ohm_engine::Move::Swap) {
            return None;
        }
        tree.set_swap_rule(self.swap_rule && tree.start().board.is_square());
        tree.select(tree.follow(&self.line_route));
        let at = tree.follow(&self.route);
        let mut game = Game::loaded(tree, at, ByColor::new(self.black, self.white));
        if let Some([black, white]) = self.levels {
            game.set_levels(ByColor::new(black, white));
        }
        game.set_previous(
            self.previous
                .as_ref()
                .and_then(|p| p.restore())
                .map(|p| SetAside {
                    tree: p.tree().clone(),
                    current: p.current(),
                    players: p.players(),
                    levels: p.levels(),
                }),
        );
        Some(game)
    }
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn load<T: DeserializeOwned>(key: &str) -> Option<T> {
    let text = local_storage()?.get_item(key).ok().flatten()?;
    let value = js_sys::JSON::parse(&text).ok()?;
    serde_wasm_bindgen::from_value(value).ok()
}

fn store<T: Serialize>(key: &str, value: &T) {
    let Some(storage) = local_storage() else {
        return;
    };
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let Ok(js) = value.serialize(&serializer) else {
        return;
    };
    if let Ok(text) = js_sys::JSON::stringify(&js) {
        // A full or disabled storage only costs persistence.
        let _ = storage.set_item(key, &String::from(text));
    }
}

/// The stored game, if there is one that reads back.
#[must_use]
pub fn load_game() -> Option<Game> {
    load::<SavedGame>(GAME_KEY)?.restore()
}

pub fn save_game(game: &Game) {
    store(GAME_KEY, &SavedGame::of(game));
}

/// The stored settings, or those of a first visit on this screen.
#[must_use]
pub fn load_settings() -> Settings {
    load(SETTINGS_KEY)
        .unwrap_or_else(|| Settings::for_screen(has_coarse_pointer(), is_narrow_portrait()))
}

pub fn save_settings(settings: &Settings) {
    store(SETTINGS_KEY, settings);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Action, DEFAULT_LEVEL};
    use ohm_engine::{Board, Color, Point};

    #[test]
    fn a_saved_game_comes_back_with_its_variations_and_place() {
        let mut game = Game::new(
            Board::square(6).unwrap(),
            ByColor::new(Player::Human, Player::Human),
            true,
        );
        for name in ["c3", "d4", "b5"] {
            game.apply(Action::Play(Point::parse(name).unwrap()));
        }
        game.apply(Action::Previous);
        game.apply(Action::Play(Point::parse("a6").unwrap()));
        game.apply(Action::Previous);
        game.apply(Action::SetPlayer(Color::White, Player::Ohm));
        game.apply(Action::SetLevel(Color::White, 6));
        let saved = SavedGame::of(&game);
        let json = serde_json::to_string(&saved).unwrap();
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        let restored = back.restore().unwrap();
        assert_eq!(restored.tree(), game.tree());
        assert_eq!(restored.current(), game.current());
        assert_eq!(restored.players(), game.players());
        assert_eq!(restored.levels(), ByColor::new(DEFAULT_LEVEL, 6));
        assert!(restored.swap_rule());
        assert_eq!(restored.position().move_count(), 2);
        // A new game keeps this one aside, and so does the save.
        game.apply(Action::NewGame {
            width: 4,
            height: 4,
        });
        let json = serde_json::to_string(&SavedGame::of(&game)).unwrap();
        let restored = serde_json::from_str::<SavedGame>(&json)
            .unwrap()
            .restore()
            .unwrap();
        assert_eq!(
            restored.previous().map(|p| p.tree.clone()),
            Some(restored_tree(&back))
        );
        assert_eq!(restored.previous().unwrap().levels.white, 6);
    }

    fn restored_tree(saved: &SavedGame) -> MoveTree {
        saved.restore().unwrap().tree().clone()
    }

    #[test]
    fn broken_saves_are_ignored_and_settings_fill_in_defaults() {
        let saved = SavedGame {
            hsgf: "(;SZ[5];B[zz])".into(),
            swap_rule: false,
            route: vec![],
            line_route: vec![],
            black: Player::Human,
            white: Player::Ohm,
            prefer_swap: None,
            levels: None,
            previous: None,
        };
        assert!(saved.restore().is_none());
        let settings: Settings = serde_json::from_str(r#"{"moveNumbers": true}"#).unwrap();
        assert!(settings.move_numbers && settings.coordinates);
        // Natively there is no touch screen: a save from before the setting does not confirm.
        assert!(!settings.confirm_moves);
    }

    #[test]
    fn the_confirm_setting_round_trips_and_first_visits_follow_the_screen() {
        let on = Settings {
            confirm_moves: true,
            ..Settings::default()
        };
        let json = serde_json::to_string(&on).unwrap();
        assert!(json.contains(r#""confirmMoves":true"#), "{json}");
        assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), on);
        let phone = Settings::for_screen(true, true);
        assert!(phone.confirm_moves);
        assert_eq!(phone.orientation, Orientation::Diamond);
        let desktop = Settings::for_screen(false, false);
        assert_eq!(desktop, Settings::default());
        // A touch laptop in landscape confirms moves but keeps the flat board.
        let laptop = Settings::for_screen(true, false);
        assert!(laptop.confirm_moves && laptop.orientation == Orientation::Flat);
    }
}
