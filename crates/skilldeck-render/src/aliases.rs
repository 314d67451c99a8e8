//! The `### Skill roots` alias table (spec §8.7 steps 1–4, errata 8.c/8.h).

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
    let mut skills_per_version: HashMap<PathBuf, usize> = HashMap::new();
    for skill in candidates {
        if let Some(base) = plugin_version_base(&skill.path) {
            *skills_per_version.entry(base).or_default() += 1;
        }
    }

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

/// Whether `path` may contain a `cache` component (a necessary condition for a plugin-cache
/// path). `str::contains` is a vectorised search; a byte-window loop costs several times more.
fn mentions_cache(path: &Path) -> bool {
    path.to_str().is_none_or(|text| text.contains("cache"))
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
    fn paths_outside_a_plugin_cache_have_no_bases() {
        assert_eq!(marketplace_base(Path::new("/r/.agents/skills")), None);
        assert_eq!(marketplace_base(Path::new("/r/cache/x")), None);
        assert_eq!(plugin_version_base(Path::new("/h/plugins/cache/m/p")), None);
    }
}
