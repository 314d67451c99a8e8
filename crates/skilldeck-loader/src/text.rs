//! Whitespace normalisation (spec §5.5). STUB.

/// Splits on Unicode whitespace and joins the pieces with one space.
pub fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
