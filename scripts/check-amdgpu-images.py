#!/usr/bin/env python3
"""Static checks of the AMDGPU images hcc embeds (docs/backends.md).

No AMD GPU is needed. For each object file or executable:

  * the images of kind hsaco in .hcc_images are split out by their local
    symbols (__hcc_image_<cuid>_<n>, one per target; the section and the
    prefix are image_section and image_symbol_prefix of
    include/hc/detail/abi_names.h);
  * each is a valid AMDGPU HSA code object for one of the requested targets
    (llvm-readobj --notes: amdhsa.target, code object version 5), and every
    requested target has exactly one;
  * its amdhsa.kernels lists exactly the kernels the host code launches by
    name (the device-side mangled names the host pass stored in .rodata);
  * its ELF header flags name the same processor and target-id features;
  * it disassembles cleanly (llvm-objdump -d: exit status 0, no <unknown>);
  * the HSA backend's own reader (hcc-hsaco-info) agrees with llvm-readobj
    on every kernel's kernarg segment size and group segment size, and can
    plan its kernarg segment (one by-value argument block at offset 0, only
    hidden arguments the backend supplies).

  check-amdgpu-images.py --targets gfx90a,gfx942 [options] FILE...
  check-amdgpu-images.py --targets gfx90a,gfx942,gfx1100 --sweep test/ \\
      --hcc build/bin/hcc [--jobs 2]

--sweep compiles every lit program under the directory (the first RUN line
that runs %hcc on %s and is expected to succeed; its flags, -c and the
targets) and checks the objects. Programs without parallel_for_each and
without __global__ are skipped: they have no kernels.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import struct
import subprocess
import sys
import tempfile

KERNEL_NAME = re.compile(
    rb"(_ZN2hc6detail(?:9hc_kernel|15hc_tiled_kernel|11hc_kernel32"
    rb"|17hc_tiled_kernel32|23hc_tiled_kernel32_whole)I[A-Za-z0-9_$.]*)\x00")
# The 32-bit-offset twins of the entry points (hc/detail/offset_width.hpp),
# the whole-tiles entries of tiled kernels among them:
# the host names every one, the compiler removes those that would change
# nothing, so an image may lack them.
OPTIONAL_KERNEL = re.compile(
    r"^_ZN2hc6detail(?:11hc_kernel32|17hc_tiled_kernel32|23hc_tiled_kernel32_whole)I")
COV = 5  # the code object version hcc emits (tools/hcc/AMDGPUCommands.h)


class CheckError(Exception):
    pass


def read_elf(data):
    """Sections as {name: (offset, size, index)} and symbols as a list of
    (name, section index, value, size) of an ELF64 little-endian file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise CheckError("not a 64-bit little-endian ELF file")
    etype = struct.unpack_from("<H", data, 16)[0]
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    headers = []
    for i in range(shnum):
        (name, stype, flags, addr, off, size, link, info, align,
         entsize) = struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
        headers.append((name, stype, addr, off, size, link, entsize))
    strtab_off = headers[shstrndx][3]

    def cstr(base, off):
        end = data.index(b"\0", base + off)
        return data[base + off:end].decode("latin-1")

    sections = {}
    by_index = []
    for i, (name, stype, addr, off, size, link, entsize) in enumerate(headers):
        n = cstr(strtab_off, name)
        by_index.append((n, addr, off, size, stype))
        sections.setdefault(n, (off, size, i))
    symbols = []
    for (name, stype, addr, off, size, link, entsize) in headers:
        if stype != 2:  # SHT_SYMTAB
            continue
        names_off = headers[link][3]
        for j in range(size // 24):
            st_name, st_info, st_other, st_shndx, st_value, st_size = \
                struct.unpack_from("<IBBHQQ", data, off + j * 24)
            symbols.append((cstr(names_off, st_name), st_shndx, st_value,
                            st_size))
    return etype, by_index, symbols


def embedded_images(data):
    """[(symbol, bytes)] of the images in .hcc_images."""
    etype, sections, symbols = read_elf(data)
    images = []
    for name, shndx, value, size in symbols:
        if not name.startswith("__hcc_image_") or shndx >= len(sections):
            continue
        sname, addr, off, ssize, stype = sections[shndx]
        if sname != ".hcc_images":
            continue
        # Relocatable objects: value is section-relative; linked files: an
        # address inside the section.
        start = value if etype == 1 else value - addr
        # The driver puts a NUL after every image (for PTX); .size counts it.
        images.append((name, data[off + start:off + start + size - 1]))
    return images


def launched_kernels(data):
    """Kernel names the host code refers to (string literals in .rodata)."""
    _, sections, _ = read_elf(data)
    names = set()
    for sname, addr, off, size, stype in sections:
        if sname.startswith(".rodata") and stype != 8:  # not SHT_NOBITS
            for m in KERNEL_NAME.finditer(data[off:off + size]):
                names.add(m.group(1).decode())
    return names


def parse_notes(text):
    """amdhsa.target, amdhsa.version and per-kernel fields from
    llvm-readobj --notes (YAML; kernel maps at indent 2, their keys at 4)."""
    target = re.search(r"^amdhsa\.target:\s+(\S+)", text, re.M)
    version = re.search(r"^amdhsa\.version:\s*\n\s+-\s+(\d+)\s*\n\s+-\s+(\d+)",
                        text, re.M)
    kernels = []
    in_kernels = False
    for line in text.splitlines():
        if line.startswith("amdhsa.kernels:"):
            in_kernels = True
            continue
        if in_kernels and re.match(r"^\S", line):
            in_kernels = False
        if not in_kernels:
            continue
        m = re.match(r"^(  - |    )(\.\w+):\s*(.*)$", line)
        if not m:
            continue
        if m.group(1) == "  - ":
            kernels.append({})
        kernels[-1][m.group(2)] = m.group(3).strip().strip("'")
    # YAML quotes target ids with features ('...--gfx90a:xnack+').
    return (target.group(1).strip("'\"") if target else None,
            (int(version.group(1)), int(version.group(2))) if version else None,
            kernels)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


def check_image(blob, tools, hsaco_info, workdir, label):
    path = os.path.join(workdir, "image.hsaco")
    with open(path, "wb") as f:
        f.write(blob)
    rc, notes, err = run([tools["llvm-readobj"], "--notes", path])
    if rc != 0:
        raise CheckError("%s: llvm-readobj --notes failed: %s" % (label, err))
    target, version, kernels = parse_notes(notes)
    if not target or not target.startswith("amdgcn-amd-amdhsa--"):
        raise CheckError("%s: no amdhsa.target in the metadata" % label)
    target = target[len("amdgcn-amd-amdhsa--"):]
    if version != (1, COV - 3):
        raise CheckError("%s (%s): amdhsa.version %s, expected code object "
                         "v%d (1.%d)" % (label, target, version, COV, COV - 3))
    # The ELF header's e_flags must say the same (processor, and each
    # feature the target id pins; an unpinned one reads "xnack"/"sramecc").
    rc, header, err = run([tools["llvm-readelf"], "-h", path])
    flags = re.search(r"^\s*Flags:\s*(.*)$", header, re.M)
    words = [w.strip() for w in flags.group(1).split(",")] if flags else []
    for part in target.split(":"):
        if part not in words:
            raise CheckError("%s (%s): ELF flags '%s' lack '%s'" % (
                label, target, flags.group(1) if flags else "", part))
    rc, disasm, err = run([tools["llvm-objdump"], "-d", path])
    if rc != 0 or "<unknown>" in disasm or err.strip():
        raise CheckError("%s (%s): llvm-objdump -d is not clean: %s%s" % (
            label, target, err.strip(),
            " (<unknown> instructions)" if "<unknown>" in disasm else ""))
    rc, info, err = run([hsaco_info, path])
    if rc != 0:
        raise CheckError("%s (%s): the HSA backend cannot use it: %s" % (
            label, target, err.strip()))
    runtime = {}
    for line in info.splitlines():
        if line.startswith("kernel "):
            fields = line.split()
            runtime[fields[1]] = dict(f.split("=", 1) for f in fields[2:])
    for k in kernels:
        name = k.get(".name")
        r = runtime.get(name)
        if r is None:
            raise CheckError("%s (%s): hcc-hsaco-info does not list %s" % (
                label, target, name))
        for key, field in ((".kernarg_segment_size", "kernarg"),
                           (".group_segment_fixed_size", "group")):
            if k.get(key) != r[field]:
                raise CheckError(
                    "%s (%s): kernel %s: %s is %s in the metadata but the "
                    "HSA backend reads %s" % (label, target, name, key,
                                              k.get(key), r[field]))
        if not r["explicit"].startswith("0+"):
            raise CheckError("%s (%s): kernel %s: argument block at %s, "
                             "expected offset 0" % (label, target, name,
                                                    r["explicit"]))
        if k.get(".symbol") != name + ".kd":
            raise CheckError("%s (%s): kernel %s: descriptor symbol %s" % (
                label, target, name, k.get(".symbol")))
    return target, set(k[".name"] for k in kernels)


def check_file(path, targets, tools, hsaco_info):
    with open(path, "rb") as f:
        data = f.read()
    expected = launched_kernels(data)
    found = {}
    with tempfile.TemporaryDirectory(prefix="hcc-amdgpu-check-") as workdir:
        for sym, blob in embedded_images(data):
            if blob[:4] != b"\x7fELF":
                continue  # PTX
            target, kernels = check_image(blob, tools, hsaco_info, workdir,
                                          "%s:%s" % (path, sym))
            if target in found:
                raise CheckError("%s: two images for %s" % (path, target))
            found[target] = kernels
    if not expected and not found:
        return "no kernels"
    if set(found) != set(targets):
        raise CheckError("%s: AMDGPU images for %s, expected %s" % (
            path, sorted(found) or "none", sorted(targets)))
    required = {k for k in expected if not OPTIONAL_KERNEL.match(k)}
    for target, kernels in found.items():
        if not required <= kernels <= expected:
            raise CheckError(
                "%s (%s): kernels in the image and kernels the host launches "
                "differ: only in the image: %s; only launched: %s" % (
                    path, target, sorted(kernels - expected),
                    sorted(required - kernels)))
    return "%d kernel(s) x %d target(s)" % (len(required), len(found))


RUN_LINE = re.compile(r"//\s*RUN:(.*)$", re.M)


LIT_IF = re.compile(r"%if\s+\S+\s+%\{(.*?)%\}(?:\s*%else\s+%\{(.*?)%\})?")


def run_commands(text):
    """The RUN commands of a lit file, continuation lines joined, with each
    `%if FEATURE %{ A %} %else %{ B %}` reduced to B: the sweep builds for
    AMDGPU, where no feature the tests test (cuda-backend) holds."""
    commands, pending = [], ""
    for m in RUN_LINE.finditer(text):
        line = m.group(1).rstrip()
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        commands.append(LIT_IF.sub(lambda i: i.group(2) or "", pending + line))
        pending = ""
    return commands


def sweep_programs(root):
    """(source, flags) of every lit program under root."""
    programs = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames
                             if d not in ("Inputs", "lit-remote", "Output"))
        for fn in sorted(filenames):
            if not fn.endswith(".cpp"):
                continue
            src = os.path.join(dirpath, fn)
            with open(src, errors="replace") as f:
                text = f.read()
            if "parallel_for_each" not in text and "__global__" not in text:
                continue
            for cmd in run_commands(text):
                # The flags on both sides of %s, up to the next && | ;
                # (-D macros often follow the source file).
                hit = re.search(r"(^|[|;&]\s*|\s)%hcc(\s[^&|;]*?)?\s%s((?:\s[^&|;]*)?)", cmd)
                if not hit or re.match(r"\s*not\b", cmd) or \
                        "-fsyntax-only" in cmd or " -E" in cmd:
                    continue
                flags = prepare_flags((hit.group(2) or "") + " " + hit.group(3),
                                      os.path.dirname(src))
                if flags is not None:
                    programs.append((src, flags))
                break
    return programs


