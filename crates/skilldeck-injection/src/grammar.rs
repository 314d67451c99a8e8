//! The mention grammar: `$name` and `[$name](path)`, byte for byte as Codex 0.171 reads them.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use skilldeck_model::lexically_normalize;

/// The sigil that starts a skill mention.
const SIGIL: u8 = b'$';

/// Names that are read as environment variables, never as skills (compared ASCII
/// case-insensitively). A skill literally named `home` can therefore not be mentioned from text.
pub const ENVIRONMENT_VARIABLE_NAMES: [&str; 11] = [
    "PATH",
    "HOME",
    "USER",
    "SHELL",
    "PWD",
    "TMPDIR",
    "TEMP",
    "TMP",
    "LANG",
    "TERM",
    "XDG_CONFIG_HOME",
];

/// Whether `name` is one of [`ENVIRONMENT_VARIABLE_NAMES`], ignoring ASCII case.
pub fn is_environment_variable_name(name: &str) -> bool {
    ENVIRONMENT_VARIABLE_NAMES
        .iter()
        .any(|env| env.eq_ignore_ascii_case(name))
}

/// Whether `byte` may appear in a mention name: `[A-Za-z0-9_:-]`.
pub fn is_mention_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b':' | b'-')
}

/// What a linked mention's path points at, judged from its text alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathKind {
    /// `app://…`: a connector, never a skill.
    App,
    /// `mcp://…`: an MCP resource, never a skill.
    Mcp,
    /// `plugin://…`: a plugin, never a skill.
    Plugin,
    /// `skill://…`, or a last segment equal to `SKILL.md` (ASCII case-insensitive).
    Skill,
    /// Anything else; still tried against skill paths.
    Other,
}

impl PathKind {
    /// Classifies a (trimmed) linked path.
    pub fn of(path: &str) -> PathKind {
        if path.starts_with("app://") {
            PathKind::App
        } else if path.starts_with("mcp://") {
            PathKind::Mcp
        } else if path.starts_with("plugin://") {
            PathKind::Plugin
        } else if path.starts_with("skill://") || last_segment_is_skill_file(path) {
            PathKind::Skill
        } else {
            PathKind::Other
        }
    }

    /// Whether paths of this kind are compared with skill paths (`Skill` and `Other`).
    pub fn may_name_a_skill(self) -> bool {
        matches!(self, PathKind::Skill | PathKind::Other)
    }
}

fn last_segment_is_skill_file(path: &str) -> bool {
    path.rsplit(['/', '\\'])
        .next()
        .is_some_and(|segment| segment.eq_ignore_ascii_case("SKILL.md"))
}

/// The path a linked mention is compared with: `skill://` stripped, then normalised lexically
/// (`.`, empty and trailing components and `x/..` removed without touching the disk). It is
/// never resolved against a directory and never follows symlinks, so a relative link can never
/// equal a loaded skill's absolute canonical path.
pub fn linked_skill_path(path: &str) -> PathBuf {
    let stripped = path.strip_prefix("skill://").unwrap_or(path);
    lexically_normalize(Path::new(stripped))
}

/// What one text mentions. Each list holds distinct entries in order of first appearance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mentions {
    /// Every mentioned name: plain names and the names of linked mentions whose path is not an
    /// app, MCP or plugin path.
    pub names: Vec<String>,
    /// Names written as plain `$name` (or as a failed link such as `[$name]()`); only these
    /// select skills by name.
    pub plain_names: Vec<String>,
    /// Trimmed paths of linked mentions, as written (`skill://` not yet stripped).
    pub paths: Vec<String>,
}

/// Collects distinct strings in order of first appearance.
#[derive(Default)]
struct OrderedSet<'a> {
    seen: HashSet<&'a str>,
    items: Vec<String>,
}

impl<'a> OrderedSet<'a> {
    fn insert(&mut self, item: &'a str) {
        if self.seen.insert(item) {
            self.items.push(item.to_owned());
        }
    }
}

/// Remembers the last search for `)` so that a text full of unclosed links stays linear:
/// positions only move forward, so one search answers every later question until its hit is
/// passed.
#[derive(Default)]
struct CloseParenCache {
    /// `(searched_from, first ')' at or after it)` of the last search.
    last: Option<(usize, Option<usize>)>,
}

impl CloseParenCache {
    fn next_from(&mut self, bytes: &[u8], from: usize) -> Option<usize> {
        if let Some((searched_from, found)) = self.last
            && from >= searched_from
            && found.is_none_or(|at| at >= from)
        {
            return found;
        }
        let found = bytes
            .get(from..)
            .and_then(|rest| rest.iter().position(|&b| b == b')'))
            .map(|offset| from + offset);
        self.last = Some((from, found));
        found
    }
}

