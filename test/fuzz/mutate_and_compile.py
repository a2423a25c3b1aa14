#!/usr/bin/env python3
"""Feeds mutated hcc test programs to hcc and checks that it never crashes.

Every mutant is a copy of one seed program (test/compiler, test/amp,
test/kernels...) with one to three random edits: a token deleted,
duplicated or swapped with its neighbour, the file cut short, or a bad
hcc attribute / C++ AMP restriction / device-code construct injected.
hcc must end each compile with status 0 or 1 (success or diagnostics); a
signal, any other status, Clang's crash banner ("PLEASE submit a bug
report", "Stack dump"), or a compile that outlives the timeout is a
failure. Failing mutants are kept in --out with the command that failed.

The run is deterministic: mutant k of a run with seed S is always the same
edit of the same file. Most mutants are compiled with -fsyntax-only (both
passes' front ends and the Clang plugin); every --codegen-every'th one with
-c for one device target, so that the LLVM pass plugin sees it too.

    mutate_and_compile.py --hcc build/bin/hcc --src test --out /tmp/fuzz
        [--count N] [--seed S] [--jobs J]

N defaults to $HCC_FUZZ_COUNT or 200 (about 100 s on 2 idle cores); see
docs/compiler-plugins.md ("Robustness").
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys

# Seed programs, relative to the test source directory. Small, varied
# programs: attributes in every position, C++ AMP restrictions, kernels with
# tiles, the device-code diagnostics.
SEEDS = [
    "compiler/attr-spellings.cpp",
    "compiler/attr-members.cpp",
    "compiler/diag-call-chain.cpp",
    "compiler/diag-exceptions.cpp",
    "compiler/diag-virtual.cpp",
    "compiler/diag-function-pointer.cpp",
    "compiler/diag-inline-asm.cpp",
    "compiler/diag-variadic.cpp",
    "compiler/diag-thread-local.cpp",
    "amp/restrict-overload.cpp",
    "amp/restrict-spellings.cpp",
    "amp/tiled-index.cpp",
    "device-code/virtual-calls.cpp",
    "kernels/tiled_index_2d.cpp",
    "kernels/kernel_functor.cpp",
]

# Text a mutation may inject between two tokens: attributes with bad
# arguments or in odd places, broken restrict() lists, and constructs the
# device pass diagnoses.
INJECTIONS = [
    "[[hc]]", "[[cpu]]", "[[hc, cpu]]", "[[hc(1)]]", "[[hc", "[[cpu]",
    "[[hc, hc, unknown]]", "__attribute__((hc))", "__attribute__((hc",
    "__attribute__((cpu(\"x\")))", "restrict(amp)", "restrict(cpu)",
    "restrict(amp, cpu)", "restrict(", "restrict(amp", "restrict(gpu)",
    "restrict()", "restrict(amp,,)", "tile_static", "throw 1;",
    "typeid(*this);", "asm(\"movl %eax, %ebx\");", "thread_local",
    "virtual", "...", "try {", "} catch (...) {}", "[=]", "}", "{", ";",
    "#pragma once\n", "\n#if 1\n", "\n#endif\n", "\"", "'", "/*", "R\"(",
]

# Mutants Clang itself crashes on, which hcc cannot prevent: (seed, index)
# -> the Clang bug. Keep empty unless a crash is Clang's own.
KNOWN_CLANG_CRASHES = {}

TOKEN = re.compile(r'\s+|[A-Za-z_]\w*|\d[\w.]*|"(?:\\.|[^"\\\n])*"|'
                   r"'(?:\\.|[^'\\\n])*'|//[^\n]*|/\*.*?\*/|.", re.S)

CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump",
                 "frontend command failed due to signal", "Assertion",
                 "LLVM ERROR", "UNREACHABLE")


def tokens(text):
    return TOKEN.findall(text)


def mutate(text, rng):
    toks = tokens(text)
    # Indices of tokens that are not whitespace.
    real = [i for i, t in enumerate(toks) if not t.isspace()]
    edits = []
    for _ in range(rng.randint(1, 3)):
        if not real:
            break
        kind = rng.choice(["delete", "duplicate", "swap", "inject", "inject",
                           "truncate"])
        i = rng.choice(real)
        if kind == "delete":
            toks[i] = ""
        elif kind == "duplicate":
            toks[i] = toks[i] + " " + toks[i]
        elif kind == "swap":
            later = [j for j in real if j > i]
            if later:
                j = later[0]
                toks[i], toks[j] = toks[j], toks[i]
        elif kind == "inject":
            toks[i] = toks[i] + " " + rng.choice(INJECTIONS) + " "
        elif kind == "truncate":
            toks = toks[:i]
            real = [j for j in real if j < i]
        edits.append("%s@%d" % (kind, i))
    return "".join(toks), edits


def make_mutants(src, count, seed):
    texts = {}
    for rel in SEEDS:
        path = os.path.join(src, rel)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                # FileCheck lines of the inputs mention the crash markers;
                # blank them (keeping line numbers) so that a diagnostic
                # quoting one is not taken for a crash.
                texts[rel] = "\n".join(
                    "" if any(m in line for m in CRASH_MARKERS) else line
                    for line in f.read().split("\n"))
    if not texts:
        sys.exit("no seed programs found under %s" % src)
    names = sorted(texts)
    rng = random.Random(seed)
    for k in range(count):
        rel = names[k % len(names)]
        text, edits = mutate(texts[rel], rng)
        yield k, rel, text, edits


def compile_one(hcc, out, k, rel, text, edits, codegen, timeout):
    base = "m%04d-%s" % (k, rel.replace("/", "-"))
    path = os.path.join(out, base)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    cmd = [hcc, "-hc", "-std=c++17"]
    if "amp/" in rel:
        cmd = [hcc, "-std=c++amp"]
    if codegen:
        cmd += ["-c", "--offload-arch=sm_90", "-O0", "-o", path + ".o"]
    else:
        cmd += ["-fsyntax-only"]
    cmd += ["-I", os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "compiler", "Inputs"), path]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
        output = proc.stdout.decode("utf-8", "replace")
        status = proc.returncode
    except subprocess.TimeoutExpired:
        return k, rel, edits, cmd, "timeout after %ds" % timeout, ""
    problem = None
    if status not in (0, 1):
        problem = "exit status %d" % status
    else:
        for marker in CRASH_MARKERS:
            if marker in output:
                problem = "output contains %r" % marker
                break
    if problem is None:
        os.remove(path)
        if os.path.exists(path + ".o"):
            os.remove(path + ".o")
    return k, rel, edits, cmd, problem, output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hcc", required=True)
    parser.add_argument("--src", required=True, help="the test/ directory")
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int,
                        default=int(os.environ.get("HCC_FUZZ_COUNT", "200")))
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("HCC_FUZZ_SEED", "4")))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--codegen-every", type=int, default=4)
    parser.add_argument("--timeout", type=int, default=120)
    args = parser.parse_args()

    os.makedirs(args.out, exist_ok=True)
    failures = 0
    done = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [
            pool.submit(compile_one, args.hcc, args.out, k, rel, text, edits,
                        k % args.codegen_every == 0, args.timeout)
            for k, rel, text, edits in make_mutants(args.src, args.count,
                                                    args.seed)]
        for future in concurrent.futures.as_completed(futures):
            k, rel, edits, cmd, problem, output = future.result()
            done += 1
            if problem is None:
                continue
            if (rel, k) in KNOWN_CLANG_CRASHES:
                print("known Clang crash, mutant %d of %s: %s" %
                      (k, rel, KNOWN_CLANG_CRASHES[(rel, k)]))
                continue
            failures += 1
            print("FAIL mutant %d of %s (%s): %s\n  %s" %
                  (k, rel, " ".join(edits), problem, " ".join(cmd)))
            print("\n".join("  | " + line
                            for line in output.splitlines()[-25:]))
    print("fuzz: %d mutants (seed %d), %d failures" %
          (done, args.seed, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