def prepare_flags(text, srcdir):
    try:
        words = shlex.split(text.replace("%S", srcdir))
    except ValueError:
        return None
    flags, skip = [], False
    for w in words:
        if skip:
            skip = False
            continue
        if w == "-o":
            skip = True
            continue
        # Output kinds (-c, -S, -emit-llvm) are the test's business: the
        # sweep makes objects of its own.
        if "%" in w or w in ("-c", "-S", "-emit-llvm") or re.match(r"\d*[<>]", w) or w.startswith("--offload-arch") \
                or w.startswith("-save-temps") \
                or w.endswith((".o", ".a", ".so", ".cpp")) or w.startswith("-l"):
            continue
        flags.append(w)
    return flags


# Lit programs that cannot be compiled for AMDGPU yet, and why. A program
# listed here that compiles is an error (the list must shrink, not rot).
XFAIL = {
    "device-code/inline-asm-ptx.cpp": "PTX inline assembly (NVIDIA only)",
    "compiler/diag-inline-asm.cpp": ("host inline assembly is diagnosed for "
                                     "NVPTX only; on AMDGPU the assembler "
                                     "rejects it"),
    "compiler/device-function-linkage.cpp": (
        "a kernel calls an [[hc]] function of another translation unit: a "
        "compile-time error for AMDGPU (docs/driver.md)"),
}


