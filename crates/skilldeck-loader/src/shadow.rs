//! "Closest scope wins" ([`crate::LoaderOptions::shadow_duplicate_names`]): one skill per name.
//!
//! Codex lists every skill it finds, so a skill installed both in a repository and in the
//! user's home appears twice and a plain `$name` mention becomes ambiguous and selects nothing
//! (spec §14.1 item 5). This pass runs on a merged outcome and keeps, for each exact name, the
//! one skill that wins by this order:
//!
//! 1. the lower scope load rank (repo before user before system before admin; custom scopes by
//!    their own rank);
//! 2. in a [repository scope](crate::REPOSITORY_SCOPES), the deeper root (more path
//!    components). Every repository root is `<dir>/.agents/skills`, `<dir>/<project dir>/skills`
//!    or `<dir>/.claude/skills` for a directory between the project root and the cwd, so the
//!    deeper root is the one closer to the cwd;
//! 3. the root that comes first in root order — the order providers give their roots in, which
//!    is their priority order (`.codex/skills` before `.agents/skills` of the same directory,
//!    `<home>/skills` before `~/.agents/skills`, extra roots as given);
//! 4. within one root, the shallower walked path, then path order — the skill the walk met first.
//!
//! Every other skill of that name is removed from `skills` and reported as a `load.shadowed`
//! warning that names both paths and scopes. Runs before configuration rules: a winner disabled
//! by `[[skills.config]]` does not bring a shadowed skill back.
use std::cmp::Ordering;
use std::collections::HashMap;
use std::path::Path;

use skilldeck_model::{Diagnostic, LoadOutcome, SkillMetadata, compare_paths_componentwise};

use crate::trust::REPOSITORY_SCOPES;

/// Stable code of the diagnostic naming a shadowed skill.
pub const SHADOWED_CODE: &str = "load.shadowed";

/// Keeps one skill per exact name in `outcome.skills` (see the module docs for which one) and
/// appends a `load.shadowed` warning per removed skill. The kept skills keep their order.
pub fn shadow_duplicate_names(outcome: &mut LoadOutcome) {
    let root_index: HashMap<&Path, usize> = outcome
        .roots
        .iter()
        .enumerate()
        .map(|(index, root)| (root.path.as_path(), index))
        .collect();
    let rank = |skill: &SkillMetadata| {
        let depth = if REPOSITORY_SCOPES.contains(&skill.scope) {
            skill.root.components().count()
        } else {
            0
        };
        (
            skill.scope.load_rank(),
            std::cmp::Reverse(depth),
            root_index
                .get(skill.root.as_path())
                .copied()
                .unwrap_or(usize::MAX),
            skill.walked_path.components().count(),
        )
    };
    let wins = |a: &SkillMetadata, b: &SkillMetadata| -> bool {
        rank(a)
            .cmp(&rank(b))
            .then_with(|| compare_paths_componentwise(&a.walked_path, &b.walked_path))
            .then_with(|| compare_paths_componentwise(&a.path, &b.path))
            == Ordering::Less
    };

    let mut winner: HashMap<&str, usize> = HashMap::new();
    for (index, skill) in outcome.skills.iter().enumerate() {
        winner
            .entry(skill.name.as_str())
            .and_modify(|best| {
                if wins(skill, &outcome.skills[*best]) {
                    *best = index;
                }
            })
            .or_insert(index);
    }
    if winner.len() == outcome.skills.len() {
        return;
    }

    let mut diagnostics = Vec::new();
    let mut keep = Vec::with_capacity(winner.len());
    for (index, skill) in outcome.skills.iter().enumerate() {
        let best = winner[skill.name.as_str()];
        keep.push(best == index);
        if best != index {
            diagnostics.push(shadowed(skill, &outcome.skills[best]));
        }
    }
    drop(winner);
    let mut flags = keep.into_iter();
    outcome.skills.retain(|_| flags.next().unwrap_or(true));
    outcome.diagnostics.append(&mut diagnostics);
}

