#!/usr/bin/env bash
# `make pre-commit-try`: pre-commit's own run of this repository's hooks (.pre-commit-hooks.yaml)
# on a sample rulebook folder, as a rulebook repository's CI would run them: `pre-commit
# try-repo` clones this checkout (uncommitted changes included) and installs mjc from it into
# a fresh environment. That install takes about a minute, so `make test` does not run this;
# tests/test_pre_commit_hooks.py checks the hook definitions themselves.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$repo/.venv/bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache"

mkdir "$work/sample"
cd "$work/sample"
git init -q
"$bin/mjc" new variant --from guangdong -o variant.mjr >/dev/null
mkdir regional
"$bin/mjc" new other --from "$repo/rulebooks/meizhou.mjr" -o regional/other.mjr >/dev/null
printf 'rulebook broken {\n  title "never closed"\n' > broken.mjr
git add .

try() { "$bin/pre-commit" try-repo "$repo" "$@"; }

try mjc-check --files variant.mjr regional/other.mjr
echo "pre-commit-try: mjc-check passes on good rulebooks"
if try mjc-check --files variant.mjr broken.mjr >"$work/broken.log" 2>&1; then
  cat "$work/broken.log"
  echo "pre-commit-try: mjc-check passed a broken rulebook" >&2
  exit 1
fi
grep -q "E0001" "$work/broken.log"
echo "pre-commit-try: mjc-check fails on a broken rulebook with E0001"

if "$bin/mjc" fmt --help >/dev/null 2>&1; then
  "$bin/mjc" fmt variant.mjr regional/other.mjr >/dev/null
  try mjc-fmt --files variant.mjr regional/other.mjr
  echo "pre-commit-try: mjc-fmt passes on formatted rulebooks"
  # The same rulebook with its title over-indented: not in the canonical layout.
  sed -e 's/^  title /    title /' variant.mjr > unformatted.mjr
  git add unformatted.mjr
  if try mjc-fmt --files variant.mjr unformatted.mjr >"$work/fmt.log" 2>&1; then
    cat "$work/fmt.log"
    echo "pre-commit-try: mjc-fmt passed an unformatted rulebook" >&2
    exit 1
  fi
  grep -q "^+  title " "$work/fmt.log"
  echo "pre-commit-try: mjc-fmt fails on an unformatted rulebook, showing the diff"
else
  echo "pre-commit-try: mjc-fmt not tried: this mjc has no fmt command"
fi
