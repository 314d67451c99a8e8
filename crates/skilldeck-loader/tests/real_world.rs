//! The real-world check: the nine public corpora laid out as Codex saw them, loaded with the
//! codex layout, must list exactly what Codex 0.171 listed (`codex-0171-list.json`).
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use skilldeck_loader::{DiscoveryContext, LoaderOptions, load};
use skilldeck_model::Layout;

/// `shared/` next to the workspace, else `/work/shared`; `None` when neither exists.
fn shared_dir() -> Option<PathBuf> {
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    [beside, PathBuf::from("/work/shared")]
        .into_iter()
        .find(|dir| dir.join("corpora/_expected/build-tree.sh").is_file())
}

/// One skill per line-ish key, so differences are reported per skill.
fn by_path(listing: &Value) -> Vec<(String, Value)> {
    listing["skills"]
        .as_array()
        .expect("skills array")
        .iter()
        .map(|skill| {
            (
                skill["path"].as_str().unwrap_or("").to_owned(),
                skill.clone(),
            )
        })
        .collect()
}

fn describe_differences(expected: &Value, actual: &Value) -> Vec<String> {
    let mut differences = Vec::new();
    if expected["cwd"] != actual["cwd"] {
        differences.push(format!(
            "cwd: expected {} got {}",
            expected["cwd"], actual["cwd"]
        ));
    }
    if expected["errors"] != actual["errors"] {
        differences.push(format!(
            "errors: expected {} got {}",
            expected["errors"], actual["errors"]
        ));
    }
    let expected_skills = by_path(expected);
    let actual_skills = by_path(actual);
    for (path, skill) in &expected_skills {
        match actual_skills.iter().find(|(other, _)| other == path) {
            None => differences.push(format!("missing skill {path}: {skill}")),
            Some((_, other)) if other != skill => differences.push(format!(
                "different skill {path}:\n  expected {skill}\n  actual   {other}"
            )),
            Some(_) => {}
        }
    }
    for (path, skill) in &actual_skills {
        if !expected_skills.iter().any(|(other, _)| other == path) {
            differences.push(format!("unexpected skill {path}: {skill}"));
        }
    }
    if differences.is_empty() {
        let expected_order: Vec<_> = expected_skills.iter().map(|(path, _)| path).collect();
        let actual_order: Vec<_> = actual_skills.iter().map(|(path, _)| path).collect();
        if let Some(index) =
            (0..expected_order.len()).find(|&i| expected_order[i] != actual_order[i])
        {
            differences.push(format!(
                "order differs at {index}: expected {} got {}",
                expected_order[index], actual_order[index]
            ));
        }
    }
    differences
}

#[test]
fn real_world_corpora_list_exactly_as_codex_0171() {
    let Some(shared) = shared_dir() else {
        eprintln!("SKIPPED: shared/corpora not found next to the workspace nor at /work/shared");
        return;
    };
    let expected_dir = shared.join("corpora/_expected");
    let temp = tempfile::tempdir().expect("temp dir");
    let base = dunce::canonicalize(temp.path())
        .expect("canonical temp dir")
        .join("rw");
    let status = Command::new("bash")
        .arg(expected_dir.join("build-tree.sh"))
        .arg(&base)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run build-tree.sh");
    assert!(status.success(), "build-tree.sh failed");

    let cwd = base.join("repo/l0/l1/l2/l3/l4/l5/l6/l7/l8");
    let ctx = DiscoveryContext::new(Layout::codex(), &cwd)
        .with_home(base.join("codex_home"))
        .with_user_home(base.join("home"))
        .with_admin_dir(base.join("etc/codex"))
        .with_bundled_enabled(false);
    let outcome = load(&ctx, &[], &LoaderOptions::default());

    let listing = serde_json::to_string(&outcome.listing(&cwd)).expect("serialise listing");
    let base_text = base.to_str().expect("UTF-8 temp path");
    let actual: Value =
        serde_json::from_str(&listing.replace(base_text, "@BASE@")).expect("listing is JSON");
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(expected_dir.join("codex-0171-list.json")).expect("read expected"),
    )
    .expect("expected listing is JSON");

    let differences = describe_differences(&expected, &actual);
    let shown: Vec<_> = differences.iter().take(25).cloned().collect();
    assert!(
        differences.is_empty(),
        "{} difference(s) from Codex 0.171 (first {}):\n{}",
        differences.len(),
        shown.len(),
        shown.join("\n")
    );
    assert_eq!(outcome.skills.len(), 1_222);
    assert!(outcome.errors.is_empty());
}
