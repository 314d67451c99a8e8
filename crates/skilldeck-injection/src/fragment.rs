//! The `<skill>` text and the body transformations that may precede it.

/// The exact `<skill>` fragment (sent as one user-role message):
/// `<skill>\n<name>{name}</name>\n<path>{path}</path>\n{contents}\n</skill>`.
/// Nothing is escaped; a body ending in a newline leaves an empty line before `</skill>`.
pub fn render_fragment(name: &str, path: &str, contents: &str) -> String {
    let mut out = String::with_capacity(name.len() + path.len() + contents.len() + 48);
    out.push_str("<skill>\n<name>");
    out.push_str(name);
    out.push_str("</name>\n<path>");
    out.push_str(path);
    out.push_str("</path>\n");
    out.push_str(contents);
    out.push_str("\n</skill>");
    out
}

/// `contents` cut after `max_chars` characters, or `None` when it is not longer than that.
pub fn truncate_chars(contents: &str, max_chars: usize) -> Option<&str> {
    contents
        .char_indices()
        .nth(max_chars)
        .map(|(cut, _)| &contents[..cut])
}

/// Closing tags that would end a wrapper early.
const CLOSING_TAGS: [&str; 2] = ["</skill>", "</skills_instructions>"];

/// Byte offsets of every closing tag (ASCII case-insensitive) in `contents`.
fn closing_tag_offsets(contents: &str) -> Vec<usize> {
    let bytes = contents.as_bytes();
    let mut offsets = Vec::new();
    let mut at = 0;
    while let Some(found) = bytes[at..].windows(2).position(|w| w == b"</") {
        let start = at + found;
        let rest = &bytes[start..];
        if CLOSING_TAGS.iter().any(|tag| {
            rest.len() >= tag.len() && rest[..tag.len()].eq_ignore_ascii_case(tag.as_bytes())
        }) {
            offsets.push(start);
        }
        at = start + 2;
    }
    offsets
}

/// How many closing tags (`</skill>`, `</skills_instructions>`, any ASCII case) `contents` holds.
pub fn count_closing_tags(contents: &str) -> usize {
    closing_tag_offsets(contents).len()
}

/// `contents` with a backslash put between `<` and `/` of every closing tag, so
/// `</skill>` reads `<\/skill>`; everything else is unchanged.
pub fn neutralize_closing_tags(contents: &str) -> String {
    let offsets = closing_tag_offsets(contents);
    let mut out = String::with_capacity(contents.len() + offsets.len());
    let mut last = 0;
    for start in offsets {
        out.push_str(&contents[last..=start]);
        out.push('\\');
        last = start + 1;
    }
    out.push_str(&contents[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragment_keeps_a_final_newline_as_an_empty_line() {
        assert_eq!(
            render_fragment("a", "/r/a/SKILL.md", "body\n"),
            "<skill>\n<name>a</name>\n<path>/r/a/SKILL.md</path>\nbody\n\n</skill>"
        );
    }

    #[test]
    fn truncation_counts_characters_not_bytes() {
        assert_eq!(truncate_chars("héllo", 2), Some("hé"));
        assert_eq!(truncate_chars("héllo", 5), None);
    }

    #[test]
    fn closing_tags_are_found_in_any_case_and_neutralized() {
        let body = "a </skill> b </SKILLS_INSTRUCTIONS> c </skills> </";
        assert_eq!(count_closing_tags(body), 2);
        assert_eq!(
            neutralize_closing_tags(body),
            r"a <\/skill> b <\/SKILLS_INSTRUCTIONS> c </skills> </"
        );
    }
}
