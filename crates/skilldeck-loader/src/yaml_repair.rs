//! The line-oriented YAML repair pass (spec §5.4). STUB.
