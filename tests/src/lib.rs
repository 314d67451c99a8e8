//! Workspace-level end-to-end tests of skilldeck (never depended on).
//!
//! Where each kind of test lives, and why:
//!
//! * `tests/tests/*.rs` (this crate) — tests through the **library** surface, mostly the
//!   `skilldeck` facade: a scope defined outside the workspace crates (`custom_scope.rs`),
//!   real-world catalog parity with Codex (`catalog_realworld.rs`).
//! * `crates/skilldeck-cli/tests/*.rs` — tests of the **built binary** (`contract.rs`,
//!   `snapshots.rs`, `install.rs`). They live in the CLI crate because Cargo gives the path of a
//!   binary (`CARGO_BIN_EXE_skilldeck`) only to the integration tests of the package that
//!   defines it, and builds that binary before running them. A test here would have to find or
//!   build the binary itself, and `cargo test -p skilldeck-tests` alone would then run a stale
//!   binary or none; the CLI crate's tests cannot.
//!
//! Every fixture is a tree built in a temp dir; `HOME`, the tool home and the working directory
//! are always given explicitly, so the developer's own skills are never read.
