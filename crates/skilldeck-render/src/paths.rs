//! Catalog paths as text: the walked absolute path of each candidate, built once per root.
//!
//! `display_path(root.join(walked))` per skill is correct but slow for thousands of skills (path
//! parsing, hashing by components, three allocations). Candidates share few roots, so each
//! root is displayed once and the walked part is appended as text; the result is the same
//! string because `/` (or `\`) never occurs inside a UTF-8 multi-byte sequence.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

use skilldeck_model::{SkillMetadata, display_path};

use crate::line::PathText;

/// The distinct roots of the candidates, in first-seen order, and each candidate's path parts.
pub(crate) struct RootGroups<'a> {
    /// Distinct `skill.root` values (compared as bytes).
    pub roots: Vec<&'a Path>,
    /// Per root: its display form.
    displays: Vec<String>,
    /// Per candidate: index into `roots`.
    pub of_candidate: Vec<usize>,
    /// Per candidate: the walked path below the root as text, when it is relative.
    pub walked: Vec<Option<Cow<'a, str>>>,
    /// Candidates whose walked path is not relative, by index: the whole displayed path.
    whole: HashMap<usize, String>,
}

impl<'a> RootGroups<'a> {
    pub fn new(candidates: &[&'a SkillMetadata]) -> RootGroups<'a> {
        let mut roots: Vec<&Path> = Vec::new();
        let mut index_of: HashMap<&[u8], usize> = HashMap::new();
        let mut last: Option<(&[u8], usize)> = None;
        let of_candidate = candidates
            .iter()
            .map(|skill| {
                let key = skill.root.as_os_str().as_encoded_bytes();
                if let Some((last_key, index)) = last
                    && last_key == key
                {
                    return index;
                }
                let index = *index_of.entry(key).or_insert_with(|| {
                    roots.push(&skill.root);
                    roots.len() - 1
                });
                last = Some((key, index));
                index
            })
            .collect();
        let walked: Vec<Option<Cow<'a, str>>> = candidates
            .iter()
            .map(|skill| {
                let walked = skill.walked_path.as_path();
                (walked.is_relative() && !walked.as_os_str().is_empty()).then(|| text_of(walked))
            })
            .collect();
        let whole = candidates
            .iter()
            .zip(&walked)
            .enumerate()
            .filter(|(_, (_, walked))| walked.is_none())
            .map(|(index, (skill, _))| (index, display_path(&skill.walked_absolute_path())))
            .collect();
        RootGroups {
            displays: roots.iter().map(|root| display_path(root)).collect(),
            roots,
            of_candidate,
            walked,
            whole,
        }
    }

    /// `display_path(skill.walked_absolute_path())` of candidate `index`, in parts.
    pub fn absolute_path(&self, index: usize) -> PathText<'_> {
        match &self.walked[index] {
            Some(walked) => PathText {
                head: &self.displays[self.of_candidate[index]],
                tail: walked,
            },
            None => PathText::whole(self.whole.get(&index).map_or("", String::as_str)),
        }
    }
}

/// Lossy UTF-8 with `\` turned into `/`, borrowing when nothing changes.
fn text_of(path: &Path) -> Cow<'_, str> {
    match path.to_str() {
        Some(text) if !text.contains('\\') => Cow::Borrowed(text),
        _ => Cow::Owned(display_path(path)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck_model::Scope;
    use std::path::PathBuf;

    fn skill(root: &str, walked: &str) -> SkillMetadata {
        let mut skill = SkillMetadata::new("s", "d", format!("{root}/{walked}"), Scope::REPO);
        skill.root = PathBuf::from(root);
        skill.walked_path = PathBuf::from(walked);
        skill
    }

    #[test]
    fn text_join_equals_path_join() {
        let skills = [
            skill("/r", "a/SKILL.md"),
            skill("/r/", "b/c/SKILL.md"),
            skill("/", "d/SKILL.md"),
            skill("/x", "/abs/SKILL.md"),
            skill("/r", "a/SKILL.md"),
        ];
        let candidates: Vec<&SkillMetadata> = skills.iter().collect();
        let groups = RootGroups::new(&candidates);
        let expected: Vec<String> = skills
            .iter()
            .map(|s| display_path(&s.walked_absolute_path()))
            .collect();
        let joined: Vec<String> = (0..candidates.len())
            .map(|index| groups.absolute_path(index).joined())
            .collect();
        assert_eq!(joined, expected);
        assert_eq!(groups.of_candidate, [0, 1, 2, 3, 0]);
    }

    proptest::proptest! {
        #[test]
        fn absolute_path_text_equals_displayed_join(
            entries in proptest::collection::vec(
                ("(/|/[a-zé]{1,4}){1,3}/?", "/?[a-z\\\\]{0,3}(/[a-z.]{1,4}){0,2}"),
                1..6,
            )
        ) {
            let skills: Vec<SkillMetadata> =
                entries.iter().map(|(root, walked)| skill(root, walked)).collect();
            let candidates: Vec<&SkillMetadata> = skills.iter().collect();
            let groups = RootGroups::new(&candidates);
            for (index, skill) in skills.iter().enumerate() {
                proptest::prop_assert_eq!(
                    groups.absolute_path(index).joined(),
                    display_path(&skill.walked_absolute_path())
                );
            }
        }
    }
}
