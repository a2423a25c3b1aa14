#!/usr/bin/env python3
"""%hcc and %hcc-config of scripts/gpu-lit.sh's lit runs: records a call of
the tool, or replays it.

  hcc_wrap.py record --bundle B --src-root S --exec-root E --tool T --real EXE \
                     --test REL --counter FILE -- ARGS...
  hcc_wrap.py replay --bundle B --src-root S --exec-root E --tool T \
                     [--program-timeout N] --test REL --counter FILE -- ARGS...

gpu_lit_cfg.py writes these command lines; T is hcc or hcc-config, REL the
test's path in the suite, and FILE counts the test's calls of T, so call n
of a tool in the replay is call n of that tool in the recording. A call is
stored in B/records/REL/T/<n>/:
  call.json  argv, exit status, what was written (below), and the sha256 of
             the inputs (the test file and source files named on the
             command line) to catch a stale bundle
  stdout, stderr
  output     the -o file, if the call wrote it
  files/<i>  the other files a -save-temps call wrote into its working
             directory (=cwd) or next to the -o file (=obj)
Absolute paths of the run (the test sources, the repository, lit's Output
tree, the build tree) are stored as {TESTS}, {REPO}, {EXEC}, {BUILD} in argv
and in text stdout/stderr, so the replay can check it is the same call and
print the paths of its own run. {BUILD} stays the packing machine's build
tree (B/build-root): only hcc-config prints it, and only hcc reads it back.
Replayed stdout is written before stderr: "2>&1" sees the two in that order,
not interleaved as the tool wrote them.

A replay that cannot be faithful (no such call recorded, other arguments, a
changed input) stops with SIGTERM rather than an exit status, so that a
"not %hcc" line cannot turn it into a pass. Internal errors do the same and
are appended to B/wrapper-errors.txt, which gpu-lit.sh checks.
"""

import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import traceback


class ReplayError(Exception):
    pass


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["record", "replay"])
    p.add_argument("--bundle", required=True)
    p.add_argument("--src-root", required=True)
    p.add_argument("--exec-root", required=True)
    p.add_argument("--tool", required=True, choices=["hcc", "hcc-config"])
    p.add_argument("--real")
    p.add_argument("--program-timeout", type=int)
    p.add_argument("--test", required=True)
    p.add_argument("--counter", required=True)
    # Everything after "--" is the tool's, options that look like ours too.
    argv = sys.argv[1:]
    if "--" not in argv:
        p.error("missing -- before the tool's arguments")
    split = argv.index("--")
    args = p.parse_args(argv[:split])
    args.tool_args = argv[split + 1:]
    return args


class Roots:
    """Absolute paths of this run <-> placeholders shared by both runs."""

    def __init__(self, args):
        src_root = args.src_root.rstrip("/")
        named = {"{EXEC}": args.exec_root.rstrip("/"), "{TESTS}": src_root,
                 "{REPO}": os.path.dirname(src_root)}
        build_root = os.path.join(args.bundle, "build-root")
        if os.path.isfile(build_root):
            with open(build_root) as f:
                named["{BUILD}"] = f.read().strip().rstrip("/")
        self.named = named
        pairs = []
        for name, path in named.items():
            for variant in {path, os.path.realpath(path)}:
                pairs.append((variant, name))
        # Longest first: the exec root or the build tree may lie inside the
        # repository.
        self.pairs = sorted(pairs, key=lambda p: -len(p[0]))

    def normalize(self, text):
        for path, name in self.pairs:
            text = text.replace(path, name)
        return text

    def resolve(self, text):
        for name, path in self.named.items():
            text = text.replace(name, path)
        return text


def map_text(data, fn):
    """fn over data if it is UTF-8 text; other bytes (a binary written to
    stdout) are stored as they are."""
    try:
        return fn(data.decode("utf-8")).encode("utf-8"), True
    except UnicodeDecodeError:
        return data, False


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def output_path(args):
    """The file named by hcc's -o (the last one wins, as in clang)."""
    if args.tool != "hcc":
        return None
    out = None
    argv = args.tool_args
    for i, a in enumerate(argv):
        if a == "-o" and i + 1 < len(argv):
            out = argv[i + 1]
        elif a.startswith("-o") and len(a) > 2:
            out = a[2:]
    return os.path.abspath(out) if out and out != "-" else None


