"""Print the interface JSON of one package directory as computed by the sui-sandbox wheel.

Usage: sui_sandbox_extract.py PACKAGE_DIR

PACKAGE_DIR holds bytecode_modules/*.mv (and usually metadata.json). The output is the wheel's
own (newer, schema_version 2) shape; test/move/wheel-crosscheck.test.ts projects it onto v1.
The wheel takes no package id together with a directory: without metadata.json it uses the
directory name as package_id.
"""

import argparse
import json
import os
import sys

import sui_sandbox


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package_dir")
    args = parser.parse_args()

    result = sui_sandbox.extract_interface(bytecode_dir=os.path.abspath(args.package_dir))
    json.dump(result, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
