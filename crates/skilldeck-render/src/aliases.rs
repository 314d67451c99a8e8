//! The `### Skill roots` alias table (spec §8.7 steps 1–4, errata 8.c/8.h).

use std::collections::{HashMap, HashSet};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use skilldeck_model::{SkillMetadata, SkillRoot, display_path};

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

/// The alias roots for `candidates` (catalog order) and, per candidate, its path in alias form
/// (`rN/<walked path below the alias root>`), or its absolute form when it has no alias root.
pub(crate) struct AliasTable {
    pub roots: Vec<AliasRoot>,
    pub paths: Vec<String>,
}

/// Builds the table: canonical roots (in root order) that own at least one candidate, collapsed
/// into their plugin-cache marketplace when their plugin version holds a single catalog skill,
/// de-duplicated and numbered.
pub(crate) fn alias_table(
    roots: &[SkillRoot],
    candidates: &[&SkillMetadata],
    absolute_paths: &[String],
) -> AliasTable {
    let mut skills_per_version: HashMap<PathBuf, usize> = HashMap::new();
    for skill in candidates {
        if let Some(base) = plugin_version_base(&skill.path) {
            *skills_per_version.entry(base).or_default() += 1;
        }
    }

    let owning: HashSet<&Path> = candidates
        .iter()
        .map(|skill| skill.root.as_path())
        .collect();
    let mut alias_dirs: Vec<&Path> = Vec::new();
    let mut alias_of_root: HashMap<&Path, usize> = HashMap::new();
    for root in roots {
        let root = root.path.as_path();
        if alias_of_root.contains_key(root) || !owning.contains(root) {
            continue;
        }
        let dir = collapsed_alias_dir(root, &skills_per_version);
        let index = alias_dirs
            .iter()
            .position(|d| *d == dir)
            .unwrap_or_else(|| {
                alias_dirs.push(dir);
                alias_dirs.len() - 1
            });
        alias_of_root.insert(root, index);
    }

    let paths = candidates
        .iter()
        .zip(absolute_paths)
        .map(|(skill, absolute)| {
            alias_of_root
                .get(skill.root.as_path())
                .and_then(|&index| {
                    let walked = skill.walked_absolute_path();
                    let relative = walked.strip_prefix(alias_dirs[index]).ok()?;
                    Some(format!("r{index}/{}", display_path(relative)))
                })
                .unwrap_or_else(|| absolute.clone())
        })
        .collect();
    let roots = alias_dirs
        .iter()
        .enumerate()
        .map(|(index, dir)| AliasRoot {
            alias: format!("r{index}"),
            path: display_path(dir),
        })
        .collect();
    AliasTable { roots, paths }
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
    path.ancestors().find(|candidate| {
        let parent = candidate.parent();
        parent.and_then(Path::file_name) == Some(OsStr::new("cache"))
            && parent.and_then(Path::parent).and_then(Path::file_name)
                == Some(OsStr::new("plugins"))
    })
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
        assert_eq!(plugin_version_base(Path::new("/h/plugins/cache/m/p")), None);
    }
}
