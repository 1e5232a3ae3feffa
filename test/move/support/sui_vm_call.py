"""Call functions of a local package in the sui-sandbox Move VM, offline; print the results as JSON.

Usage: sui_vm_call.py PACKAGE_DIR CALLS_JSON
  CALLS_JSON: [{"module": "m", "function": "f", "pure_hex": ["0500000000000000", ...]}, ...]

Loading a module into the VM runs the Move bytecode verifier, so a call that reaches the
function body (e.g. aborts with code 0) shows the module verifies.
"""

import glob
import json
import os
import sys

import sui_sandbox


def main() -> int:
    package_dir, calls_json = sys.argv[1:]
    with open(os.path.join(package_dir, "metadata.json"), encoding="utf-8") as f:
        package_id = json.load(f)["id"]
    modules = []
    for path in sorted(glob.glob(os.path.join(package_dir, "bytecode_modules", "*.mv"))):
        with open(path, "rb") as f:
            modules.append(f.read())
    results = []
    for call in json.loads(calls_json):
        results.append(
            sui_sandbox.call_view_function(
                package_id,
                call["module"],
                call["function"],
                pure_inputs=[bytes.fromhex(h) for h in call["pure_hex"]],
                package_bytecodes={package_id: modules},
                fetch_deps=False,
            )
        )
    json.dump(results, sys.stdout, default=str)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
