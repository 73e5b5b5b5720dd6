#!/usr/bin/env bash
# Installs the Debian packages Weft needs to build, test and serve. Shared by
# .ci/run, scripts/test, scripts/weft and the Dockerfile so that what CI proves
# is what a fresh machine and the image do. Skips apt when everything is there.
set -euo pipefail

BUILD_PACKAGES=(libssl-dev zlib1g-dev pkg-config curl python3)
# WeftText: the text stack Chromium uses on Linux (fontconfig, FreeType, HarfBuzz, ICU)...
TEXT_PACKAGES=(libfontconfig-dev libfreetype-dev libharfbuzz-dev libicu-dev fontconfig)
if [ "${1:-}" = "--runtime" ]; then
    # The image only needs the shared libraries the binary links against.
    # libstdc++6: the Swift runtime libraries the Dockerfile copies in link against it.
    BUILD_PACKAGES=(libssl3 zlib1g libstdc++6)
    TEXT_PACKAGES=(libfontconfig1 libfreetype6 libharfbuzz0b libicu72 fontconfig)
fi
# ...and the fonts conformance/text was measured with (conformance/text/README.md),
# needed to build, test and serve alike.
FONT_PACKAGES=(fonts-inter fonts-noto-core fonts-liberation fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji)
# chromium: scripts/playground-test.py draws the playground in Debian's headless Chromium
# (the browser the text suite was measured in); nginx: scripts/scaleout-test.py balances
# two instances with deploy/nginx/weft.conf.
# python3-pip: schemathesis (scripts/schemathesis.sh) comes from PyPI.
TEST_PACKAGES=(wrk openssl curl chromium nginx python3-pip)

packages=("${BUILD_PACKAGES[@]}" "${TEXT_PACKAGES[@]}" "${FONT_PACKAGES[@]}")
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
# scripts/schemathesis.sh (run by scripts/test): schema-driven tests from PyPI.
if [ "${1:-}" = "--test" ] && ! command -v schemathesis >/dev/null; then
    echo "installing: schemathesis (PyPI)"
    # Debian 12's own python3 is "externally managed" (PEP 668); CI's machine is throwaway.
    python3 -m pip install -q "schemathesis>=4,<5" 2>/dev/null \
        || python3 -m pip install -q --break-system-packages "schemathesis>=4,<5"
fi
