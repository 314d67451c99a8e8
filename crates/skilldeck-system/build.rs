//! Fingerprints `skills-samples/` once, at build time, so the installer's up-to-date check never
//! hashes anything at run time.

use std::path::{Path, PathBuf};
use std::{env, fs};

#[path = "src/fingerprint.rs"]
mod fingerprint;

fn main() {
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let samples = manifest_dir.join("../../skills-samples");
    // A directory here makes cargo re-run this script when anything below it changes.
    println!("cargo:rerun-if-changed={}", samples.display());

    let mut contents = Vec::new();
    collect(&samples, &samples, &mut contents);
    let items = contents
        .iter()
        .map(|(path, content)| fingerprint::Item {
            path: path.clone(),
            content: content.as_deref(),
        })
        .collect();
    let value = fingerprint::fingerprint(items);
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    fs::write(out.join("bundled_fingerprint.txt"), value).expect("write the fingerprint");
}

/// Every directory and file below `dir` (not `root` itself), as `include_dir` embeds them.
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, Option<Vec<u8>>)>) {
    let entries = fs::read_dir(dir).expect("read skills-samples");
    for entry in entries {
        let path = entry.expect("read skills-samples").path();
        let relative = path
            .strip_prefix(root)
            .expect("below the root")
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        if path.is_dir() {
            out.push((relative, None));
            collect(root, &path, out);
        } else {
            out.push((relative, Some(fs::read(&path).expect("read a sample file"))));
        }
    }
}
