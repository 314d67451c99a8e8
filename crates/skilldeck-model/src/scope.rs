use std::borrow::Cow;
use std::fmt;

/// Where a skill was found, as an open value.
///
/// Codex has four closed scopes; skilldeck keeps them as constants ([`Scope::REPO`],
/// [`Scope::USER`], [`Scope::SYSTEM`], [`Scope::ADMIN`]) and lets anyone define more. A scope
/// carries everything the pipeline needs to treat its skills correctly, so render, injection and
/// invocation never match on scope names:
///
/// * `load_rank` orders the loaded skill list (lower first; repo 0, user 100, system 200,
///   admin 300);
/// * `prompt_rank` orders the catalog and decides who is dropped first under budget pressure
///   (lower first; system 0, admin 100, repo 200, user 300);
/// * `follows_symlinks` says whether directory symlinks below its roots are followed;
/// * `reports_errors` says whether a broken `SKILL.md` becomes a [`crate::SkillError`]
///   (the system scope stays silent, as in Codex).
///
/// Two scopes are equal when all of these are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scope {
    name: Cow<'static, str>,
    load_rank: u32,
    prompt_rank: u32,
    follows_symlinks: bool,
    reports_errors: bool,
}

impl Scope {
    /// Skills of the repository the agent works in (`.agents/skills`, `<project>/skills`).
    pub const REPO: Scope = Scope::const_new("repo", 0, 200);
    /// Skills of the person (`~/.agents/skills`, `<home>/skills`, extra roots).
    pub const USER: Scope = Scope::const_new("user", 100, 300);
    /// Bundled skills installed by the tool itself: symlinks not followed, errors not reported.
    pub const SYSTEM: Scope = Scope {
        name: Cow::Borrowed("system"),
        load_rank: 200,
        prompt_rank: 0,
        follows_symlinks: false,
        reports_errors: false,
    };
    /// Skills provided by the machine's administrator (`/etc/<tool>/skills`).
    pub const ADMIN: Scope = Scope::const_new("admin", 300, 100);

    /// The four scopes Codex knows, in loader order.
    pub const BUILT_IN: [Scope; 4] = [Scope::REPO, Scope::USER, Scope::SYSTEM, Scope::ADMIN];

    /// A scope that follows directory symlinks and reports errors, usable in `const` items.
    pub const fn const_new(name: &'static str, load_rank: u32, prompt_rank: u32) -> Scope {
        Scope {
            name: Cow::Borrowed(name),
            load_rank,
            prompt_rank,
            follows_symlinks: true,
            reports_errors: true,
        }
    }

    /// A scope with the given name and ranks that follows directory symlinks and reports errors.
    pub fn new(name: impl Into<Cow<'static, str>>, load_rank: u32, prompt_rank: u32) -> Scope {
        Scope {
            name: name.into(),
            load_rank,
            prompt_rank,
            follows_symlinks: true,
            reports_errors: true,
        }
    }

    /// The same scope with another directory-symlink policy.
    #[must_use]
    pub fn with_follows_symlinks(mut self, follows: bool) -> Scope {
        self.follows_symlinks = follows;
        self
    }

    /// The same scope with another error-reporting policy.
    #[must_use]
    pub fn with_reports_errors(mut self, reports: bool) -> Scope {
        self.reports_errors = reports;
        self
    }

    /// The built-in scope with this wire name (`repo`, `user`, `system`, `admin`), if any.
    pub fn built_in(name: &str) -> Option<Scope> {
        Scope::BUILT_IN
            .into_iter()
            .find(|scope| scope.name() == name)
    }

    /// The wire name (`repo`, `user`, `system`, `admin`, or a custom scope's own name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Rank in the loaded skill list; lower sorts first.
    pub fn load_rank(&self) -> u32 {
        self.load_rank
    }

    /// Rank in the catalog; lower is listed first and dropped last.
    pub fn prompt_rank(&self) -> u32 {
        self.prompt_rank
    }

    /// Whether directory symlinks below this scope's roots are followed.
    pub fn follows_symlinks(&self) -> bool {
        self.follows_symlinks
    }

    /// Whether a broken `SKILL.md` in this scope becomes a reported error.
    pub fn reports_errors(&self) -> bool {
        self.reports_errors
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl serde::Serialize for Scope {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_orders_match_codex() {
        let mut by_load = Scope::BUILT_IN.to_vec();
        by_load.sort_by_key(Scope::load_rank);
        let names: Vec<_> = by_load.iter().map(Scope::name).collect();
        assert_eq!(names, ["repo", "user", "system", "admin"]);

        let mut by_prompt = Scope::BUILT_IN.to_vec();
        by_prompt.sort_by_key(Scope::prompt_rank);
        let names: Vec<_> = by_prompt.iter().map(Scope::name).collect();
        assert_eq!(names, ["system", "admin", "repo", "user"]);
    }

    #[test]
    fn only_system_scope_is_strict() {
        for scope in Scope::BUILT_IN {
            let strict = scope == Scope::SYSTEM;
            assert_eq!(scope.follows_symlinks(), !strict, "{scope}");
            assert_eq!(scope.reports_errors(), !strict, "{scope}");
        }
    }

    #[test]
    fn custom_scope_is_a_value() {
        let team = Scope::new(String::from("team"), 50, 250).with_reports_errors(false);
        assert_eq!(team.name(), "team");
        assert!(!team.reports_errors());
        assert_eq!(Scope::built_in("team"), None);
        assert_eq!(Scope::built_in("admin"), Some(Scope::ADMIN));
    }
}
