"""Checks an HCC_PROFILE=2 trace: valid JSON in the Chrome trace format,
with the kernels, the copies and the host waits of summary_and_trace.cpp."""
import json
import sys

with open(sys.argv[1]) as f:
    trace = json.load(f)
events = trace["traceEvents"]
complete = [e for e in events if e["ph"] == "X"]
names = [e["name"] for e in events if e["ph"] == "M"]
kernels = [e for e in complete if e["cat"] == "kernel"]
waits = [e for e in complete if e["cat"] == "wait"]
copies = [e for e in complete if e["cat"] == "copy"]


def check(condition, what):
    if not condition:
        sys.exit("check_trace: " + what + "\n" + json.dumps(trace, indent=1))


check(len(kernels) == 4, "expected 4 kernel events")
check(sum(e["name"] == "scale_kernel" for e in kernels) == 3,
      "expected 3 launches of scale_kernel")
check(len(waits) >= 1, "expected host waits")
check(all(e["ts"] >= 0 and e["dur"] >= 0 for e in complete),
      "negative timestamp or duration")
check(all(isinstance(e["tid"], int) for e in complete), "tid not a number")
check(names, "no track names")
# The CPU backend shares host memory with arrays: copies may be elided;
# when present they carry their byte counts.
check(all(e["args"]["bytes"] > 0 for e in copies), "copy without bytes")
print("check_trace: %d kernels, %d copies, %d waits, %d tracks" %
      (len(kernels), len(copies), len(waits), len(names)))
