//! Share links: the codec is the rules crate's ([`holdfast_rules::link`]), so that the
//! command line reads and writes the same links; here, where the app lives.

pub use holdfast_rules::link::{
    decode, encode, percent_decode, LinkError, MAX_LINK_CHARS, MAX_UNPACKED_BYTES,
};

/// The app's address without its fragment (where a link's fragment goes).
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}
