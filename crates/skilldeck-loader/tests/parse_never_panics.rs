//! Property tests: the pure parsers never panic, whatever the text.
use std::path::Path;

use proptest::prelude::*;
use skilldeck_loader::parse::{
    extract_frontmatter, namespace_from_manifest, parse_openai_yaml, parse_skill_file,
    prefix_has_complete_frontmatter,
};

/// Front-matter-shaped text: delimiters around YAML-ish lines, so the YAML parser and the repair
/// pass are reached, not only the "missing front matter" exit.
fn skill_like() -> impl Strategy<Value = String> {
    let line = "[ \\t]{0,3}[a-z_-]{0,12}(:[ \\t]?)?[ -~\\u{a0}\\u{feff}é😀]{0,24}";
    proptest::collection::vec(line, 0..10)
        .prop_map(|lines| format!("---\n{}\n---\nbody", lines.join("\n")))
}

proptest! {
    #[test]
    fn parse_skill_file_never_panics_on_random_text(text in "(?s).{0,600}") {
        let _ = parse_skill_file(&text);
    }

    #[test]
    fn parse_skill_file_never_panics_on_front_matter_shaped_text(text in skill_like()) {
        if let Err(message) = parse_skill_file(&text) {
            prop_assert!(!message.is_empty());
        }
    }

    #[test]
    fn parse_openai_yaml_never_panics(text in "(?s).{0,600}") {
        let _ = parse_openai_yaml(&text, Path::new("/s/x"), Some(Path::new("/s")));
    }

    #[test]
    fn parse_openai_yaml_never_panics_on_yaml_shaped_text(
        lines in proptest::collection::vec("[ ]{0,4}(interface|policy|dependencies|tools|icon_small|brand_color|- type|value|products)?:[ ]?[ -~]{0,20}", 0..12)
    ) {
        let _ = parse_openai_yaml(&lines.join("\n"), Path::new("/s/x"), None);
    }

    #[test]
    fn prefix_verdict_never_contradicts_the_whole_text(text in "(?s)[-\\r\\n a:]{0,60}", cut in 0usize..60) {
        let cut = cut.min(text.len());
        let prefix = &text[..cut];
        if prefix_has_complete_frontmatter(prefix) {
            prop_assert_eq!(extract_frontmatter(prefix), extract_frontmatter(&text));
        }
    }

    #[test]
    fn manifest_reading_never_panics(text in "(?s).{0,200}") {
        let _ = namespace_from_manifest(&text, Path::new("/p/plug"));
    }
}
