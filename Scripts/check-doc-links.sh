#!/usr/bin/env bash
# Hand-run: every relative link in README.md and docs/*.md names an existing file (and each #anchor a heading there).
# Usage: Scripts/check-doc-links.sh [REPO_ROOT]; prints each broken link, nothing when all are good.
cd "${1:-.}"
check() {
for f in README.md docs/*.md; do
  dir=$(dirname "$f")
  grep -oE '\]\([^)]+\)' "$f" | sed -E 's/^\]\((.*)\)$/\1/' | while read -r link; do
    case "$link" in http*|mailto:*) continue ;; esac
    path=${link%%#*}; anchor=${link#*#}; [ "$anchor" = "$link" ] && anchor=
    target=$f; [ -n "$path" ] && target=$dir/$path
    if [ ! -e "$target" ]; then echo "$f: missing $link"; continue; fi
    if [ -n "$anchor" ]; then
      found=$(grep -E '^#+ ' "$target" | sed -E 's/^#+ //' | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9 _-]//g; s/ /-/g' | grep -Fx -- "$anchor")
      [ -z "$found" ] && echo "$f: no heading for $link"
    fi
  done
done
}
problems=$(check)
[ -z "$problems" ] || { echo "$problems"; exit 1; }
