//! Quoting a text in a message, as `{:?}` would.

/// `s` in double quotes, as `{:?}` writes a text (`"` and `\\` escaped, and the
/// control characters), so that messages quote names the same everywhere
/// without the standard library's Debug machinery (its Unicode tables weigh on
/// the app's wasm).
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => {
                out.push_str("\\u{");
                out.push_str(&format!("{:x}", c as u32));
                out.push('}');
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::quoted;

    /// Quoting writes what `{:?}` writes, for every text a message quotes.
    #[test]
    fn quoting_is_debugs() {
        for t in [
            "",
            "fort",
            "Ann's \"map\"",
            "a\\b",
            "line\nnext\tx\r\0",
            "\u{7}",
            "Мапа 1",
            "e1 → e2",
        ] {
            assert_eq!(quoted(t), format!("{t:?}"), "{t}");
        }
    }
}
