//! The merge's sort (computed on indices, applied in place) gives exactly the order of a stable
//! sort of the skills themselves, with duplicates (same path) kept at their first occurrence.
use std::collections::HashSet;
use std::path::PathBuf;

use proptest::prelude::*;
use skilldeck_loader::{LoaderOptions, RootScan, merge_root_scans};
use skilldeck_model::{Scope, SkillMetadata, SkillRoot, compare_paths_componentwise};

fn scope(index: u8) -> Scope {
    [Scope::REPO, Scope::USER, Scope::SYSTEM, Scope::ADMIN][usize::from(index % 4)].clone()
}

/// The order a plain stable sort of the deduplicated skills gives.
fn reference(scans: &[RootScan]) -> Vec<SkillMetadata> {
    let mut seen = HashSet::new();
    let mut skills: Vec<SkillMetadata> = scans
        .iter()
        .flat_map(|scan| scan.skills.iter().cloned())
        .filter(|skill| seen.insert(skill.path.clone()))
        .collect();
    skills.sort_by(|a, b| {
        a.scope
            .load_rank()
            .cmp(&b.scope.load_rank())
            .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
            .then_with(|| compare_paths_componentwise(&a.path, &b.path))
    });
    skills
}

proptest! {
    #[test]
    fn merged_order_equals_a_stable_sort_of_the_skills(
        roots in proptest::collection::vec(
            proptest::collection::vec((0u8..4, 0u8..4, 0u8..6), 0..12),
            1..4,
        )
    ) {
        let scans: Vec<RootScan> = roots
            .iter()
            .enumerate()
            .map(|(r, skills)| RootScan {
                root: SkillRoot::new(format!("/r{r}"), Scope::REPO),
                skills: skills
                    .iter()
                    .map(|&(s, n, p)| {
                        // Few names and paths, so ties and duplicates are common.
                        let path = PathBuf::from(format!("/skills/p{p}/SKILL.md"));
                        SkillMetadata::new(format!("n{n}"), "d", path, scope(s))
                    })
                    .collect(),
                errors: Vec::new(),
                diagnostics: Vec::new(),
            })
            .collect();
        let expected = reference(&scans);
        let merged = merge_root_scans(scans, &LoaderOptions::default());
        prop_assert_eq!(merged.skills, expected);
    }
}
