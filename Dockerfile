# syntax=docker/dockerfile:1
# Weft's image. Two stages: the build runs CI's steps (scripts/install-deps.sh, then
# `swift build --product weft`, here in release configuration), so what CI proves is what
# the image runs; the runtime is a slim Debian with only the shared libraries the binary
# links and the fonts text is measured with (scripts/install-deps.sh --runtime).
#
#   docker build -t weft .
#   docker run --rm -p 8080:8080 weft                       # http://localhost:8080/
#   docker run --rm -p 9000:9000 -e WEFT_PORT=9000 -e WEFT_WORKERS=4 weft

# Swift 6.3.1 on Debian 12, the toolchain and distribution CI uses.
FROM swift:6.3.1-bookworm AS build
WORKDIR /src
# The install script first, on its own layer: the packages are cached until it changes.
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN bash scripts/install-deps.sh
COPY . .
# scripts/test's build command with -c release; then the binary and the Swift runtime
# libraries it links (found by ldd, so the list cannot go stale) are gathered for the
# runtime stage.
RUN swift build -c release --product weft \
 && bin="$(swift build -c release --show-bin-path)/weft" \
 && mkdir -p /out/bin /out/swift \
 && cp "$bin" /out/bin/weft \
 && ldd "$bin" | awk '$3 ~ /\/usr\/lib\/swift\// { print $3 }' | xargs -r cp -t /out/swift

FROM debian:bookworm-slim AS runtime
COPY scripts/install-deps.sh /tmp/install-deps.sh
RUN bash /tmp/install-deps.sh --runtime \
 && rm -rf /tmp/install-deps.sh /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 weft \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin weft
# The Swift runtime goes where the binary's run path (the toolchain's) looks for it.
COPY --from=build /out/swift/ /usr/lib/swift/linux/
COPY --from=build /out/bin/weft /usr/local/bin/weft
# The Ahem test font, which the docs' examples use: the binary finds it beside
# its source tree, which the image does not hold.
COPY conformance/fonts/ /usr/local/share/weft/fonts/
USER 10001:10001

# Configuration is by environment: every `weft serve` flag has a WEFT_* variable
# (README, "Configuration"); these two make the container reachable.
ENV WEFT_HOST=0.0.0.0 \
    WEFT_PORT=8080 \
    WEFT_LOG_LEVEL=info \
    WEFT_FONT_DIRS=/usr/local/share/weft/fonts
EXPOSE 8080
# `weft probe` because the slim image has no curl; the shell form so a changed
# WEFT_PORT is probed where the server actually listens.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD /usr/local/bin/weft probe "http${WEFT_TLS_CERT:+s}://127.0.0.1:${WEFT_PORT}/healthz"
# SIGTERM drains in-flight requests (WEFT_DRAIN_TIMEOUT) and exits 0; weft is PID 1
# and handles it itself.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/weft"]
CMD ["serve"]
