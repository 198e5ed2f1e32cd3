#!/usr/bin/env python3
"""Lists the functions defined in C++ sources that are longer than a limit.

Relies on the project's .clang-format layout (4-space indent, no namespace indentation): a
function definition starts at column 0, or at column 4 inside a class or struct defined at column
0; its signature may wrap onto more lines (the parameters, a constructor's initializer list),
each indented further, until a line that ends with "{"; its body ends at the next line holding
only "}" at the indentation it started at. Lambdas and local classes count as part of their
function. Headers are read too (inline members are usually short, but a long one is as hard to
read).
Usage: function-lengths.py [--max N] [--all] DIR...
Exit 1 when any function is longer than N lines (150 by default).
"""
import argparse
import pathlib
import re
import sys

TYPE = re.compile(r"^\s*(template\s*<.*>\s*)?(struct|class|union|enum|namespace\b|extern\s*\"C\"\s*\{)")
CONTROL = re.compile(r"^\s*(if|for|while|switch|do|else|try|catch|return)\b")
# The most lines a signature may wrap onto (a constructor's initializer list can be long) before
# it is taken for something else.
MAX_SIGNATURE_LINES = 40


def starts_at(line, indent):
    """Whether a line starts a declaration at this indentation (not a comment or directive)."""
    pad = " " * indent
    return line.startswith(pad) and line[indent:indent + 1] not in (" ", "", "#") \
        and not line[indent:].startswith("//")


def signature_end(lines, i, hi, indent):
    """The line that ends the signature starting at line i with "{", or None: every line after
    the first is indented further, and none ends the declaration first (";")."""
    for j in range(i, min(hi, i + MAX_SIGNATURE_LINES)):
        text = lines[j].rstrip()
        if j > i and not (lines[j].startswith(" " * (indent + 1)) and text.strip()):
            return None
        if text.endswith("{"):
            return j
        if text.endswith((";", "}")) or (text.endswith(")") and j == i and "(" not in text):
            return None
    return None


def is_signature(head):
    """Whether the joined lines of a signature (up to its "{") define a function."""
    if TYPE.match(head) or CONTROL.match(head):
        return False
    body_open = head.rstrip()[:-1]
    # A variable's initializer or a lambda at namespace scope, not a function.
    if re.search(r"(=|return)\s*$", body_open) and "operator" not in body_open:
        return False
    if re.search(r"=\s*\[.*\]\s*\(", head) and "operator" not in head:
        return False
    return "(" in head and ")" in head


def scan(lines, lo, hi, indent, out):
    pad = " " * indent
    i = lo
    while i < hi:
        line = lines[i]
        if not starts_at(line, indent):
            i += 1
            continue
        if TYPE.match(line) and line.rstrip().endswith("{") and indent == 0 and not line.startswith("namespace"):
            end = next((j for j in range(i + 1, hi) if lines[j].startswith("}")), hi)
            scan(lines, i + 1, end, 4, out)
            i = end + 1
            continue
        last = signature_end(lines, i, hi, indent)
        if last is not None and is_signature(" ".join(l.strip() for l in lines[i:last + 1])):
            end = next((j for j in range(last + 1, hi) if lines[j] == pad + "}"), None)
            if end is not None:
                start = i
                while start > lo and lines[start - 1].strip() and not lines[start - 1].rstrip().endswith(
                        (";", "}", "{", ":")) and not lines[start - 1].lstrip().startswith(("#", "//")):
                    start -= 1
                sig = " ".join(l.strip() for l in lines[start:last + 1])
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
    try:
        for length, where, name in (found if args.all else over):
            print(f"{length:5d}  {where}  {name}")
    except BrokenPipeError:  # `| head`
        return 1 if over else 0
    print(f"{len(found)} functions read; {len(over)} longer than {args.max} lines",
          file=sys.stderr if not over else sys.stdout)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
