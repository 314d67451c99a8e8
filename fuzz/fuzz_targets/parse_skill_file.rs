//! `SKILL.md` text → front matter → YAML (with the repair pass) → normalised fields.
//!
//! Properties beyond "no panic": the prefix shortcut of the reader never disagrees with a
//! whole-file extraction, and a parsed file always has a non-empty, collapsed description.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skilldeck_loader::parse::{
    collapse_whitespace, extract_frontmatter, parse_skill_file, parse_skill_file_named,
    prefix_has_complete_frontmatter,
};

fuzz_target!(|data: &[u8]| {
    // The loader refuses invalid UTF-8 before parsing; lossy text still reaches every branch.
    let text = String::from_utf8_lossy(data);
    let whole = extract_frontmatter(&text);

    // Every char boundary of the first 2 KiB could be where the reader's prefix ends.
    let cut = text.len().min(2048);
    let cut = (0..=cut)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let prefix = &text[..cut];
    if prefix_has_complete_frontmatter(prefix) {
        assert_eq!(
            extract_frontmatter(prefix),
            whole,
            "prefix verdict contradicts the file"
        );
    }

    match parse_skill_file(&text) {
        Ok(parsed) => {
            assert!(!parsed.description.is_empty());
            assert_eq!(collapse_whitespace(&parsed.description), parsed.description);
            if let Some(name) = &parsed.name {
                assert!(!name.is_empty());
                assert!(name.chars().count() <= 64);
            }
            assert!(whole.is_some(), "parsed without a front matter");
        }
        Err(message) => assert!(!message.is_empty()),
    }
    let _ = parse_skill_file_named(&text, || "x".repeat(65));
});
