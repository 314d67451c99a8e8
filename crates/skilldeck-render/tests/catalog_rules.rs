//! Which skills are listed, in which order, and how the fragment is laid out.

mod common;

use std::path::PathBuf;

use common::{
    absolute_only, codex_length_texts, lines, options, outcome, render, repo_skill, skill,
};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata, SkillPolicy};
use skilldeck_render::{
    Budget, CatalogOptions, CatalogTexts, CatalogWarning, CostModel, RenderMode, TokenCost,
    render_catalog, render_catalog_with,
};

/// A repo skill under a realistic root (long enough for the alias table to pay off).
fn project_skill(name: &str, description: &str) -> SkillMetadata {
    skill(
        name,
        description,
        "/w/repo/.agents/skills",
        name,
        Scope::REPO,
    )
}

fn names(catalog: &skilldeck_render::Catalog) -> Vec<&str> {
    catalog
        .lines
        .iter()
        .map(|line| line.name.as_str())
        .collect()
}

#[test]
fn no_candidates_means_no_fragment() {
    let texts = codex_length_texts();
    assert!(render_catalog(&LoadOutcome::default(), &CatalogOptions::default(), &texts).is_none());
}

#[test]
fn explicit_only_and_disabled_skills_are_not_candidates() {
    let mut quiet = repo_skill("quiet", "explicit only");
    quiet.policy = Some(SkillPolicy {
        allow_implicit_invocation: Some(false),
        products: vec![],
    });
    let off = repo_skill("off", "disabled");
    let mut outcome = outcome(vec![quiet, off.clone()]);
    outcome.disabled_paths.insert(off.path);
    let texts = codex_length_texts();
    assert!(render_catalog(&outcome, &CatalogOptions::default(), &texts).is_none());
}

#[test]
fn only_candidates_are_listed() {
    let mut quiet = repo_skill("quiet", "explicit only");
    quiet.policy = Some(SkillPolicy {
        allow_implicit_invocation: Some(false),
        products: vec![],
    });
    let catalog = render(
        &outcome(vec![quiet, repo_skill("loud", "implicit")]),
        Budget::Characters(8_000),
    );
    assert_eq!(names(&catalog), ["loud"]);
    assert_eq!(catalog.report.total_count, 1);
}

#[test]
fn when_nothing_fits_the_absolute_render_is_sent_with_an_empty_list() {
    // Errata 8.a.
    let catalog = render(&outcome(vec![repo_skill("a", "desc")]), Budget::Tokens(1));
    assert_eq!(catalog.report.mode, RenderMode::Absolute);
    assert!(catalog.lines.is_empty());
    assert!(
        catalog
            .text
            .contains("### Available skills\n</skills_instructions>")
    );
    assert_eq!(
        catalog.warnings,
        [CatalogWarning::SkillsLeftOut {
            count: 1,
            listed: 0,
            budget: Budget::Tokens(1)
        }]
    );
}

