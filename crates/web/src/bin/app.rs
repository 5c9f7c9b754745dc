//! The page: mounts the app on `<body>`.

fn main() {
    console_error_panic_hook::set_once();
    yew::Renderer::<ohm_web::components::App>::new().render();
}
