//! Selection: spec §13.8 items 100–109 and errata 9.b–9.c, plus the diagnostics Codex omits.

mod common;

use std::path::Path;

use common::*;
use pretty_assertions::assert_eq;
use skilldeck_injection::{Selection, UserInput, codes, select};
use skilldeck_model::{LoadOutcome, Severity};

fn text(t: &str) -> UserInput {
    UserInput::text(t)
}

fn run(outcome: &LoadOutcome, inputs: &[UserInput]) -> Selection {
    select(outcome, inputs, &[], None)
}

fn selected(outcome: &LoadOutcome, inputs: &[UserInput]) -> Vec<String> {
    run(outcome, inputs)
        .skills
        .iter()
        .map(|s| s.name.clone())
        .collect()
}

fn codes_of(selection: &Selection) -> Vec<&str> {
    selection
        .diagnostics
        .iter()
        .map(|d| d.code.as_ref())
        .collect()
}

fn path_of(outcome: &LoadOutcome, name: &str) -> String {
    outcome
        .skills
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.path.to_string_lossy().into_owned())
        .expect("fixture skill")
}

#[test]
fn order_follows_the_skill_list_not_the_mentions() {
    // Loader order puts a user skill after every repo skill.
    let outcome = outcome(vec![repo("beta-skill"), user("alpha-skill")]);
    assert_eq!(
        selected(&outcome, &[text("first $alpha-skill then $beta-skill")]),
        ["beta-skill", "alpha-skill"]
    );
}

#[test]
fn structured_selections_come_before_text_mentions() {
    let outcome = outcome(vec![repo("alpha-skill"), repo("beta-skill")]);
    let beta = path_of(&outcome, "beta-skill");
    assert_eq!(
        selected(
            &outcome,
            &[text("$alpha-skill"), UserInput::skill("beta-skill", beta)]
        ),
        ["beta-skill", "alpha-skill"]
    );
}

#[test]
fn missing_structured_selection_blocks_the_plain_name() {
    let outcome = outcome(vec![repo("alpha-skill")]);
    let selection = run(
        &outcome,
        &[
            UserInput::skill("alpha-skill", "/tmp/missing"),
            text("$alpha-skill"),
        ],
    );
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::UNMATCHED_SELECTION]);
}

#[test]
fn disabled_structured_selection_selects_nothing() {
    let alpha = repo("alpha-skill");
    let outcome = outcome_with_disabled(vec![alpha.clone()], &[&alpha]);
    let selection = run(
        &outcome,
        &[
            UserInput::skill("alpha-skill", &alpha.path),
            text("$alpha-skill"),
        ],
    );
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::DISABLED]);
    assert_eq!(selection.diagnostics[0].severity, Severity::Info);
}

#[test]
fn relative_structured_path_resolves_against_the_given_cwd() {
    let outcome = outcome(vec![repo("alpha-skill")]);
    let input = [UserInput::skill("alpha-skill", "alpha-skill/./SKILL.md")];
    let cwd = repo_root();
    assert_eq!(
        names(&select(&outcome, &input, &[], Some(Path::new(&cwd))).skills),
        ["alpha-skill"]
    );
    assert!(select(&outcome, &input, &[], None).skills.is_empty());
}

#[test]
fn same_linked_mention_twice_selects_once() {
    let outcome = outcome(vec![repo("alpha-skill")]);
    let path = path_of(&outcome, "alpha-skill");
    let message = format!("[$alpha-skill]({path}) and again [$alpha-skill]({path}) $alpha-skill");
    assert_eq!(
        selected(&outcome, &[text(&message), text(&message)]),
        ["alpha-skill"]
    );
}

#[test]
fn ambiguous_plain_name_selects_nothing_and_is_reported() {
    let outcome = outcome(vec![repo("demo-skill"), user("demo-skill")]);
    let selection = run(&outcome, &[text("$demo-skill and $demo-skill")]);
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::AMBIGUOUS]);
    assert!(
        selection.diagnostics[0]
            .message
            .contains("2 enabled skills")
    );
}

