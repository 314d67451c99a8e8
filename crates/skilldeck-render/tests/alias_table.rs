//! The `### Skill roots` table: which roots get an alias (spec §8.7, cases 84–90 of §13.7) and
//! when the alias render is chosen (errata 8.h: almost always, not only under pressure).

mod common;

use std::path::PathBuf;

use common::{codex_length_texts, equal_intro_texts, lines, options, outcome, render, skill};
use skilldeck_model::{Scope, SkillMetadata};
use skilldeck_render::{Budget, CatalogTexts, RenderMode, render_catalog};

const CACHE: &str = "/home/dev/.codex/plugins/cache/openai-curated";

fn roots(catalog: &skilldeck_render::Catalog) -> Vec<String> {
    catalog
        .roots
        .iter()
        .map(skilldeck_render::AliasRoot::line)
        .collect()
}

fn paths(catalog: &skilldeck_render::Catalog) -> Vec<&str> {
    catalog
        .lines
        .iter()
        .map(|line| line.path.as_str())
        .collect()
}

/// `T` of errata 8.h in characters, written out independently of the renderer.
fn overhead_chars(texts: &CatalogTexts, roots: &[&str]) -> u64 {
    let table: usize = roots
        .iter()
        .enumerate()
        .map(|(i, root)| format!("- `r{i}` = `{root}`\n").chars().count())
        .sum();
    let alias = texts.intro_aliases.chars().count() + "\n### Skill roots\n".len() + table;
    let absolute = texts.intro_absolute.chars().count() + 1;
    (alias as u64).saturating_sub(absolute as u64)
}

fn chars_of(lines: &[String]) -> u64 {
    lines
        .iter()
        .map(|line| line.chars().count() as u64 + 1)
        .sum()
}

#[test]
fn alias_minimum_budget_lists_all_twelve_skills_of_a_long_plugin_root() {
    // Case 84.
    let root = format!("{CACHE}/a-plugin-with-a-long-name/0123456789abcdef0123456789abcdef/skills");
    let skills: Vec<SkillMetadata> = (0..12)
        .map(|i| {
            skill(
                &format!("skill-{i}"),
                "does things",
                &root,
                &format!("skill-{i}"),
                Scope::USER,
            )
        })
        .collect();
    let alias_min: Vec<String> = (0..12)
        .map(|i| format!("- skill-{i}: (file: r0/skill-{i}/SKILL.md)"))
        .collect();
    let budget = chars_of(&alias_min) + overhead_chars(&codex_length_texts(), &[&root]);
    let catalog = render(&outcome(skills), Budget::Characters(budget));
    assert_eq!(catalog.report.mode, RenderMode::Alias);
    assert_eq!(catalog.report.included_count, 12);
    assert_eq!(roots(&catalog), [format!("- `r0` = `{root}`")]);
    let mut expected: Vec<String> = (0..12).map(|i| format!("r0/skill-{i}/SKILL.md")).collect();
    expected.sort();
    assert_eq!(paths(&catalog), expected);
}

#[test]
fn single_skill_plugin_version_is_aliased_through_its_marketplace() {
    // Case 85.
    let root = format!("{CACHE}/github/hash123/skills");
    let catalog = render(
        &outcome(vec![skill(
            "github:gh-fix-ci",
            "Fix CI",
            &root,
            "gh-fix-ci",
            Scope::USER,
        )]),
        Budget::Characters(8_000),
    );
    assert_eq!(roots(&catalog), [format!("- `r0` = `{CACHE}`")]);
    assert_eq!(
        paths(&catalog),
        ["r0/github/hash123/skills/gh-fix-ci/SKILL.md"]
    );
}

