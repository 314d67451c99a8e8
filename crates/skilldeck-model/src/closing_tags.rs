//! Closing tags of the wrappers skill text is placed in (`</skill>`, `</skills_instructions>`).
//!
//! The catalog lists names and descriptions inside `<skills_instructions>`, and an injected skill
//! is wrapped in `<skill>`. Text from a skill that holds one of the two closing tags could make
//! a model read the wrapper as ending early. Both the catalog and the injection tier find such
//! tags with the same rules, so the rules live here, next to the types both consume.
//!
//! A closing tag is recognised the way lenient readers (and HTML tokenizers) do: `<`, `/`,
//! optional ASCII whitespace, the tag name in any ASCII case, optional ASCII whitespace, `>`.
//! So `</skill>`, `</SKILL>`, `</skill >`, `</skill\n>` and `</ skill>` all count, while
//! `</skills>` or `</skill_x>` do not.

use std::borrow::Cow;

/// Names of the wrapper elements whose closing tags are looked for.
pub const WRAPPER_TAG_NAMES: [&str; 2] = ["skill", "skills_instructions"];

/// One closing tag found in a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClosingTag {
    /// Byte offset of its `<`.
    pub start: usize,
    /// Byte offset just past its `>`.
    pub end: usize,
    /// Which wrapper it closes (one of [`WRAPPER_TAG_NAMES`], lowercase).
    pub name: &'static str,
}

/// Every closing tag of a wrapper in `text`, in order (see the module docs for what counts).
pub fn find_closing_tags(text: &str) -> Vec<ClosingTag> {
    let bytes = text.as_bytes();
    // A SIMD search for `<`: the catalog checks every name and description on every render, and
    // almost none holds a `<` at all.
    memchr::memchr_iter(b'<', bytes)
        .filter(|&start| bytes.get(start + 1) == Some(&b'/'))
        .filter_map(|start| closing_tag_at(bytes, start))
        .collect()
}

/// The closing tag starting at `start` (which holds `</`), if one does.
fn closing_tag_at(bytes: &[u8], start: usize) -> Option<ClosingTag> {
    let mut at = skip_whitespace(bytes, start + 2);
    let rest = &bytes[at..];
    // The longer name first: `skill` is a prefix of `skills_instructions`.
    let name = WRAPPER_TAG_NAMES.iter().rev().find(|name| {
        rest.len() >= name.len() && rest[..name.len()].eq_ignore_ascii_case(name.as_bytes())
    })?;
    at = skip_whitespace(bytes, at + name.len());
    (bytes.get(at) == Some(&b'>')).then_some(ClosingTag {
        start,
        end: at + 1,
        name,
    })
}

fn skip_whitespace(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

/// How many wrapper closing tags `text` holds.
pub fn count_closing_tags(text: &str) -> usize {
    find_closing_tags(text).len()
}

/// `text` with a backslash put between `<` and `/` of every wrapper closing tag, so `</skill>`
/// reads `<\/skill>` and `</SKILL >` reads `<\/SKILL >`; everything else is unchanged (borrowed
/// when there is nothing to change).
pub fn neutralize_closing_tags(text: &str) -> Cow<'_, str> {
    let tags = find_closing_tags(text);
    if tags.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + tags.len());
    let mut last = 0;
    for tag in tags {
        out.push_str(&text[last..=tag.start]);
        out.push('\\');
        last = tag.start + 1;
    }
    out.push_str(&text[last..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_wrappers_are_found_in_any_case() {
        let text = "a </skill> b </SKILLS_INSTRUCTIONS> c";
        let names: Vec<_> = find_closing_tags(text).iter().map(|tag| tag.name).collect();
        assert_eq!(names, ["skill", "skills_instructions"]);
    }

    #[test]
    fn whitespace_inside_the_tag_still_counts() {
        for text in [
            "</skill >",
            "</skill\n>",
            "</ skill>",
            "</\tSKILL\r\n >",
            "</ skills_instructions  >",
        ] {
            assert_eq!(count_closing_tags(text), 1, "{text:?}");
        }
    }

    #[test]
    fn other_tags_and_fragments_do_not_count() {
        for text in [
            "</skills>",
            "</skill_x>",
            "</skill",
            "</",
            "<skill>",
            "< /skill>",
            "</skil l>",
        ] {
            assert_eq!(count_closing_tags(text), 0, "{text:?}");
        }
    }

    #[test]
    fn a_tag_spans_from_its_opening_bracket_to_its_closing_one() {
        let text = "x</ skill >y";
        assert_eq!(
            find_closing_tags(text),
            [ClosingTag {
                start: 1,
                end: 11,
                name: "skill"
            }]
        );
    }

    #[test]
    fn neutralizing_puts_a_backslash_after_each_opening_bracket() {
        assert_eq!(
            neutralize_closing_tags("a </skill> </SKILL\n> </skills> </ skills_instructions>"),
            "a <\\/skill> <\\/SKILL\n> </skills> <\\/ skills_instructions>"
        );
    }

    #[test]
    fn text_without_tags_is_borrowed() {
        assert!(matches!(
            neutralize_closing_tags("plain </b>"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn neutralized_text_has_no_closing_tag_left() {
        let text = "é</skill></skill></ SKILL >日本</skills_instructions>";
        assert_eq!(count_closing_tags(&neutralize_closing_tags(text)), 0);
    }
}
