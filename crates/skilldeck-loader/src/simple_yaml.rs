//! A fast path for the commonest front matter: nothing but `key: plain value` lines.
//!
//! Most `SKILL.md` front matters are two to five lines like `name: pdf-forms` and
//! `description: Fill and merge PDF forms`. Running the full YAML parser over them was the
//! largest user-space cost of a load (`serde_yaml` builds an event stream and allocates per
//! token). [`parse_simple`] recognises a deliberately narrow subset whose meaning under YAML is
//! unambiguous — a flat mapping of distinct short keys to single-line scalars: plain ones that
//! start with an ASCII letter and are not `null`/boolean words, single-quoted ones, and
//! double-quoted ones without escapes — and gives up (`None`) on anything
//! else, which then goes through `serde_yaml` exactly as before. The property test below checks
//! that whenever this path answers, `serde_yaml` gives the same name and description.

use std::borrow::Cow;
use std::collections::HashSet;

/// The fields of a simple front matter that the loader reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SimpleFrontmatter<'a> {
    /// `name`, as YAML reads it (before whitespace collapsing).
    pub name: Option<Cow<'a, str>>,
    /// `description`, as YAML reads it.
    pub description: Option<Cow<'a, str>>,
}

/// Keys longer than this are left to the YAML parser (libyaml limits implicit keys to 1,024).
const MAX_KEY_LEN: usize = 64;

/// Plain scalars YAML (1.2 core schema, and 1.1 for good measure) reads as null or a boolean.
const SPECIAL_WORDS: [&str; 10] = [
    "null", "true", "false", "yes", "no", "on", "off", "y", "n", "nan",
];

/// Keys whose value must not be a plain scalar (or whose handling needs the full parser).
const NESTED_KEYS: [&str; 2] = ["metadata", "disable-model-invocation"];

/// The front matter's name and description when every line is empty or `key: plain value`
/// with a value whose YAML reading is the text itself; `None` when in any doubt.
pub(crate) fn parse_simple(frontmatter: &str) -> Option<SimpleFrontmatter<'_>> {
    let mut parsed = SimpleFrontmatter::default();
    // A set, not a list: a hostile front matter of 100,000 keys must stay linear.
    let mut keys: HashSet<&str> = HashSet::new();
    for line in frontmatter.split('\n') {
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(':')?;
        if !is_simple_key(key) || NESTED_KEYS.contains(&key) || !keys.insert(key) {
            return None;
        }
        let value = scalar(rest.strip_prefix(' ')?.trim_matches(' '))?;
        match key {
            "name" => parsed.name = Some(value),
            "description" => parsed.description = Some(value),
            _ => {}
        }
    }
    (!keys.is_empty()).then_some(parsed)
}

fn is_simple_key(key: &str) -> bool {
    let bytes = key.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= MAX_KEY_LEN
        && bytes[0].is_ascii_alphabetic()
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What YAML reads from a single-line scalar in the subset; `None` outside it.
fn scalar(text: &str) -> Option<Cow<'_, str>> {
    if let Some(inner) = text
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    {
        // No escapes and no inner quote: the text between the quotes is the value.
        let simple = !inner.contains(['"', '\\']) && inner.chars().all(is_plain_char);
        return simple.then_some(Cow::Borrowed(inner));
    }
    if let Some(inner) = text
        .strip_prefix('\'')
        .and_then(|rest| rest.strip_suffix('\''))
    {
        return single_quoted(inner);
    }
    is_simple_plain_scalar(text).then_some(Cow::Borrowed(text))
}

/// The value of a single-quoted scalar's inside: `''` stands for `'`, a lone `'` is outside the
/// subset.
fn single_quoted(inner: &str) -> Option<Cow<'_, str>> {
    if !inner.chars().all(is_plain_char) {
        return None;
    }
    if !inner.contains('\'') {
        return Some(Cow::Borrowed(inner));
    }
    let mut value = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\'' && chars.next() != Some('\'') {
            return None;
        }
        value.push(c);
    }
    Some(Cow::Owned(value))
}

