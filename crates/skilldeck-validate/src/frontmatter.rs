//! Front-matter splitting for the validator: a *correct* split (used by the `spec` and `claude`
//! rule sets) and the explanations Codex does not give when its own split fails or goes wrong.
//!
//! Codex's split is the loader's (`skilldeck_loader::parse::extract_frontmatter`); this module
//! only compares against it.

/// The YAML between the delimiters, with where it sits in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Split {
    /// The front-matter lines joined with `\n`.
    pub yaml: String,
    /// 1-based file line of the first YAML line (the line after the opening `---`).
    pub first_line: usize,
}

/// Why there is no front matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Missing {
    /// The file starts with a UTF-8 byte-order mark before `---`.
    ByteOrderMark,
    /// One or more blank lines come before `---`.
    LeadingBlankLines,
    /// Some other text (a comment, a title) comes before the `---` at this 1-based line.
    TextBefore(usize),
    /// `---` opens, but no closing `---` line follows.
    Unclosed,
    /// `---` is immediately followed by the closing `---`.
    Empty,
    /// The opening `---` is indented (Codex accepts it; front-matter readers in general do not).
    IndentedDelimiter,
    /// No `---` line at all.
    NoDelimiter,
}

impl Missing {
    /// Stable code of this cause in the `codex` rule set.
    pub(crate) fn codex_code(self) -> &'static str {
        match self {
            Missing::ByteOrderMark => "codex/frontmatter-after-bom",
            Missing::LeadingBlankLines => "codex/frontmatter-after-blank-line",
            Missing::TextBefore(_) => "codex/frontmatter-after-text",
            Missing::Unclosed => "codex/frontmatter-unclosed",
            Missing::Empty => "codex/frontmatter-empty",
            Missing::IndentedDelimiter => "codex/frontmatter-indented",
            Missing::NoDelimiter => "codex/missing-frontmatter",
        }
    }

    /// Stable code of this cause in the `spec` rule set.
    pub(crate) fn spec_code(self) -> &'static str {
        match self {
            Missing::ByteOrderMark => "spec/frontmatter-after-bom",
            Missing::LeadingBlankLines => "spec/frontmatter-after-blank-line",
            Missing::TextBefore(_) => "spec/frontmatter-after-text",
            Missing::Unclosed => "spec/frontmatter-unclosed",
            Missing::Empty => "spec/frontmatter-empty",
            Missing::IndentedDelimiter => "spec/frontmatter-indented",
            Missing::NoDelimiter => "spec/missing-frontmatter",
        }
    }

    /// One sentence saying what is wrong and how to fix it.
    pub(crate) fn explanation(self) -> String {
        match self {
            Missing::ByteOrderMark => "the file starts with a UTF-8 byte-order mark (U+FEFF) before `---`; \
                 save it as UTF-8 without BOM"
                .to_owned(),
            Missing::LeadingBlankLines => {
                "blank lines come before the opening `---`; delete them so `---` is the first line"
                    .to_owned()
            }
            Missing::TextBefore(line) => format!(
                "text comes before the opening `---` (found at line {line}); move it below the \
                 closing `---` so `---` is the first line"
            ),
            Missing::Unclosed => {
                "the opening `---` is never closed; add a line `---` after the last metadata line"
                    .to_owned()
            }
            Missing::Empty => {
                "the front matter is empty; add `name:` and `description:` lines between the `---` lines"
                    .to_owned()
            }
            Missing::IndentedDelimiter => {
                "the opening `---` is indented; start it at the first column".to_owned()
            }
            Missing::NoDelimiter => "the file has no `---` front matter; start it with `---`, \
                 `name: …`, `description: …`, `---`"
                .to_owned(),
        }
    }

    /// 1-based file line the finding points at.
    pub(crate) fn line(self) -> usize {
        match self {
            Missing::TextBefore(line) => line,
            _ => 1,
        }
    }
}

/// Lines as Codex and the loader see them: split at `\n`, one trailing `\r` removed.
fn lines(text: &str) -> std::str::Lines<'_> {
    text.lines()
}

/// Whether a line opens or closes the front matter in the correct split: `---` at column 0,
/// optionally followed by spaces or tabs. An indented `---` is YAML content (e.g. inside a block
/// scalar), not a delimiter.
fn is_strict_delimiter(line: &str) -> bool {
    line.strip_prefix("---")
        .is_some_and(|rest| rest.chars().all(|c| c == ' ' || c == '\t'))
}

/// The correct split: an optional BOM, `---` on the first line, YAML up to the next line that is
/// `---` at column 0. Unlike the Python reference (`skills-ref`), a `---` elsewhere in a line
/// (`a---b`) never splits, and unlike Codex an indented `---` does not close.
pub(crate) fn strict_split(text: &str) -> Result<Split, Missing> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut all = lines(text);
    let first = all.next();
    if !first.is_some_and(is_strict_delimiter) {
        return Err(explain_missing_start(text));
    }
    let mut collected = Vec::new();
    for line in all {
        if is_strict_delimiter(line) {
            if collected.is_empty() {
                return Err(Missing::Empty);
            }
            return Ok(Split {
                yaml: collected.join("\n"),
                first_line: 2,
            });
        }
        collected.push(line);
    }
    Err(Missing::Unclosed)
}

