#!/bin/sh
# Scaffold a skill folder: new-skill.sh <parent-dir> <name>
# Creates <parent-dir>/<name>/SKILL.md and agents/openai.yaml; never overwrites.
set -eu

if [ "$#" -ne 2 ]; then
    echo "usage: new-skill.sh <parent-dir> <name>" >&2
    exit 2
fi
parent=$1
name=$2

case $name in
    "" | -* | *[!a-z0-9-]*)
        echo "error: name must use lowercase letters, digits and hyphens: $name" >&2
        exit 2
        ;;
esac
if [ "${#name}" -gt 64 ]; then
    echo "error: name is longer than 64 characters" >&2
    exit 2
fi

dir=$parent/$name
if [ -e "$dir" ]; then
    echo "error: $dir already exists" >&2
    exit 1
fi
mkdir -p "$dir/agents"

cat > "$dir/SKILL.md" <<SKILL
---
name: $name
description: "TODO: verb and object first, then: Use when ..."
metadata:
  short-description: "TODO: a few words for pickers"
---

# $name

## Steps

1. TODO

## Check the result

- TODO
SKILL

cat > "$dir/agents/openai.yaml" <<YAML
interface:
  display_name: "$name"
  short_description: "TODO"
  default_prompt: "Use \$$name to "
YAML

echo "created $dir"
