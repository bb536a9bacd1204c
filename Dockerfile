# syntax=docker/dockerfile:1
# telltale in a container image, for CI jobs that run in containers: a Swift image plus the
# release's binary, installed from dist/ (as Scripts/package-release and the release workflow
# write it) by Scripts/install-telltale.sh, which checks it against the sums file and that it runs.
#
#   Scripts/package-release && docker build -t telltale .
#   docker build --build-arg BASE=swift:6.2 -t telltale:full .   # with the compiler, for `telltale run`
#
# The default, Swift's slim image (the runtime, no compiler), is for the jobs that run no build:
# `telltale merge`, `report`, `queue report`, `capture`. `telltale run` builds the package under
# test, so its jobs need a full Swift image (BASE=swift:6.2). The binary is Linux's static build,
# for the image's architecture (x86_64 or aarch64: `docker buildx build --platform
# linux/amd64,linux/arm64` with both archives in dist/); it needs SQLite's library beside glibc.
ARG BASE=swift:6.2-slim
FROM ${BASE}
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# dist/ is mounted, never copied: the archives stay out of the image's layers. SQLite's library
# as the base image's distribution has it (its ABI is stable), so no version is pinned.
# hadolint ignore=DL3008
RUN --mount=type=bind,source=dist,target=/tmp/dist \
    --mount=type=bind,source=Scripts/install-telltale.sh,target=/tmp/install-telltale.sh \
    apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libsqlite3-0 \
    && rm -rf /var/lib/apt/lists/* \
    && version=$(find /tmp/dist -name 'telltale-*-sha256sums.txt' -printf '%f\n' | sed 's/^telltale-\(.*\)-sha256sums\.txt$/\1/' | head -1) \
    && TELLTALE_RELEASE_URL=/tmp/dist bash /tmp/install-telltale.sh --version "$version" --prefix /usr/local
# No ENTRYPOINT: CI services run their own commands (a job's script, through a shell) in the image.
CMD ["telltale", "--help"]
