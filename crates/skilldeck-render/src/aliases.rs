//! The `### Skill roots` alias table (spec §8.7 steps 1–4, errata 8.c/8.h).

use std::borrow::Cow;
use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use skilldeck_model::{SkillMetadata, SkillRoot, display_path};

use crate::line::PathText;
use crate::paths::RootGroups;

/// One row of the `### Skill roots` table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AliasRoot {
    /// `r0`, `r1`, …
    pub alias: String,
    /// The directory the alias stands for, as shown (lossy UTF-8, `/` separators).
    pub path: String,
}

impl AliasRoot {
    /// The table line: ``- `rN` = `<root>` ``.
    pub fn line(&self) -> String {
        format!("- `{}` = `{}`", self.alias, self.path)
    }
}

/// The alias roots and, per candidate root, the text its walked paths hang from in alias form
/// (`rN`, or `rN/<root below the alias directory>`).
pub(crate) struct AliasTable {
    pub roots: Vec<AliasRoot>,
    prefix_of_group: Vec<Option<String>>,
}

impl AliasTable {
    /// Candidate `index`'s path in alias form (`rN/<walked path below the alias directory>`),
    /// or its absolute form when its root has no alias.
    pub fn path<'g>(&'g self, groups: &'g RootGroups<'_>, index: usize) -> PathText<'g> {
        let prefix = self.prefix_of_group[groups.of_candidate[index]].as_deref();
        match (prefix, &groups.walked[index]) {
            (Some(head), Some(tail)) => PathText { head, tail },
            _ => groups.absolute_path(index),
        }
    }
}

/// Builds the table: canonical roots (in root order) that own at least one candidate, collapsed
/// into their plugin-cache marketplace when their plugin version holds a single catalog skill,
/// de-duplicated and numbered.
pub(crate) fn alias_table(
    roots: &[SkillRoot],
    candidates: &[&SkillMetadata],
    groups: &RootGroups<'_>,
) -> AliasTable {
    // The counts are only read for a root that lies in a plugin version; without one (the
    // common case) counting would only walk every candidate's path for nothing.
    let skills_per_version = if groups
        .roots
        .iter()
        .any(|root| plugin_version_base(root).is_some())
    {
        skills_per_plugin_version(candidates, groups)
    } else {
        HashMap::new()
    };

    // Per candidate root (index into `groups.roots`): the text its walked paths hang from.
    let mut prefix_of_group: Vec<Option<String>> = vec![None; groups.roots.len()];
    let mut alias_dirs: Vec<&Path> = Vec::new();
    for root in roots {
        let key = root.path.as_os_str().as_encoded_bytes();
        let Some(group) = groups
            .roots
            .iter()
            .position(|candidate_root| candidate_root.as_os_str().as_encoded_bytes() == key)
        else {
            continue;
        };
        if prefix_of_group[group].is_some() {
            continue;
        }
        let root = groups.roots[group];
        let dir = collapsed_alias_dir(root, &skills_per_version);
        let index = alias_dirs
            .iter()
            .position(|d| *d == dir)
            .unwrap_or_else(|| {
                alias_dirs.push(dir);
                alias_dirs.len() - 1
            });
        let below = root.strip_prefix(dir).unwrap_or(Path::new(""));
        let alias = format!("r{index}");
        prefix_of_group[group] = Some(if below.as_os_str().is_empty() {
            alias
        } else {
            PathText {
                head: &alias,
                tail: &display_path(below),
            }
            .joined()
        });
    }

    let roots = alias_dirs
        .iter()
        .enumerate()
        .map(|(index, dir)| AliasRoot {
            alias: format!("r{index}"),
            path: display_path(dir),
        })
        .collect();
    AliasTable {
        roots,
        prefix_of_group,
    }
}

/// How many candidates lie in each plugin version (by their canonical `SKILL.md` path).
///
/// Asking every path is exact but slow for thousands of skills. A skill whose canonical path
/// is just its root joined with its walked path, with no `cache` component below the root,
/// lies in the same plugin version as its root; those are counted per root. Only the others
/// (symlinked folders, roots at or just below a marketplace, `cache` below the root) are asked
/// one by one.
fn skills_per_plugin_version(
    candidates: &[&SkillMetadata],
    groups: &RootGroups<'_>,
) -> HashMap<PathBuf, usize> {
    let versions: Vec<Option<PathBuf>> = groups
        .roots
        .iter()
        .map(|root| plugin_version_base(root))
        .collect();
    let settled: Vec<bool> = groups
        .roots
        .iter()
        .zip(&versions)
        .map(|(root, version)| version.is_some() || !mentions_cache(root))
        .collect();
    let mut per_root = vec![0usize; groups.roots.len()];
    let mut per_version: HashMap<PathBuf, usize> = HashMap::new();
    for (index, skill) in candidates.iter().enumerate() {
        let group = groups.of_candidate[index];
        let simple = settled[group]
            && match &groups.walked[index] {
                Some(Cow::Borrowed(walked)) => {
                    !walked.contains("cache")
                        && is_joined(
                            skill.path.as_os_str().as_encoded_bytes(),
                            groups.roots[group].as_os_str().as_encoded_bytes(),
                            walked.as_bytes(),
                        )
                }
                _ => false,
            };
        if simple {
            per_root[group] += 1;
        } else if let Some(version) = plugin_version_base(&skill.path) {
            *per_version.entry(version).or_default() += 1;
        }
    }
    for (version, count) in versions.into_iter().zip(per_root) {
        if let Some(version) = version.filter(|_| count > 0) {
            *per_version.entry(version).or_default() += count;
        }
    }
    per_version
}

