#!/usr/bin/env python3
"""Lists every `public` or `open` declaration under Sources/ that has no doc comment
(`///` or a block ending in `*/` right above it or above its attributes).

Usage: scripts/public-docs.py [DIR ...]   (default Sources; exit 1 when any is found)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECLARATION = re.compile(r"(@\w+(\([^)]*\))?\s+)*(public|open)\s")
ATTRIBUTE = re.compile(r"\s*@\w+(\([^)]*\))?\s*$")
GENERATED = {"EmbeddedWeb.swift"}


def undocumented(path: str):
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        text = line.strip()
        if not DECLARATION.match(text) or text.startswith("public import"):
            continue
        above = i - 1
        while above >= 0 and ATTRIBUTE.match(lines[above]):
            above -= 1
        previous = lines[above].strip() if above >= 0 else ""
        if not (previous.startswith("///") or previous.endswith("*/")):
            yield i + 1, text


def main() -> int:
    roots = sys.argv[1:] or [os.path.join(ROOT, "Sources")]
    found = 0
    for root in roots:
        for directory, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                if name.endswith(".swift") and name not in GENERATED:
                    path = os.path.join(directory, name)
                    for number, text in undocumented(path):
                        print(f"{os.path.relpath(path, ROOT)}:{number}: {text[:100]}")
                        found += 1
    print(f"public-docs: {found} public declarations without a doc comment", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
