//! The app's Web Worker: the engine benchmark and the computer seats' thinking (see
//! `holdfast_web::worker`).

fn main() {
    holdfast_web::worker::serve();
}
