//! Real-world parity: the nine public skill collections of `shared/corpora`, laid out by
//! `build-tree.sh`, loaded with the loader and rendered with the catalog renderer, must give the
//! same `<skills_instructions>` fragment as Codex CLI 0.171 did, byte for byte (Codex's own
//! wording replaced by placeholders on both sides).

use std::path::{Path, PathBuf};
use std::process::Command;

use skilldeck_loader::{DiscoveryContext, LoaderOptions, load};
use skilldeck_model::{Layout, LoadOutcome};
use skilldeck_render::{CatalogOptions, CatalogTexts, render_catalog};

/// Length of Codex's alias intro; only the intro lengths reach the budget.
const INTRO_ALIASES_CHARS: usize = 261;
/// Length of Codex's absolute ("source locator") intro.
const INTRO_LOCATOR_CHARS: usize = 418;
const USAGE_PLACEHOLDER: &str = "usage placeholder (never charged)";

/// `shared/` beside the workspace, else `/work/shared`; `None` when neither exists.
fn shared_dir() -> Option<PathBuf> {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared");
    [beside, PathBuf::from("/work/shared")]
        .into_iter()
        .find(|dir| dir.join("corpora/_expected/build-tree.sh").is_file())
}

/// The tree built by `build-tree.sh` under its default 33-character base; removed on drop.
struct RealWorldTree {
    base: PathBuf,
    expected: PathBuf,
}

impl RealWorldTree {
    fn build(shared: &Path) -> RealWorldTree {
        let expected = shared.join("corpora/_expected");
        let output = Command::new("bash")
            .arg(expected.join("build-tree.sh"))
            .output()
            .expect("run build-tree.sh");
        assert!(
            output.status.success(),
            "build-tree.sh failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let base = String::from_utf8(output.stdout).expect("BASE is UTF-8");
        let tree = RealWorldTree {
            base: PathBuf::from(base.trim()),
            expected,
        };
        assert_eq!(
            tree.base.as_os_str().len(),
            33,
            "the default base must be 33 characters long: {}",
            tree.base.display()
        );
        tree
    }

    fn outcome(&self) -> LoadOutcome {
        let cwd = (0..9).fold(self.base.join("repo"), |dir, level| {
            dir.join(format!("l{level}"))
        });
        let ctx = DiscoveryContext::new(Layout::codex(), cwd)
            .with_home(self.base.join("codex_home"))
            .with_user_home(self.base.join("home"))
            .with_bundled_enabled(false);
        load(&ctx, &[], &LoaderOptions::default())
    }

    fn expected(&self, file: &str) -> String {
        std::fs::read_to_string(self.expected.join(file)).expect("read the expected catalog")
    }

    /// The catalog as `skilldeck catalog` prints it (fragment + newline), placeholders restored.
    fn rendered(&self, window: Option<i64>) -> String {
        let texts = CatalogTexts {
            intro_absolute: "x".repeat(INTRO_LOCATOR_CHARS),
            intro_aliases: "x".repeat(INTRO_ALIASES_CHARS),
            usage_absolute: USAGE_PLACEHOLDER.to_owned(),
            usage_aliases: USAGE_PLACEHOLDER.to_owned(),
        };
        let catalog = render_catalog(
            &self.outcome(),
            &CatalogOptions::for_context_window(window),
            &texts,
        )
        .expect("the corpora hold visible skills");
        let line = |chars: usize| format!("\n{}\n", "x".repeat(chars));
        catalog
            .text
            .replace(&line(INTRO_LOCATOR_CHARS), "\n@INTRO_LOCATOR@\n")
            .replace(&line(INTRO_ALIASES_CHARS), "\n@INTRO_ALIASES@\n")
            .replace(USAGE_PLACEHOLDER, "@USAGE@")
            .replace(self.base.to_str().expect("BASE is UTF-8"), "@BASE@")
            + "\n"
    }
}

impl Drop for RealWorldTree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

/// Panics with the first differing line instead of two 20 KB strings.
fn assert_same_text(actual: &str, expected: &str, what: &str) {
    if actual == expected {
        return;
    }
    let line = actual
        .lines()
        .zip(expected.lines())
        .position(|(a, e)| a != e)
        .unwrap_or_else(|| actual.lines().count().min(expected.lines().count()));
    panic!(
        "{what}: first difference at line {}:\n  ours:  {:?}\n  codex: {:?}\n({} vs {} lines, {} vs {} bytes)",
        line + 1,
        actual.lines().nth(line),
        expected.lines().nth(line),
        actual.lines().count(),
        expected.lines().count(),
        actual.len(),
        expected.len(),
    );
}

fn check(window: Option<i64>, expected_file: &str) {
    let Some(shared) = shared_dir() else {
        eprintln!(
            "SKIPPED: shared/corpora not found beside the workspace nor at /work/shared; \
             the real-world catalog parity was not checked"
        );
        return;
    };
    let tree = RealWorldTree::build(&shared);
    assert_same_text(
        &tree.rendered(window),
        &tree.expected(expected_file),
        expected_file,
    );
}

#[test]
fn realworld_catalog_for_a_272000_token_window_matches_codex_0171() {
    check(Some(272_000), "codex-0171-catalog-272000.txt");
}

#[test]
fn realworld_catalog_without_a_known_window_matches_codex_0171() {
    check(None, "codex-0171-catalog-none.txt");
}