#[test]
fn scopes_are_listed_system_admin_repo_user() {
    let catalog = render(
        &outcome(vec![
            skill("u", "d", "/u", "u", Scope::USER),
            skill("r", "d", "/r", "r", Scope::REPO),
            skill("s", "d", "/s", "s", Scope::SYSTEM),
            skill("a", "d", "/a", "a", Scope::ADMIN),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(names(&catalog), ["s", "a", "r", "u"]);
}

#[test]
fn custom_scope_is_placed_by_its_own_prompt_rank() {
    let team = Scope::new("team", 50, 250);
    let catalog = render(
        &outcome(vec![
            skill("a-user", "d", "/u", "a-user", Scope::USER),
            skill("b-team", "d", "/t", "b-team", team),
            skill("c-repo", "d", "/r", "c-repo", Scope::REPO),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(names(&catalog), ["c-repo", "b-team", "a-user"]);
    assert_eq!(catalog.lines[1].scope, "team");
}

#[test]
fn names_sort_by_bytes() {
    let catalog = render(
        &outcome(vec![
            repo_skill("beta", "d"),
            repo_skill("Zeta", "d"),
            repo_skill("alpha", "d"),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(names(&catalog), ["Zeta", "alpha", "beta"]);
}

/// A skill nested below its root: `<root>/<relative>`.
fn nested(name: &str, root: &str, relative: &str) -> SkillMetadata {
    let mut skill = SkillMetadata::new(name, "d", format!("{root}/{relative}"), Scope::REPO);
    skill.root = PathBuf::from(root);
    skill.walked_path = PathBuf::from(relative);
    skill
}

#[test]
fn same_names_sort_by_path_as_a_plain_string() {
    // Errata 8.b: `b-c` sorts before `b/c` ('-' < '/').
    let root = "/w/repo/.agents/skills";
    let catalog = render(
        &outcome(vec![
            nested("same", root, "b/c/SKILL.md"),
            nested("same", root, "b-c/SKILL.md"),
        ]),
        Budget::Characters(8_000),
    );
    let paths: Vec<_> = catalog.lines.iter().map(|l| l.path.as_str()).collect();
    assert_eq!(paths, ["r0/b-c/SKILL.md", "r0/b/c/SKILL.md"]);
}

#[test]
fn long_descriptions_are_capped_before_the_budget() {
    let catalog = render(
        &absolute_only(vec![repo_skill("big", &"d".repeat(2_000))]),
        Budget::Characters(1_000_000),
    );
    let line = &catalog.lines[0];
    assert_eq!(line.description, format!("{}...", "d".repeat(1_021)));
    assert_eq!(line.description_chars, 1_024);
    assert_eq!(catalog.report.truncated_description_chars, 0);
    assert!(catalog.warnings.is_empty());
}

#[test]
fn usage_section_comes_last_with_the_render_s_own_text() {
    let options = CatalogOptions {
        budget: Budget::Characters(8_000),
        include_usage: true,
        neutralize_closing_tags: false,
    };
    let catalog = render_catalog(
        &outcome(vec![project_skill("a", "d")]),
        &options,
        &codex_length_texts(),
    )
    .unwrap();
    assert!(catalog.text.ends_with(
        "- a: d (file: r0/a/SKILL.md)\n### How to use skills\n- usage for aliased paths\n- expand rN first\n</skills_instructions>"
    ));
}

#[test]
fn without_usage_the_fragment_ends_after_the_last_line() {
    let catalog = render(
        &outcome(vec![project_skill("a", "d")]),
        Budget::Characters(8_000),
    );
    assert!(
        catalog
            .text
            .ends_with("- a: d (file: r0/a/SKILL.md)\n</skills_instructions>")
    );
    assert!(!catalog.text.contains("### How to use skills"));
}

#[test]
fn trailing_line_breaks_of_the_texts_are_not_doubled() {
    let mut texts = codex_length_texts();
    texts.usage_aliases.push_str("\n\n");
    texts.intro_aliases.push('\n');
    let options = CatalogOptions {
        budget: Budget::Characters(8_000),
        include_usage: true,
        neutralize_closing_tags: false,
    };
    let catalog =
        render_catalog(&outcome(vec![project_skill("a", "d")]), &options, &texts).unwrap();
    assert!(
        catalog
            .text
            .ends_with("- expand rN first\n</skills_instructions>")
    );
    assert!(!catalog.text.contains("\n\n"));
}

#[test]
fn fragment_starts_with_the_tag_and_the_skills_heading() {
    let catalog = render(
        &outcome(vec![project_skill("a", "d")]),
        Budget::Characters(8_000),
    );
    assert!(
        catalog
            .text
            .starts_with("<skills_instructions>\n## Skills\n")
    );
}

#[test]
fn context_window_options_follow_codex() {
    assert_eq!(
        CatalogOptions::for_context_window(Some(272_000)).budget,
        Budget::Tokens(5_440)
    );
    assert_eq!(CatalogOptions::default().budget, Budget::Characters(8_000));
    assert!(CatalogOptions::default().include_usage);
}

/// The token model without its closed form: forces the general path (cost of real text).
struct OpaqueTokens;

impl CostModel for OpaqueTokens {
    fn cost(&self, text: &str) -> u64 {
        TokenCost.cost(text)
    }
}

#[test]
fn a_cost_model_without_closed_form_decides_like_the_built_in_one() {
    let skills = vec![
        repo_skill("alpha", "abcdefghij"),
        repo_skill("beta", "0123456789012345"),
        repo_skill("gamma", "日本語のスキルの説明文です"),
    ];
    let outcome = outcome(skills);
    let texts = codex_length_texts();
    for limit in [0, 10, 20, 30, 40, 50, 60, 80] {
        let options = options(Budget::Tokens(limit));
        assert_eq!(
            render_catalog_with(&outcome, &options, &texts, &OpaqueTokens),
            render_catalog(&outcome, &options, &texts),
            "limit {limit}"
        );
    }
}

/// A harness tokenizer: one unit per whitespace-separated word.
struct Words;

impl CostModel for Words {
    fn cost(&self, text: &str) -> u64 {
        text.split_whitespace().count() as u64
    }
}

#[test]
fn a_custom_cost_model_prices_the_lines() {
    // `- a: (file: /s/a/SKILL.md)` is 4 words; one more word per description word.
    let catalog = render_catalog_with(
        &absolute_only(vec![repo_skill("a", "one two three four")]),
        &options(Budget::Tokens(6)),
        &codex_length_texts(),
        &Words,
    )
    .unwrap();
    // The space after "two" is free: it adds no word.
    assert_eq!(catalog.lines[0].description, "one two ");
    assert_eq!(catalog.report.line_cost, 6);
}

#[test]
fn shipped_catalog_texts_parse_and_keep_their_shape() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../config/catalog-texts.toml"
    );
    let source = std::fs::read_to_string(file).expect("config/catalog-texts.toml");
    let texts: CatalogTexts = toml::from_str(&source).expect("the four keys");
    for intro in [&texts.intro_absolute, &texts.intro_aliases] {
        assert!(
            !intro.trim().is_empty() && !intro.trim_end().contains('\n'),
            "{intro}"
        );
    }
    // The alias intro is the shorter one, so the roots table pays for itself (errata 8.h).
    assert!(texts.intro_aliases.len() + 60 < texts.intro_absolute.len());
    for usage in [&texts.usage_absolute, &texts.usage_aliases] {
        assert!(usage.trim_start().starts_with("- "), "a Markdown list");
        assert!(usage.contains("$name") && usage.contains("SKILL.md"));
    }
    assert!(texts.usage_aliases.contains("rN") && !texts.usage_absolute.contains("rN"));
}

#[test]
fn shipped_texts_make_the_alias_render_win_in_a_normal_session() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../config/catalog-texts.toml"
    );
    let texts: CatalogTexts = toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let outcome = outcome(vec![
        skill(
            "pdf",
            "PDF forms",
            "/home/dev/project/.agents/skills",
            "pdf",
            Scope::REPO,
        ),
        skill(
            "notes",
            "Notes",
            "/home/dev/.agents/skills",
            "notes",
            Scope::USER,
        ),
    ]);
    let catalog = render_catalog(
        &outcome,
        &CatalogOptions::for_context_window(Some(272_000)),
        &texts,
    )
    .unwrap();
    assert_eq!(catalog.report.mode, RenderMode::Alias);
}

#[test]
fn lines_of_the_report_and_the_fragment_agree() {
    let catalog = render(
        &outcome(vec![repo_skill("a", "first"), repo_skill("b", "second")]),
        Budget::Characters(8_000),
    );
    for line in lines(&catalog) {
        assert!(catalog.text.contains(&format!("\n{line}\n")));
    }
}
