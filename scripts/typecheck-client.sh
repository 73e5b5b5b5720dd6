#!/usr/bin/env bash
# Type-checks web/weft-client.d.ts, and a page using it (scripts/typecheck/usage.ts),
# with Debian's tsc (node-typescript) in strict mode.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp web/weft-client.d.ts scripts/typecheck/usage.ts "$work/"
tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution node --lib es2022,dom \
    "$work/usage.ts" "$work/weft-client.d.ts"
echo "weft-client.d.ts: type-checks (tsc $(tsc --version | awk '{print $2}'))"