/// A successful linked mention: name, trimmed path and the index just past its `)`.
struct Link<'a> {
    name: &'a str,
    path: &'a str,
    end: usize,
}

/// Tries to read `[$name](path)` starting at the `[` at `start`.
fn parse_link<'a>(text: &'a str, start: usize, cache: &mut CloseParenCache) -> Option<Link<'a>> {
    let bytes = text.as_bytes();
    if bytes.get(start + 1) != Some(&SIGIL) {
        return None;
    }
    let name_start = start + 2;
    let name_end = name_start
        + bytes[name_start.min(bytes.len())..]
            .iter()
            .take_while(|&&b| is_mention_name_byte(b))
            .count();
    if name_end == name_start || bytes.get(name_end) != Some(&b']') {
        return None;
    }
    let mut open = name_end + 1;
    while bytes.get(open).is_some_and(u8::is_ascii_whitespace) {
        open += 1;
    }
    if bytes.get(open) != Some(&b'(') {
        return None;
    }
    let close = cache.next_from(bytes, open + 1)?;
    let path = text[open + 1..close].trim();
    if path.is_empty() {
        return None;
    }
    Some(Link {
        name: &text[name_start..name_end],
        path,
        end: close + 1,
    })
}

/// Reads every mention in `text` in one forward pass (linear in its length on any input).
///
/// * `$name` — a `$` (no boundary needed before it) followed by at least one byte of
///   `[A-Za-z0-9_:-]`; the name is the longest such run.
/// * `[$name](path)` — ASCII whitespace allowed between `]` and `(`, the path runs to the first
///   `)` and is trimmed; an empty path, or any other failure, makes the `[` an ordinary byte.
/// * Names equal to common environment variables are dropped (for a link, with its path).
/// * No escaping, code spans or quoting: `` `$x` `` and `\$x` are mentions.
pub fn extract_mentions(text: &str) -> Mentions {
    let bytes = text.as_bytes();
    let mut names = OrderedSet::default();
    let mut plain_names = OrderedSet::default();
    let mut paths = OrderedSet::default();
    let mut cache = CloseParenCache::default();
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'[' => {
                if let Some(link) = parse_link(text, index, &mut cache) {
                    if !is_environment_variable_name(link.name) {
                        if PathKind::of(link.path).may_name_a_skill() {
                            names.insert(link.name);
                        }
                        paths.insert(link.path);
                    }
                    index = link.end;
                } else {
                    index += 1;
                }
            }
            SIGIL => {
                let start = index + 1;
                let len = bytes[start..]
                    .iter()
                    .take_while(|&&b| is_mention_name_byte(b))
                    .count();
                if len == 0 {
                    index += 1;
                    continue;
                }
                let name = &text[start..start + len];
                if !is_environment_variable_name(name) {
                    names.insert(name);
                    plain_names.insert(name);
                }
                index = start + len;
            }
            _ => index += 1,
        }
    }
    Mentions {
        names: names.items,
        plain_names: plain_names.items,
        paths: paths.items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_stops_at_dot_and_keeps_colon() {
        let m = extract_mentions("$alpha.skill $slack:search $pdf:");
        assert_eq!(m.plain_names, ["alpha", "slack:search", "pdf:"]);
    }

    #[test]
    fn close_paren_cache_answers_forward_queries() {
        let bytes = b"a)b)c";
        let mut cache = CloseParenCache::default();
        assert_eq!(cache.next_from(bytes, 0), Some(1));
        assert_eq!(cache.next_from(bytes, 1), Some(1));
        assert_eq!(cache.next_from(bytes, 2), Some(3));
        assert_eq!(cache.next_from(bytes, 4), None);
        assert_eq!(cache.next_from(bytes, 5), None);
    }

    #[test]
    fn path_kinds_follow_prefixes_and_file_name() {
        assert_eq!(PathKind::of("app://x"), PathKind::App);
        assert_eq!(PathKind::of("mcp://x"), PathKind::Mcp);
        assert_eq!(PathKind::of("plugin://x"), PathKind::Plugin);
        assert_eq!(PathKind::of("skill://x"), PathKind::Skill);
        assert_eq!(PathKind::of("/a/skill.MD"), PathKind::Skill);
        assert_eq!(PathKind::of(r"C:\a\SKILL.md"), PathKind::Skill);
        assert_eq!(PathKind::of("/a/SKILL.md/"), PathKind::Other);
        assert_eq!(PathKind::of("/tmp/beta"), PathKind::Other);
    }
}