/// Whether `path` is exactly `root`, a `/` (unless `root` ends with one) and `walked`.
fn is_joined(path: &[u8], root: &[u8], walked: &[u8]) -> bool {
    let Some(rest) = path.strip_prefix(root) else {
        return false;
    };
    let rest = if root.ends_with(b"/") {
        rest
    } else {
        match rest.split_first() {
            Some((b'/', rest)) => rest,
            _ => return false,
        }
    };
    rest == walked
}

/// The root itself, unless it lies in a plugin version that holds a single catalog skill: then
/// the marketplace directory, so one alias serves every such plugin of that marketplace.
fn collapsed_alias_dir<'a>(
    root: &'a Path,
    skills_per_version: &HashMap<PathBuf, usize>,
) -> &'a Path {
    let Some(version) = plugin_version_base(root) else {
        return root;
    };
    if skills_per_version.get(&version).copied().unwrap_or(0) > 1 {
        return root;
    }
    marketplace_base(root).unwrap_or(root)
}

/// The first of `path` and its ancestors whose parent is `cache` inside `plugins`:
/// `…/plugins/cache/<marketplace>`.
fn marketplace_base(path: &Path) -> Option<&Path> {
    if !mentions_cache(path) {
        return None;
    }
    path.ancestors().find(|candidate| {
        let parent = candidate.parent();
        parent.and_then(Path::file_name) == Some(OsStr::new("cache"))
            && parent.and_then(Path::parent).and_then(Path::file_name)
                == Some(OsStr::new("plugins"))
    })
}

/// Whether `path` has a component named `cache` (a necessary condition for a plugin-cache
/// path). A split on separators is cheaper than parsing `Path` components or validating UTF-8.
fn mentions_cache(path: &Path) -> bool {
    path.as_os_str()
        .as_encoded_bytes()
        .split(|&byte| byte == b'/' || byte == b'\\')
        .any(|component| component == b"cache")
}

/// `<marketplace base>/<plugin>/<version>` on the way to `path`, if `path` reaches that deep.
fn plugin_version_base(path: &Path) -> Option<PathBuf> {
    let marketplace = marketplace_base(path)?;
    let mut below = path.strip_prefix(marketplace).ok()?.components();
    let plugin = below.next()?;
    let version = below.next()?;
    Some(marketplace.join(plugin).join(version))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marketplace_base_is_the_directory_below_plugins_cache() {
        let path = Path::new("/h/plugins/cache/openai-curated/github/hash123/skills");
        assert_eq!(
            marketplace_base(path),
            Some(Path::new("/h/plugins/cache/openai-curated"))
        );
        assert_eq!(
            plugin_version_base(path),
            Some(PathBuf::from(
                "/h/plugins/cache/openai-curated/github/hash123"
            ))
        );
    }

    #[test]
    fn joined_paths_are_recognised_byte_for_byte() {
        assert!(is_joined(b"/r/a/SKILL.md", b"/r", b"a/SKILL.md"));
        assert!(is_joined(b"/a/SKILL.md", b"/", b"a/SKILL.md"));
        assert!(!is_joined(b"/rx/a/SKILL.md", b"/r", b"x/a/SKILL.md"));
        assert!(!is_joined(b"/elsewhere/SKILL.md", b"/r", b"a/SKILL.md"));
    }

    #[test]
    fn paths_outside_a_plugin_cache_have_no_bases() {
        assert_eq!(marketplace_base(Path::new("/r/.agents/skills")), None);
        assert_eq!(marketplace_base(Path::new("/r/cache/x")), None);
        assert_eq!(plugin_version_base(Path::new("/h/plugins/cache/m/p")), None);
    }

    proptest::proptest! {
        #[test]
        fn per_root_counting_equals_asking_every_path(
            entries in proptest::collection::vec(
                (
                    proptest::sample::select(vec![
                        "/h/plugins/cache/m",
                        "/h/plugins/cache/m/p",
                        "/h/plugins/cache/m/p/v1/skills",
                        "/h/plugins/cache/m/q/v2/skills",
                        "/w/repo/.agents/skills",
                        "/w/cache/skills",
                    ]),
                    proptest::sample::select(vec![
                        "a/SKILL.md",
                        "p/v1/skills/a/SKILL.md",
                        "x/plugins/cache/n/p/v/a/SKILL.md",
                        "cache/a/SKILL.md",
                    ]),
                    proptest::bool::ANY,
                ),
                1..8,
            )
        ) {
            use skilldeck_model::Scope;
            let skills: Vec<SkillMetadata> = entries
                .iter()
                .map(|(root, walked, symlinked)| {
                    let canonical = if *symlinked {
                        format!("/h/plugins/cache/m/p/v1/skills/linked/{walked}")
                    } else {
                        format!("{root}/{walked}")
                    };
                    let mut skill = SkillMetadata::new("s", "d", canonical, Scope::USER);
                    skill.root = PathBuf::from(root);
                    skill.walked_path = PathBuf::from(walked);
                    skill
                })
                .collect();
            let candidates: Vec<&SkillMetadata> = skills.iter().collect();
            let groups = RootGroups::new(&candidates);
            let mut expected: HashMap<PathBuf, usize> = HashMap::new();
            for skill in &skills {
                if let Some(version) = plugin_version_base(&skill.path) {
                    *expected.entry(version).or_default() += 1;
                }
            }
            proptest::prop_assert_eq!(skills_per_plugin_version(&candidates, &groups), expected);
        }
    }
}
