#!/usr/bin/env bash
# Installs the `sui-sandbox` Python wheel (the upstream Rust extractor, compiled) into the
# project-local venv .tools/sui-venv. Only used by test/move/wheel-crosscheck.test.ts, which skips
# itself when the venv is missing, so a failed install is reported but never fails the caller.
set -u

VERSION="0.22.0" # the only release with a cp311 manylinux wheel; 0.22.1 is sdist-only
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$PROJECT_ROOT/.tools/sui-venv"
PYTHON="$VENV/bin/python"

if [ -x "$PYTHON" ] && "$PYTHON" -c 'import sui_sandbox' >/dev/null 2>&1; then
  echo "sui-sandbox already installed in $VENV"
  exit 0
fi

give_up() {
  echo "sui-sandbox not installed ($1); the wheel cross-check test will be skipped" >&2
  # Remove a half-built venv so the test's existence check stays meaningful.
  rm -rf "$VENV"
  exit 0
}

command -v python3 >/dev/null 2>&1 || give_up "python3 not found"
mkdir -p "$PROJECT_ROOT/.tools"
python3 -m venv "$VENV" || give_up "python3 -m venv failed"
"$PYTHON" -m pip install --quiet --disable-pip-version-check --only-binary ':all:' "sui-sandbox==$VERSION" ||
  give_up "pip install sui-sandbox==$VERSION failed (a cp311 manylinux wheel is needed)"
"$PYTHON" -c 'import sui_sandbox' || give_up "import sui_sandbox failed"
echo "sui-sandbox $VERSION installed in $VENV"
