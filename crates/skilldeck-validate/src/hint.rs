//! Fix hints shared by the rule sets.

use crate::locate::{line_key, line_value};

/// Longest value quoted in full inside a hint; longer ones are shortened with `…`.
const HINT_VALUE_CHARS: usize = 48;

/// `quote the value: key: "value"` for a `key: value` line whose value needs quoting.
pub(crate) fn quote_value(line: &str) -> Option<String> {
    let key = line_key(line)?;
    let value = line_value(line)?;
    if value.is_empty() || value.starts_with('"') || value.starts_with('\'') {
        return None;
    }
    let (value, comment) = split_comment(value);
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let shown: String = if escaped.chars().count() > HINT_VALUE_CHARS {
        let head: String = escaped.chars().take(HINT_VALUE_CHARS).collect();
        format!("{head}…")
    } else {
        escaped
    };
    let comment = if comment.is_empty() {
        String::new()
    } else {
        format!(" {comment}")
    };
    Some(format!("quote the value: {key}: \"{shown}\"{comment}"))
}

/// Splits a plain scalar from a trailing comment (a `#` at the start or after whitespace).
fn split_comment(value: &str) -> (&str, &str) {
    let mut previous = ' ';
    for (index, c) in value.char_indices() {
        if c == '#' && previous.is_whitespace() {
            return (value[..index].trim_end(), &value[index..]);
        }
        previous = c;
    }
    (value, "")
}

/// Whether the value of a `key: value` line holds a `: ` (or ends with `:`), the usual reason a
/// plain scalar breaks YAML.
pub(crate) fn value_has_colon(line: &str) -> bool {
    line_value(line).is_some_and(|value| {
        let (value, _) = split_comment(value);
        value.contains(": ") || value.contains(":\t") || value.ends_with(':')
    })
}

/// 1-based `(line, column)` of the byte `offset` in `text` (clamped to the text).
pub(crate) fn offset_position(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A name in the portable form `[a-z0-9]+(-[a-z0-9]+)*`: lowercase ASCII letters and digits,
/// anything else becomes one hyphen, no hyphen at either end. `None` when nothing is left.
pub(crate) fn portable_name(name: &str) -> Option<String> {
    let mut out = String::new();
    for c in name.chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out.truncate(64);
    while out.ends_with('-') {
        out.pop();
    }
    (!out.is_empty()).then_some(out)
}

/// The 1-based file line `file_first_line + yaml_line - 1` of a YAML text line, and its text.
pub(crate) fn yaml_line(yaml: &str, yaml_line: usize) -> Option<&str> {
    yaml.lines().nth(yaml_line.checked_sub(1)?)
}

#[cfg(test)]
mod tests {
    use super::{portable_name, quote_value};

    #[test]
    fn colon_value_gets_a_quoted_form() {
        assert_eq!(
            quote_value("description: Use it: now").as_deref(),
            Some("quote the value: description: \"Use it: now\"")
        );
    }

    #[test]
    fn inner_double_quotes_are_escaped() {
        assert_eq!(
            quote_value("description: say \"hi\": ok").as_deref(),
            Some("quote the value: description: \"say \\\"hi\\\": ok\"")
        );
    }

    #[test]
    fn trailing_comment_stays_outside_the_quotes() {
        assert_eq!(
            quote_value("description: Use it: now # note").as_deref(),
            Some("quote the value: description: \"Use it: now\" # note")
        );
    }

    #[test]
    fn offset_maps_to_line_and_column() {
        assert_eq!(super::offset_position("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn already_quoted_value_gets_no_hint() {
        assert_eq!(quote_value("description: 'x: y'"), None);
    }

    #[test]
    fn long_value_is_shortened() {
        let hint = quote_value(&format!("description: {}: b", "a".repeat(80))).unwrap();
        assert!(hint.ends_with("…\""));
    }

    #[test]
    fn portable_name_lowercases_and_joins_with_hyphens() {
        assert_eq!(portable_name("My Skill.v2").as_deref(), Some("my-skill-v2"));
        assert_eq!(portable_name("--a__b--").as_deref(), Some("a-b"));
        assert_eq!(portable_name("日本"), None);
    }
}
