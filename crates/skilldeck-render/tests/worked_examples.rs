//! The worked examples of spec §8.10 and the numeric catalog cases of §13.7 (76–82), on the
//! absolute render they are stated for. Codex 0.171 prints no "shortened" warning (errata 8.g);
//! skilldeck says it in its own words whenever a description was cut.

mod common;

use common::{absolute_only, descriptions, lines, min_cost, render, repo_skill, skill};
use skilldeck_model::Scope;
use skilldeck_render::{Budget, CatalogWarning, Stage};

fn alpha_beta() -> Vec<skilldeck_model::SkillMetadata> {
    vec![
        repo_skill("alpha", "abcdefghij"),
        repo_skill("beta", "0123456789012345"),
    ]
}

#[test]
fn characters_example_shares_nine_spare_characters_round_robin() {
    let catalog = render(&absolute_only(alpha_beta()), Budget::Characters(77));
    assert_eq!(descriptions(&catalog), [("alpha", "abcd"), ("beta", "012")]);
    assert_eq!(catalog.report.stage, Stage::SharedDescriptions);
    assert_eq!(catalog.report.truncated_description_chars, 19);
    assert_eq!(catalog.report.truncated_description_count, 2);
    assert_eq!(catalog.report.line_cost, 77);
}

#[test]
fn characters_example_costs_match_the_spec() {
    let skills = alpha_beta();
    assert_eq!(min_cost(&skills, Budget::Characters(0)), 68);
    let full = render(&absolute_only(skills), Budget::Characters(96));
    assert_eq!(full.report.stage, Stage::Full);
    assert_eq!(full.report.line_cost, 96);
}

#[test]
fn tokens_example_gives_free_characters_inside_the_last_bucket() {
    let catalog = render(&absolute_only(alpha_beta()), Budget::Tokens(18));
    assert_eq!(descriptions(&catalog), [("alpha", ""), ("beta", "01")]);
    assert_eq!(catalog.report.line_cost, 18);
}

#[test]
fn tokens_example_with_three_spare_tokens() {
    let catalog = render(&absolute_only(alpha_beta()), Budget::Tokens(21));
    assert_eq!(
        descriptions(&catalog),
        [("alpha", "abcdefgh"), ("beta", "012345")]
    );
}

#[test]
fn tokens_example_full_cost_is_twenty_five() {
    let skills = alpha_beta();
    assert_eq!(min_cost(&skills, Budget::Tokens(0)), 18);
    let catalog = render(&absolute_only(skills.clone()), Budget::Tokens(25));
    assert_eq!(catalog.report.stage, Stage::Full);
    let tight = render(&absolute_only(skills), Budget::Tokens(24));
    assert_eq!(tight.report.stage, Stage::SharedDescriptions);
}

#[test]
fn lines_are_sorted_by_name_and_share_six_characters() {
    // Case 76: given in reverse order.
    let skills = vec![
        repo_skill("beta-skill", "uvwxyz"),
        repo_skill("alpha-skill", "abcdef"),
    ];
    let budget = Budget::Characters(min_cost(&skills, Budget::Characters(0)) + 6);
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(
        lines(&catalog),
        [
            "- alpha-skill: ab (file: /s/alpha-skill/SKILL.md)",
            "- beta-skill: uv (file: /s/beta-skill/SKILL.md)",
        ]
    );
    assert_eq!(catalog.report.included_count, 2);
    assert_eq!(catalog.report.omitted_count, 0);
    assert_eq!(catalog.report.truncated_description_chars, 8);
}

#[test]
fn cut_descriptions_give_our_shortened_warning_not_codex_silence() {
    let skills = vec![
        repo_skill("beta-skill", "uvwxyz"),
        repo_skill("alpha-skill", "abcdef"),
    ];
    let budget = Budget::Characters(min_cost(&skills, Budget::Characters(0)) + 6);
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(
        catalog.warnings,
        [CatalogWarning::DescriptionsShortened {
            count: 2,
            chars: 8,
            budget
        }]
    );
}

#[test]
fn two_ten_character_descriptions_lose_sixteen_characters() {
    // Case 77.
    let skills = vec![
        repo_skill("one", "0123456789"),
        repo_skill("two", "abcdefghij"),
    ];
    let budget = Budget::Characters(min_cost(&skills, Budget::Characters(0)) + 6);
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(catalog.report.truncated_description_chars, 16);
    assert_eq!(catalog.report.truncated_description_count, 2);
}

