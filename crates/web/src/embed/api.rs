//! What `ohm-board.js` calls: `globalThis.__ohmEmbed = { configure, css, mount, starts }`,
//! and the handle `mount` returns for one element (its JS methods forward to it).
//!
//! Everything that comes from the page is checked here before it reaches the board: a bad
//! argument throws a JavaScript `Error` with a readable message, and the board is unchanged.

use std::cell::RefCell;
use std::rc::Rc;

use ohm_engine::{Board, Move};
use serde::Deserialize;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::AppHandle;

use super::component::{ApiCall, EmbedBoard, EmbedProps, Msg, Shape};
use super::config::{check_colour, parse_arrows, parse_highlights, Attributes, EmbedConfig, Label};
use super::engine::{self, WorkerUrls};

type Handle = Rc<RefCell<Option<AppHandle<EmbedBoard>>>>;

fn error(message: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&format!("ohm-board: {message}")).into()
}

fn set(object: &js_sys::Object, name: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &name.into(), value);
}

fn function<F>(f: F) -> JsValue
where
    F: Fn(JsValue) -> Result<JsValue, JsValue> + 'static,
{
    Closure::<dyn Fn(JsValue) -> Result<JsValue, JsValue>>::new(f).into_js_value()
}

fn attributes_from(value: JsValue) -> Result<Attributes, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Attributes::default());
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| error(format!("attributes: {e}")))
}

/// A shape as `addShape` takes it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ShapeSpec {
    #[serde(rename = "type")]
    kind: String,
    from: Option<String>,
    to: Option<String>,
    color: Option<String>,
    name: Option<String>,
    cells: Option<CellList>,
    cell: Option<String>,
    text: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CellList {
    Text(String),
    List(Vec<String>),
}

impl CellList {
    fn joined(&self) -> String {
        match self {
            CellList::Text(text) => text.clone(),
            CellList::List(list) => list.join(" "),
        }
    }
}

/// Checks a shape against the board.
fn shape_from(spec: &ShapeSpec, board: &Board) -> Result<Shape, String> {
    let colour = match spec.color.as_deref() {
        Some(c) => Some(check_colour(c).ok_or_else(|| format!("\"{c}\" is not a colour"))?),
        None => None,
    };
    match spec.kind.as_str() {
        "arrow" => {
            let (Some(from), Some(to)) = (&spec.from, &spec.to) else {
                return Err("an arrow needs from and to".into());
            };
            let mut arrows = parse_arrows(&format!("{from}-{to}"), board).map_err(|e| e.message)?;
            let mut arrow = arrows.pop().ok_or("no arrow")?;
            arrow.colour = colour;
            Ok(Shape::Arrow(arrow))
        }
        "highlight" => {
            let cells = spec
                .cells
                .as_ref()
                .map(CellList::joined)
                .unwrap_or_default();
            let name = spec.name.clone().unwrap_or_else(|| "highlight".into());
            let name: String = name
                .chars()
                .filter(|c| !c.is_whitespace() && *c != ':' && *c != ';')
                .take(40)
                .collect();
            let name = if name.is_empty() {
                "highlight".to_string()
            } else {
                name
            };
            let colour = colour.unwrap_or_else(|| "gold".into());
            let mut sets = parse_highlights(&format!("{name} {colour}: {cells}"), board)
                .map_err(|e| e.message)?;
            Ok(Shape::Highlight(sets.pop().ok_or("no cells")?))
        }
        "label" => {
            let (Some(cell), Some(text)) = (&spec.cell, &spec.text) else {
                return Err("a label needs cell and text".into());
            };
            let arrows = parse_arrows(&format!("{cell}-{cell}"), board).map_err(|e| e.message)?;
            let text: String = text.chars().take(4).collect();
            Ok(Shape::Label(Label {
                cell: arrows[0].from,
                text,
            }))
        }
        other => Err(format!("\"{other}\" is not arrow, highlight or label")),
    }
}

