//! One catalog line: its parts, its exact text, and the description cap.

use std::borrow::Cow;

use crate::cost::Measure;

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
    if chars >= text.len() {
        return text;
    }
    // An all-ASCII byte prefix of that length is exactly `chars` chars.
    if text.as_bytes()[..chars].is_ascii() {
        return &text[..chars];
    }
    match text.char_indices().nth(chars) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// A path as shown, kept in two borrowed parts so that thousands of candidate paths can be
/// measured without being built: `head` and `tail` joined the way `Path::join` joins (a `/` in
/// between unless `head` is empty or already ends with one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PathText<'a> {
    pub head: &'a str,
    pub tail: &'a str,
}

impl<'a> PathText<'a> {
    /// A path already in one piece.
    pub fn whole(text: &'a str) -> PathText<'a> {
        PathText {
            head: "",
            tail: text,
        }
    }

    fn separator(&self) -> &'static str {
        if self.head.is_empty() || self.head.ends_with('/') {
            ""
        } else {
            "/"
        }
    }

    /// The size of the joined path in `measure` (all separators are ASCII).
    pub fn measure(&self, measure: Measure) -> u64 {
        measure.of(self.head) + self.separator().len() as u64 + measure.of(self.tail)
    }

    /// Appends the joined path to `out`.
    pub fn push_to(&self, out: &mut String) {
        out.push_str(self.head);
        out.push_str(self.separator());
        out.push_str(self.tail);
    }

    /// Length of the joined path in bytes.
    pub fn len(&self) -> usize {
        self.head.len() + self.separator().len() + self.tail.len()
    }

    /// The joined path.
    pub fn joined(&self) -> String {
        let mut out = String::with_capacity(self.len());
        self.push_to(&mut out);
        out
    }
}

/// The parts of one candidate line before budgeting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineParts<'a> {
    pub name: &'a str,
    /// Already capped with [`cap_description`].
    pub description: &'a str,
    /// As shown: absolute, or `rN/…` in alias mode.
    pub path: PathText<'a>,
}

impl LineParts<'_> {
    /// The line showing the first `chars` description characters (the minimum form when 0).
    pub fn text(&self, chars: usize) -> String {
        format_line(self.name, char_prefix(self.description, chars), self.path)
    }
}

/// `- {name}: {description} (file: {path})`, or `- {name}: (file: {path})` without description.
pub(crate) fn format_line(name: &str, description: &str, path: PathText<'_>) -> String {
    let mut line = String::with_capacity(name.len() + description.len() + path.len() + 14);
    line.push_str("- ");
    line.push_str(name);
    line.push_str(": ");
    if !description.is_empty() {
        line.push_str(description);
        line.push(' ');
    }
    line.push_str("(file: ");
    path.push_to(&mut line);
    line.push(')');
    line
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
            path: PathText::whole("/s/a/SKILL.md"),
        };
        let with_newline = parts.text(0).len() as u64 + 1;
        assert_eq!(with_newline, 1 + 13 + MIN_LINE_OVERHEAD);
    }

    #[test]
    fn char_prefix_counts_chars_not_bytes() {
        assert_eq!(char_prefix("abc", 2), "ab");
        assert_eq!(char_prefix("héllo", 2), "hé");
        assert_eq!(char_prefix("日本語", 5), "日本語");
        assert_eq!(char_prefix("ab日本", 3), "ab日");
    }

    #[test]
    fn path_text_joins_like_path_join() {
        let join = |head, tail| PathText { head, tail }.joined();
        assert_eq!(join("/r", "a/SKILL.md"), "/r/a/SKILL.md");
        assert_eq!(join("/", "a/SKILL.md"), "/a/SKILL.md");
        assert_eq!(join("", "/abs/SKILL.md"), "/abs/SKILL.md");
        let path = PathText {
            head: "/é",
            tail: "x",
        };
        assert_eq!(path.measure(Measure::Chars), 4);
        assert_eq!(path.measure(Measure::Bytes), 5);
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
            path: PathText {
                head: "/s",
                tail: "a/SKILL.md",
            },
        };
        assert_eq!(parts.text(0), "- a: (file: /s/a/SKILL.md)");
        assert_eq!(parts.text(2), "- a: xy (file: /s/a/SKILL.md)");
        assert_eq!(parts.text(9), "- a: xyz (file: /s/a/SKILL.md)");
    }
}
