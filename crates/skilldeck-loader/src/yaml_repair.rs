//! The line-oriented YAML repair pass (spec §5.4, errata §4.2).
//!
//! Hand-written front matter often has unquoted values that YAML rejects or mis-types, e.g.
//! `description: Deploy patterns: ECS, Lambda` (a second `: `) or `tags: [next,@scope/pkg]`.
//! Codex retries a failed parse once after single-quoting such values line by line; this module
//! reproduces that rewrite exactly. It never parses the whole document itself: the caller does,
//! and reports the *original* error when the repaired text fails too.

/// Rewrites each front-matter line whose plain value would confuse YAML into a single-quoted
/// scalar. Returns `None` when no line needed a change (a retry would fail the same way).
pub fn repair_frontmatter(frontmatter: &str) -> Option<String> {
    let mut out = String::with_capacity(frontmatter.len() + 16);
    let mut changed = false;
    // Indent of the key line that opened a `|`/`>` block scalar, while inside it.
    let mut block_indent: Option<usize> = None;
    for (index, line) in frontmatter.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        if let Some(indent) = block_indent {
            if line.trim().is_empty() || leading_spaces(line) > indent {
                out.push_str(line);
                continue;
            }
            block_indent = None;
        }
        match repair_line(line) {
            LineRepair::Keep => out.push_str(line),
            LineRepair::OpensBlock => {
                block_indent = Some(leading_spaces(line));
                out.push_str(line);
            }
            LineRepair::Quoted(repaired) => {
                changed = true;
                out.push_str(&repaired);
            }
        }
    }
    changed.then_some(out)
}

/// What the pass does with one line outside a block scalar.
#[derive(Debug, PartialEq, Eq)]
enum LineRepair {
    /// Left as written.
    Keep,
    /// Left as written; it starts a block scalar whose body must not be touched.
    OpensBlock,
    /// Replaced by this text.
    Quoted(String),
}

/// Number of leading ASCII spaces (tabs do not count: YAML forbids them as indentation).
fn leading_spaces(line: &str) -> usize {
    line.bytes().take_while(|&b| b == b' ').count()
}

fn repair_line(line: &str) -> LineRepair {
    let Some((key, value)) = line.split_once(':') else {
        return LineRepair::Keep;
    };
    // `key:value` (no space) is one plain token such as a URL; leave it alone.
    if key.trim().is_empty() || value.chars().next().is_some_and(|c| !c.is_whitespace()) {
        return LineRepair::Keep;
    }
    let rest = value.trim_start();
    let leading = &value[..value.len() - rest.len()];
    let (scalar, comment) = split_comment(rest);
    if scalar.is_empty() {
        // `key:` alone: a nested mapping or list follows.
        return LineRepair::Keep;
    }
    if scalar.starts_with(['|', '>']) {
        return LineRepair::OpensBlock;
    }
    if scalar.starts_with(['\'', '"']) || !needs_quotes(scalar) {
        return LineRepair::Keep;
    }
    let quoted = scalar.replace('\'', "''");
    LineRepair::Quoted(format!("{key}:{leading}'{quoted}'{comment}"))
}

/// Splits a value into the scalar (right-trimmed) and a trailing comment, which starts at the
/// first `#` that opens the value or follows whitespace, and keeps the whitespace before it.
fn split_comment(value: &str) -> (&str, &str) {
    let mut previous: Option<char> = None;
    let mut hash_at = None;
    for (index, c) in value.char_indices() {
        if c == '#' && previous.is_none_or(char::is_whitespace) {
            hash_at = Some(index);
            break;
        }
        previous = Some(c);
    }
    let before = &value[..hash_at.unwrap_or(value.len())];
    let scalar = before.trim_end();
    (scalar, &value[scalar.len()..])
}

/// A plain scalar needs quoting when it holds `: ` (a second mapping indicator), or starts with a
/// flow/reserved indicator and is not valid YAML on its own.
fn needs_quotes(scalar: &str) -> bool {
    let has_mapping_indicator = scalar
        .split(':')
        .skip(1)
        .any(|after| after.chars().next().is_some_and(char::is_whitespace));
    has_mapping_indicator
        || (scalar.starts_with(['[', '{', '@', '`'])
            && serde_yaml::from_str::<serde_yaml::Value>(scalar).is_err())
}

#[cfg(test)]
mod tests {
    use super::{repair_frontmatter, split_comment};

    fn repaired(text: &str) -> String {
        repair_frontmatter(text).unwrap_or_else(|| text.to_owned())
    }

