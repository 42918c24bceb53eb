#!/usr/bin/env bash
# Joins the translators' chunks (`DIR/<locale>/chunk-NN.tsv`, words; `DIR/<locale>/phrases.tsv`, the
# catalogue's two-word concepts; see decision 0053) into the dictionaries the server reads:
# src/features/catalog/server/search-dictionary/<locale>.tsv.
set -euo pipefail
from="${1:?usage: bash scripts/search-dictionary.sh DIR}"
to="$(dirname "$0")/../src/features/catalog/server/search-dictionary"
mkdir -p "$to"
for locale in de es fr jp pt ru zh-CN; do
  chunks=("$from/$locale"/chunk-*.tsv)
  [ -e "${chunks[0]}" ] || { echo "$locale: no chunks" >&2; continue; }
  [ -e "$from/$locale/phrases.tsv" ] && chunks+=("$from/$locale/phrases.tsv")
  cat "${chunks[@]}" | tr -d '\r' | awk -F'\t' 'NF == 2' > "$to/$locale.tsv"
  echo "$locale: $(wc -l < "$to/$locale.tsv") words from ${#chunks[@]} chunks"
done