#[test]
fn long_description_takes_the_budget_an_empty_one_does_not_need() {
    // Case 78.
    let skills = vec![
        repo_skill("empty", ""),
        repo_skill("long", &"a".repeat(250)),
    ];
    let budget = Budget::Characters(min_cost(&skills, Budget::Characters(0)) + 49);
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(catalog.report.included_count, 2);
    assert_eq!(catalog.report.truncated_description_chars, 202);
    assert_eq!(catalog.report.truncated_description_count, 1);
    assert_eq!(catalog.lines[1].description, "a".repeat(48));
    assert_eq!(catalog.lines[0].text, "- empty: (file: /s/empty/SKILL.md)");
}

#[test]
fn one_spare_token_shortens_a_long_description_with_a_warning() {
    // Case 79.
    let skills = vec![repo_skill("big", &"d".repeat(1000))];
    let budget = Budget::Tokens(min_cost(&skills, Budget::Tokens(0)) + 1);
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(catalog.report.truncated_description_count, 1);
    assert!(matches!(
        catalog.warnings.as_slice(),
        [CatalogWarning::DescriptionsShortened { count: 1, .. }]
    ));
}

#[test]
fn spare_characters_flow_to_the_longer_description() {
    // Case 80.
    let skills = vec![
        repo_skill("short-skill", "x"),
        repo_skill("long-skill", "abcdefghi"),
    ];
    let budget = Budget::Characters(min_cost(&skills, Budget::Characters(0)) + 11);
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(
        descriptions(&catalog),
        [("long-skill", "abcdefgh"), ("short-skill", "x")]
    );
}

fn four_scopes() -> Vec<skilldeck_model::SkillMetadata> {
    vec![
        skill("user-skill", "desc", "/u", "user-skill", Scope::USER),
        skill("repo-skill", "desc", "/r", "repo-skill", Scope::REPO),
        skill("system-skill", "desc", "/y", "system-skill", Scope::SYSTEM),
        skill("admin-skill", "desc", "/a", "admin-skill", Scope::ADMIN),
    ]
}

#[test]
fn dropping_keeps_system_and_admin_skills_first() {
    // Case 81.
    let skills = four_scopes();
    let budget = Budget::Characters(min_cost(&skills[2..], Budget::Characters(0)));
    let catalog = render(&absolute_only(skills), budget);
    let names: Vec<_> = catalog.lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["system-skill", "admin-skill"]);
    assert_eq!(catalog.report.omitted_count, 2);
    assert_eq!(catalog.report.stage, Stage::DroppedSkills);
    assert!(lines(&catalog).iter().all(|line| !line.contains("desc")));
}

#[test]
fn left_out_warning_names_the_number_of_skills_left_out() {
    let skills = four_scopes();
    let budget = Budget::Characters(min_cost(&skills[2..], Budget::Characters(0)));
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(
        catalog.warnings,
        [CatalogWarning::SkillsLeftOut {
            count: 2,
            listed: 2,
            budget
        }]
    );
    let text = catalog.warnings[0].to_string();
    assert!(text.starts_with("2 skills left out"), "{text}");
    assert!(!text.contains("Exceeded skills context budget"), "{text}");
}

#[test]
fn stage_three_counts_every_description_as_cut() {
    let skills = four_scopes();
    let budget = Budget::Characters(min_cost(&skills[2..], Budget::Characters(0)));
    let catalog = render(&absolute_only(skills), budget);
    assert_eq!(catalog.report.truncated_description_chars, 16);
    assert_eq!(catalog.report.truncated_description_count, 4);
}

#[test]
fn dropping_continues_past_a_skill_that_does_not_fit() {
    // Case 82: the oversized system skill comes first but does not fit; the repo skill does.
    let system = skill(
        "oversized-system-skill-with-a-long-name",
        &"desc ".repeat(100),
        "/a/rather/long/system/skills/root",
        "oversized-system-skill-with-a-long-name",
        Scope::SYSTEM,
    );
    let repo = repo_skill("repo-skill", "short");
    let full_repo = format!("- repo-skill: short (file: {})\n", repo.path.display());
    let budget = Budget::Characters(full_repo.chars().count() as u64);
    let catalog = render(&absolute_only(vec![system, repo]), budget);
    assert_eq!(
        lines(&catalog),
        ["- repo-skill: (file: /s/repo-skill/SKILL.md)"]
    );
    assert_eq!(
        catalog
            .omitted
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>(),
        ["oversized-system-skill-with-a-long-name"]
    );
    let warning = catalog.warnings[0].to_string();
    assert!(warning.starts_with("1 skill left out"), "{warning}");
}
