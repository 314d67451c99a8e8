#!/usr/bin/env bash
# Copies seed inputs into fuzz/corpus/<target>/ (git-ignored): real-world skills from the shared
# corpora plus small hand-written cases for every target. Safe to run again (it only adds files).
#
#   fuzz/seed.sh [CORPORA_DIR]     (default: ../shared/corpora next to the repository)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
corpora="${1:-$here/../../shared/corpora}"
out="$here/corpus"
mkdir -p "$out"/{parse_skill_file,openai_yaml,mentions,invocation,config_toml}

# A file name from a path: stable and unique without a hash tool.
flat() { printf '%s' "$1" | tr '/ ' '__'; }

if [ -d "$corpora" ]; then
  while IFS= read -r -d '' file; do
    rel="${file#"$corpora"/}"
    cp "$file" "$out/parse_skill_file/$(flat "$rel")"
  done < <(find "$corpora" -name SKILL.md -type f -print0)

  while IFS= read -r -d '' file; do
    rel="${file#"$corpora"/}"
    cp "$file" "$out/openai_yaml/$(flat "$rel")"
  done < <(find "$corpora" -name openai.yaml -type f -print0)

  # Real prose with `$` in it, one line per seed (a few hundred at most).
  n=0
  while IFS= read -r line; do
    n=$((n + 1)); printf '%s' "$line" > "$out/mentions/corpus-line-$n"
    [ "$n" -ge 300 ] && break
  done < <(find "$corpora" -name SKILL.md -type f -exec grep -h '\$[A-Za-z]' {} + 2>/dev/null || true)

  # Shell commands quoted in skills (python/node/bash/cat … at the start of a line).
  n=0
  while IFS= read -r line; do
    n=$((n + 1)); printf '%s' "$line" > "$out/invocation/corpus-line-$n"
    [ "$n" -ge 300 ] && break
  done < <(find "$corpora" -name SKILL.md -type f -exec grep -hE '^\s*(python3?|node|bash|sh|uv run|npx|deno|ruby|cat|head|sed) ' {} + 2>/dev/null || true)
else
  echo "seed.sh: no corpora at $corpora; only hand-written seeds" >&2
fi

# Hand-written seeds: the shapes the parsers branch on.
w() { printf '%b' "$2" > "$out/$1"; }
w parse_skill_file/min '---\nname: pdf\ndescription: Fill PDF forms\n---\nbody\n'
w parse_skill_file/repair '---\nname: deploy\ndescription: Deploy patterns: ECS, Lambda\ntags: [next,@scope/pkg]\n---\n'
w parse_skill_file/block '---\nname: b\ndescription: |\n  line one\n  ---\n  three\nmetadata:\n  short-description: s\n---\n'
w parse_skill_file/crlf-bom '\xef\xbb\xbf---\r\nname: x\r\ndescription: y\r\n---\r\n'
w parse_skill_file/aliases '---\na: &a [x, x, x]\nb: &b [*a, *a, *a]\nname: n\ndescription: &d text\nother: *d\ndisable-model-invocation: true\n---\n'
w parse_skill_file/types '---\nname: 1.50\ndescription: {a: b}\nmetadata: null\n---\n'
w openai_yaml/full 'interface:\n  display_name: PDF\n  short_description: s\n  icon_small: ./assets/s.png\n  icon_large: ../../assets/l.png\n  brand_color: "#aabbcc"\n  default_prompt: p\ndependencies:\n  tools:\n    - type: mcp\n      value: x\n      transport: stdio\n      command: c\n      url: https://e\npolicy:\n  allow_implicit_invocation: false\n  products: [codex, chatgpt]\n'
w openai_yaml/traversal 'interface:\n  icon_small: assets/../../../../etc/passwd\n  icon_large: /abs/assets/x.png\n'
w mentions/plain 'use $pdf and $PDF: then $acme:lint, cost$5 $HOME'
w mentions/links 'see [$pdf](/r/pdf/SKILL.md) [$x]( skill:///u/notes/SKILL.md ) [$y](/etc/passwd) [$z](../r/pdf/SKILL.md) [$a](app://x) [$m](mcp://y) [$p](plugin://z)'
w mentions/structured '/r/deploy/SKILL.md\n$deploy $search $notes [$q](/r/./pdf/../pdf/SKILL.md)'
w mentions/unclosed '[$a]( [$b]( [$c]( [$d](( $e'
w invocation/script 'python3 -u scripts/fill.py --out x'
w invocation/reader 'cat /skills/pdf/SKILL.md'
w invocation/extended "cd /skills/pdf && env -i A=1 uv run scripts/x.py | bash -lc 'node ../deploy/scripts/a.mjs'"
w invocation/quotes "sed -n '1,5p' \"/skills/pdf/SKILL.md\" \\\\ 'unbalanced"
w config_toml/rules '[skills]\ninclude_instructions = false\nbundled.enabled = true\n[[skills.config]]\nname = "deploy"\nenabled = false\n[[skills.config]]\npath = "deploy/SKILL.md"\nenabled = true\n'
w config_toml/overrides 'project_root_markers = [".git", ".hg"]\n\0skills.config=[{name="pdf",enabled=false}]\nskills.include_instructions=false\nproject_root_markers=[]\nmodel=o3'
w config_toml/broken '[[skills.config]]\nname = "x"\n[skills\n\0skills.config={bad}'
[ -f "$here/../config/catalog-texts.toml" ] && cp "$here/../config/catalog-texts.toml" "$out/config_toml/catalog-texts"

for dir in "$out"/*/; do
  printf '%-20s %6s seeds\n' "$(basename "$dir")" "$(find "$dir" -type f | wc -l)"
done
