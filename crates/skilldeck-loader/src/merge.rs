//! Merging the scans of several roots into one [`LoadOutcome`] (spec §4.4–4.5, errata 4.n–4.p).
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use skilldeck_model::{LoadOutcome, SkillMetadata, SkillRoot, compare_paths_componentwise};

use crate::LoaderOptions;
use crate::discovery::{DiscoveryContext, RootDiscovery, RootProvider, discover};
use crate::parallel::{default_scan_threads, scan_roots};
use crate::scan::{RootScan, canonical_or_raw};
use crate::shadow::shadow_duplicate_names;

/// Merges per-root scans given in root order: a skill reached from several roots keeps the
/// first; errors and diagnostics are concatenated; skills excluded by the product are dropped;
/// the list is sorted by scope load rank, then name (bytes), then path (component by component).
/// With [`LoaderOptions::shadow_duplicate_names`], duplicate names are then reduced to one skill
/// each ([`crate::shadow_duplicate_names`]).
pub fn merge_root_scans(scans: Vec<RootScan>, options: &LoaderOptions) -> LoadOutcome {
    let mut outcome = LoadOutcome::default();
    let mut seen_roots: HashSet<PathBuf> = HashSet::new();
    // Exact capacity: with tens of thousands of skills, a doubled vector is megabytes.
    outcome
        .skills
        .reserve_exact(scans.iter().map(|scan| scan.skills.len()).sum());
    for scan in scans {
        if seen_roots.insert(scan.root.path.clone()) {
            outcome.roots.push(scan.root);
        }
        outcome.skills.extend(scan.skills);
        outcome.errors.extend(scan.errors);
        outcome.diagnostics.extend(scan.diagnostics);
    }
    // A skill reached from several roots keeps its first occurrence (marked by borrowing the
    // paths rather than copying them).
    let first_occurrence: Vec<bool> = {
        let mut seen: HashSet<&Path> = HashSet::with_capacity(outcome.skills.len());
        outcome
            .skills
            .iter()
            .map(|skill| seen.insert(skill.path.as_path()))
            .collect()
    };
    let mut first_occurrence = first_occurrence.into_iter();
    // `retain` visits every element once, in order.
    outcome.skills.retain(|skill| {
        first_occurrence.next().unwrap_or(false) && skill.matches_product(options.product)
    });
    sort_skills(&mut outcome.skills);
    if options.shadow_duplicate_names {
        shadow_duplicate_names(&mut outcome);
    }
    outcome
}

/// Sorts by scope load rank, then name (bytes), then path (component by component), stably.
///
/// The order is computed on indices and then applied in place: a stable sort of the skills
/// themselves would need scratch space for all of them (megabytes at 50,000 skills).
fn sort_skills(skills: &mut [SkillMetadata]) {
    let mut order: Vec<usize> = (0..skills.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&skills[a], &skills[b]);
        a.scope
            .load_rank()
            .cmp(&b.scope.load_rank())
            .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
            .then_with(|| compare_paths_componentwise(&a.path, &b.path))
    });
    // `order[i]` is the index of the skill that belongs at `i`; follow each cycle once.
    for start in 0..order.len() {
        let mut current = start;
        loop {
            let source = order[current];
            order[current] = current;
            if source == start {
                break;
            }
            skills.swap(current, source);
            current = source;
        }
    }
}

/// Roots resolving to the same directory, kept once (the first wins), in the order given.
pub fn dedupe_roots(roots: &[SkillRoot]) -> Vec<SkillRoot> {
    let mut seen = HashSet::new();
    roots
        .iter()
        .filter(|root| seen.insert(canonical_or_raw(&root.path)))
        .cloned()
        .collect()
}

/// Scans `roots` (in priority order) and merges them. Configuration-disabled paths are not
/// known here: `disabled_paths` stays empty.
pub fn load_roots(roots: &[SkillRoot], options: &LoaderOptions) -> LoadOutcome {
    // The roots are scanned on several threads; the result is that of scanning them in order.
    let scans = scan_roots(&dedupe_roots(roots), options, default_scan_threads());
    merge_root_scans(scans, options)
}

/// Discovers the roots for `ctx` (built-ins plus `providers`) and loads them. Discovery's own
/// warnings (roots of an untrusted project) come first in the outcome's diagnostics.
pub fn load(
    ctx: &DiscoveryContext,
    providers: &[&dyn RootProvider],
    options: &LoaderOptions,
) -> LoadOutcome {
    let RootDiscovery {
        roots,
        mut diagnostics,
    } = discover(ctx, providers);
    let mut outcome = load_roots(&roots, options);
    diagnostics.append(&mut outcome.diagnostics);
    outcome.diagnostics = diagnostics;
    outcome
}
