//! Whitespace normalisation (spec §5.5, errata §4.3).
//!
//! Codex turns every name, description and `openai.yaml` string into one line: it splits on
//! Unicode whitespace (so NBSP, tabs and line breaks all count) and joins the pieces with a single
//! ASCII space. Leading and trailing whitespace therefore disappears too.

/// Splits on Unicode whitespace and joins the pieces with one space.
pub fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for piece in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::collapse_whitespace;

    #[test]
    fn runs_of_spaces_and_tabs_become_one_space() {
        assert_eq!(
            collapse_whitespace("  spaced   name\there  "),
            "spaced name here"
        );
    }

    #[test]
    fn line_breaks_collapse() {
        assert_eq!(
            collapse_whitespace("does things\ncarefully\r\n"),
            "does things carefully"
        );
    }

    #[test]
    fn nbsp_counts_as_whitespace() {
        assert_eq!(
            collapse_whitespace("line1\nline2\ttab  \u{a0}nbsp"),
            "line1 line2 tab nbsp"
        );
    }

    #[test]
    fn byte_order_mark_is_not_whitespace() {
        assert_eq!(collapse_whitespace("\u{feff}x"), "\u{feff}x");
    }

    #[test]
    fn whitespace_only_text_collapses_to_empty() {
        assert_eq!(collapse_whitespace(" \t\n\u{2003} "), "");
    }
}
