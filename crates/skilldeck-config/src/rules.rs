//! `[[skills.config]]` rules and the order that decides between them.

use std::fmt;
use std::path::PathBuf;

/// Which skills a rule is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Selector {
    /// The canonical path of one `SKILL.md` (the folder does not match, errata 7.b).
    Path(PathBuf),
    /// Every skill whose full (plugin-qualified) name equals this, case-sensitively.
    Name(String),
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Selector::Path(path) => write!(f, "path = {:?}", path.display().to_string()),
            Selector::Name(name) => write!(f, "name = {name:?}"),
        }
    }
}

/// The config layer a rule or value came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LayerSource {
    /// A `config.toml` file (the user's, in the built-in loading).
    File(PathBuf),
    /// The session's `-c key=value` overrides.
    SessionFlags,
}

impl fmt::Display for LayerSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayerSource::File(path) => write!(f, "{}", path.display()),
            LayerSource::SessionFlags => f.write_str("-c overrides"),
        }
    }
}

/// Where a rule was written: its layer, its position in that layer's `skills.config` list, and
/// its line when the layer is a file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleOrigin {
    /// The layer.
    pub layer: LayerSource,
    /// 1-based index of the entry in the layer's `skills.config` list.
    pub entry: usize,
    /// 1-based line where the entry starts, for file layers.
    pub line: Option<usize>,
}

impl fmt::Display for RuleOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.layer, self.line) {
            (LayerSource::File(path), Some(line)) => write!(
                f,
                "{}:{line} (skills.config entry {})",
                path.display(),
                self.entry
            ),
            (layer, _) => write!(f, "{layer} (skills.config entry {})", self.entry),
        }
    }
}

/// One enable/disable rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The skills it is about.
    pub selector: Selector,
    /// `false` disables them, `true` enables them again.
    pub enabled: bool,
    /// Where it was written.
    pub origin: RuleOrigin,
}

/// The ordered rule list: layers lowest precedence first, entries in file order; a rule whose
/// selector equals an earlier rule's removes that rule and goes to the end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleList {
    rules: Vec<Rule>,
}

impl RuleList {
    /// An empty list.
    pub fn new() -> RuleList {
        RuleList::default()
    }

    /// Adds `rule` last, dropping any earlier rule with an equal selector.
    pub fn push(&mut self, rule: Rule) {
        self.rules
            .retain(|earlier| earlier.selector != rule.selector);
        self.rules.push(rule);
    }

    /// The rules in the order they are applied.
    pub fn iter(&self) -> std::slice::Iter<'_, Rule> {
        self.rules.iter()
    }

    /// Number of rules.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    /// True when there are no rules.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

impl<'a> IntoIterator for &'a RuleList {
    type Item = &'a Rule;
    type IntoIter = std::slice::Iter<'a, Rule>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<Rule> for RuleList {
    fn from_iter<I: IntoIterator<Item = Rule>>(iter: I) -> RuleList {
        let mut list = RuleList::new();
        for rule in iter {
            list.push(rule);
        }
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(selector: Selector, enabled: bool, entry: usize) -> Rule {
        Rule {
            selector,
            enabled,
            origin: RuleOrigin {
                layer: LayerSource::SessionFlags,
                entry,
                line: None,
            },
        }
    }

    #[test]
    fn an_equal_selector_moves_to_the_end_with_its_new_value() {
        let name = || Selector::Name("a".into());
        let path = Selector::Path("/r/a/SKILL.md".into());
        let list: RuleList = [
            rule(name(), false, 1),
            rule(path.clone(), false, 2),
            rule(name(), true, 3),
        ]
        .into_iter()
        .collect();
        let order: Vec<_> = list.iter().map(|r| (&r.selector, r.enabled)).collect();
        assert_eq!(order, [(&path, false), (&name(), true)]);
    }

    #[test]
    fn different_selectors_for_the_same_skill_both_stay() {
        let list: RuleList = [
            rule(Selector::Path("/r/a/SKILL.md".into()), false, 1),
            rule(Selector::Name("a".into()), true, 2),
        ]
        .into_iter()
        .collect();
        assert_eq!(list.len(), 2);
    }

    #[test]
    fn origin_names_file_line_and_entry() {
        let origin = RuleOrigin {
            layer: LayerSource::File("/h/config.toml".into()),
            entry: 2,
            line: Some(5),
        };
        assert_eq!(
            origin.to_string(),
            "/h/config.toml:5 (skills.config entry 2)"
        );
    }
}