#[test]
fn link_resolves_an_ambiguous_name() {
    let outcome = outcome(vec![repo("demo-skill"), user("demo-skill")]);
    let user_path = format!("{}/demo-skill/SKILL.md", user_root());
    let selection = run(
        &outcome,
        &[text(&format!("$demo-skill and [$demo-skill]({user_path})"))],
    );
    assert_eq!(selection.skills.len(), 1);
    assert_eq!(selection.skills[0].path, Path::new(&user_path));
    assert!(
        selection.diagnostics.is_empty(),
        "{:?}",
        selection.diagnostics
    );
}

#[test]
fn disabled_copy_does_not_make_a_name_ambiguous() {
    let user_copy = user("demo-skill");
    let outcome = outcome_with_disabled(vec![repo("demo-skill"), user_copy.clone()], &[&user_copy]);
    let selection = run(&outcome, &[text("$demo-skill")]);
    assert_eq!(selection.skills[0].scope.name(), "repo");
}

#[test]
fn connector_slug_blocks_the_plain_name_but_not_the_link() {
    let outcome = outcome(vec![repo("alpha-skill")]);
    let plain = select(&outcome, &[text("$alpha-skill")], &["Alpha-Skill"], None);
    assert!(plain.skills.is_empty());
    assert_eq!(codes_of(&plain), [codes::CONNECTOR]);

    let path = path_of(&outcome, "alpha-skill");
    let linked = select(
        &outcome,
        &[text(&format!("[$alpha-skill]({path})"))],
        &["alpha-skill"],
        None,
    );
    assert_eq!(names(&linked.skills), ["alpha-skill"]);
}

#[test]
fn linked_path_to_a_disabled_skill_selects_nothing() {
    let demo = repo("demo-skill");
    let outcome = outcome_with_disabled(vec![demo.clone()], &[&demo]);
    let selection = run(
        &outcome,
        &[text(&format!("[$demo-skill]({})", demo.path.display()))],
    );
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::DISABLED]);
}

#[test]
fn linked_missing_path_does_not_fall_back_to_the_name() {
    for skills in [
        vec![repo("demo-skill")],
        vec![repo("demo-skill"), user("demo-skill")],
    ] {
        let outcome = outcome(skills);
        let selection = run(&outcome, &[text("[$demo-skill](/tmp/missing)")]);
        assert!(selection.skills.is_empty());
        assert_eq!(codes_of(&selection), [codes::UNMATCHED_LINK]);
    }
}

#[test]
fn disabled_plain_name_is_reported_not_selected() {
    let alpha = repo("alpha");
    let outcome = outcome_with_disabled(vec![alpha.clone()], &[&alpha]);
    let selection = run(&outcome, &[text("$alpha")]);
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::DISABLED]);
}

#[test]
fn explicit_only_skills_are_candidates() {
    let outcome = outcome(vec![explicit_only(repo("quiet"))]);
    assert_eq!(selected(&outcome, &[text("$quiet")]), ["quiet"]);
}

#[test]
fn trailing_colon_that_spoils_a_mention_is_reported() {
    let outcome = outcome(vec![repo("pdf")]);
    let selection = run(&outcome, &[text("$pdf: fill this")]);
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::TRAILING_COLON]);
}

#[test]
fn skill_named_with_a_colon_matches_its_colon_mention() {
    let outcome = outcome(vec![skill_in(
        &repo_root(),
        "colon",
        "pdf:",
        skilldeck_model::Scope::REPO,
    )]);
    let selection = run(&outcome, &[text("$pdf: fill this")]);
    assert_eq!(names(&selection.skills), ["pdf:"]);
    assert!(selection.diagnostics.is_empty());
}

#[test]
fn link_name_is_irrelevant_the_path_selects() {
    let outcome = outcome(vec![repo("tau")]);
    let path = path_of(&outcome, "tau");
    assert_eq!(
        selected(&outcome, &[text(&format!("[$wrong-name]({path})"))]),
        ["tau"]
    );
}

