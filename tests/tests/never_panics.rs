//! "Never panics" properties over every entry point that reads untrusted text (issue 8): the
//! `SKILL.md` and `agents/openai.yaml` parsers, the mention grammar with selection and
//! injection, the command tokenizer and detector, and config layers with `-c` overrides.
//!
//! The same entry points are fuzzed for hours under `fuzz/` (see RELIABILITY.md); this is the
//! fast, deterministic CI subset: a fixed RNG seed (`PROPTEST_RNG_SEED` can still override it),
//! no failure files, a few hundred cases per property. Each property also checks the invariant
//! the fuzz target checks, so a crash found there has a cheap replay here.

use std::cell::RefCell;
use std::collections::HashSet;
use std::io;
use std::path::{Component, Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use skilldeck_config::{ConfigLayer, Profile, SessionOverrides, SkillsConfig};
use skilldeck_injection::{
    InjectionOptions, UserInput, extract_mentions, inject, is_environment_variable_name,
    is_mention_name_byte,
};
use skilldeck_invocation::{Detector, Mode, split_segments, tokenize};
use skilldeck_loader::parse::{
    collapse_whitespace, extract_frontmatter, parse_openai_yaml, parse_skill_file,
    prefix_has_complete_frontmatter,
};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};

fn config() -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(256);
    // `ProptestConfig::default` reads PROPTEST_RNG_SEED; without it the seed is fixed.
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x5EED_0008);
    }
    config.failure_persistence = None;
    config
}

/// Lines a hostile front matter is made of: YAML structure, anchors, aliases, tags, flow
/// collections, block scalars, delimiters, control and non-ASCII characters.
fn hostile_line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ ]{0,4}(name|description|metadata|short-description|disable-model-invocation|x): ?[ -~]{0,30}",
        "[ ]{0,4}[a-z]{1,6}: &a[0-9] \\[[a-z*&, ]{0,20}\\]",
        "[ ]{0,4}[a-z]{1,6}: \\*a[0-9]",
        "[ ]{0,4}(description|metadata): [|>][-+]?[0-9]?",
        "[ ]{0,4}- [ -~]{0,20}",
        "[ ]{0,2}(---|\\.\\.\\.|--- x|%YAML 1\\.2|!!binary|!<tag:x>)",
        "[\\u{0}-\\u{1f}\\u{7f}\\u{feff}\\u{2028}é😀 :\"'{}\\[\\]#&*!|>%@`-]{0,20}",
    ]
}

