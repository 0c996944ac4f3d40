//! Prints the `g=...` link fragment (without `#`) of a record file: the first links'
//! form, which every version opens and which carries games of any length (the app's
//! Share writes compact `c=` links, up to 20,000 actions; `holdfast link` prints
//! those). `cargo run --release -p holdfast-web --example link -- FILE`. Used by
//! `scripts/long-games.sh` to make long-game links.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: link FILE (a record file)");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    match holdfast_rules::Record::from_json(&text) {
        Ok(record) => println!("{}", holdfast_rules::link::encode_json(&record)),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
}
