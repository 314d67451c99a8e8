#!/bin/sh
# List risky patterns in a skill folder: audit.sh <skill-dir>
# Output: <category><TAB><file>[:line]<TAB><detail>, one finding per line.
# Exit status: 0 nothing found, 1 findings, 2 usage error.
# Read-only: it never runs, sources or follows anything inside the skill.
set -u

if [ "$#" -ne 1 ] || [ ! -d "$1" ]; then
    echo "usage: audit.sh <skill-dir>" >&2
    exit 2
fi
root=$1
found=0

# Prints each path of a `find` as a finding. $1 category, $2 detail, rest: find predicates.
find_report() {
    category=$1
    detail=$2
    shift 2
    paths=$(find "$root" "$@" 2>/dev/null)
    [ -n "$paths" ] || return 0
    found=1
    printf '%s\n' "$paths" | while IFS= read -r path; do
        case $category in
            symlink) extra=" -> $(readlink "$path")" ;;
            size) extra=" ($(wc -c < "$path" | tr -d ' ') bytes)" ;;
            *) extra= ;;
        esac
        printf '%s\t%s\t%s%s\n' "$category" "$path" "$detail" "$extra"
    done
}

# Prints each matching line as a finding. $1 category, $2 detail, $3 ERE, rest: find predicates.
grep_report() {
    category=$1
    detail=$2
    pattern=$3
    shift 3
    hits=$(find "$root" -type f "$@" -exec grep -n -I -i -E -- "$pattern" /dev/null {} + 2>/dev/null)
    [ -n "$hits" ] || return 0
    found=1
    printf '%s\n' "$hits" | while IFS= read -r hit; do
        file=${hit%%:*}
        rest=${hit#*:}
        line=${rest%%:*}
        text=$(printf '%s' "${rest#*:}" | tr -s ' \t' '  ' | cut -c1-100)
        printf '%s\t%s:%s\t%s: %s\n' "$category" "$file" "$line" "$detail" "$text"
    done
}

find_report hidden "hidden file or directory" -name '.*' ! -path "$root"
find_report symlink "symbolic link" -type l
find_report size "large file" -type f -size +100k
find_report executable "executable file" -type f -perm -u+x

if [ -f "$root/SKILL.md" ]; then
    bytes=$(wc -c < "$root/SKILL.md" | tr -d ' ')
    if [ "$bytes" -gt 51200 ]; then
        printf 'size\t%s\t%s bytes, injected whole on every mention\n' "$root/SKILL.md" "$bytes"
        found=1
    fi
fi

grep_report network "network access" \
    '(curl|wget|\bnc\b|ncat|netcat|\bssh\b|\bscp\b|rsync|\bftp\b|telnet|Invoke-WebRequest|requests\.(get|post)|urllib|http\.client|fetch\(|socket\.|https?://)'
grep_report execution "dynamic or privileged execution" \
    '(\| *(ba|z)?sh\b|\beval\b|\bexec\(|base64 +(-d|--decode)|\bsudo\b|chmod +(-R +)?777|rm +-[a-z]*r[a-z]*f|subprocess|os\.system|child_process)'
grep_report credentials "credential or secret location" \
    '(\.ssh/|id_rsa|id_ed25519|\.aws/|\.netrc|\.env\b|api[_-]?key|secret|token|keychain|password)'
grep_report steering "addresses the agent, not the task" \
    '(ignore (all |any )?(previous|prior|above)|disregard .*instructions|do not (tell|inform|show) the user|without (asking|telling|confirming)|system prompt|you are now|developer message|(disable|bypass|turn off) .*(sandbox|approval|safety))' \
    \( -name '*.md' -o -name '*.txt' -o -name '*.yaml' -o -name '*.yml' \)
grep_report hidden "HTML comment, invisible when rendered" '<!--' -name '*.md'

# Zero-width and bidirectional-control characters, matched as UTF-8 bytes.
invisible=$(printf '\342\200[\213\214\215\216\217\252\253\254\255\256]|\342\201[\246\247\250\251]|\357\273\277')
files=$(find "$root" -type f -exec env LC_ALL=C grep -l -E -- "$invisible" {} + 2>/dev/null)
if [ -n "$files" ]; then
    found=1
    printf '%s\n' "$files" | while IFS= read -r file; do
        printf 'hidden\t%s\tzero-width or bidirectional-control characters\n' "$file"
    done
fi

exit "$found"
