//! Errata 9.a: one big message against 36 skills, with the exact injected order Codex 0.171 gave.

mod common;

use common::*;
use pretty_assertions::assert_eq;
use skilldeck_injection::{InjectionOptions, UserInput, codes, inject};
use skilldeck_model::Scope;

#[test]
fn errata_9a_message_injects_exactly_the_observed_skills_in_order() {
    let a = repo_root();
    let mut skills: Vec<_> = [
        "alpha", "beta", "gamma", "delta", "eps", "zeta", "theta", "iota", "kappa", "home", "path",
        "tmpdir", "user-x", "Alpha2", "lam", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma",
        "tau", "upsilon", "phi", "chi_1", "psi", "dup",
    ]
    .into_iter()
    .map(repo)
    .collect();
    skills.push(user("dup"));
    skills.push(user("aaa-user"));
    skills.push(skill_in(&a, "colon", "pdf:", Scope::REPO));
    skills.push(skill_in(&a, "ns", "slack:search", Scope::REPO));
    skills.push(skill_in(&a, "my-skill", "my skill", Scope::REPO));
    skills.push(skill_in(&a, "v12", "v1.2", Scope::REPO));
    let outcome = outcome(skills);

    let message = format!(
        "first $zeta then $aaa-user and $alpha, $beta. $gamma: and $delta.md and [$eps]({a}/eps/SKILL.md)\n\
         $HOME $home $PATH $path $TMPDIR $tmpdir $Alpha2x $dup cost$theta US$5 $$iota $ kappa $pdf:\n\
         $slack:search $my skill $v1.2 [$lam]({a}/lam/SKILL.md) [$dup]({T}/home/.agents/skills/dup/SKILL.md)\n\
         [$mu](./repo/.agents/skills/mu/SKILL.md) [$user-x]({T}/nonexistent/SKILL.md) $zeta $zeta\n\
         [nu]({a}/nu/SKILL.md) [$xi]   ( {a}/xi/SKILL.md ) [$omicron]() [$pi] /tmp/x (`$rho`) \\$sigma\n\
         [$wrong-name]({a}/tau/SKILL.md) [$upsilon](skill://{a}/upsilon/SKILL.md) $phi's $chi_1 ${{psi}}\n"
    );
    let reader = FakeReader::for_outcome(&outcome);
    let result = inject(
        &outcome,
        &[UserInput::text(message)],
        &InjectionOptions::codex(),
        &reader,
    );

    let injected: Vec<(&str, &str)> = result
        .injections
        .iter()
        .map(|i| (i.name.as_str(), i.path.as_str()))
        .collect();
    let repo_path = |folder: &str| format!("{a}/{folder}/SKILL.md");
    let user_path = |folder: &str| format!("{}/{folder}/SKILL.md", user_root());
    let expected: Vec<(&str, String)> = vec![
        ("eps", repo_path("eps")),
        ("lam", repo_path("lam")),
        ("tau", repo_path("tau")),
        ("upsilon", repo_path("upsilon")),
        ("xi", repo_path("xi")),
        ("dup", user_path("dup")),
        ("alpha", repo_path("alpha")),
        ("beta", repo_path("beta")),
        ("chi_1", repo_path("chi_1")),
        ("delta", repo_path("delta")),
        ("iota", repo_path("iota")),
        ("omicron", repo_path("omicron")),
        ("pdf:", repo_path("colon")),
        ("phi", repo_path("phi")),
        ("pi", repo_path("pi")),
        ("rho", repo_path("rho")),
        ("sigma", repo_path("sigma")),
        ("slack:search", repo_path("ns")),
        ("theta", repo_path("theta")),
        ("zeta", repo_path("zeta")),
        ("aaa-user", user_path("aaa-user")),
    ];
    let expected: Vec<(&str, &str)> = expected.iter().map(|(n, p)| (*n, p.as_str())).collect();
    assert_eq!(injected, expected);

    // What Codex keeps silent, we report: the spoiled `$gamma:`, and the two links that match
    // nothing (relative `mu`, missing `user-x`). The plain `$dup` is ambiguous, but the linked
    // `dup` was injected, so it needs no warning.
    let reported: Vec<(&str, Option<String>)> = result
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code.as_ref(),
                d.path.as_ref().map(|p| p.display().to_string()),
            )
        })
        .collect();
    assert_eq!(
        reported,
        [
            (
                codes::UNMATCHED_LINK,
                Some("repo/.agents/skills/mu/SKILL.md".to_owned())
            ),
            (
                codes::UNMATCHED_LINK,
                Some(format!("{T}/nonexistent/SKILL.md"))
            ),
            (codes::TRAILING_COLON, None),
        ]
    );
}
