//! Which loaded skills one turn selects, in Codex's order, plus the diagnostics Codex keeps to
//! itself.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use skilldeck_model::{Diagnostic, LoadOutcome, SkillMetadata, lexically_normalize};

use crate::codes;
use crate::counts::MentionCounts;
use crate::grammar::{Mentions, PathKind, extract_mentions, linked_skill_path};
use crate::input::UserInput;

/// The outcome of [`select`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Selected skills in injection order, each at most once.
    pub skills: Vec<SkillMetadata>,
    /// Mentions that selected nothing, explained (for people; never model-visible).
    pub diagnostics: Vec<Diagnostic>,
}

/// Shared state of one selection pass (Codex's `selected`, `seen_*`, `blocked_plain_names`).
struct Selector<'a> {
    outcome: &'a LoadOutcome,
    connectors: HashSet<String>,
    counts: MentionCounts,
    /// Every loaded skill by canonical path (the first one on a duplicate, like a linear search).
    by_path: HashMap<&'a Path, &'a SkillMetadata>,
    /// Every loaded skill by exact name, in loader order.
    by_name: HashMap<&'a str, Vec<&'a SkillMetadata>>,
    selected: Vec<&'a SkillMetadata>,
    seen_paths: HashSet<&'a Path>,
    seen_names: HashSet<&'a str>,
    blocked_plain_names: HashSet<String>,
    diagnostics: Vec<Diagnostic>,
    reported: HashSet<(&'static str, String)>,
}

