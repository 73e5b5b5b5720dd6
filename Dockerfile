# syntax=docker/dockerfile:1
# Multi-stage: build with the Swift toolchain, run on a slim Debian with only
# the runtime libraries and the fonts text is measured with. The build stage
# uses the same install script as CI, so what CI proves is what the image does.

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN bash scripts/install-deps.sh
COPY . .
RUN swift build -c release --product weft --static-swift-stdlib \
 && mkdir -p /out \
 && cp "$(swift build -c release --show-bin-path)/weft" /out/weft

FROM debian:bookworm-slim AS runtime
COPY scripts/install-deps.sh /tmp/install-deps.sh
RUN bash /tmp/install-deps.sh --runtime && rm /tmp/install-deps.sh \
 && useradd --system --uid 10001 --no-create-home weft
COPY --from=build /out/weft /usr/local/bin/weft
USER weft
ENV WEFT_HOST=0.0.0.0 WEFT_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/weft", "probe", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/usr/local/bin/weft"]
CMD ["serve"]
