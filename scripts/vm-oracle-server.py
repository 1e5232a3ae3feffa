"""The real Sui Move VM (the sui-sandbox wheel) as a JSON-lines server, the oracle for src/vm.

Usage: vm-oracle-server.py PACKAGE_DIR...
  Each PACKAGE_DIR holds metadata.json ({"id": ...}) and bytecode_modules/*.mv; all are passed to
  every call, so nothing is fetched from the network.

Reads one request per line on stdin, and writes one line per request on stdout:
  a view call {"package": "0x1", "module": "u64", "function": "max", "type_args": ["u64"], "args_hex": ["05..."]}
    -> {"success": bool, "return_values": ["hex", ...], "error": str | null}
  a PTB {"replay_state": {...}}: the wheel's replay-state JSON (transaction, objects, packages)
    -> {"success": bool, "effects": {...} | null, "error": str | null}
"""

import base64
import glob
import json
import os
import sys
import tempfile

import sui_sandbox


def read_package(package_dir):
    with open(os.path.join(package_dir, "metadata.json"), encoding="utf-8") as f:
        package_id = json.load(f)["id"]
    modules = []
    for path in sorted(glob.glob(os.path.join(package_dir, "bytecode_modules", "*.mv"))):
        with open(path, "rb") as f:
            modules.append(f.read())
    return package_id, modules


def call(packages, request):
    result = sui_sandbox.call_view_function(
        request["package"],
        request["module"],
        request["function"],
        type_args=request.get("type_args", []),
        pure_inputs=[bytes.fromhex(h) for h in request.get("args_hex", [])],
        package_bytecodes=packages,
        fetch_deps=False,
    )
    values = []
    # One entry per command; a view call is one command.
    for command_values in result.get("return_values") or []:
        values.extend(base64.b64decode(v).hex() for v in command_values)
    return {"success": bool(result.get("success")), "return_values": values, "error": result.get("error")}


def replay(state):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(state, f)
        path = f.name
    try:
        result = sui_sandbox.replay(state_file=path)
    finally:
        os.unlink(path)
    effects = result.get("effects")
    return {"success": bool(result.get("local_success")), "effects": effects, "error": result.get("local_error")}


def main():
    packages = dict(read_package(d) for d in sys.argv[1:])
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            response = replay(request["replay_state"]) if "replay_state" in request else call(packages, request)
        except Exception as error:  # the wheel raises for requests it refuses outright
            response = {"success": False, "return_values": [], "error": f"oracle refused: {error}"}
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
