//! Reviewed renders of whole catalogs: fragment (Codex-length intros shown as placeholders),
//! then the decisions and warnings.

mod common;

use std::fmt::Write as _;
use std::path::PathBuf;

use common::{
    absolute_only, codex_length_texts, equal_intro_texts, min_cost, options, outcome, shown, skill,
};
use skilldeck_model::{LoadOutcome, Scope, SkillMetadata};
use skilldeck_render::{Budget, Catalog, CatalogOptions, CatalogTexts, render_catalog};

const REPO: &str = "/w/repo/.agents/skills";
const CACHE: &str = "/home/dev/.codex/plugins/cache/openai-curated";

fn describe(catalog: Option<&Catalog>) -> String {
    let Some(catalog) = catalog else {
        return "(no fragment)".to_owned();
    };
    let r = &catalog.report;
    let mut out = shown(&catalog.text);
    write!(
        out,
        "\n---\nmode: {:?}, stage: {:?}, budget: {}, included {} of {}, omitted {}, \
         cut {} chars in {} descriptions, overhead {}, line cost {}",
        r.mode,
        r.stage,
        r.budget,
        r.included_count,
        r.total_count,
        r.omitted_count,
        r.truncated_description_chars,
        r.truncated_description_count,
        r.alias_overhead,
        r.line_cost,
    )
    .unwrap();
    for warning in &catalog.warnings {
        write!(out, "\nwarning: {warning}").unwrap();
    }
    out
}

fn render_with(outcome: &LoadOutcome, budget: Budget, texts: &CatalogTexts) -> String {
    describe(render_catalog(outcome, &options(budget), texts).as_ref())
}

fn render(outcome: &LoadOutcome, budget: Budget) -> String {
    render_with(outcome, budget, &codex_length_texts())
}

fn repo(name: &str, description: &str) -> SkillMetadata {
    skill(name, description, REPO, name, Scope::REPO)
}

fn alpha_beta() -> Vec<SkillMetadata> {
    vec![
        repo("alpha", "abcdefghij"),
        repo("beta", "0123456789012345"),
    ]
}

/// Σ alias minimum lines under `REPO` (the table is free with Codex-length intros).
fn alias_min(skills: &[SkillMetadata], budget: Budget) -> u64 {
    let model = budget.default_cost_model();
    skills
        .iter()
        .map(|s| model.cost(&format!("- {}: (file: r0/{}/SKILL.md)\n", s.name, s.name)))
        .sum()
}

fn four_scopes() -> Vec<SkillMetadata> {
    vec![
        skill(
            "user-skill",
            "desc",
            "/home/u/.agents/skills",
            "user-skill",
            Scope::USER,
        ),
        skill("repo-skill", "desc", REPO, "repo-skill", Scope::REPO),
        skill(
            "system-skill",
            "desc",
            "/home/u/.codex/skills/.system",
            "system-skill",
            Scope::SYSTEM,
        ),
        skill(
            "admin-skill",
            "desc",
            "/etc/codex/skills",
            "admin-skill",
            Scope::ADMIN,
        ),
    ]
}

#[test]
fn stage_one_full_lines_in_characters() {
    insta::assert_snapshot!(
        "stage1_full_characters",
        render(&outcome(alpha_beta()), Budget::Characters(8_000))
    );
}

#[test]
fn stage_one_full_lines_in_tokens() {
    insta::assert_snapshot!(
        "stage1_full_tokens",
        render(&outcome(alpha_beta()), Budget::Tokens(5_440))
    );
}

#[test]
fn stage_two_shares_descriptions_in_characters() {
    let skills = alpha_beta();
    let budget = alias_min(&skills, Budget::Characters(0)) + 9;
    insta::assert_snapshot!(
        "stage2_shared_characters",
        render(&outcome(skills), Budget::Characters(budget))
    );
}

#[test]
fn stage_two_shares_descriptions_in_tokens() {
    let skills = alpha_beta();
    let budget = alias_min(&skills, Budget::Tokens(0));
    insta::assert_snapshot!(
        "stage2_shared_tokens_free_characters",
        render(&outcome(skills), Budget::Tokens(budget))
    );
}