def inputs(args, roots):
    """sha256 of the test file and of the suite's files on the command line."""
    found = {os.path.join(args.src_root, args.test)}
    for a in args.tool_args:
        p = os.path.abspath(a)
        name = roots.normalize(p)
        if (os.path.isfile(p) and name.startswith("{")
                and not name.startswith(("{EXEC}", "{BUILD}"))):
            found.add(p)
    return {roots.normalize(p): sha256(p) for p in sorted(found)}


def next_call(counter):
    """Index of this call among the test's calls (a line per call)."""
    n = 0
    if os.path.exists(counter):
        with open(counter) as f:
            n = len(f.read().splitlines())
    with open(counter, "a") as f:
        f.write("call\n")
    return n


def file_id(path):
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def snapshot(dirs):
    """file_id of every regular file directly in dirs."""
    files = {}
    for d in dirs:
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for name in names:
            path = os.path.join(d, name)
            if os.path.isfile(path) and not os.path.islink(path):
                files[path] = file_id(path)
    return files


def is_program(path):
    """An ELF file with an interpreter: a program, not a shared library
    (both are executable files; -shared outputs must stay loadable)."""
    with open(path, "rb") as f:
        head = f.read(64)
        if head[:5] != b"\x7fELF\x02":  # 64-bit ELF only
            return False
        phoff = int.from_bytes(head[32:40], "little")
        phentsize = int.from_bytes(head[54:56], "little")
        phnum = int.from_bytes(head[56:58], "little")
        if not phentsize or not phnum:  # an object file
            return False
        f.seek(phoff)
        table = f.read(phentsize * phnum)
    return any(int.from_bytes(table[i:i + 4], "little") == 3  # PT_INTERP
               for i in range(0, len(table), phentsize))


def save_temps_dirs(args, out):
    """Where hcc writes other files than -o: only with -save-temps, into the
    working directory for -save-temps=cwd, else next to the -o file
    (tools/hcc/ArgClassifier.cpp)."""
    dirs = set()
    for a in args.tool_args:
        if a == "-save-temps=cwd":
            dirs.add(os.getcwd())
        elif a.startswith(("-save-temps", "--save-temps")):
            dirs.add(os.path.dirname(out) if out else os.getcwd())
    return dirs


def kept_file(path):
    """hcc names the files -save-temps keeps <stem>-hcc-<suffix>
    (Compilation::intermediate); only those are taken, since other tests
    write into the same directories (Output/) at the same time."""
    return "-hcc-" in os.path.basename(path)


