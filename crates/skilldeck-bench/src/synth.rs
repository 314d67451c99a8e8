//! A deterministic generator of skill trees shaped like real ones.
//!
//! The tree mirrors `shared/corpora/_expected/build-tree.sh`: a git repository whose directory
//! levels each hold one `.agents/skills` root, so running from the deepest level sees every root
//! as a repo-scope root. Skills sit one to three folders deep (flat, in a category, in a
//! category's sub-group); descriptions run from a few words to about a kilobyte (most between 60
//! and 400 characters, like the public collections); bodies from a few lines to several
//! kilobytes (so some front matters are read from a 2 KiB prefix and some files are larger);
//! one skill in ten has `agents/openai.yaml`, one in five a `references/` or `scripts/` folder.
//! Every root stays inside Codex's per-root limits (2,000 directories, 20,000 entries).
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Skills per root above which a generated root would come close to Codex's 2,000-directory limit.
pub const MAX_SKILLS_PER_ROOT: usize = 1_200;

/// A tiny xorshift64* generator: deterministic for a seed, no dependency.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator for `seed` (0 is replaced by a fixed non-zero value).
    pub fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: usize) -> usize {
        // The modulo bias is irrelevant for test data.
        usize::try_from(self.next_u64() % bound as u64).unwrap_or(0)
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntheticSpec {
    /// Skills in total.
    pub skills: usize,
    /// Roots they are spread over (one per repository level).
    pub roots: usize,
    /// Seed of the generator: the same spec gives the same bytes.
    pub seed: u64,
}

impl SyntheticSpec {
    /// `skills` skills over ten roots, or over as many as keep each root at most 1,000 skills
    /// (Codex's per-root directory limit). A fixed root count up to 10,000 skills makes 1k and
    /// 10k differ in the number of skills only, not in the depth of the paths.
    pub fn with_skills(skills: usize) -> SyntheticSpec {
        SyntheticSpec {
            skills,
            roots: skills.div_ceil(1_000).max(10),
            seed: 7,
        }
    }
}

/// A generated tree: where it is and how to point skilldeck at it.
#[derive(Clone, Debug)]
pub struct SyntheticTree {
    /// The base directory (holds `home`, `codex_home`, `repo`).
    pub base: PathBuf,
    /// The working directory from which every root is visible.
    pub cwd: PathBuf,
    /// The skill roots, nearest to the repository's top first.
    pub roots: Vec<PathBuf>,
    /// `SKILL.md` files written.
    pub skills: usize,
}

const WORDS: [&str; 32] = [
    "review",
    "pull",
    "request",
    "deploy",
    "service",
    "database",
    "migration",
    "schema",
    "test",
    "coverage",
    "lint",
    "format",
    "document",
    "release",
    "notes",
    "changelog",
    "security",
    "audit",
    "dependency",
    "upgrade",
    "frontend",
    "component",
    "accessibility",
    "performance",
    "profile",
    "query",
    "index",
    "cache",
    "kubernetes",
    "terraform",
    "pipeline",
    "incident",
];

fn words(rng: &mut XorShift, chars: usize) -> String {
    let mut text = String::with_capacity(chars + 16);
    while text.len() < chars {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(WORDS[rng.below(WORDS.len())]);
    }
    text
}

/// Description length: mostly 60–400 characters, a tail up to about 1,000.
fn description_len(rng: &mut XorShift) -> usize {
    match rng.below(10) {
        0 => 10 + rng.below(50),
        1..=7 => 60 + rng.below(340),
        _ => 400 + rng.below(620),
    }
}

/// Body length: mostly 1–4 KiB, some up to 12 KiB.
fn body_len(rng: &mut XorShift) -> usize {
    if rng.below(5) == 0 {
        4_096 + rng.below(8_192)
    } else {
        512 + rng.below(3_584)
    }
}

fn skill_text(rng: &mut XorShift, name: &str) -> String {
    let length = description_len(rng);
    let description = words(rng, length);
    let mut text = String::new();
    let _ = write!(text, "---\nname: {name}\ndescription: {description}\n");
    if rng.below(4) == 0 {
        text.push_str("license: Apache-2.0\n");
    }
    if rng.below(6) == 0 {
        text.push_str("metadata:\n  short-description: ");
        text.push_str(&words(rng, 40));
        text.push('\n');
    }
    text.push_str("---\n\n# Steps\n\n");
    let body = body_len(rng);
    while text.len() < body {
        text.push_str("- ");
        text.push_str(&words(rng, 70));
        text.push('\n');
    }
    text
}

/// Writes the tree for `spec` under `base` (created; must not hold an older tree).
pub fn generate(spec: &SyntheticSpec, base: &Path) -> io::Result<SyntheticTree> {
    let mut rng = XorShift::new(spec.seed);
    fs::create_dir_all(base.join("home"))?;
    fs::create_dir_all(base.join("codex_home"))?;
    fs::create_dir_all(base.join("repo/.git"))?;
    fs::write(base.join("repo/.git/HEAD"), "ref: refs/heads/main\n")?;
    let roots_count = spec.roots.max(1);
    let mut level = base.join("repo");
    let mut roots = Vec::with_capacity(roots_count);
    for index in 0..roots_count {
        roots.push(level.join(".agents/skills"));
        level = level.join(format!("l{index}"));
    }
    fs::create_dir_all(&level)?;
    let mut written = 0;
    for (index, root) in roots.iter().enumerate() {
        // Spread the remainder over the first roots.
        let count = spec.skills / roots_count + usize::from(index < spec.skills % roots_count);
        let categories = (count / 40).max(1);
        for skill in 0..count {
            let first = WORDS[rng.below(WORDS.len())];
            let second = WORDS[rng.below(WORDS.len())];
            let name = format!("{first}-{second}-r{index}-{skill}");
            let category = format!("cat-{:02}", rng.below(categories));
            let dir = match rng.below(10) {
                0..=2 => root.join(&name),
                3..=7 => root.join(&category).join(&name),
                _ => root
                    .join(&category)
                    .join(format!("group-{}", rng.below(3)))
                    .join(&name),
            };
            fs::create_dir_all(&dir)?;
            fs::write(dir.join("SKILL.md"), skill_text(&mut rng, &name))?;
            match rng.below(10) {
                0 => {
                    fs::create_dir_all(dir.join("agents"))?;
                    fs::write(
                        dir.join("agents/openai.yaml"),
                        format!(
                            "interface:\n  display_name: \"{name}\"\n  short_description: \"{}\"\n",
                            words(&mut rng, 50)
                        ),
                    )?;
                }
                1 => {
                    fs::create_dir_all(dir.join("references"))?;
                    fs::write(dir.join("references/guide.md"), words(&mut rng, 800))?;
                }
                2 => {
                    fs::create_dir_all(dir.join("scripts"))?;
                    fs::write(dir.join("scripts/run.sh"), "#!/bin/sh\necho run\n")?;
                }
                _ => {}
            }
            written += 1;
        }
    }
    Ok(SyntheticTree {
        base: base.to_path_buf(),
        cwd: level,
        roots,
        skills: written,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_gives_the_same_numbers() {
        let mut a = XorShift::new(42);
        let mut b = XorShift::new(42);
        let first: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let second: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(first, second);
    }

    #[test]
    fn generated_tree_holds_the_requested_skills_over_the_requested_roots() {
        let dir = tempfile::tempdir().unwrap();
        let spec = SyntheticSpec {
            skills: 250,
            roots: 3,
            seed: 1,
        };
        let tree = generate(&spec, dir.path()).unwrap();
        assert_eq!(tree.roots.len(), 3);
        assert_eq!(tree.skills, 250);
        let outcome = skilldeck::loader::load_roots(
            &tree
                .roots
                .iter()
                .map(|root| skilldeck::SkillRoot::new(root, skilldeck::Scope::REPO))
                .collect::<Vec<_>>(),
            &skilldeck::loader::LoaderOptions::default(),
        );
        assert_eq!(outcome.skills.len(), 250);
        assert!(outcome.errors.is_empty(), "{:?}", outcome.errors);
    }
}
