use std::borrow::Cow;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The directory names of a profile: where its home, project, admin and cache directories are.
///
/// Two layouts are built in: [`Layout::codex`] reads exactly what Codex reads, and
/// [`Layout::skilldeck`] keeps skilldeck's own state apart from Codex's while still sharing the
/// tool-neutral `.agents/skills` directories. Pure data: resolving the home directory takes the
/// environment value as an argument instead of reading it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Profile name (`codex`, `skilldeck`).
    pub name: Cow<'static, str>,
    /// Environment variable that overrides the home directory (`CODEX_HOME`).
    pub home_env: Cow<'static, str>,
    /// Home directory relative to the user's home when the variable is unset (`.codex`).
    pub home_default: Cow<'static, str>,
    /// Per-project configuration directory name (`.codex`); its `skills/` is a repo root.
    pub project_dir: Cow<'static, str>,
    /// Administrator directory (`/etc/codex`); its `skills/` is the admin root.
    pub admin_dir: Cow<'static, str>,
    /// Tool-neutral skills directory, relative to the user's home and to project directories.
    pub agents_skills_dir: Cow<'static, str>,
    /// Sub-directory of the home (and of the project and admin directories) holding skills.
    pub skills_subdir: Cow<'static, str>,
    /// Sub-directory of the home's skills directory holding the bundled-skills cache.
    pub system_subdir: Cow<'static, str>,
    /// Marker file inside the bundled-skills cache.
    pub marker_file: Cow<'static, str>,
    /// Configuration file inside the home directory.
    pub config_file: Cow<'static, str>,
}

impl Layout {
    /// Codex's directories: `$CODEX_HOME` (default `~/.codex`), `.codex`, `/etc/codex`.
    pub fn codex() -> Layout {
        Layout {
            name: Cow::Borrowed("codex"),
            home_env: Cow::Borrowed("CODEX_HOME"),
            home_default: Cow::Borrowed(".codex"),
            project_dir: Cow::Borrowed(".codex"),
            admin_dir: Cow::Borrowed("/etc/codex"),
            agents_skills_dir: Cow::Borrowed(".agents/skills"),
            skills_subdir: Cow::Borrowed("skills"),
            system_subdir: Cow::Borrowed(".system"),
            marker_file: Cow::Borrowed(".codex-system-skills.marker"),
            config_file: Cow::Borrowed("config.toml"),
        }
    }

    /// skilldeck's own directories: `$SKILLDECK_HOME` (default `~/.skilldeck`), `.skilldeck`,
    /// `/etc/skilldeck`; the shared `.agents/skills` directories are still read.
    pub fn skilldeck() -> Layout {
        Layout {
            name: Cow::Borrowed("skilldeck"),
            home_env: Cow::Borrowed("SKILLDECK_HOME"),
            home_default: Cow::Borrowed(".skilldeck"),
            project_dir: Cow::Borrowed(".skilldeck"),
            admin_dir: Cow::Borrowed("/etc/skilldeck"),
            marker_file: Cow::Borrowed(".skilldeck-system-skills.marker"),
            ..Layout::codex()
        }
    }

    /// The built-in layout with this profile name.
    pub fn by_name(name: &str) -> Option<Layout> {
        match name {
            "codex" => Some(Layout::codex()),
            "skilldeck" => Some(Layout::skilldeck()),
            _ => None,
        }
    }

    /// The tool's home: the environment override when set and non-empty, else
    /// `<user home>/<home_default>`.
    pub fn resolve_home(
        &self,
        env_value: Option<&OsStr>,
        user_home: Option<&Path>,
    ) -> Option<PathBuf> {
        match env_value {
            Some(value) if !value.is_empty() => Some(PathBuf::from(value)),
            _ => user_home.map(|home| home.join(self.home_default.as_ref())),
        }
    }

    /// `<home>/skills`.
    pub fn skills_dir(&self, home: &Path) -> PathBuf {
        home.join(self.skills_subdir.as_ref())
    }

    /// `<home>/skills/.system`, the bundled-skills cache.
    pub fn system_cache_dir(&self, home: &Path) -> PathBuf {
        self.skills_dir(home).join(self.system_subdir.as_ref())
    }

    /// The marker file inside the bundled-skills cache.
    pub fn marker_path(&self, home: &Path) -> PathBuf {
        self.system_cache_dir(home).join(self.marker_file.as_ref())
    }

    /// `<home>/config.toml`.
    pub fn config_path(&self, home: &Path) -> PathBuf {
        home.join(self.config_file.as_ref())
    }

    /// `<admin dir>/skills`, or the same below an overriding admin directory.
    pub fn admin_skills_dir(&self, admin_dir_override: Option<&Path>) -> PathBuf {
        admin_dir_override
            .unwrap_or(Path::new(self.admin_dir.as_ref()))
            .join(self.skills_subdir.as_ref())
    }

    /// `<dir>/.codex/skills` (or the profile's project directory).
    pub fn project_skills_dir(&self, dir: &Path) -> PathBuf {
        dir.join(self.project_dir.as_ref())
            .join(self.skills_subdir.as_ref())
    }

    /// `<dir>/.agents/skills`.
    pub fn agents_skills_dir(&self, dir: &Path) -> PathBuf {
        dir.join(self.agents_skills_dir.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codex_paths() {
        let layout = Layout::codex();
        let home = Path::new("/h/.codex");
        assert_eq!(
            layout.system_cache_dir(home),
            Path::new("/h/.codex/skills/.system")
        );
        assert_eq!(
            layout.marker_path(home),
            Path::new("/h/.codex/skills/.system/.codex-system-skills.marker")
        );
        assert_eq!(
            layout.admin_skills_dir(None),
            Path::new("/etc/codex/skills")
        );
        assert_eq!(
            layout.project_skills_dir(Path::new("/r")),
            Path::new("/r/.codex/skills")
        );
        assert_eq!(
            layout.agents_skills_dir(Path::new("/r")),
            Path::new("/r/.agents/skills")
        );
    }

    #[test]
    fn home_resolution_prefers_a_non_empty_override() {
        let layout = Layout::skilldeck();
        let user = Path::new("/u");
        assert_eq!(
            layout.resolve_home(None, Some(user)),
            Some(PathBuf::from("/u/.skilldeck"))
        );
        assert_eq!(
            layout.resolve_home(Some(OsStr::new("")), Some(user)),
            Some(PathBuf::from("/u/.skilldeck"))
        );
        assert_eq!(
            layout.resolve_home(Some(OsStr::new("/x")), None),
            Some(PathBuf::from("/x"))
        );
        assert_eq!(layout.resolve_home(None, None), None);
    }
}
