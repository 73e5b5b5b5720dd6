#!/usr/bin/env bash
# Type-checks web/weft-client.d.ts, a page using it (scripts/typecheck/usage.ts) and, given a
# weft binary, that binary's real answers typed by it (written by
# scripts/typecheck/capture-answers.py into a temporary answers.ts), with Debian's tsc
# (node-typescript) in strict mode; then runs web/weft-client.js's behaviour checks
# (scripts/typecheck/client-test.mjs) in Node against a stub fetch and DOM.
#
#   scripts/typecheck-client.sh [WEFT_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp web/weft-client.d.ts scripts/typecheck/usage.ts "$work/"
files=("$work/usage.ts" "$work/weft-client.d.ts")
if [ $# -ge 1 ]; then
    python3 scripts/typecheck/capture-answers.py --weft "$1" --out "$work/answers.ts"
    files+=("$work/answers.ts")
else
    echo "no weft binary given: real answers are not type-checked"
fi
tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution node --lib es2022,dom "${files[@]}"
echo "weft-client.d.ts: type-checks (tsc $(tsc --version | awk '{print $2}'))"
node scripts/typecheck/client-test.mjs
