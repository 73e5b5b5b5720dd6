#!/usr/bin/env python3
"""Runs every curl example of README.md (and of other Markdown files given) against a
real `weft serve`.

Each ```sh block that contains `curl` is run with bash, as a reader would paste it,
after `localhost:8080` is pointed at a server this script starts on a free 127.0.0.1
port. An example passes when every curl in it gets an HTTP success and its output is
JSON (one document, or NDJSON lines) with no problem and no `error` record; when the
README shows the answer in a ```json block right after the example, the output must
equal it as JSON.

The blocks run in a scratch directory in which every top-level entry of the
repository is linked, so that `bench/feed.py` and the like resolve and the files an
example writes do not land in the work tree.

Usage: scripts/readme-examples.py --weft PATH/TO/weft [FILE.md ...]   (default README.md)
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "e2e", "support"))
from weft_server import WeftServer  # noqa: E402

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)

# curl fails on HTTP errors only with --fail-with-body; the wrapper adds it and notes
# every failure in a file, because a failing curl early in a pipeline (`| head`) is
# invisible in the pipeline's exit status. Exit 23 is curl's write error: the reader
# (`head`) closed the pipe on purpose.
CURL_WRAPPER = r'''
curl() {
    command curl --fail-with-body "$@"
    local rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 23 ]; then echo "curl exited $rc" >> "$README_EXAMPLE_FAILURES"; fi
    return "$rc"
}
'''


def examples(markdown: str):
    """(line, shell source, the JSON answer shown right after it or None)."""
    blocks = [(m.group(1), m.group(2), markdown.count("\n", 0, m.start()) + 1, m.start(), m.end())
              for m in FENCE.finditer(markdown)]
    for i, (lang, body, line, _, end) in enumerate(blocks):
        if lang != "sh" or "curl" not in body:
            continue
        answer = None
        if i + 1 < len(blocks) and blocks[i + 1][0] == "json" and markdown[end:blocks[i + 1][3]].strip() == "":
            answer = json.loads(blocks[i + 1][1])
        yield line, body, answer


def documents(output: str):
    """The JSON documents of an output: one document, or one per line."""
    try:
        return [json.loads(output)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in output.splitlines() if line.strip()]


def problems_in(docs) -> list:
    found = []
    for doc in docs:
        if isinstance(doc, dict) and (doc.get("record") == "error" or str(doc.get("type", "")).startswith("https://weft.dev/problems/")):
            found.append(doc)
    return found


def run(source: str, port: int, workdir: str) -> tuple:
    source = source.replace("localhost:8080", f"127.0.0.1:{port}")
    failures = os.path.join(workdir, ".curl-failures")
    open(failures, "w").close()
    result = subprocess.run(["bash", "-c", CURL_WRAPPER + source], cwd=workdir, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "README_EXAMPLE_FAILURES": failures})
    curl_failures = open(failures).read().strip()
    return result, curl_failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weft", required=True, help="the weft binary")
    parser.add_argument("files", nargs="*", default=[os.path.join(ROOT, "README.md")], help="Markdown files")
    args = parser.parse_args()

    cases = []
    for path in args.files:
        found = [(os.path.relpath(path, ROOT), *case) for case in examples(open(path, encoding="utf-8").read())]
        if not found:
            print(f"readme-examples: no curl examples in {path}", file=sys.stderr)
            return 1
        cases += found

    failed = 0
    with tempfile.TemporaryDirectory(prefix="weft-readme-") as workdir:
        for entry in os.listdir(ROOT):
            if not entry.startswith("."):
                os.symlink(os.path.join(ROOT, entry), os.path.join(workdir, entry))
        with WeftServer(args.weft, os.path.join(workdir, ".weft.log")) as server:
            for path, line, source, answer in cases:
                result, curl_failures = run(source, server.port, workdir)
                why = None
                if result.returncode != 0 or curl_failures:
                    why = f"exit {result.returncode}; {curl_failures or 'no curl failure'}; stderr: {result.stderr.strip()[:500]}"
                else:
                    try:
                        docs = documents(result.stdout)
                    except json.JSONDecodeError as error:
                        docs, why = [], f"output is not JSON ({error}): {result.stdout[:300]!r}"
                    if why is None and not docs:
                        why = "no output"
                    elif why is None and problems_in(docs):
                        why = f"problem in the answer: {problems_in(docs)[0]}"
                    elif why is None and answer is not None and docs != [answer]:
                        why = f"answer differs from the one the document shows:\n  got  {json.dumps(docs[0] if len(docs) == 1 else docs)[:2000]}"
                status = "ok" if why is None else "FAIL"
                print(f"{path}:{line}: {status}" + ("" if why is None else f": {why}"))
                failed += why is not None
    print(f"readme-examples: {len(cases) - failed} of {len(cases)} curl examples pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
