//! The benchmark suite's building blocks: skill trees to measure on, the I/O floor to measure
//! against, and the timing helpers of the `skilldeck-bench` binary.
//!
//! **Owns:** the deterministic synthetic tree generator ([`synth`]), the floor ([`floor`]: the
//! least work any loader must do on a tree), the real-world tree ([`corpora`]), whole-process
//! runs ([`process`]) and summaries ([`stats`]).
//!
//! **Must not:** be depended on by any product crate, or assert on times: numbers are reported
//! (as ratios to the floor or to a baseline) in `BENCHMARKS.md`, never checked by tests.
//!
//! # Example
//!
//! ```
//! use skilldeck_bench::floor::floor;
//! use skilldeck_bench::synth::{SyntheticSpec, generate};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let spec = SyntheticSpec { skills: 40, roots: 2, seed: 3 };
//! let tree = generate(&spec, dir.path()).unwrap();
//! assert_eq!(tree.roots.len(), 2);
//! assert_eq!(floor(&tree.roots).skill_files, 40);
//! ```
#![deny(missing_docs)]

pub mod corpora;
pub mod floor;
pub mod process;
pub mod stats;
pub mod synth;