fn mount(host: JsValue, root: JsValue, attributes: JsValue) -> Result<JsValue, JsValue> {
    let host: web_sys::HtmlElement = host
        .dyn_into()
        .map_err(|_| error("mount: host is not an element"))?;
    let root: web_sys::Element = root
        .dyn_into()
        .map_err(|_| error("mount: root is not an element"))?;
    let attributes = attributes_from(attributes)?;
    let current = Rc::new(RefCell::new(attributes.clone()));
    let app = yew::Renderer::<EmbedBoard>::with_root_and_props(
        root,
        EmbedProps {
            host: host.clone(),
            attributes,
        },
    )
    .render();
    let handle: Handle = Rc::new(RefCell::new(Some(app)));
    let send = {
        let handle = handle.clone();
        move |call: ApiCall| match handle.borrow().as_ref() {
            Some(app) => {
                app.send_message(Msg::Api(call));
                Ok(JsValue::UNDEFINED)
            }
            None => Err(error("this board was removed")),
        }
    };
    let board_of = {
        let current = current.clone();
        move || {
            EmbedConfig::parse(&current.borrow())
                .map(|c| c.record.board)
                .map_err(|e| error(format!("the board is in an error state ({e})")))
        }
    };
    let object = js_sys::Object::new();
    {
        let handle = handle.clone();
        let current = current.clone();
        let host = host.clone();
        set(
            &object,
            "update",
            &function(move |value| {
                let attributes = attributes_from(value)?;
                *current.borrow_mut() = attributes.clone();
                if let Some(app) = handle.borrow_mut().as_mut() {
                    app.update(EmbedProps {
                        host: host.clone(),
                        attributes,
                    });
                }
                Ok(JsValue::UNDEFINED)
            }),
        );
    }
    {
        let current = current.clone();
        let send = send.clone();
        set(
            &object,
            "setPosition",
            &function(move |value| {
                let position = match value.as_string() {
                    Some(text) => Attributes {
                        record: Some(text),
                        ..Attributes::default()
                    },
                    None => attributes_from(value)?,
                };
                let attributes = current.borrow().with_position_of(&position);
                EmbedConfig::parse(&attributes).map_err(error)?;
                *current.borrow_mut() = attributes.clone();
                send(ApiCall::SetPosition(Box::new(attributes)))
            }),
        );
    }
    {
        let send = send.clone();
        set(
            &object,
            "play",
            &function(move |value| {
                let text = value
                    .as_string()
                    .ok_or_else(|| error("play: give a cell name such as \"c3\""))?;
                let mv = Move::parse(text.trim())
                    .map_err(|e| error(format!("play(\"{text}\"): {e}")))?;
                send(ApiCall::Play(mv))
            }),
        );
    }
    {
        let send = send.clone();
        set(&object, "undo", &function(move |_| send(ApiCall::Undo)));
    }
    {
        let send = send.clone();
        set(
            &object,
            "clearShapes",
            &function(move |_| send(ApiCall::ClearShapes)),
        );
    }
    {
        let send = send.clone();
        set(
            &object,
            "addShape",
            &function(move |value| {
                let spec: ShapeSpec = serde_wasm_bindgen::from_value(value)
                    .map_err(|e| error(format!("addShape: {e}")))?;
                let shape =
                    shape_from(&spec, &board_of()?).map_err(|e| error(format!("addShape: {e}")))?;
                send(ApiCall::AddShape(shape))
            }),
        );
    }
    {
        let handle = handle.clone();
        set(
            &object,
            "destroy",
            &function(move |_| {
                if let Some(app) = handle.borrow_mut().take() {
                    app.destroy();
                }
                Ok(JsValue::UNDEFINED)
            }),
        );
    }
    Ok(object.into())
}

/// Installs `globalThis.__ohmEmbed` (called once by `bin/embed.rs`).
pub fn install() {
    let api = js_sys::Object::new();
    set(
        &api,
        "configure",
        &Closure::<dyn Fn(JsValue, JsValue)>::new(|script: JsValue, wasm: JsValue| {
            if let (Some(script), Some(wasm)) = (script.as_string(), wasm.as_string()) {
                engine::configure(WorkerUrls { script, wasm });
            }
        })
        .into_js_value(),
    );
    set(
        &api,
        "css",
        &Closure::<dyn Fn() -> String>::new(super::stylesheet).into_js_value(),
    );
    set(
        &api,
        "starts",
        &Closure::<dyn Fn() -> u32>::new(engine::starts).into_js_value(),
    );
    set(
        &api,
        "mount",
        &Closure::<dyn Fn(JsValue, JsValue, JsValue) -> Result<JsValue, JsValue>>::new(mount)
            .into_js_value(),
    );
    let _ = js_sys::Reflect::set(&js_sys::global(), &"__ohmEmbed".into(), &api);
}
