#!/usr/bin/env python3
"""Lists the source files that docs/architecture.md does not name.

Every concept has a file named for it, inside a folder named for its layer; the architecture page
says what each is for. A file counts as named when its stem (`engine` for core/sim/engine.cpp)
appears in backticks in the page (`engine`, `sim/engine.cpp`, `engine.cpp` ...), so that adding a
file without saying what it is fails tst_architecture_files.
Usage: architecture-files.py ROOT   (exit 1 and the list when any file is not named)
"""
import pathlib
import re
import sys


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    page = (root / "docs" / "architecture.md").read_text(encoding="utf-8")
    page = re.sub(r"```.*?```", "", page, flags=re.S)  # diagrams, not names
    named = set()
    for quoted in re.findall(r"`([^`]+)`", page):
        for word in re.findall(r"[A-Za-z0-9_]+", quoted):
            named.add(word.lower())
    missing = []
    for folder in ("core", "ui", "app"):
        for p in sorted((root / folder).rglob("*")):
            if p.suffix not in (".cpp", ".h") or p.name in ("main.cpp",):
                continue
            if p.stem.lower() not in named:
                missing.append(str(p.relative_to(root)))
    for m in missing:
        print(m)
    print(f"{len(missing)} source files not named in docs/architecture.md", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
