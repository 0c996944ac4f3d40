//! The app's Web Worker: the engine benchmark and the computer seats' thinking (see
//! `holdfast_web::worker`).

use gloo::worker::Registrable;

fn main() {
    holdfast_web::worker::AppWorker::registrar().register();
}
