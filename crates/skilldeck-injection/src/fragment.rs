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

/// How many closing tags (`</skill>`, `</skills_instructions>`, any ASCII case, ASCII whitespace
/// allowed inside the tag as in `</skill >` or `</ skill>`) `contents` holds.
///
/// The rules are [`skilldeck_model::find_closing_tags`]'s, shared with the catalog.
pub fn count_closing_tags(contents: &str) -> usize {
    skilldeck_model::count_closing_tags(contents)
}

/// `contents` with a backslash put between `<` and `/` of every closing tag counted by
/// [`count_closing_tags`], so `</skill>` reads `<\/skill>`; everything else is unchanged.
pub fn neutralize_closing_tags(contents: &str) -> String {
    skilldeck_model::neutralize_closing_tags(contents).into_owned()
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

    #[test]
    fn closing_tag_variants_with_whitespace_are_counted_and_neutralized() {
        let body = "a </skill > b </skill\n> c </ skill> d </SKILL>";
        assert_eq!(count_closing_tags(body), 4);
        assert_eq!(
            neutralize_closing_tags(body),
            "a <\\/skill > b <\\/skill\n> c <\\/ skill> d <\\/SKILL>"
        );
    }
}
