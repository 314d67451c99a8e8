//! Merging the scans of several roots into one [`LoadOutcome`] (spec §4.4–4.5, errata 4.n–4.p).
use std::collections::HashSet;
use std::path::PathBuf;

use skilldeck_model::{LoadOutcome, SkillRoot, compare_paths_componentwise};

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
    let mut seen_skills: HashSet<PathBuf> = HashSet::new();
    for scan in scans {
        if seen_roots.insert(scan.root.path.clone()) {
            outcome.roots.push(scan.root);
        }
        outcome.skills.extend(
            scan.skills
                .into_iter()
                .filter(|skill| seen_skills.insert(skill.path.clone())),
        );
        outcome.errors.extend(scan.errors);
        outcome.diagnostics.extend(scan.diagnostics);
    }
    outcome
        .skills
        .retain(|skill| skill.matches_product(options.product));
    outcome.skills.sort_by(|a, b| {
        a.scope
            .load_rank()
            .cmp(&b.scope.load_rank())
            .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
            .then_with(|| compare_paths_componentwise(&a.path, &b.path))
    });
    if options.shadow_duplicate_names {
        shadow_duplicate_names(&mut outcome);
    }
    outcome
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