fn hostile_skill_text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(hostile_line(), 0..16),
        "(\r?\n|\r)",
        any::<bool>(),
    )
        .prop_map(|(lines, end, closed)| {
            let body = lines.join(end.as_str());
            if closed {
                format!("---{end}{body}{end}---{end}body")
            } else {
                format!("---{end}{body}")
            }
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn skill_file_parse_never_panics_and_keeps_its_promises(text in prop_oneof![
        hostile_skill_text(),
        "(?s).{0,400}",
    ]) {
        let whole = extract_frontmatter(&text);
        for cut in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let prefix = &text[..cut];
            if prefix_has_complete_frontmatter(prefix) {
                prop_assert_eq!(extract_frontmatter(prefix), whole.clone());
            }
        }
        match parse_skill_file(&text) {
            Ok(parsed) => {
                prop_assert!(whole.is_some());
                prop_assert!(!parsed.description.is_empty());
                prop_assert_eq!(collapse_whitespace(&parsed.description), parsed.description.clone());
                if let Some(name) = &parsed.name {
                    prop_assert!(name.chars().count() <= 64);
                }
            }
            Err(message) => prop_assert!(!message.is_empty()),
        }
    }

    #[test]
    fn openai_yaml_never_panics_and_icons_stay_in_assets(
        lines in proptest::collection::vec(prop_oneof![
            "[ ]{0,4}(interface|policy|dependencies|tools|products|allow_implicit_invocation):[ ]?[ -~]{0,16}",
            "[ ]{0,4}(icon_small|icon_large): (\\./|\\.\\./|/)?(assets/|\\.\\./|[a-z]{1,3}/){0,5}[a-z]{0,4}\\.png",
            "[ ]{0,6}- (type|value|transport|command|url): [ -~]{0,12}",
            "[ ]{0,4}(brand_color|display_name|short_description|default_prompt): [ -~\\u{0}\\u{85}]{0,12}",
            "[ -~]{0,30}",
        ], 0..14)
    ) {
        let text = lines.join("\n");
        let skill_dir = Path::new("/plugins/acme/skills/pdf");
        let plugin = Path::new("/plugins/acme");
        for plugin_root in [None, Some(plugin)] {
            let (metadata, _) = parse_openai_yaml(&text, skill_dir, plugin_root);
            if let Some(interface) = metadata.interface {
                for icon in [&interface.icon_small, &interface.icon_large].into_iter().flatten() {
                    let in_skill = icon.starts_with(skill_dir.join("assets"));
                    let in_plugin = plugin_root.is_some_and(|p| icon.starts_with(p.join("assets")));
                    prop_assert!(in_skill || in_plugin, "{}", icon.display());
                    prop_assert!(!icon.components().any(|c| c == Component::ParentDir));
                }
            }
        }
    }

    #[test]
    fn mentions_select_and_inject_never_panic_and_read_only_loaded_skills(
        parts in proptest::collection::vec(prop_oneof![
            "\\$[A-Za-z0-9_:-]{0,10}",
            "\\[\\$[a-z:]{0,8}\\][ \t]{0,2}\\((skill://)?[ -~]{0,30}\\)?",
            "\\[\\$(pdf|notes|deploy)\\]\\((/r/pdf|/u/notes|/r/deploy|/r/\\.\\./r/pdf|/etc/passwd)/SKILL\\.md\\)",
            "[ -~\\u{a0}é\n]{0,12}",
        ], 0..12),
        structured in "(/r/deploy|/r/pdf|/etc|\\.\\./u/notes|pdf)(/SKILL\\.md)?",
    ) {
        let text = parts.concat();
        let mentions = extract_mentions(&text);
        for name in mentions.names.iter().chain(&mentions.plain_names) {
            prop_assert!(!name.is_empty() && name.bytes().all(is_mention_name_byte));
            prop_assert!(!is_environment_variable_name(name));
        }
        let outcome = mention_outcome();
        let enabled: HashSet<&Path> = outcome
            .skills
            .iter()
            .map(|s| s.path.as_path())
            .filter(|p| !outcome.disabled_paths.contains(*p))
            .collect();
        let inputs = [UserInput::skill("picked", structured), UserInput::text(text)];
        let asked = RefCell::new(Vec::<PathBuf>::new());
        let reader = |path: &Path| -> io::Result<String> {
            asked.borrow_mut().push(path.to_path_buf());
            Ok("body </skill> </SKILLS_INSTRUCTIONS>".to_owned())
        };
        let hardened = InjectionOptions {
            neutralize_closing_tags: true,
            ..InjectionOptions::skilldeck()
        }
        .with_connectors(["search"])
        .with_cwd("/r");
        for options in [InjectionOptions::codex(), hardened] {
            let result = inject(&outcome, &inputs, &options, &reader);
            let mut seen = HashSet::new();
            for injection in &result.injections {
                prop_assert!(seen.insert(injection.path.clone()), "selected twice");
                if options.neutralize_closing_tags {
                    prop_assert_eq!(injection.fragment.matches("</skill>").count(), 1);
                }
            }
        }
        for path in asked.borrow().iter() {
            prop_assert!(enabled.contains(path.as_path()), "read {}", path.display());
        }
    }

    #[test]
    fn commands_never_panic_and_detections_name_indexed_skills(
        words in proptest::collection::vec(prop_oneof![
            "(python3?|node|bash|sh -c|uv run|npx|cat|sed -n|cd|env -i|A=1|exec|time)",
            "(/skills/pdf|\\.\\./pdf|scripts|\\./scripts)/[a-z]{1,6}\\.(py|js|sh|md)",
            "/skills/(pdf|deploy)/SKILL\\.md",
            "(&&|\\|\\||;|\\||&|\\(|\\)|\n|#)",
            "[\"'\\\\]?[ -~]{0,10}[\"'\\\\]?",
        ], 0..10),
    ) {
        let command = words.join(" ");
        let _ = tokenize(&command);
        for segment in split_segments(&command) {
            prop_assert!(!segment.is_empty());
        }
        let outcome = command_outcome();
        let detector = Detector::with_canonicalizer(&outcome, |path: &Path| {
            path.is_absolute().then(|| path.to_path_buf())
        });
        for workdir in ["/skills/pdf", "/tmp"] {
            for mode in [Mode::Codex, Mode::Extended] {
                if let Some(found) = detector.detect(&command, Path::new(workdir), mode) {
                    prop_assert!(outcome.skills.iter().any(|s| s.name == found.name));
                }
            }
        }
    }

    #[test]
    fn config_layers_never_panic_and_the_lenient_profile_never_fails(
        file in proptest::collection::vec(prop_oneof![
            "\\[skills\\]|\\[\\[skills\\.config\\]\\]|\\[skills\\.bundled\\]|\\[skills",
            "(name|path|enabled|include_instructions|enabled|project_root_markers|skills) = [ -~]{0,16}",
            "(name|path) = \"[ -~]{0,12}\"",
            "enabled = (true|false|1|\"yes\")",
            "skills\\.config = \\[\\{[ -~]{0,20}\\}\\]",
            "[ -~]{0,24}",
        ], 0..10),
        flags in proptest::collection::vec(
            "(skills\\.config|skills\\.include_instructions|skills\\.bundled\\.enabled|project_root_markers|skills|[a-z.]{0,8})=[ -~]{0,24}",
            0..4,
        ),
    ) {
        let mut layers = vec![ConfigLayer::from_file_text("/nonexistent-test/config.toml", file.join("\n"))];
        let mut overrides = SessionOverrides::new();
        for flag in &flags {
            let _ = overrides.push_arg(flag);
        }
        if !overrides.is_empty() {
            layers.push(ConfigLayer::from_overrides(&overrides, "/nonexistent-test"));
        }
        for profile in [Profile::Codex, Profile::Skilldeck] {
            match SkillsConfig::from_layers(&layers, profile) {
                Ok(config) => {
                    let mut outcome = command_outcome();
                    config.apply(&mut outcome);
                    for skill in &outcome.skills {
                        let _ = config.explain(skill);
                    }
                }
                Err(error) => {
                    prop_assert_eq!(profile, Profile::Codex, "{}", error);
                    prop_assert!(error.to_string().starts_with("failed to reload config: "));
                }
            }
        }
    }
}

