#!/usr/bin/env bash
# Installs the `sui-sandbox` Python wheel (the upstream Rust extractor and the real Sui Move VM, compiled)
# into the project-local venv .tools/sui-venv, for the tests that check our extractor and VM against it.
# Where wheels exist (Linux x86_64/aarch64, macOS arm64, with CPython 3.9–3.13) a failed install is an
# error: CI must not pass without those checks. Elsewhere it says so and exits 0; the tests then skip,
# except under CI=true, where they fail.
set -u

VERSION="0.22.0" # pinned: the oracle's behaviour is part of the tests' expectations
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$PROJECT_ROOT/.tools/sui-venv"
PYTHON="$VENV/bin/python"

if [ -x "$PYTHON" ] && "$PYTHON" -c 'import sui_sandbox' >/dev/null 2>&1; then
  echo "sui-sandbox already installed in $VENV"
  exit 0
fi

case "$(uname -s)/$(uname -m)" in
  Linux/x86_64 | Linux/aarch64 | Darwin/arm64) platform_has_wheels=1 ;;
  *) platform_has_wheels=0 ;;
esac

# The wheels are built for particular CPython versions: prefer an interpreter that has one.
BASE_PYTHON=""
for candidate in python3.11 python3.12 python3.13 python3.10 python3.9 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
    "$candidate" -c 'import sys; sys.exit(0 if (3, 9) <= sys.version_info[:2] <= (3, 13) else 1)' 2>/dev/null; then
    BASE_PYTHON="$candidate"
    break
  fi
done

give_up() {
  rm -rf "$VENV" # a half-built venv would make the tests think the wheel is there
  if [ "$platform_has_wheels" = 1 ] && [ -n "$BASE_PYTHON" ]; then
    echo "error: sui-sandbox $VERSION could not be installed ($1)" >&2
    exit 1
  fi
  echo "sui-sandbox not installed ($1): no wheel for $(uname -s)/$(uname -m) with ${BASE_PYTHON:-no CPython 3.9–3.13}; the tests that need it are skipped (they fail under CI=true)" >&2
  exit 0
}

[ -n "$BASE_PYTHON" ] || give_up "no CPython 3.9–3.13 found"
[ "$platform_has_wheels" = 1 ] || give_up "unsupported platform"
mkdir -p "$PROJECT_ROOT/.tools"
"$BASE_PYTHON" -m venv "$VENV" || give_up "$BASE_PYTHON -m venv failed"
"$PYTHON" -m pip install --quiet --disable-pip-version-check --only-binary ':all:' "sui-sandbox==$VERSION" ||
  give_up "pip install sui-sandbox==$VERSION failed"
"$PYTHON" -c 'import sui_sandbox' || give_up "import sui_sandbox failed"
echo "sui-sandbox $VERSION installed in $VENV (with $BASE_PYTHON)"