#[test]
fn stage_three_drops_skills_in_characters() {
    let skills = four_scopes();
    let budget = min_cost(&skills[2..], Budget::Characters(0));
    insta::assert_snapshot!(
        "stage3_dropped_characters",
        render(&outcome(skills), Budget::Characters(budget))
    );
}

#[test]
fn stage_three_drops_skills_in_tokens() {
    insta::assert_snapshot!(
        "stage3_dropped_tokens",
        render(&outcome(four_scopes()), Budget::Tokens(30))
    );
}

#[test]
fn absolute_render_when_the_table_costs_as_much_as_it_saves() {
    let root = format!("/{}", "r".repeat(31));
    let skills = vec![
        skill("a", "x", &root, "a", Scope::REPO),
        skill("b", "y", &root, "b", Scope::REPO),
    ];
    insta::assert_snapshot!(
        "absolute_when_table_does_not_pay",
        render_with(
            &outcome(skills),
            Budget::Characters(8_000),
            &equal_intro_texts()
        )
    );
}

#[test]
fn absolute_render_without_known_roots() {
    insta::assert_snapshot!(
        "absolute_without_roots",
        render(&absolute_only(alpha_beta()), Budget::Characters(8_000))
    );
}

#[test]
fn plugin_with_one_skill_is_aliased_through_its_marketplace() {
    let root = format!("{CACHE}/github/hash123/skills");
    insta::assert_snapshot!(
        "plugin_cache_single_skill_marketplace_alias",
        render(
            &outcome(vec![skill(
                "github:gh-fix-ci",
                "Fix failing CI",
                &root,
                "gh-fix-ci",
                Scope::USER
            )]),
            Budget::Characters(8_000)
        )
    );
}

#[test]
fn plugin_version_with_two_skills_keeps_its_root() {
    let root = format!("{CACHE}/github/hash123/skills");
    insta::assert_snapshot!(
        "plugin_cache_two_skills_version_root",
        render(
            &outcome(vec![
                skill(
                    "github:gh-fix-ci",
                    "Fix failing CI",
                    &root,
                    "gh-fix-ci",
                    Scope::USER
                ),
                skill(
                    "github:yeet",
                    "Commit, push, open a PR",
                    &root,
                    "yeet",
                    Scope::USER
                ),
            ]),
            Budget::Characters(8_000)
        )
    );
}

#[test]
fn plugins_with_one_skill_each_share_the_marketplace_alias() {
    insta::assert_snapshot!(
        "plugin_cache_two_plugins_one_alias",
        render(
            &outcome(vec![
                skill(
                    "github:gh",
                    "GitHub",
                    &format!("{CACHE}/github/hash123/skills"),
                    "gh",
                    Scope::USER
                ),
                skill(
                    "slack:post",
                    "Slack",
                    &format!("{CACHE}/slack/hash9/skills"),
                    "post",
                    Scope::USER
                ),
                skill("local", "Local", REPO, "local", Scope::REPO),
            ]),
            Budget::Characters(8_000)
        )
    );
}

#[test]
fn two_roots_inside_one_plugin_version_get_their_own_aliases() {
    insta::assert_snapshot!(
        "plugin_cache_two_roots_one_version",
        render(
            &outcome(vec![
                skill(
                    "github:a",
                    "A",
                    &format!("{CACHE}/github/hash123/skills"),
                    "a",
                    Scope::USER
                ),
                skill(
                    "github:b",
                    "B",
                    &format!("{CACHE}/github/hash123/extra-skills"),
                    "b",
                    Scope::USER
                ),
            ]),
            Budget::Characters(8_000)
        )
    );
}

#[test]
fn empty_catalog_has_no_fragment() {
    insta::assert_snapshot!(
        "empty_catalog_no_fragment",
        render(&LoadOutcome::default(), Budget::Characters(8_000))
    );
}

#[test]
fn none_fits_gives_an_empty_list() {
    insta::assert_snapshot!(
        "none_fits_empty_list",
        render(&outcome(alpha_beta()), Budget::Tokens(6))
    );
}