def sweep_one(hcc, src, flags, targets, tools, hsaco_info, workdir, label):
    """Runs only the AMDGPU steps of `hcc -c` for one program (the device
    pass, assembler and ld.lld of each target, as `hcc -### -save-temps`
    prints them) and checks the code objects: the host pass and the
    embedding are what every lit run already exercises, and skipping them
    halves the cost of the sweep."""
    os.makedirs(workdir)
    obj = os.path.join(workdir, "program.o")
    cmd = [hcc, "-###", "-save-temps", "-c",
           "--offload-arch=" + ",".join(targets)] + flags + [src, "-o", obj]
    rc, so, se = run(cmd)
    if rc != 0:
        raise CheckError("hcc -### failed: %s" % se.strip())
    steps = []
    for line in se.splitlines():
        if not line.startswith(' "'):
            continue
        argv = shlex.split(line)
        if "--cuda-device-only" in argv or "assembler" in argv or \
                ("-shared" in argv and "elf64_amdgpu" in argv):
            steps.append(argv)
    for argv in steps:
        rc, so, se = run(argv)
        if rc != 0:
            raise CheckError("compile failed: %s\n%s" % (
                " ".join(shlex.quote(a) for a in argv), se.strip()[-2000:]))
    kernels_by_target = {}
    for target in targets:
        stem = os.path.splitext(os.path.basename(src))[0]
        path = os.path.join(workdir, "%s-hcc-%s.hsaco" % (stem, target))
        if not os.path.exists(path):
            raise CheckError("no code object for %s" % target)
        with open(path, "rb") as f:
            blob = f.read()
        got, kernels = check_image(blob, tools, hsaco_info, workdir, label)
        if got != target:
            raise CheckError("the %s image says amdhsa.target %s" % (
                target, got))
        bad = [k for k in kernels if not KERNEL_NAME.match(k.encode() + b"\0")]
        if bad:
            raise CheckError("%s: kernels hcc does not launch: %s" % (
                target, ", ".join(sorted(bad))))
        kernels_by_target[target] = kernels
    first = kernels_by_target[targets[0]]
    for target, kernels in kernels_by_target.items():
        if kernels != first:
            raise CheckError("kernels differ between %s and %s" % (
                targets[0], target))
    for name in os.listdir(workdir):
        os.remove(os.path.join(workdir, name))
    return "%d kernel(s) x %d target(s)" % (len(first), len(targets))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--targets", required=True,
                    help="comma list of AMDGPU targets the images must cover")
    ap.add_argument("--hsaco-info", help="hcc-hsaco-info (default: next to --hcc, or on PATH)")
    ap.add_argument("--llvm-tools", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--sweep", help="lit test directory to compile and check")
    ap.add_argument("--hcc", help="the driver, for --sweep")
    ap.add_argument("--filter", default="",
                    help="--sweep: only programs whose path matches this regex")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()

    targets = [t for t in args.targets.split(",") if t]
    tools = {t: os.path.join(args.llvm_tools, t)
             for t in ("llvm-readobj", "llvm-readelf", "llvm-objdump")}
    hsaco_info = args.hsaco_info or (
        os.path.join(os.path.dirname(args.hcc), "hcc-hsaco-info") if args.hcc
        else "hcc-hsaco-info")

    failures = []
    if not args.sweep:
        for path in args.files:
            try:
                print("ok   %s: %s" % (path, check_file(path, targets, tools,
                                                        hsaco_info)))
            except CheckError as e:
                failures.append(str(e))
                print("FAIL %s" % e)
        return 1 if failures else 0

    if not args.hcc:
        ap.error("--sweep needs --hcc")
    programs = [(src, flags) for src, flags in sweep_programs(args.sweep)
                if re.search(args.filter, os.path.relpath(src, args.sweep))]
    with tempfile.TemporaryDirectory(prefix="hcc-amdgpu-sweep-") as out:
        def one(item):
            i, (src, flags) = item
            rel = os.path.relpath(src, args.sweep)
            try:
                return rel, sweep_one(args.hcc, src, flags, targets, tools,
                                      hsaco_info, os.path.join(out, str(i)),
                                      rel), None
            except CheckError as e:
                return rel, None, str(e)

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for rel, ok, err in pool.map(one, enumerate(programs)):
                expected_failure = XFAIL.get(rel.replace(os.sep, "/"))
                if expected_failure and err:
                    print("xfail %s: %s" % (rel, expected_failure))
                elif expected_failure:
                    failures.append(rel)
                    print("FAIL %s: compiles for AMDGPU now; remove it from "
                          "XFAIL in %s" % (rel, sys.argv[0]))
                elif err:
                    failures.append(err)
                    print("FAIL %s: %s" % (rel, err))
                else:
                    print("ok   %s: %s" % (rel, ok))
    print("%d programs, %d failed" % (len(programs), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