/// Why Codex found no front matter in `text` (call only when it found none).
pub(crate) fn codex_missing_cause(text: &str) -> Missing {
    if text.starts_with('\u{feff}') {
        let rest = &text['\u{feff}'.len_utf8()..];
        if rest.lines().next().is_some_and(|l| l.trim() == "---") {
            return Missing::ByteOrderMark;
        }
    }
    let mut all = lines(text);
    match all.next() {
        Some(first) if first.trim() == "---" => {
            // Opened: either empty or unclosed.
            match all.next() {
                Some(second) if second.trim() == "---" => Missing::Empty,
                _ => Missing::Unclosed,
            }
        }
        _ => explain_missing_start(text),
    }
}

/// The first line is not a delimiter: blank lines before one, other text before one, or none.
fn explain_missing_start(text: &str) -> Missing {
    let mut only_blank = true;
    for (index, line) in lines(text).enumerate() {
        let trimmed = line.trim_start_matches('\u{feff}').trim();
        if index == 0 && trimmed == "---" {
            return Missing::IndentedDelimiter;
        }
        if trimmed == "---" {
            return if only_blank {
                Missing::LeadingBlankLines
            } else {
                Missing::TextBefore(index + 1)
            };
        }
        if !trimmed.is_empty() {
            only_blank = false;
        }
    }
    Missing::NoDelimiter
}

/// Codex closed the front matter at an indented `---` (typically inside a block scalar) while
/// the author's closing `---` comes later, so Codex reads less metadata than was written.
/// Returns the 1-based file lines of Codex's `---` and of the intended closing `---`.
pub(crate) fn codex_early_close(text: &str) -> Option<(usize, usize)> {
    let mut all = lines(text).enumerate();
    let (_, first) = all.next()?;
    if first.trim() != "---" {
        return None;
    }
    let (codex_index, codex_line) = all.by_ref().find(|(_, line)| line.trim() == "---")?;
    if is_strict_delimiter(codex_line) {
        return None;
    }
    let (intended, _) = all.find(|(_, line)| is_strict_delimiter(line))?;
    Some((codex_index + 1, intended + 1))
}

#[cfg(test)]
mod tests {
    use super::{Missing, Split, codex_early_close, codex_missing_cause, strict_split};

    #[test]
    fn strict_split_returns_yaml_and_its_first_line() {
        assert_eq!(
            strict_split("---\nname: a\n---\nbody"),
            Ok(Split {
                yaml: "name: a".to_owned(),
                first_line: 2
            })
        );
    }

    #[test]
    fn strict_split_tolerates_a_byte_order_mark() {
        assert!(strict_split("\u{feff}---\nname: a\n---\n").is_ok());
    }

    #[test]
    fn strict_split_does_not_close_at_indented_dashes() {
        let split = strict_split("---\nd: |\n  one\n  ---\n  two\n---\n").unwrap();
        assert_eq!(split.yaml, "d: |\n  one\n  ---\n  two");
    }

    #[test]
    fn strict_split_does_not_split_inside_a_line() {
        let split = strict_split("---\nname: a---b\n---\n").unwrap();
        assert_eq!(split.yaml, "name: a---b");
    }

    #[test]
    fn strict_split_names_an_indented_opening_delimiter() {
        assert_eq!(
            strict_split("  ---\nname: a\n---\n"),
            Err(Missing::IndentedDelimiter)
        );
    }

    #[test]
    fn strict_split_reports_unclosed() {
        assert_eq!(strict_split("---\nname: a\n"), Err(Missing::Unclosed));
    }

    #[test]
    fn bom_is_named_as_the_cause() {
        assert_eq!(
            codex_missing_cause("\u{feff}---\nname: a\n---\n"),
            Missing::ByteOrderMark
        );
    }

    #[test]
    fn leading_blank_line_is_named_as_the_cause() {
        assert_eq!(
            codex_missing_cause("\n---\nname: a\n---\n"),
            Missing::LeadingBlankLines
        );
    }

    #[test]
    fn comment_before_delimiter_is_named_with_its_line() {
        assert_eq!(
            codex_missing_cause("<!-- c -->\n---\nname: a\n---\n"),
            Missing::TextBefore(2)
        );
    }

    #[test]
    fn empty_and_unclosed_are_told_apart() {
        assert_eq!(codex_missing_cause("---\n---\n"), Missing::Empty);
        assert_eq!(codex_missing_cause("---\nname: a\n"), Missing::Unclosed);
    }

    #[test]
    fn plain_markdown_has_no_delimiter() {
        assert_eq!(codex_missing_cause("# title\n"), Missing::NoDelimiter);
    }

    #[test]
    fn indented_close_inside_block_scalar_is_early() {
        assert_eq!(
            codex_early_close("---\nd: |\n  one\n  ---\n  two\n---\n"),
            Some((4, 6))
        );
    }

    #[test]
    fn indented_close_without_a_later_one_is_the_intended_close() {
        assert_eq!(codex_early_close("---\nname: a\n  ---\nbody\n"), None);
    }

    #[test]
    fn column_zero_close_is_not_early() {
        assert_eq!(codex_early_close("---\nname: a\n---   \n"), None);
    }
}
