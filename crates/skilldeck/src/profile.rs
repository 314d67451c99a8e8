//! The two built-in behaviours: read like Codex and never write, or be skilldeck.

use skilldeck_model::Layout;

/// A profile: a [`Layout`] (which directories) plus the behaviour that goes with it.
///
/// * [`Profile::Codex`] reads exactly what Codex 0.171 reads and **never writes**: no bundled
///   skills are installed into Codex's cache, and a malformed `[skills]` table is fatal as in
///   Codex (errata 7.j).
/// * [`Profile::Skilldeck`] (the CLI's default) uses skilldeck's own home and installs the
///   bundled skills into `<home>/skills/.system` on first use (a failure is a warning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// skilldeck's own directories; installs the bundled skills on first use.
    Skilldeck,
    /// Codex's directories; read-only.
    Codex,
}

impl Profile {
    /// The profile with this name (`skilldeck`, `codex`).
    pub fn by_name(name: &str) -> Option<Profile> {
        match name {
            "skilldeck" => Some(Profile::Skilldeck),
            "codex" => Some(Profile::Codex),
            _ => None,
        }
    }

    /// The profile's name.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Skilldeck => "skilldeck",
            Profile::Codex => "codex",
        }
    }

    /// The profile's directories.
    pub fn layout(self) -> Layout {
        match self {
            Profile::Skilldeck => Layout::skilldeck(),
            Profile::Codex => Layout::codex(),
        }
    }

    /// The behaviour a layout implies: skilldeck's own layout gets skilldeck's behaviour; every
    /// other layout (Codex's, or a custom one) gets the read-only Codex behaviour, so that a
    /// layout pointing into another tool's directories is never written to by default.
    pub fn for_layout(layout: &Layout) -> Profile {
        if *layout == Layout::skilldeck() {
            Profile::Skilldeck
        } else {
            Profile::Codex
        }
    }

    /// Whether this profile may write (install the bundled skills).
    pub fn writes(self) -> bool {
        self == Profile::Skilldeck
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_skilldeck_layout_gets_the_writing_profile() {
        assert_eq!(
            Profile::for_layout(&Layout::skilldeck()),
            Profile::Skilldeck
        );
        assert_eq!(Profile::for_layout(&Layout::codex()), Profile::Codex);
        let mut custom = Layout::skilldeck();
        custom.name = "team".into();
        assert_eq!(Profile::for_layout(&custom), Profile::Codex);
        assert!(!Profile::Codex.writes());
    }

    #[test]
    fn names_round_trip() {
        for profile in [Profile::Skilldeck, Profile::Codex] {
            assert_eq!(Profile::by_name(profile.name()), Some(profile));
            assert_eq!(profile.layout().name, profile.name());
        }
    }
}
