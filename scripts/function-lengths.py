#!/usr/bin/env python3
"""Lists the functions defined in C++ sources that are longer than a limit.

Relies on the project's .clang-format layout (4-space indent, no namespace indentation): a
function is a definition whose signature line ends with "{" at column 0, or at column 4 inside
a class or struct defined at column 0, and whose body ends at the next line holding only "}"
at that indentation. Lambdas and local classes count as part of their function. Headers are
read too (inline members are usually short, but a long one is as hard to read).
Usage: function-lengths.py [--max N] [--all] DIR...
Exit 1 when any function is longer than N lines (150 by default).
"""
import argparse
import pathlib
import re
import sys

TYPE = re.compile(r"^\s*(template\s*<.*>\s*)?(struct|class|union|enum|namespace|extern)\b")
CONTROL = re.compile(r"^\s*(if|for|while|switch|do|else|try|catch|return)\b")


def is_signature(lines, i):
    line = lines[i].rstrip()
    if not line.endswith("{") or TYPE.match(line) or CONTROL.match(line):
        return False
    if re.search(r"(=|return|\[.*\]\s*\(.*\))\s*\{$", line) and "operator" not in line:
        return False
    head = " ".join(l.strip() for l in lines[max(0, i - 6):i + 1])
    return ")" in line or ")" in head.split(";")[-1]


def scan(lines, lo, hi, indent, out):
    pad = " " * indent
    i = lo
    while i < hi:
        line = lines[i]
        at_level = line.startswith(pad) and line[indent:indent + 1] not in (" ", "") and not line.startswith(pad + "//")
        if at_level and TYPE.match(line) and line.rstrip().endswith("{") and indent == 0 \
                and not line.startswith("namespace"):
            end = next((j for j in range(i + 1, hi) if lines[j].startswith("}")), hi)
            scan(lines, i + 1, end, 4, out)
            i = end + 1
            continue
        if at_level and is_signature(lines, i):
            end = next((j for j in range(i + 1, hi) if lines[j] == pad + "}"), None)
            if end is not None:
                start = i
                while start > lo and lines[start - 1].strip() and not lines[start - 1].rstrip().endswith(
                        (";", "}", "{", ":")) and not lines[start - 1].lstrip().startswith(("#", "//")):
                    start -= 1
                sig = " ".join(l.strip() for l in lines[start:i + 1])
                name = sig.split("(")[0].split()[-1] if "(" in sig else sig
                out.append((end - start + 1, start + 1, name))
                i = end + 1
                continue
        i += 1


def functions(path):
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    out = []
    scan(lines, 0, len(lines), 0, out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max", type=int, default=150)
    ap.add_argument("--all", action="store_true", help="list every function, longest first")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    found = []
    for d in args.dirs:
        for p in sorted(list(pathlib.Path(d).rglob("*.cpp")) + list(pathlib.Path(d).rglob("*.h"))):
            for length, line, name in functions(p):
                found.append((length, f"{p}:{line}", name))
    found.sort(key=lambda f: (-f[0], f[1]))
    over = [f for f in found if f[0] > args.max]
    for length, where, name in (found if args.all else over):
        print(f"{length:5d}  {where}  {name}")
    print(f"{len(found)} functions read; {len(over)} longer than {args.max} lines",
          file=sys.stderr if not over else sys.stdout)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
