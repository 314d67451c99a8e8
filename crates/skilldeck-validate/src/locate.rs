//! Finding the line of a key in block-style YAML, so key-level findings can point at it.
//!
//! `serde_yaml` values carry no positions, so this is a small line scanner. It understands block
//! mappings and block sequences (the style nearly every front matter uses); keys inside flow
//! collections (`{a: b}`) are not located and their findings simply carry no line.

/// Leading spaces of a line (tabs are not YAML indentation).
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn is_blank_or_comment(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// The key of a `key: value` line (plain, single- or double-quoted), or `None`.
pub(crate) fn line_key(line: &str) -> Option<&str> {
    let content = line.trim_start_matches(' ');
    for quote in ['"', '\''] {
        if let Some(rest) = content.strip_prefix(quote) {
            let end = rest.find(quote)?;
            let after = &rest[end + 1..];
            return after
                .trim_start_matches(' ')
                .starts_with(':')
                .then_some(&rest[..end]);
        }
    }
    let colon = content.find(':')?;
    let after = &content[colon + 1..];
    if !(after.is_empty() || after.starts_with(' ') || after.starts_with('\t')) {
        return None;
    }
    let key = content[..colon].trim_end();
    (!key.is_empty() && !key.starts_with('-') && !key.starts_with('#')).then_some(key)
}

/// The raw value text after `key:` on a line, trimmed (empty for a nested mapping).
pub(crate) fn line_value(line: &str) -> Option<&str> {
    let key = line_key(line)?;
    let start = line.find(key)? + key.len();
    let rest = &line[start..];
    let colon = rest.find(':')?;
    Some(rest[colon + 1..].trim())
}

/// 1-based `(line, column)` of the key at `path` (e.g. `["metadata", "short-description"]`).
pub(crate) fn key_position(yaml: &str, path: &[&str]) -> Option<(usize, usize)> {
    let lines: Vec<&str> = yaml.lines().collect();
    let mut start = 0;
    let mut parent_indent: Option<usize> = None;
    let mut found = None;
    for key in path {
        let (index, key_indent) = find_child(&lines, start, parent_indent, key)?;
        found = Some((index + 1, key_indent + 1));
        start = index + 1;
        parent_indent = Some(key_indent);
    }
    found
}

/// Position of item `item` (0-based) of the block sequence under the key at `path`.
pub(crate) fn item_position(yaml: &str, path: &[&str], item: usize) -> Option<(usize, usize)> {
    let lines: Vec<&str> = yaml.lines().collect();
    let (parent_line, parent_column) = key_position(yaml, path)?;
    let parent_indent = parent_column - 1;
    let mut item_indent = None;
    let mut count = 0;
    for (index, line) in lines.iter().enumerate().skip(parent_line) {
        if is_blank_or_comment(line) {
            continue;
        }
        let this = indent(line);
        let is_item = line.trim_start_matches(' ').starts_with('-');
        if this < parent_indent || (this == parent_indent && !is_item) {
            return None;
        }
        let wanted = *item_indent.get_or_insert(this);
        if this == wanted && is_item {
            if count == item {
                return Some((index + 1, this + 1));
            }
            count += 1;
        }
    }
    None
}

/// The first line at the child indent of `parent_indent` (or at indent 0 for the top level)
/// whose key is `key`, searching from `start` until the parent's block ends.
fn find_child(
    lines: &[&str],
    start: usize,
    parent_indent: Option<usize>,
    key: &str,
) -> Option<(usize, usize)> {
    let mut child_indent = if parent_indent.is_none() {
        Some(0)
    } else {
        None
    };
    for (index, line) in lines.iter().enumerate().skip(start) {
        if is_blank_or_comment(line) {
            continue;
        }
        let this = indent(line);
        if parent_indent.is_some_and(|parent| this <= parent) {
            return None;
        }
        let wanted = *child_indent.get_or_insert(this);
        if this == wanted && line_key(line) == Some(key) {
            return Some((index, this));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{item_position, key_position, line_key, line_value};

    #[test]
    fn top_level_key_is_found_with_its_line() {
        assert_eq!(
            key_position("name: a\ndescription: b", &["description"]),
            Some((2, 1))
        );
    }

    #[test]
    fn nested_key_is_found_below_its_parent_only() {
        let yaml = "short-description: top\nmetadata:\n  short-description: x";
        assert_eq!(
            key_position(yaml, &["metadata", "short-description"]),
            Some((3, 3))
        );
    }

    #[test]
    fn key_of_a_sibling_block_is_not_taken() {
        let yaml = "metadata:\n  a: 1\nother:\n  b: 2";
        assert_eq!(key_position(yaml, &["metadata", "b"]), None);
    }

    #[test]
    fn quoted_keys_are_recognised() {
        assert_eq!(line_key("\"allowed-tools\": x"), Some("allowed-tools"));
        assert_eq!(line_key("'name' : x"), Some("name"));
    }

    #[test]
    fn url_like_scalars_are_not_keys() {
        assert_eq!(line_key("http://example.com"), None);
    }

    #[test]
    fn value_after_key_is_trimmed() {
        assert_eq!(line_value("description:  a: b "), Some("a: b"));
    }

    #[test]
    fn sequence_items_are_counted_under_their_key() {
        let yaml = "dependencies:\n  tools:\n    - type: a\n      value: b\n    - value: c";
        assert_eq!(
            item_position(yaml, &["dependencies", "tools"], 1),
            Some((5, 5))
        );
    }

    #[test]
    fn sequence_items_may_sit_at_the_parent_indent() {
        let yaml = "tools:\n- type: a\n- type: b\nnext: 1";
        assert_eq!(item_position(yaml, &["tools"], 1), Some((3, 1)));
    }
}