#[test]
fn two_skills_of_one_plugin_version_alias_the_skills_root() {
    // Case 86.
    let root = format!("{CACHE}/github/hash123/skills");
    let catalog = render(
        &outcome(vec![
            skill(
                "github:gh-fix-ci",
                "Fix CI",
                &root,
                "gh-fix-ci",
                Scope::USER,
            ),
            skill("github:yeet", "Ship it", &root, "yeet", Scope::USER),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(roots(&catalog), [format!("- `r0` = `{root}`")]);
    assert_eq!(
        paths(&catalog),
        ["r0/gh-fix-ci/SKILL.md", "r0/yeet/SKILL.md"]
    );
}

#[test]
fn table_cost_plus_one_minimum_line_lists_only_the_first_skill() {
    // Case 87, with a root long enough that the table is not free (T > 0).
    let root = format!("{CACHE}/{}/v1/skills", "long-plugin-name-".repeat(9));
    let skills = vec![
        skill("alpha-skill", "first", &root, "alpha", Scope::USER),
        skill("beta-skill", "second", &root, "beta", Scope::USER),
    ];
    let overhead = overhead_chars(&codex_length_texts(), &[&root]);
    assert!(overhead > 0);
    let alpha_min = "- alpha-skill: (file: r0/alpha/SKILL.md)\n".len() as u64;
    let catalog = render(&outcome(skills), Budget::Characters(overhead + alpha_min));
    assert_eq!(catalog.report.mode, RenderMode::Alias);
    assert_eq!(catalog.report.alias_overhead, overhead);
    assert_eq!(
        lines(&catalog),
        ["- alpha-skill: (file: r0/alpha/SKILL.md)"]
    );
}

#[test]
fn two_roots_inside_one_plugin_version_get_two_aliases() {
    // Case 88.
    let skills_root = format!("{CACHE}/github/hash123/skills");
    let extra_root = format!("{CACHE}/github/hash123/extra-skills");
    let catalog = render(
        &outcome(vec![
            skill("github:a", "A", &skills_root, "a", Scope::USER),
            skill("github:b", "B", &extra_root, "b", Scope::USER),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(
        roots(&catalog),
        [
            format!("- `r0` = `{skills_root}`"),
            format!("- `r1` = `{extra_root}`"),
        ]
    );
    assert_eq!(paths(&catalog), ["r0/a/SKILL.md", "r1/b/SKILL.md"]);
}

#[test]
fn single_skill_plugins_of_one_marketplace_share_one_alias() {
    // Case 89.
    let catalog = render(
        &outcome(vec![
            skill(
                "github:gh",
                "G",
                &format!("{CACHE}/github/hash123/skills"),
                "gh",
                Scope::USER,
            ),
            skill(
                "slack:post",
                "S",
                &format!("{CACHE}/slack/hash9/skills"),
                "post",
                Scope::USER,
            ),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(roots(&catalog), [format!("- `r0` = `{CACHE}`")]);
    assert_eq!(
        paths(&catalog),
        [
            "r0/github/hash123/skills/gh/SKILL.md",
            "r0/slack/hash9/skills/post/SKILL.md"
        ]
    );
}

#[test]
fn two_versions_of_one_plugin_share_the_marketplace_alias() {
    // Case 90.
    let catalog = render(
        &outcome(vec![
            skill(
                "github:a",
                "A",
                &format!("{CACHE}/github/hash123/skills"),
                "a",
                Scope::USER,
            ),
            skill(
                "github:b",
                "B",
                &format!("{CACHE}/github/hash456/skills"),
                "b",
                Scope::USER,
            ),
        ]),
        Budget::Characters(8_000),
    );
    assert_eq!(roots(&catalog), [format!("- `r0` = `{CACHE}`")]);
}

#[test]
fn huge_budget_still_uses_the_alias_table() {
    // Errata 1.1 (case 83 of the spec does not hold in 0.171).
    let catalog = render(
        &outcome(vec![skill(
            "only",
            "the only skill",
            "/w/repo/.agents/skills",
            "only",
            Scope::REPO,
        )]),
        Budget::Characters(1_000_000),
    );
    assert_eq!(catalog.report.mode, RenderMode::Alias);
    assert_eq!(
        lines(&catalog),
        ["- only: the only skill (file: r0/only/SKILL.md)"]
    );
}

/// Errata 8.h: one repo skill `a` (`desc a`) under a 63-character root, tokens mode.
fn one_skill_at_window(window: i64) -> skilldeck_render::Catalog {
    let root = "/tmp/errata-eight-h/a-base-of-some-length/x/repo/.agents/skills";
    assert_eq!(root.len(), 63);
    render(
        &outcome(vec![skill("a", "desc a", root, "a", Scope::REPO)]),
        Budget::for_context_window(Some(window)),
    )
}

#[test]
fn nothing_fits_at_window_300_so_the_absolute_render_is_empty() {
    let catalog = one_skill_at_window(300);
    assert_eq!(catalog.report.mode, RenderMode::Absolute);
    assert!(catalog.lines.is_empty());
}

#[test]
fn window_350_lists_the_aliased_minimum_line() {
    assert_eq!(
        lines(&one_skill_at_window(350)),
        ["- a: (file: r0/a/SKILL.md)"]
    );
}

#[test]
fn window_400_lists_the_free_characters_of_the_last_token() {
    assert_eq!(
        lines(&one_skill_at_window(400)),
        ["- a: desc (file: r0/a/SKILL.md)"]
    );
}

#[test]
fn window_450_lists_the_full_aliased_line() {
    assert_eq!(
        lines(&one_skill_at_window(450)),
        ["- a: desc a (file: r0/a/SKILL.md)"]
    );
}

#[test]
fn alias_overhead_is_clamped_at_zero() {
    assert_eq!(one_skill_at_window(450).report.alias_overhead, 0);
}

#[test]
fn overhead_at_least_the_budget_keeps_the_absolute_render() {
    let texts = equal_intro_texts();
    let root = "/w/repo/.agents/skills";
    let overhead = overhead_chars(&texts, &[root]);
    let outcome = outcome(vec![skill("a", "x", root, "a", Scope::REPO)]);
    let catalog = render_catalog(&outcome, &options(Budget::Characters(overhead)), &texts).unwrap();
    assert_eq!(catalog.report.mode, RenderMode::Absolute);
    assert!(catalog.roots.is_empty());
}

/// Two skills under a root of `root_len` chars, everything fits, intros of equal length:
/// the alias render saves `root_len − 2` per line and costs `28 + root_len` for its table.
fn equal_tie(root_len: usize) -> skilldeck_render::Catalog {
    let root = format!("/{}", "r".repeat(root_len - 1));
    let outcome = outcome(vec![
        skill("a", "x", &root, "a", Scope::REPO),
        skill("b", "y", &root, "b", Scope::REPO),
    ]);
    render_catalog(
        &outcome,
        &options(Budget::Characters(8_000)),
        &equal_intro_texts(),
    )
    .unwrap()
}

#[test]
fn equal_total_cost_keeps_the_absolute_render() {
    // 2 × (32 − 2) = 28 + 32: the alias render must be strictly cheaper.
    assert_eq!(equal_tie(32).report.mode, RenderMode::Absolute);
}

#[test]
fn strictly_cheaper_alias_render_wins_a_tie() {
    // 2 × (33 − 2) = 62 > 28 + 33 = 61.
    assert_eq!(equal_tie(33).report.mode, RenderMode::Alias);
}

#[test]
fn root_whose_skills_are_all_dropped_keeps_its_alias_line() {
    let big_root = "/w/first/.agents/skills";
    let small_root = "/w/second/.agents/skills";
    let huge_name = "s".repeat(300);
    let outcome = outcome(vec![
        skill(&huge_name, "never fits", big_root, "big", Scope::SYSTEM),
        skill("small", "fits", small_root, "small", Scope::REPO),
    ]);
    let catalog = render(&outcome, Budget::Characters(100));
    assert_eq!(catalog.report.mode, RenderMode::Alias);
    assert_eq!(lines(&catalog), ["- small: (file: r1/small/SKILL.md)"]);
    assert_eq!(
        roots(&catalog),
        [
            format!("- `r0` = `{big_root}`"),
            format!("- `r1` = `{small_root}`")
        ]
    );
}

#[test]
fn catalog_paths_are_the_walked_paths_below_the_canonical_root() {
    // Errata 8.c: a symlinked skill folder shows the link, not its target.
    let mut linked = SkillMetadata::new(
        "linked",
        "via a link",
        "/elsewhere/target/SKILL.md",
        Scope::REPO,
    );
    linked.root = PathBuf::from("/w/repo/.agents/skills");
    linked.walked_path = PathBuf::from("link-dir/SKILL.md");
    let alias = render(&outcome(vec![linked.clone()]), Budget::Characters(8_000));
    assert_eq!(paths(&alias), ["r0/link-dir/SKILL.md"]);
    let absolute = render(
        &common::absolute_only(vec![linked]),
        Budget::Characters(8_000),
    );
    assert_eq!(
        paths(&absolute),
        ["/w/repo/.agents/skills/link-dir/SKILL.md"]
    );
}

#[test]
fn roots_are_numbered_in_root_order_not_catalog_order() {
    // The user root comes first in root order, the repo skill first in the catalog.
    let mut outcome = outcome(vec![
        skill(
            "zed",
            "user skill",
            "/home/u/.agents/skills",
            "zed",
            Scope::USER,
        ),
        skill(
            "abc",
            "repo skill",
            "/w/repo/.agents/skills",
            "abc",
            Scope::REPO,
        ),
    ]);
    outcome.roots.insert(
        0,
        skilldeck_model::SkillRoot::new("/empty/root", Scope::USER),
    );
    let catalog = render(&outcome, Budget::Characters(8_000));
    assert_eq!(
        roots(&catalog),
        [
            "- `r0` = `/home/u/.agents/skills`".to_owned(),
            "- `r1` = `/w/repo/.agents/skills`".to_owned(),
        ]
    );
    assert_eq!(paths(&catalog), ["r1/abc/SKILL.md", "r0/zed/SKILL.md"]);
}