#[test]
fn unicode_descriptions_share_by_characters() {
    let skills = vec![
        repo(
            "accents",
            "Crée des résumés fidèles à l'original, évite les répétitions",
        ),
        repo(
            "emoji",
            "🚀 Déploie 🐳 conteneurs et 📦 paquets sans surprise",
        ),
    ];
    let budget = alias_min(&skills, Budget::Characters(0)) + 40;
    insta::assert_snapshot!(
        "unicode_characters",
        render(&outcome(skills), Budget::Characters(budget))
    );
}

#[test]
fn cjk_descriptions_share_by_tokens() {
    let skills = vec![
        repo("cjk", "日本語の文書を要約し、重要な点を箇条書きにします"),
        repo("mixed", "中文 and English mixed description text"),
        repo("hangul", "한국어 문서를 번역하고 검토합니다"),
    ];
    let budget = alias_min(&skills, Budget::Tokens(0)) + 12;
    insta::assert_snapshot!(
        "cjk_tokens",
        render(&outcome(skills), Budget::Tokens(budget))
    );
}

#[test]
fn custom_scope_sits_between_repo_and_user() {
    let team = Scope::new("team", 50, 250);
    insta::assert_snapshot!(
        "custom_scope_team",
        render(
            &outcome(vec![
                skill(
                    "notes",
                    "Personal notes",
                    "/home/u/.agents/skills",
                    "notes",
                    Scope::USER
                ),
                skill(
                    "deploy",
                    "Ship the service",
                    "/srv/team/skills",
                    "deploy",
                    team
                ),
                repo("lint", "Run the linters"),
            ]),
            Budget::Characters(8_000)
        )
    );
}

fn with_usage(outcome: &LoadOutcome, include_usage: bool) -> String {
    let options = CatalogOptions {
        budget: Budget::Characters(8_000),
        include_usage,
        neutralize_closing_tags: false,
    };
    describe(render_catalog(outcome, &options, &codex_length_texts()).as_ref())
}

#[test]
fn usage_section_in_the_alias_render() {
    insta::assert_snapshot!("usage_on_alias", with_usage(&outcome(alpha_beta()), true));
}

#[test]
fn usage_section_in_the_absolute_render() {
    insta::assert_snapshot!(
        "usage_on_absolute",
        with_usage(&absolute_only(alpha_beta()), true)
    );
}

#[test]
fn usage_section_can_be_left_out() {
    insta::assert_snapshot!("usage_off_alias", with_usage(&outcome(alpha_beta()), false));
}

fn escaped_outcome() -> LoadOutcome {
    outcome(vec![
        repo("xml", "Reads <tags> & \"quotes\" safely"),
        repo("plain", "Nothing special"),
    ])
}

#[test]
fn agentskills_xml_format() {
    let catalog = render_catalog(
        &escaped_outcome(),
        &options(Budget::Characters(8_000)),
        &codex_length_texts(),
    )
    .unwrap();
    insta::assert_snapshot!("agentskills_xml", catalog.to_agentskills_xml());
}

#[test]
fn json_format_for_tools() {
    let skills = four_scopes();
    let budget = min_cost(&skills[2..], Budget::Characters(0));
    let catalog = render_catalog(
        &outcome(skills),
        &options(Budget::Characters(budget)),
        &codex_length_texts(),
    )
    .unwrap();
    insta::assert_snapshot!("json_dropped", catalog.to_json());
}

#[test]
fn long_description_is_capped_with_an_ellipsis() {
    let description = format!("{} {}", "a".repeat(1_020), "b".repeat(10));
    insta::assert_snapshot!(
        "description_cap",
        render(
            &outcome(vec![repo("long", &description)]),
            Budget::Characters(8_000)
        )
    );
}

#[test]
fn symlinked_folder_shows_the_walked_path() {
    let mut linked = SkillMetadata::new(
        "linked",
        "Reached through a link",
        "/elsewhere/target/SKILL.md",
        Scope::REPO,
    );
    linked.root = PathBuf::from(REPO);
    linked.walked_path = PathBuf::from("link-dir/SKILL.md");
    insta::assert_snapshot!(
        "walked_symlink_path",
        render(
            &outcome(vec![linked, repo("plain", "Direct")]),
            Budget::Characters(8_000)
        )
    );
}
