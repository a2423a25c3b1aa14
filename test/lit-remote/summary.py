#!/usr/bin/env python3
"""Summary of a gpu-lit run, from lit's JSON results (lit -o) and its log.

  summary.py RESULTS.json LIT-LOG

Prints how many tests ended in each of lit's result codes, the reasons of
the unsupported ones, and last a line "N passed, N failed":
  passed  PASS, FLAKYPASS, XFAIL (lit counts an expected failure as success)
  failed  FAIL, XPASS, TIMEOUT, UNRESOLVED, and tests lit never started
          because --max-time ran out (SKIPPED: they are only in the log)
Unsupported tests are neither. Exit status 1 when any test failed.
"""

import collections
import json
import re
import sys

PASSED = {"PASS", "FLAKYPASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "TIMEOUT", "UNRESOLVED"}


def main():
    results, log = sys.argv[1], sys.argv[2]
    try:
        with open(results) as f:
            tests = json.load(f)["tests"]
    except (OSError, ValueError) as e:
        print("gpu-lit: no lit results (%s)" % e)
        print("0 passed, 1 failed")
        return 1
    codes = collections.Counter(t["code"] for t in tests)
    # lit leaves skipped tests out of its JSON; its summary in the log
    # counts them ("  Skipped    : 3 (2.00%)").
    with open(log, errors="replace") as f:
        m = re.search(r"^\s*Skipped\s*:\s*(\d+)", f.read(), re.M)
    if m:
        codes["SKIPPED"] += int(m.group(1))

    print("gpu-lit: " + ", ".join("%d %s" % (n, c)
                                  for c, n in sorted(codes.items())))
    reasons = collections.Counter(t["output"].strip() for t in tests
                                  if t["code"] == "UNSUPPORTED")
    for reason, n in sorted(reasons.items()):
        print("gpu-lit: %d unsupported: %s" % (n, reason or "(no reason)"))
    if codes["SKIPPED"]:
        print("gpu-lit: %d not run: lit's --max-time ran out"
              % codes["SKIPPED"])

    passed = sum(n for c, n in codes.items() if c in PASSED)
    failed = sum(n for c, n in codes.items() if c in FAILED or c == "SKIPPED")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