def record(args, roots, call_dir):
    out = output_path(args)
    watched = save_temps_dirs(args, out)
    before = snapshot(watched)
    out_before = file_id(out) if out else None
    proc = subprocess.run([args.real] + args.tool_args,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out_after = file_id(out) if out else None
    wrote = out_after is not None and out_after != out_before

    shutil.rmtree(call_dir, ignore_errors=True)
    os.makedirs(os.path.join(call_dir, "files"))
    call = {"argv": [roots.normalize(a) for a in args.tool_args],
            "returncode": proc.returncode,
            "output": wrote,
            "executable": wrote and os.access(out, os.X_OK),
            "program": wrote and is_program(out),
            "inputs": inputs(args, roots),
            "files": {}}
    if wrote:
        shutil.copyfile(out, os.path.join(call_dir, "output"))
        if call["executable"]:  # gpu-lit.sh looks for the programs by mode
            os.chmod(os.path.join(call_dir, "output"), 0o755)
    for path, fid in sorted(snapshot(watched).items()):
        if path != out and before.get(path) != fid and kept_file(path):
            stored = str(len(call["files"]))
            shutil.copyfile(path, os.path.join(call_dir, "files", stored))
            call["files"][roots.normalize(path)] = stored
    for name, data in (("stdout", proc.stdout), ("stderr", proc.stderr)):
        stored, call[name + "_text"] = map_text(data, roots.normalize)
        with open(os.path.join(call_dir, name), "wb") as f:
            f.write(stored)
    with open(os.path.join(call_dir, "call.json"), "w") as f:
        json.dump(call, f, indent=1)
    return proc.stdout, proc.stderr, proc.returncode


def install_program(src, dst, timeout):
    """The recorded program at dst; under coreutils' timeout if asked."""
    if os.path.lexists(dst):
        os.remove(dst)
    if not timeout:
        shutil.copyfile(src, dst)
        os.chmod(dst, 0o755)
        return
    real = dst + ".prog"
    shutil.copyfile(src, real)
    os.chmod(real, 0o755)
    with open(dst, "w") as f:
        f.write("#!/bin/sh\n"
                "# gpu-lit: lit has no --timeout here (no psutil), so the\n"
                "# program runs under coreutils' timeout.\n"
                "timeout -k 10 %d '%s' \"$@\"\n"
                "rc=$?\n"
                "if [ $rc -eq 124 ]; then echo 'gpu-lit: program ran past "
                "%d s and was stopped' >&2; fi\n"
                "exit $rc\n" % (timeout, real, timeout))
    os.chmod(dst, 0o755)


def replay(args, roots, call_dir):
    meta = os.path.join(call_dir, "call.json")
    if not os.path.isfile(meta):
        raise ReplayError(
            "no recorded %s call #%d for this test (the pack run did not "
            "make it: run scripts/gpu-lit.sh pack again)"
            % (args.tool, args.call))
    with open(meta) as f:
        call = json.load(f)
    now = [roots.normalize(a) for a in args.tool_args]
    if now != call["argv"]:
        raise ReplayError("%s call #%d differs from the recorded one\n"
                          "  recorded: %s\n  now:      %s"
                          % (args.tool, args.call, " ".join(call["argv"]),
                             " ".join(now)))
    for name, digest in call["inputs"].items():
        path = roots.resolve(name)
        if not os.path.isfile(path) or sha256(path) != digest:
            raise ReplayError("%s changed since the bundle was made: run "
                              "scripts/gpu-lit.sh pack again" % path)
    if call["output"]:
        src = os.path.join(call_dir, "output")
        dst = output_path(args)
        if call["program"]:
            install_program(src, dst, args.program_timeout)
        else:
            shutil.copyfile(src, dst)
            if call["executable"]:
                os.chmod(dst, 0o755)
    for name, stored in call["files"].items():
        shutil.copyfile(os.path.join(call_dir, "files", stored),
                        roots.resolve(name))
    data = []
    for name in ("stdout", "stderr"):
        with open(os.path.join(call_dir, name), "rb") as f:
            text = f.read()
        if call[name + "_text"]:
            text = map_text(text, roots.resolve)[0]
        data.append(text)
    return data[0], data[1], call["returncode"]


def die(args, message):
    """Fail in a way that "not" does not invert (see the module comment)."""
    sys.stderr.write("gpu-lit (%s %s, %s): %s\n"
                     % (args.mode, args.tool, args.test, message))
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGTERM)
    os.kill(os.getpid(), signal.SIGKILL)  # in case SIGTERM is ignored


def main():
    args = parse_args()
    try:
        roots = Roots(args)
        args.call = next_call(args.counter)
        call_dir = os.path.join(args.bundle, "records", args.test, args.tool,
                                str(args.call))
        run = record if args.mode == "record" else replay
        out, err, rc = run(args, roots, call_dir)
    except ReplayError as e:
        die(args, str(e))
    except Exception:
        text = traceback.format_exc()
        with open(os.path.join(args.bundle, "wrapper-errors.txt"), "a") as f:
            f.write("%s %s %s:\n%s\n" % (args.mode, args.tool, args.test, text))
        die(args, "internal error:\n" + text)
    sys.stdout.buffer.write(out)
    sys.stdout.flush()
    sys.stderr.buffer.write(err)
    sys.stderr.flush()
    if rc < 0:
        os.kill(os.getpid(), -rc)  # the tool died by a signal: so do we
    sys.exit(rc)


if __name__ == "__main__":
    main()