fn shadowed(lost: &SkillMetadata, kept: &SkillMetadata) -> Diagnostic {
    Diagnostic::warning(
        SHADOWED_CODE,
        format!(
            "skill `{}` ({} scope) is shadowed by `{}` at {} ({} scope) and not loaded",
            lost.name,
            lost.scope,
            kept.name,
            kept.path.display(),
            kept.scope,
        ),
    )
    .at(&lost.path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck_model::{Scope, SkillRoot};

    fn skill(name: &str, root: &str, walked: &str, scope: Scope) -> SkillMetadata {
        let mut skill = SkillMetadata::new(name, "d", format!("{root}/{walked}"), scope);
        skill.root = root.into();
        skill.walked_path = walked.into();
        skill
    }

    fn outcome(skills: Vec<SkillMetadata>, roots: &[(&str, Scope)]) -> LoadOutcome {
        LoadOutcome {
            skills,
            roots: roots
                .iter()
                .map(|(path, scope)| SkillRoot::new(*path, scope.clone()))
                .collect(),
            ..LoadOutcome::default()
        }
    }

    fn kept_paths(outcome: &LoadOutcome) -> Vec<String> {
        outcome
            .skills
            .iter()
            .map(|skill| skill.path.display().to_string())
            .collect()
    }

    #[test]
    fn unique_names_are_left_alone() {
        let mut o = outcome(
            vec![
                skill("a", "/r", "a/SKILL.md", Scope::REPO),
                skill("b", "/u", "b/SKILL.md", Scope::USER),
            ],
            &[("/r", Scope::REPO), ("/u", Scope::USER)],
        );
        let before = o.clone();
        shadow_duplicate_names(&mut o);
        assert_eq!(o, before);
    }

    #[test]
    fn lower_load_rank_wins_whatever_the_list_order() {
        let mut o = outcome(
            vec![
                skill("a", "/u", "a/SKILL.md", Scope::USER),
                skill("a", "/r", "a/SKILL.md", Scope::REPO),
            ],
            &[("/u", Scope::USER), ("/r", Scope::REPO)],
        );
        shadow_duplicate_names(&mut o);
        assert_eq!(kept_paths(&o), ["/r/a/SKILL.md"]);
        assert_eq!(o.diagnostics.len(), 1);
        assert_eq!(
            o.diagnostics[0].path.as_deref(),
            Some(Path::new("/u/a/SKILL.md"))
        );
    }

    #[test]
    fn deeper_root_wins_within_a_scope() {
        let mut o = outcome(
            vec![
                skill("a", "/p/.agents/skills", "a/SKILL.md", Scope::REPO),
                skill("a", "/p/sub/.agents/skills", "a/SKILL.md", Scope::REPO),
            ],
            &[
                ("/p/.agents/skills", Scope::REPO),
                ("/p/sub/.agents/skills", Scope::REPO),
            ],
        );
        shadow_duplicate_names(&mut o);
        assert_eq!(kept_paths(&o), ["/p/sub/.agents/skills/a/SKILL.md"]);
    }

    #[test]
    fn root_order_decides_outside_repository_scopes() {
        let mut o = outcome(
            vec![
                skill("a", "/h/deep/.agents/skills", "a/SKILL.md", Scope::USER),
                skill("a", "/c/skills", "a/SKILL.md", Scope::USER),
            ],
            &[
                ("/c/skills", Scope::USER),
                ("/h/deep/.agents/skills", Scope::USER),
            ],
        );
        shadow_duplicate_names(&mut o);
        assert_eq!(kept_paths(&o), ["/c/skills/a/SKILL.md"]);
    }

    #[test]
    fn root_order_breaks_a_depth_tie() {
        let mut o = outcome(
            vec![
                skill("a", "/p/.agents/skills", "a/SKILL.md", Scope::REPO),
                skill("a", "/p/.codex/skills", "a/SKILL.md", Scope::REPO),
            ],
            &[
                ("/p/.codex/skills", Scope::REPO),
                ("/p/.agents/skills", Scope::REPO),
            ],
        );
        shadow_duplicate_names(&mut o);
        assert_eq!(kept_paths(&o), ["/p/.codex/skills/a/SKILL.md"]);
    }

    #[test]
    fn shallower_walked_path_wins_within_a_root() {
        let mut o = outcome(
            vec![
                skill("a", "/r", "a/deep/SKILL.md", Scope::REPO),
                skill("a", "/r", "z/SKILL.md", Scope::REPO),
                skill("a", "/r", "b/SKILL.md", Scope::REPO),
            ],
            &[("/r", Scope::REPO)],
        );
        shadow_duplicate_names(&mut o);
        assert_eq!(kept_paths(&o), ["/r/b/SKILL.md"]);
        assert_eq!(o.diagnostics.len(), 2);
    }

    #[test]
    fn names_differing_only_in_case_are_different_names() {
        let mut o = outcome(
            vec![
                skill("PDF", "/r", "x/SKILL.md", Scope::REPO),
                skill("pdf", "/r", "y/SKILL.md", Scope::REPO),
            ],
            &[("/r", Scope::REPO)],
        );
        shadow_duplicate_names(&mut o);
        assert_eq!(o.skills.len(), 2);
        assert!(o.diagnostics.is_empty());
    }
}