impl<'a> Selector<'a> {
    fn new(outcome: &'a LoadOutcome, connectors: &[&str]) -> Selector<'a> {
        let mut by_path = HashMap::new();
        let mut by_name: HashMap<&str, Vec<&SkillMetadata>> = HashMap::new();
        for skill in &outcome.skills {
            by_path.entry(skill.path.as_path()).or_insert(skill);
            by_name.entry(skill.name.as_str()).or_default().push(skill);
        }
        Selector {
            outcome,
            connectors: connectors.iter().map(|c| c.to_ascii_lowercase()).collect(),
            counts: MentionCounts::of(outcome),
            by_path,
            by_name,
            selected: Vec::new(),
            seen_paths: HashSet::new(),
            seen_names: HashSet::new(),
            blocked_plain_names: HashSet::new(),
            diagnostics: Vec::new(),
            reported: HashSet::new(),
        }
    }

    fn take(&mut self, skill: &'a SkillMetadata) {
        self.seen_paths.insert(&skill.path);
        self.seen_names.insert(&skill.name);
        self.selected.push(skill);
    }

    fn available(&self, skill: &SkillMetadata) -> bool {
        self.outcome.is_enabled(skill) && !self.seen_paths.contains(skill.path.as_path())
    }

    fn report(&mut self, code: &'static str, key: String, diagnostic: impl FnOnce() -> Diagnostic) {
        if self.reported.insert((code, key)) {
            self.diagnostics.push(diagnostic());
        }
    }

    fn structured(&mut self, name: &str, path: &Path, cwd: Option<&Path>) {
        self.blocked_plain_names.insert(name.to_owned());
        let absolute = match cwd {
            Some(cwd) if path.is_relative() => cwd.join(path),
            _ => path.to_path_buf(),
        };
        let absolute = lexically_normalize(&absolute);
        let outcome = self.outcome;
        match self.by_path.get(absolute.as_path()).copied() {
            Some(skill) if !outcome.is_enabled(skill) => {
                self.report(codes::DISABLED, display(&absolute), || {
                    Diagnostic::info(
                        codes::DISABLED,
                        format!("selected skill `{name}` is disabled by configuration; nothing was injected for it"),
                    )
                    .at(&absolute)
                });
            }
            Some(skill) => {
                if self.available(skill) {
                    self.take(skill);
                }
            }
            None => {
                self.report(codes::UNMATCHED_SELECTION, display(&absolute), || {
                    Diagnostic::warning(
                        codes::UNMATCHED_SELECTION,
                        format!("selected skill `{name}` is not a loaded skill at this path; nothing was injected, and `${name}` in the same turn is ignored"),
                    )
                    .at(&absolute)
                });
            }
        }
    }

    fn text(&mut self, mentions: &Mentions) {
        let outcome = self.outcome;
        let linked: Vec<PathBuf> = mentions
            .paths
            .iter()
            .filter(|path| PathKind::of(path).may_name_a_skill())
            .map(|path| linked_skill_path(path))
            .collect();
        // Sets, so a message with many mentions stays linear in skills + mentions.
        let linked_set: HashSet<&Path> = linked.iter().map(PathBuf::as_path).collect();
        let plain_names: HashSet<&str> = mentions.plain_names.iter().map(String::as_str).collect();
        for skill in &outcome.skills {
            if self.available(skill) && linked_set.contains(skill.path.as_path()) {
                self.take(skill);
            }
        }
        for skill in &outcome.skills {
            if !self.available(skill)
                || self.blocked_plain_names.contains(&skill.name)
                || !plain_names.contains(skill.name.as_str())
                || self.counts.exact(&skill.name) != 1
                || self.connectors.contains(&skill.name.to_ascii_lowercase())
            {
                continue;
            }
            if !self.seen_names.contains(skill.name.as_str()) {
                self.take(skill);
            }
        }
        self.explain_links(mentions, &linked);
        self.explain_plain_names(mentions);
    }

    fn explain_links(&mut self, mentions: &Mentions, linked: &[PathBuf]) {
        let raw = mentions
            .paths
            .iter()
            .filter(|path| PathKind::of(path).may_name_a_skill());
        for (raw, path) in raw.zip(linked) {
            let outcome = self.outcome;
            match self.by_path.get(path.as_path()).copied() {
                Some(skill) if !outcome.is_enabled(skill) => {
                    self.report(codes::DISABLED, display(path), || {
                        Diagnostic::info(
                            codes::DISABLED,
                            format!("linked skill `{}` is disabled by configuration; nothing was injected for it", skill.name),
                        )
                        .at(path)
                    });
                }
                Some(_) => {}
                None => {
                    let why = if path.is_relative() {
                        "relative links are never resolved; use the absolute canonical path of a SKILL.md"
                    } else {
                        "a link must name the canonical path of a loaded SKILL.md (symlinks are not followed, case matters)"
                    };
                    self.report(codes::UNMATCHED_LINK, raw.clone(), || {
                        Diagnostic::warning(
                            codes::UNMATCHED_LINK,
                            format!("linked mention `{raw}` matches no loaded skill, so nothing was injected for it: {why}"),
                        )
                        .at(path)
                    });
                }
            }
        }
    }

    fn explain_plain_names(&mut self, mentions: &Mentions) {
        for name in &mentions.plain_names {
            if self.seen_names.contains(name.as_str()) || self.blocked_plain_names.contains(name) {
                continue;
            }
            let outcome = self.outcome;
            let named = self
                .by_name
                .get(name.as_str())
                .map_or(&[][..], Vec::as_slice);
            let enabled: Vec<&SkillMetadata> = named
                .iter()
                .copied()
                .filter(|skill| outcome.is_enabled(skill))
                .collect();
            match enabled.len() {
                0 if !named.is_empty() => {
                    self.report(codes::DISABLED, name.clone(), || {
                        Diagnostic::info(
                            codes::DISABLED,
                            format!("`${name}` names a skill that is disabled by configuration; nothing was injected for it"),
                        )
                    });
                }
                0 => self.explain_trailing_colon(name),
                1 => {
                    let skill = enabled[0];
                    if self.connectors.contains(&name.to_ascii_lowercase()) {
                        self.report(codes::CONNECTOR, name.clone(), || {
                            Diagnostic::warning(
                                codes::CONNECTOR,
                                format!("`${name}` is also the name of a connector, so it was read as the connector and the skill was not injected; link the skill as [${name}]({}) to use it", skill.path.to_string_lossy()),
                            )
                            .at(&skill.path)
                        });
                    }
                }
                _ => {
                    let paths: Vec<String> = enabled
                        .iter()
                        .map(|skill| skill.path.to_string_lossy().into_owned())
                        .collect();
                    self.report(codes::AMBIGUOUS, name.clone(), || {
                        Diagnostic::warning(
                            codes::AMBIGUOUS,
                            format!("`${name}` matches {} enabled skills ({}), so none was injected; link the one you mean as [${name}](<path>)", paths.len(), paths.join(", ")),
                        )
                    });
                }
            }
        }
    }

    fn explain_trailing_colon(&mut self, name: &str) {
        let stripped = name.trim_end_matches(':');
        if stripped.len() == name.len() || stripped.is_empty() || self.seen_names.contains(stripped)
        {
            return;
        }
        if self.counts.exact(stripped) > 0 {
            self.report(codes::TRAILING_COLON, name.to_owned(), || {
                Diagnostic::warning(
                    codes::TRAILING_COLON,
                    format!("`${name}` matches no skill because `:` belongs to mention names; write `${stripped}` followed by a space to mention the skill `{stripped}`"),
                )
            });
        }
    }
}

fn display(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Selects the skills one turn mentions, exactly as Codex 0.171 does.
///
/// 1. Structured [`UserInput::Skill`] items first, in input order: the name is always blocked for
///    plain-name matching in this turn; the path (made absolute against `cwd` when relative —
///    Codex uses its *process* current directory here — and normalised lexically) selects the
///    loaded skill with exactly that canonical path, unless it is disabled or already selected.
///    With `cwd` = `None` a relative path selects nothing.
/// 2. Then each [`UserInput::Text`], in input order: first the skills whose canonical path equals
///    one of the text's linked paths, then the skills named by its plain `$name`s — each group
///    in loader order (the order of `outcome.skills`), not in mention order. A plain name selects
///    only if exactly one enabled skill has that exact name, it is not blocked, and no connector
///    slug equals it (ASCII case-insensitively).
///
/// Candidates are all loaded skills except disabled ones — including skills that do not allow
/// implicit invocation. Each skill is selected at most once.
///
/// `connectors` are the slugs of the connectors (apps) available in the session.
pub fn select(
    outcome: &LoadOutcome,
    inputs: &[UserInput],
    connectors: &[&str],
    cwd: Option<&Path>,
) -> Selection {
    let mut selector = Selector::new(outcome, connectors);
    for input in inputs {
        if let UserInput::Skill { name, path } = input {
            selector.structured(name, path, cwd);
        }
    }
    for input in inputs {
        if let UserInput::Text(text) = input {
            selector.text(&extract_mentions(text));
        }
    }
    Selection {
        skills: selector.selected.into_iter().cloned().collect(),
        diagnostics: selector.diagnostics,
    }
}