/// A single-line plain scalar that YAML reads as exactly this string.
fn is_simple_plain_scalar(value: &str) -> bool {
    let Some(first) = value.bytes().next() else {
        return false;
    };
    first.is_ascii_alphabetic()
        && !value.ends_with(':')
        && !value.contains(": ")
        && !value.contains(" #")
        && value.chars().all(is_plain_char)
        && !SPECIAL_WORDS
            .iter()
            .any(|word| value.eq_ignore_ascii_case(word))
}

/// Printable characters that are neither line breaks, tabs nor byte-order marks for libyaml.
fn is_plain_char(c: char) -> bool {
    matches!(c, ' '..='~')
        || matches!(c, '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
            && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Reference {
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        description: Option<String>,
    }

    #[test]
    fn two_plain_lines_are_read_without_the_yaml_parser() {
        let parsed =
            parse_simple("name: pdf-forms\ndescription: Fill and merge PDF forms").unwrap();
        assert_eq!(parsed.name.as_deref(), Some("pdf-forms"));
        assert_eq!(
            parsed.description.as_deref(),
            Some("Fill and merge PDF forms")
        );
    }

    #[test]
    fn trailing_spaces_are_not_part_of_the_value() {
        let parsed = parse_simple("description: Does things   ").unwrap();
        assert_eq!(parsed.description.as_deref(), Some("Does things"));
    }

    #[test]
    fn nested_metadata_goes_to_the_yaml_parser() {
        assert_eq!(
            parse_simple("name: a\ndescription: b\nmetadata:\n  short-description: c"),
            None
        );
    }

    #[test]
    fn double_quoted_values_without_escapes_are_read_between_the_quotes() {
        let parsed = parse_simple("description: \"Use it: carefully # really\"").unwrap();
        assert_eq!(
            parsed.description.as_deref(),
            Some("Use it: carefully # really")
        );
    }

    #[test]
    fn double_quoted_values_with_escapes_go_to_the_yaml_parser() {
        assert_eq!(parse_simple("description: \"tab\\there\""), None);
    }

    #[test]
    fn doubled_single_quotes_stand_for_one() {
        let parsed = parse_simple("description: 'it''s here'").unwrap();
        assert_eq!(parsed.description.as_deref(), Some("it's here"));
    }

    #[test]
    fn a_lone_single_quote_inside_goes_to_the_yaml_parser() {
        assert_eq!(parse_simple("description: 'it's'"), None);
    }

    #[test]
    fn colon_space_inside_a_value_goes_to_the_yaml_parser() {
        assert_eq!(parse_simple("description: Use it: carefully"), None);
    }

    #[test]
    fn comments_go_to_the_yaml_parser() {
        assert_eq!(parse_simple("description: text # note"), None);
    }

    #[test]
    fn null_and_boolean_words_go_to_the_yaml_parser() {
        for word in ["null", "Null", "TRUE", "false", "yes", "off"] {
            assert_eq!(parse_simple(&format!("name: {word}")), None, "{word}");
        }
    }

    #[test]
    fn duplicate_keys_go_to_the_yaml_parser() {
        assert_eq!(parse_simple("name: a\nname: b"), None);
    }

    #[test]
    fn continuation_lines_go_to_the_yaml_parser() {
        assert_eq!(parse_simple("description: first\n  second"), None);
    }

    #[test]
    fn an_empty_front_matter_goes_to_the_yaml_parser() {
        assert_eq!(parse_simple(""), None);
        assert_eq!(parse_simple("\n\n"), None);
    }

    /// Pieces that make lines near the subset's edges.
    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("name".to_owned()),
            Just("description".to_owned()),
            Just("metadata".to_owned()),
            Just("other-key".to_owned()),
            Just("x_1".to_owned()),
            Just(": ".to_owned()),
            Just(":".to_owned()),
            Just(" ".to_owned()),
            Just("  ".to_owned()),
            Just("\t".to_owned()),
            Just(" #".to_owned()),
            Just("#".to_owned()),
            Just("\"".to_owned()),
            Just("'".to_owned()),
            Just("null".to_owned()),
            Just("True".to_owned()),
            Just("yes".to_owned()),
            Just("- ".to_owned()),
            Just("[a, b]".to_owned()),
            Just("{a: 1}".to_owned()),
            Just("&anchor".to_owned()),
            Just("*alias".to_owned()),
            Just("!tag".to_owned()),
            Just("|".to_owned()),
            Just(">".to_owned()),
            Just("%".to_owned()),
            Just("@".to_owned()),
            Just("`".to_owned()),
            Just("12".to_owned()),
            Just("0x1F".to_owned()),
            Just(".inf".to_owned()),
            Just("~".to_owned()),
            Just("\r".to_owned()),
            Just("\u{85}".to_owned()),
            Just("\u{2028}".to_owned()),
            Just("\u{FEFF}".to_owned()),
            Just("\u{7F}".to_owned()),
            Just("é".to_owned()),
            Just("日本".to_owned()),
            Just("😀".to_owned()),
            Just("Fill the form".to_owned()),
            Just("a, b, c".to_owned()),
            Just("x:y".to_owned()),
            Just("\n".to_owned()),
            "[a-zA-Z0-9 ,.()/-]{0,12}",
        ]
    }

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            // Mostly key: value lines built from the pieces.
            4 => (
                prop_oneof![Just("name"), Just("description"), Just("license"), Just("metadata")],
                proptest::collection::vec(piece(), 0..6),
            )
                .prop_map(|(key, pieces)| format!("{key}: {}", pieces.concat())),
            1 => proptest::collection::vec(piece(), 0..8).prop_map(|pieces| pieces.concat()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn whenever_the_fast_path_answers_serde_yaml_agrees(
            lines in proptest::collection::vec(line(), 1..5)
        ) {
            let frontmatter = lines.join("\n");
            if let Some(fast) = parse_simple(&frontmatter) {
                let reference: Reference = serde_yaml::from_str(&frontmatter)
                    .map_err(|error| TestCaseError::fail(format!("serde_yaml rejected {frontmatter:?}: {error}")))?;
                prop_assert_eq!(fast.name.as_deref(), reference.name.as_deref(), "{:?}", frontmatter);
                prop_assert_eq!(fast.description.as_deref(), reference.description.as_deref(), "{:?}", frontmatter);
            }
        }

        /// Quoted values with every character that matters to quoting.
        #[test]
        fn quoted_values_read_as_serde_yaml_reads_them(
            quote in prop_oneof![Just('"'), Just('\'')],
            inner in r#"[a-z :#'"\\ \t\u{85}é]{0,16}"#,
            trailing in "[ ]{0,2}",
        ) {
            let frontmatter = format!("name: x\ndescription: {quote}{inner}{quote}{trailing}");
            if let Some(fast) = parse_simple(&frontmatter) {
                let reference: Reference = serde_yaml::from_str(&frontmatter)
                    .map_err(|error| TestCaseError::fail(format!("serde_yaml rejected {frontmatter:?}: {error}")))?;
                prop_assert_eq!(fast.description.as_deref(), reference.description.as_deref(), "{:?}", frontmatter);
            }
        }

        /// Lines that are mostly inside the subset, so the fast path answers often.
        #[test]
        fn plain_looking_front_matters_read_as_serde_yaml_reads_them(
            lines in proptest::collection::vec(
                (
                    prop_oneof![Just("name"), Just("description"), Just("license"), Just("tags")],
                    r##"[a-zA-Zé][a-zA-Z0-9 ,.()/:'"#!&*|>%@`\[\]{}é-]{0,40}"##,
                ),
                1..5,
            )
        ) {
            let frontmatter: String = lines
                .iter()
                .map(|(key, value)| format!("{key}: {value}"))
                .collect::<Vec<_>>()
                .join("\n");
            if let Some(fast) = parse_simple(&frontmatter) {
                let reference: Reference = serde_yaml::from_str(&frontmatter)
                    .map_err(|error| TestCaseError::fail(format!("serde_yaml rejected {frontmatter:?}: {error}")))?;
                prop_assert_eq!(fast.name.as_deref(), reference.name.as_deref(), "{:?}", frontmatter);
                prop_assert_eq!(fast.description.as_deref(), reference.description.as_deref(), "{:?}", frontmatter);
            }
        }
    }
}
