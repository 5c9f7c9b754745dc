//! Small wrappers over the browser APIs the app uses: the address bar, downloads, images of
//! the board. Failures here cost a convenience, never the game, so they are logged and dropped.

use wasm_bindgen::{JsCast, JsValue};

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn warn(what: &str, error: &JsValue) {
    web_sys::console::warn_2(&format!("ohm: {what}").into(), error);
}

/// The address's fragment without the `#`, decoded (`""` when there is none).
#[must_use]
pub fn hash() -> String {
    let raw = window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let raw = raw.strip_prefix('#').unwrap_or(&raw);
    js_sys::decode_uri_component(raw)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| raw.to_string())
}

/// Replaces the address's fragment without a new history entry (`None` removes it).
pub fn replace_hash(fragment: Option<&str>) {
    set_hash(fragment, false);
}

/// Sets the address's fragment as a new history entry, so that the browser's Back returns to
/// the address before (a new game: Back brings the previous one back).
pub fn push_hash(fragment: Option<&str>) {
    set_hash(fragment, true);
}

fn set_hash(fragment: Option<&str>, new_entry: bool) {
    let Some(window) = window() else {
        return;
    };
    if fragment.unwrap_or("") == hash() {
        return;
    }
    let location = window.location();
    let base = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    let url = match fragment {
        Some(f) => format!("{base}#{f}"),
        None => base,
    };
    if let Ok(history) = window.history() {
        let done = if new_entry {
            history.push_state_with_url(&JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
        };
        if let Err(e) = done {
            warn("address not updated", &e);
        }
    }
}

/// The value of `name` in the address's query string.
#[must_use]
pub fn query(name: &str) -> Option<String> {
    let search = window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// The whole address with `fragment` as its hash: a link to share.
#[must_use]
pub fn link_with_hash(fragment: &str) -> String {
    let Some(window) = window() else {
        return format!("#{fragment}");
    };
    let location = window.location();
    format!(
        "{}{}#{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        fragment
    )
}

/// Offers `href` as a download named `name`.
fn click_download(href: &str, name: &str) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(anchor) = document
        .create_element("a")
        .map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>())
    else {
        return;
    };
    anchor.set_href(href);
    anchor.set_download(name);
    anchor.click();
}

/// Offers `text` as a file named `name` of type `mime`.
pub fn download_text(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    match web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob))
    {
        Ok(url) => {
            click_download(&url, name);
            // The click has started the download; the URL is no longer needed.
            let _ = web_sys::Url::revoke_object_url(&url);
        }
        Err(e) => warn("download failed", &e),
    }
}

/// The drawn board (`#board`) as a standalone SVG document, with its colours written in (the
/// page's stylesheet does not travel with the file).
#[must_use]
pub fn board_svg() -> Option<String> {
    let document = window()?.document()?;
    let svg = document.get_element_by_id("board")?;
    let app = document.query_selector(".app").ok()??;
    let style = window()?.get_computed_style(&app).ok()??;
    let var = |name: &str| {
        style
            .get_property_value(name)
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let css = format!(
        ".hex{{fill:{cell};stroke:{grid};stroke-width:.6}}\
         .edge{{fill:none;stroke-linejoin:round;stroke-linecap:round}}\
         .edge.black{{stroke:{red}}}.edge.white{{stroke:{blue}}}\
         .stone.black{{fill:{red};stroke:{red_rim};stroke-width:.9}}\
         .stone.white{{fill:{blue};stroke:{blue_rim};stroke-width:.9}}\
         .winning .hex{{fill:{win}}}.last-move{{fill:{marker}}}\
         .cursor,.typed{{display:none}}\
         text{{font-family:sans-serif;font-size:7px;text-anchor:middle;dominant-baseline:central;fill:{muted}}}\
         .move-number{{font-size:6.5px;fill:{marker}}}",
        cell = var("--cell"),
        grid = var("--grid"),
        red = var("--red"),
        blue = var("--blue"),
        red_rim = var("--red-rim"),
        blue_rim = var("--blue-rim"),
        win = var("--win"),
        marker = var("--marker"),
        muted = var("--muted"),
    );
    let mut text = svg.outer_html();
    let open_end = text.find('>')?;
    text.insert_str(open_end + 1, &format!("<style>{css}</style>"));
    // An intrinsic size from the viewBox (4 px per unit), so that image viewers and the PNG
    // renderer know the aspect ratio.
    let view_box: Vec<f64> = svg
        .get_attribute("viewBox")?
        .split(' ')
        .filter_map(|n| n.parse().ok())
        .collect();
    if let [_, _, w, h] = view_box[..] {
        text = text.replacen(
            "<svg ",
            &format!("<svg width=\"{:.0}\" height=\"{:.0}\" ", w * 4.0, h * 4.0),
            1,
        );
    }
    Some(text)
}

/// Offers the board as an SVG file.
pub fn download_svg(name: &str) {
    if let Some(svg) = board_svg() {
        download_text(name, "image/svg+xml", &svg);
    }
}

/// Offers the board as a PNG image, drawn from its SVG at `width` pixels.
pub fn download_png(name: &str, width: u32) {
    let Some(svg) = board_svg() else {
        return;
    };
    let name = name.to_string();
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = render_png(&svg, &name, width).await {
            warn("PNG not made", &e);
        }
    });
}

async fn render_png(svg: &str, name: &str, width: u32) -> Result<(), JsValue> {
    let document = window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let image = web_sys::HtmlImageElement::new()?;
    let source = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    );
    image.set_src(&source);
    wasm_bindgen_futures::JsFuture::from(image.decode()).await?;
    let (natural_w, natural_h) = (image.natural_width().max(1), image.natural_height().max(1));
    let height = (f64::from(width) * f64::from(natural_h) / f64::from(natural_w)).round() as u32;
    let canvas: web_sys::HtmlCanvasElement = document.create_element("canvas")?.unchecked_into();
    canvas.set_width(width);
    canvas.set_height(height);
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2d context"))?
        .unchecked_into();
    context.draw_image_with_html_image_element_and_dw_and_dh(
        &image,
        0.0,
        0.0,
        f64::from(width),
        f64::from(height),
    )?;
    let url = canvas.to_data_url_with_type("image/png")?;
    click_download(&url, name);
    Ok(())
}

/// Copies `text` to the clipboard, where the browser allows it.
pub fn copy_to_clipboard(text: &str) {
    if let Some(window) = window() {
        let promise = window.navigator().clipboard().write_text(text);
        // A refusal (no permission, page not focused) is fine: the text is shown anyway.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}
