#!/usr/bin/env bash
# Runs fuzz targets one after another, each for SECONDS (default 600), one job, and prints the
# final libFuzzer statistics of each. Needs cargo-fuzz; the toolchain may be stable, because
# RUSTC_BOOTSTRAP=1 lets it accept the nightly sanitizer flags.
#
#   fuzz/run.sh [TARGET…]        (default: every target)
#   SECONDS_PER_TARGET=600 TARGET_DIR=/tmp/fuzz-target fuzz/run.sh parse_skill_file
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
seconds="${SECONDS_PER_TARGET:-600}"
target_dir="${TARGET_DIR:-$here/target}"
logs="$here/artifacts/logs"
mkdir -p "$logs"
targets=("$@")
[ "${#targets[@]}" -eq 0 ] && targets=(parse_skill_file openai_yaml mentions invocation config_toml)

cd "$here/.."
for target in "${targets[@]}"; do
  mkdir -p "$here/corpus/$target"
  before=$(find "$here/corpus/$target" -type f | wc -l)
  started=$(date -u +%FT%TZ)
  # -jobs=1 runs one worker process whose output goes to fuzz-0.log in the current directory.
  (cd "$logs" && RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir "$here" --target-dir "$target_dir" -O \
      "$target" "$here/corpus/$target" -- \
      -jobs=1 -workers=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 >"$logs/$target.driver.log" 2>&1)
  status=$?
  [ -f "$logs/fuzz-0.log" ] && mv "$logs/fuzz-0.log" "$logs/$target.log"
  after=$(find "$here/corpus/$target" -type f | wc -l)
  execs=$(grep -h 'stat::number_of_executed_units' "$logs/$target.log" 2>/dev/null | tail -1 | awk '{print $2}')
  crashes=$(find "$here/artifacts/$target" -type f 2>/dev/null | wc -l)
  printf '%s target=%s seconds=%s exit=%s execs=%s corpus_before=%s corpus_after=%s artifacts=%s\n' \
    "$started" "$target" "$seconds" "$status" "${execs:-?}" "$before" "$after" "$crashes" | tee -a "$logs/summary.txt"
done
