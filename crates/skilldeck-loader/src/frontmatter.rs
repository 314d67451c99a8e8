//! Front-matter extraction (spec §5.2, errata §4.1).
//!
//! The rules are line based and deliberately simple, because Codex's are: the first line, trimmed,
//! must be `---`; the front matter ends at the next line whose trimmed text is `---` (even inside
//! a YAML block scalar); an unclosed or empty front matter counts as missing. Lines end at `\n`
//! with one trailing `\r` removed, so CRLF files work. A UTF-8 BOM is not whitespace, so a file
//! starting with one has no front matter.

/// The delimiter line, compared after trimming surrounding (Unicode) whitespace.
const DELIMITER: &str = "---";

/// The front-matter text (lines between the `---` delimiters joined with `\n`), or `None`.
pub fn extract_frontmatter(text: &str) -> Option<String> {
    // `str::lines` splits on `\n` and strips one trailing `\r`: exactly the rule we need.
    let mut lines = text.lines();
    if lines.next()?.trim() != DELIMITER {
        return None;
    }
    let mut collected: Vec<&str> = Vec::new();
    for line in lines {
        if line.trim() == DELIMITER {
            if collected.is_empty() {
                return None;
            }
            return Some(collected.join("\n"));
        }
        collected.push(line);
    }
    None
}

/// Whether a bounded prefix of a file already holds a complete front matter, so the rest of
/// the file need not be read.
///
/// True only when the prefix contains a newline-terminated opening `---` line and, after it, a
/// newline-terminated closing `---` line: then [`extract_frontmatter`] gives the same answer for
/// the prefix as for the whole file. Anything else (no opening delimiter, a delimiter cut off by
/// the end of the prefix, no closing line yet) answers `false`, and the caller reads the whole
/// file — that is always correct, only slower.
pub fn prefix_has_complete_frontmatter(prefix: &str) -> bool {
    let mut rest = prefix;
    let mut first = true;
    while let Some(end) = rest.find('\n') {
        let line = rest[..end].strip_suffix('\r').unwrap_or(&rest[..end]);
        let is_delimiter = line.trim() == DELIMITER;
        if first {
            if !is_delimiter {
                return false;
            }
            first = false;
        } else if is_delimiter {
            return true;
        }
        rest = &rest[end + 1..];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{extract_frontmatter, prefix_has_complete_frontmatter};

    fn fm(text: &str) -> Option<String> {
        extract_frontmatter(text)
    }

    #[test]
    fn simple_front_matter_is_the_lines_between_delimiters() {
        assert_eq!(
            fm("---\nname: a\ndescription: b\n---\nbody\n").as_deref(),
            Some("name: a\ndescription: b")
        );
    }

    #[test]
    fn byte_order_mark_before_delimiter_means_no_front_matter() {
        assert_eq!(fm("\u{feff}---\nname: bom\ndescription: d\n---\n"), None);
    }

    #[test]
    fn leading_blank_line_means_no_front_matter() {
        assert_eq!(fm("\n---\nname: a\ndescription: d\n---\n"), None);
    }

    #[test]
    fn leading_comment_means_no_front_matter() {
        assert_eq!(fm("<!-- c -->\n---\nname: a\ndescription: d\n---\n"), None);
    }

    #[test]
    fn crlf_line_ends_are_stripped() {
        assert_eq!(
            fm("---\r\nname: crlf\r\ndescription: CRLF line ends\r\n---\r\nbody").as_deref(),
            Some("name: crlf\ndescription: CRLF line ends")
        );
    }

    #[test]
    fn padded_delimiters_are_accepted() {
        assert_eq!(
            fm("  ---  \nname: a\n  ---\t\n").as_deref(),
            Some("name: a")
        );
        assert_eq!(fm("--- \nname: b\n---   \n").as_deref(), Some("name: b"));
    }

    #[test]
    fn indented_dashes_inside_block_scalar_close_the_front_matter() {
        assert_eq!(
            fm("---\nname: block-dashes\ndescription: |\n  line one\n  ---\n  line three\n---\n")
                .as_deref(),
            Some("name: block-dashes\ndescription: |\n  line one")
        );
    }

    #[test]
    fn unclosed_front_matter_is_missing() {
        assert_eq!(fm("---\nname: unclosed\ndescription: never closed\n"), None);
    }

    #[test]
    fn empty_front_matter_is_missing() {
        assert_eq!(fm("---\n---\nbody"), None);
    }

    #[test]
    fn yaml_document_end_marker_does_not_close() {
        assert_eq!(fm("---\nname: dots-close\ndescription: d\n...\n"), None);
    }

    #[test]
    fn markdown_without_delimiter_and_empty_file_have_none() {
        assert_eq!(fm("# just markdown"), None);
        assert_eq!(fm(""), None);
    }

    #[test]
    fn closing_delimiter_may_end_the_file_without_newline() {
        assert_eq!(fm("---\nname: a\n---").as_deref(), Some("name: a"));
    }

    #[test]
    fn lone_carriage_return_is_not_a_line_break() {
        assert_eq!(fm("---\rname: a\r---\r"), None);
    }

    #[test]
    fn blank_lines_inside_are_kept() {
        assert_eq!(
            fm("---\n\nname: a\n\n---\n").as_deref(),
            Some("\nname: a\n")
        );
    }

    #[test]
    fn prefix_with_closed_front_matter_is_complete() {
        assert!(prefix_has_complete_frontmatter(
            "---\nname: a\n---\nbody cut he"
        ));
        assert!(prefix_has_complete_frontmatter("---\r\nname: a\r\n---\r\n"));
    }

    #[test]
    fn prefix_ending_inside_the_closing_line_is_incomplete() {
        // The whole file may continue the line (`----`, `--- x`), which would not close.
        assert!(!prefix_has_complete_frontmatter("---\nname: a\n---"));
        assert!(!prefix_has_complete_frontmatter("---\nname: a\n--"));
    }

    #[test]
    fn prefix_without_closing_line_is_incomplete() {
        assert!(!prefix_has_complete_frontmatter(
            "---\nname: a\ndescription: long"
        ));
    }

    #[test]
    fn prefix_without_opening_delimiter_is_incomplete() {
        assert!(!prefix_has_complete_frontmatter("# title\n---\n---\n"));
        assert!(!prefix_has_complete_frontmatter("---"));
        assert!(!prefix_has_complete_frontmatter(""));
    }

    #[test]
    fn prefix_verdict_agrees_with_whole_file_extraction() {
        let whole = "---\nname: a\n---\nbody\n---\nmore\n";
        let prefix = &whole[..18];
        assert!(prefix_has_complete_frontmatter(prefix));
        assert_eq!(fm(prefix), fm(whole));
    }
}