#[test]
fn linked_paths_match_after_lexical_normalisation() {
    let a = repo_root();
    let outcome = outcome(vec![
        repo("dot"),
        repo("dbl"),
        repo("trail"),
        repo("ghost"),
        repo("skillurl"),
    ]);
    let message = format!(
        "[$dot]({a}/./dot/SKILL.md) [$dbl]({T}/repo//.agents/skills/dbl/SKILL.md) \
         [$trail]({a}/trail/SKILL.md/) [$ghost]({a}/nothere/../ghost/SKILL.md) \
         [$skillurl](skill://{a}/skillurl/SKILL.md)"
    );
    assert_eq!(
        selected(&outcome, &[text(&message)]),
        ["dbl", "dot", "ghost", "skillurl", "trail"]
    );
}

#[test]
fn relative_url_case_and_angle_links_never_match() {
    let a = repo_root();
    let outcome = outcome(vec![
        repo("rel"),
        repo("rel2"),
        repo("fileurl"),
        repo("upper"),
        repo("angle"),
        repo("dirlink"),
    ]);
    let message = format!(
        "[$rel](.agents/skills/rel/SKILL.md) [$rel2](./.agents/skills/rel2/SKILL.md) \
         [$fileurl](file://{a}/fileurl/SKILL.md) [$upper]({a}/upper/skill.md) \
         [$angle](<{a}/angle/SKILL.md>) [$dirlink]({a}/dirlink)"
    );
    let selection = select(
        &outcome,
        &[text(&message)],
        &[],
        Some(Path::new(&format!("{T}/repo"))),
    );
    assert!(selection.skills.is_empty());
    assert_eq!(codes_of(&selection), [codes::UNMATCHED_LINK; 6]);
}

#[test]
fn linked_matches_come_first_then_plain_names_each_in_loader_order() {
    // errata 9.c: repo `.codex` and `.agents` skills, user skills, system skills.
    let system = |name: &str| {
        skill_in(
            &format!("{T}/codex_home/skills/.system"),
            name,
            name,
            skilldeck_model::Scope::SYSTEM,
        )
    };
    let codex_user = skill_in(
        &format!("{T}/codex_home/skills"),
        "l-last",
        "l-last",
        skilldeck_model::Scope::USER,
    );
    let outcome = outcome(vec![
        user("u-first"),
        repo("r-beta"),
        system("imagegen"),
        repo("r-alpha"),
        codex_user.clone(),
        skill_in(
            &format!("{T}/repo/.codex/skills"),
            "c-one",
            "c-one",
            skilldeck_model::Scope::REPO,
        ),
        system("skill-creator"),
    ]);
    let message = format!(
        "first $u-first then $r-beta then $imagegen then $r-alpha then [$l-last]({}) then $c-one and $skill-creator",
        codex_user.path.display()
    );
    assert_eq!(
        selected(&outcome, &[text(&message)]),
        [
            "l-last",
            "c-one",
            "r-alpha",
            "r-beta",
            "u-first",
            "imagegen",
            "skill-creator"
        ]
    );
}

#[test]
fn each_text_input_selects_its_links_before_its_names() {
    let outcome = outcome(vec![repo("a"), repo("b")]);
    let b = path_of(&outcome, "b");
    assert_eq!(
        selected(&outcome, &[text("$a"), text(&format!("[$b]({b})"))]),
        ["a", "b"]
    );
}

#[test]
fn two_skills_with_one_name_can_both_be_linked() {
    let outcome = outcome(vec![repo("dup"), user("dup")]);
    let message = format!(
        "[$dup]({}/dup/SKILL.md) [$dup]({}/dup/SKILL.md)",
        user_root(),
        repo_root()
    );
    let selection = run(&outcome, &[text(&message)]);
    assert_eq!(selection.skills.len(), 2);
    assert_eq!(selection.skills[0].scope.name(), "repo");
}

#[test]
fn app_links_are_ignored_for_skills() {
    let outcome = outcome(vec![repo("slack")]);
    let selection = run(&outcome, &[text("[$slack](app://slack)")]);
    assert!(selection.skills.is_empty());
    assert!(selection.diagnostics.is_empty());
}
