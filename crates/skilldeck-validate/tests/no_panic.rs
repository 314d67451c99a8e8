//! Random front matter never panics, whatever the rule set.

use std::path::Path;

use proptest::prelude::*;
use skilldeck_validate::{RuleSet, validate_text};

/// Front-matter-ish lines: keys the rule sets know, YAML punctuation, odd whitespace.
fn line() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("name"),
        Just("description"),
        Just("metadata"),
        Just("  short-description"),
        Just("allowed-tools"),
        Just("hooks"),
        Just("context"),
        Just("license"),
        Just("- "),
        Just("")
    ];
    let value = prop_oneof![
        "[a-z: #'\"{}\\[\\],|>&*!%@`-]{0,24}",
        Just("|".to_owned()),
        Just("---".to_owned()),
        Just("  ---".to_owned()),
        "\\PC{0,12}",
    ];
    (key, value).prop_map(|(k, v)| if k.is_empty() { v } else { format!("{k}: {v}") })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_front_matter_never_panics(lines in prop::collection::vec(line(), 0..12), bom in any::<bool>(), close in any::<bool>()) {
        let mut text = String::new();
        if bom { text.push('\u{feff}'); }
        text.push_str("---\n");
        text.push_str(&lines.join("\n"));
        if close { text.push_str("\n---\nbody\n"); }
        let findings = validate_text(Path::new("x/SKILL.md"), &text, &RuleSet::ALL);
        for f in &findings {
            prop_assert!(f.line.is_none_or(|l| l >= 1));
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = validate_text(Path::new("SKILL.md"), &text, &RuleSet::ALL);
    }
}
