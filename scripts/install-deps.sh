#!/bin/sh
# System packages Weft needs to build, test and run, shared by .ci/run and the Dockerfile.
# Debian 12 (bookworm). The font packages are the ones conformance/text was measured with
# (see shared/conformance/text/README.md); keep them and Debian's default fontconfig setup.
set -eu

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends \
    libssl-dev zlib1g-dev \
    pkg-config \
    libfontconfig-dev libfreetype-dev libharfbuzz-dev libicu-dev \
    fontconfig \
    fonts-inter fonts-noto-core fonts-liberation fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
