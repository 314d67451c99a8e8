//! One catalog line: its parts, its exact text, and the description cap.

use std::borrow::Cow;

/// Longest description (in chars) the catalog shows before any budget work.
pub const DESCRIPTION_CAP: usize = 1024;

/// A description longer than [`DESCRIPTION_CAP`] chars becomes its first 1,021 chars + `...`
/// (Codex 0.171 does this to the catalog copy only, before the budget is applied).
pub fn cap_description(description: &str) -> Cow<'_, str> {
    // Fast path: a string of at most 1,024 bytes has at most 1,024 chars.
    if description.len() <= DESCRIPTION_CAP {
        return Cow::Borrowed(description);
    }
    if description.char_indices().nth(DESCRIPTION_CAP).is_none() {
        return Cow::Borrowed(description);
    }
    let cut = char_prefix(description, DESCRIPTION_CAP - 3);
    Cow::Owned(format!("{cut}..."))
}

/// The first `chars` Unicode scalar values of `text` (all of it when shorter).
pub(crate) fn char_prefix(text: &str, chars: usize) -> &str {
    match text.char_indices().nth(chars) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// The parts of one candidate line before budgeting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineParts<'a> {
    pub name: &'a str,
    /// Already capped with [`cap_description`].
    pub description: &'a str,
    /// As shown: absolute, or `rN/…` in alias mode.
    pub path: &'a str,
}

impl LineParts<'_> {
    /// The line showing the first `chars` description characters (the minimum form when 0).
    pub fn text(&self, chars: usize) -> String {
        format_line(self.name, char_prefix(self.description, chars), self.path)
    }
}

/// `- {name}: {description} (file: {path})`, or `- {name}: (file: {path})` without description.
pub(crate) fn format_line(name: &str, description: &str, path: &str) -> String {
    if description.is_empty() {
        format!("- {name}: (file: {path})")
    } else {
        format!("- {name}: {description} (file: {path})")
    }
}

/// Characters of the minimum line and its newline that are not the name or the path:
/// `- `, `: `, `(file: `, `)` and `\n` (all ASCII, so bytes and chars agree).
pub(crate) const MIN_LINE_OVERHEAD: u64 = 13;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn description_of_exactly_1024_chars_is_unchanged() {
        let text = "é".repeat(1024);
        assert_eq!(cap_description(&text), text.as_str());
    }

    #[test]
    fn description_over_1024_chars_keeps_1021_chars_and_an_ellipsis() {
        let text = "abcdefghi ".repeat(103);
        let capped = cap_description(&text[..1025]);
        assert_eq!(capped.chars().count(), 1024);
        assert!(capped.ends_with("abcdefghi a..."));
    }

    #[test]
    fn minimum_line_overhead_is_thirteen_characters() {
        let parts = LineParts {
            name: "a",
            description: "",
            path: "/s/a/SKILL.md",
        };
        let with_newline = parts.text(0).len() as u64 + 1;
        assert_eq!(with_newline, 1 + 13 + MIN_LINE_OVERHEAD);
    }

    #[test]
    fn cap_keeps_a_space_before_the_ellipsis() {
        let text = format!("{} {}", "a".repeat(1020), "b".repeat(10));
        assert!(cap_description(&text).ends_with("aaaa ..."));
    }

    #[test]
    fn cap_counts_emoji_as_one_char_each() {
        let emoji = "😀".repeat(1025);
        let capped = cap_description(&emoji);
        assert_eq!(capped, format!("{}...", "😀".repeat(1021)));
    }

    #[test]
    fn line_without_description_has_no_double_space() {
        let parts = LineParts {
            name: "a",
            description: "xyz",
            path: "/s/a/SKILL.md",
        };
        assert_eq!(parts.text(0), "- a: (file: /s/a/SKILL.md)");
        assert_eq!(parts.text(2), "- a: xy (file: /s/a/SKILL.md)");
        assert_eq!(parts.text(9), "- a: xyz (file: /s/a/SKILL.md)");
    }
}
