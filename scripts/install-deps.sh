#!/usr/bin/env bash
# Installs the Debian packages Weft needs to build, test and serve. Shared by
# .ci/run, scripts/test, scripts/weft and the Dockerfile so that what CI proves
# is what a fresh machine and the image do. Skips apt when everything is there.
set -euo pipefail

BUILD_PACKAGES=(libssl-dev zlib1g-dev pkg-config curl python3)
TEST_PACKAGES=(wrk)

packages=("${BUILD_PACKAGES[@]}")
if [ "${1:-}" = "--test" ]; then packages+=("${TEST_PACKAGES[@]}"); fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
