//! The engine worker, loaded by Trunk's loader script (`worker_loader.js`).

use gloo_worker::Registrable;
use ohm_web::codec::SerdeWasm;
use ohm_web::worker::EngineWorker;

fn main() {
    console_error_panic_hook::set_once();
    EngineWorker::registrar().encoding::<SerdeWasm>().register();
}