    #[test]
    fn second_colon_space_gets_single_quotes() {
        assert_eq!(
            repaired("description: AWS deployment patterns: ECS Fargate, Lambda, and S3"),
            "description: 'AWS deployment patterns: ECS Fargate, Lambda, and S3'"
        );
    }

    #[test]
    fn apostrophes_are_doubled_inside_the_quotes() {
        assert_eq!(
            repaired("  short-description: What's included: builds and tests"),
            "  short-description: 'What''s included: builds and tests'"
        );
    }

    #[test]
    fn trailing_comment_stays_outside_the_quotes() {
        assert_eq!(
            repaired("description: Use it: now # trailing comment"),
            "description: 'Use it: now' # trailing comment"
        );
    }

    #[test]
    fn hash_inside_a_word_is_not_a_comment() {
        assert_eq!(split_comment("C# tips: yes"), ("C# tips: yes", ""));
        assert_eq!(split_comment("#x"), ("", "#x"));
    }

    #[test]
    fn original_leading_whitespace_is_kept() {
        assert_eq!(repaired("name:\t repair: name"), "name:\t 'repair: name'");
    }

    #[test]
    fn value_without_space_after_colon_is_kept() {
        assert_eq!(repair_frontmatter("url:http://example.com: x"), None);
    }

    #[test]
    fn url_with_port_is_not_a_mapping_indicator() {
        assert_eq!(
            repair_frontmatter("description: see http://example.com:8080/x for details"),
            None
        );
    }

    #[test]
    fn quoted_values_are_kept() {
        assert_eq!(repair_frontmatter("description: \"a: b\" : c"), None);
        assert_eq!(repair_frontmatter("description: 'a: b"), None);
    }

    #[test]
    fn unparseable_flow_value_is_quoted() {
        assert_eq!(
            repaired("tags: [next,@supabase/ssr]"),
            "tags: '[next,@supabase/ssr]'"
        );
    }

    #[test]
    fn valid_flow_sequence_is_kept() {
        assert_eq!(repair_frontmatter("description: [a, b]"), None);
    }

    #[test]
    fn flow_mapping_with_colon_space_is_quoted() {
        assert_eq!(repaired("description: {a: b}"), "description: '{a: b}'");
    }

    #[test]
    fn reserved_indicators_are_quoted_when_invalid() {
        assert_eq!(repaired("x: @handle"), "x: '@handle'");
        assert_eq!(repaired("x: `code`"), "x: '`code`'");
    }

    #[test]
    fn block_scalar_body_is_left_alone_and_later_lines_are_repaired() {
        let text = "description: |-\n  Build for AWS: ECS\n\n  second: line\nargument-hint: <x: y>";
        assert_eq!(
            repaired(text),
            "description: |-\n  Build for AWS: ECS\n\n  second: line\nargument-hint: '<x: y>'"
        );
    }

    #[test]
    fn block_scalar_ends_at_same_indent() {
        let text = "a:\n  b: >\n    c: d\n  e: f: g";
        assert_eq!(repaired(text), "a:\n  b: >\n    c: d\n  e: 'f: g'");
    }

    #[test]
    fn lines_without_colon_or_with_blank_key_are_kept() {
        assert_eq!(repair_frontmatter("- item\n: value: x\nplain"), None);
    }

    #[test]
    fn nested_mapping_opener_is_kept() {
        assert_eq!(repair_frontmatter("metadata:\nmetadata:   # c"), None);
    }

    #[test]
    fn unchanged_text_reports_none() {
        assert_eq!(repair_frontmatter("name: a\ndescription: b"), None);
    }

    proptest::proptest! {
        #[test]
        fn repair_never_panics_and_keeps_the_line_count(text in "(?s).{0,400}") {
            if let Some(out) = repair_frontmatter(&text) {
                proptest::prop_assert_eq!(out.split('\n').count(), text.split('\n').count());
            }
        }

        #[test]
        fn repair_never_panics_on_yamlish_lines(
            lines in proptest::collection::vec("[ ]{0,4}[a-z#'\"|>\\[{@`-]{0,3}[a-z]{0,3}:?[ \t]?[a-z:#'\"\\[\\]{}@` |>-]{0,12}", 0..12)
        ) {
            let text = lines.join("\n");
            let _ = repair_frontmatter(&text);
        }

        #[test]
        fn text_without_colons_is_never_changed(text in "[^:]{0,200}") {
            proptest::prop_assert_eq!(repair_frontmatter(&text), None);
        }
    }
}
