//! The app's Web Worker: registers the engine benchmark (see `bench_worker`).

use gloo::worker::Registrable;

fn main() {
    holdfast_web::bench_worker::BenchWorker::registrar().register();
}