/// An ambiguous name, a disabled skill, a plugin-qualified name and a connector clash.
fn mention_outcome() -> LoadOutcome {
    let skill = |name: &str, path: &str, scope: Scope| SkillMetadata::new(name, "d", path, scope);
    let mut outcome = LoadOutcome {
        skills: vec![
            skill("pdf", "/r/pdf/SKILL.md", Scope::REPO),
            skill("deploy", "/r/deploy/SKILL.md", Scope::REPO),
            skill("search", "/r/search/SKILL.md", Scope::REPO),
            skill("acme:lint", "/p/acme/skills/lint/SKILL.md", Scope::REPO),
            skill("pdf", "/u/pdf/SKILL.md", Scope::USER),
            skill("notes", "/u/notes/SKILL.md", Scope::USER),
        ],
        ..LoadOutcome::default()
    };
    outcome
        .disabled_paths
        .insert(PathBuf::from("/r/deploy/SKILL.md"));
    outcome
}

fn command_outcome() -> LoadOutcome {
    let skill = |name: &str, path: &str| SkillMetadata::new(name, "d", path, Scope::USER);
    LoadOutcome {
        skills: vec![
            skill("pdf", "/skills/pdf/SKILL.md"),
            skill("deploy", "/skills/deploy/SKILL.md"),
            skill("nested", "/skills/pdf/inner/SKILL.md"),
        ],
        ..LoadOutcome::default()
    }
}
