#!/usr/bin/env bash
# Makes the upgrade fixture of an earlier release (issue 29 §3, decision 0055):
#   bash scripts/make-upgrade-fixture.sh <commit> [models]
# checks <commit> out in a temporary git worktree, lets that release's own code migrate and seed (its demo
# catalogue of [models] models, default 60, with its accounts, orders, credits, conversations and reviews)
# an embedded data folder (PGlite) and a PostgreSQL 15 database (scripts/postgres-temp.sh), and writes
# tests/fixtures/upgrade/<short commit>/:
#   data-dir.tar.xz   the data folder: db/ (PGlite) and files/ (the file store)
#   postgres.dump     pg_dump's custom format of the PostgreSQL database (its file store is the same)
#   manifest.json     the commit, its last migration, and both databases' contents as that release left
#                     them: migration log, every table's row count and per-column md5s (src/ops/upgrade)
# tests/process/upgrade.integration.test.ts upgrades the newest fixture with the current code.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ]; then
  echo "Usage: bash scripts/make-upgrade-fixture.sh <commit> [models]" >&2
  exit 1
fi
commit=$(git -C "$root" rev-parse --verify --quiet "$1^{commit}") || {
  echo "Error: '$1' is not a commit of this repository." >&2
  exit 1
}
short=$(git -C "$root" rev-parse --short=7 "$commit")
models=${2:-60}
out="$root/tests/fixtures/upgrade/$short"
BIN=/usr/lib/postgresql/15/bin
if [ ! -x "$BIN/pg_dump" ]; then
  echo "Error: PostgreSQL 15 is not installed: run 'apt-get install postgresql-15' (as root)." >&2
  exit 1
fi

work=$(mktemp -d /tmp/meshbay-upgrade-fixture.XXXXXX)
release="$work/release"
pg_dir=""
cleanup() {
  [ -n "$pg_dir" ] && bash "$root/scripts/postgres-temp.sh" stop "$pg_dir"
  git -C "$root" worktree remove --force "$release" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "--- $short: $(git -C "$root" log -1 --format='%cs %s' "$commit" | cut -c1-100)"
git -C "$root" worktree add --quiet --detach "$release" "$commit"

# That release's packages: the current ones (hard links) when they satisfy its package.json exactly,
# else its own lock installed with npm ci.
cp -al "$root/node_modules" "$release/node_modules"
if ! (cd "$release" && node -e '
  const pkg = require("./package.json");
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  const wrong = Object.entries(wanted).filter(([name, version]) => {
    try {
      const found = require(`./node_modules/${name}/package.json`).version;
      return /^\d/.test(version) && found !== version;
    } catch { return true; }
  });
  if (wrong.length) { console.error(`packages differ: ${wrong.map(([n]) => n).join(", ")}`); process.exit(1); }
'); then
  echo "--- installing that release's packages (npm ci)"
  rm -rf "$release/node_modules"
  (cd "$release" && npm ci --no-audit --no-fund --loglevel=error)
fi
last_migration=$(node -e 'const j = require(process.argv[1]); console.log(j.entries.at(-1).tag)' "$release/drizzle/meta/_journal.json")
pglite_version=$(node -e 'console.log(require(process.argv[1]).dependencies["@electric-sql/pglite"])' "$release/package.json")
echo "--- its last migration: $last_migration; PGlite $pglite_version"

seed() { (cd "$release" && SEED_ON_START=0 LOG_LEVEL=warn node --import tsx src/seed/cli.ts --models "$models" | tail -1); }
contents() { (cd "$root" && LOG_LEVEL=warn node --import tsx src/ops/upgrade/contents-cli.ts); }

echo "--- the embedded database (PGlite), seeded by $short"
DATA_DIR="$work/embedded" seed
DATA_DIR="$work/embedded" contents >"$work/embedded.json"

echo "--- PostgreSQL 15, seeded by $short"
eval "$(bash "$root/scripts/postgres-temp.sh" --fast | sed 's/^/local_/')"
pg_dir=$local_PG_TEMP_DIR
DATABASE_URL=$local_DATABASE_URL DATA_DIR="$work/postgres" seed
DATABASE_URL=$local_DATABASE_URL DATA_DIR="$work/postgres" contents >"$work/postgres.json"
if ! diff -rq "$work/embedded/files" "$work/postgres/files" >/dev/null; then
  echo "Error: the seed wrote different files for PGlite and PostgreSQL; the fixture keeps one file store." >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out"
"$BIN/pg_dump" --format=custom --compress=9 --no-owner --no-acl --file="$out/postgres.dump" "$local_DATABASE_URL"
tar -C "$work/embedded" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf - db files |
  xz -9e -T1 >"$out/data-dir.tar.xz"

node -e '
const fs = require("fs");
const [out, commit, date, subject, lastMigration, pglite, models, dumpVersion] = process.argv.slice(1, 9);
const read = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
const manifest = {
  format: "meshbay-upgrade-fixture",
  version: 1,
  sourceCommit: commit,
  sourceCommitDate: date,
  sourceSubject: subject,
  lastMigration,
  pgliteVersion: pglite,
  seedModels: Number(models),
  madeBy: "scripts/make-upgrade-fixture.sh",
  embedded: { archive: "data-dir.tar.xz", ...read(process.argv[9]) },
  postgres: { dump: "postgres.dump", dumpVersion, files: "data-dir.tar.xz (files/)", ...read(process.argv[10]) },
};
fs.writeFileSync(`${out}/manifest.json`, JSON.stringify(manifest, null, 2) + "\n");
' "$out" "$commit" "$(git -C "$root" log -1 --format=%cI "$commit")" "$(git -C "$root" log -1 --format=%s "$commit" | cut -c1-120)" \
  "$last_migration" "$pglite_version" "$models" "$("$BIN/pg_dump" --version)" "$work/embedded.json" "$work/postgres.json"
(cd "$root" && npx prettier --log-level=warn --write "$out/manifest.json")

echo "--- wrote $out:"
ls -l "$out" | tail -n +2
du -sh "$out"
