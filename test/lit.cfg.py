# -*- Python -*-
# lit configuration of the hcc test suite.
#
# Normally loaded through the lit.site.cfg.py that CMake writes into
# <build>/test (it sets the paths below), so run:
#     lit -sv <build>/test
# Running lit directly on this source directory also works when the build
# tree is <source>/build or is named by the HCC_BUILD_DIR environment variable.
#
# Substitutions: %hcc, %hcc-config (the driver and its config tool from the
# build tree), plus lit's own %s, %S, %t, %T... FileCheck and not come from
# the LLVM tools directory, which is put first on PATH.
#
# Features: cuda-backend when HCC_DEFAULT_ACCELERATOR=cuda, cpu-backend
# otherwise.
#
# scripts/gpu-lit.sh sets HCC_LIT_REMOTE to record the suite here and replay
# it on a GPU host that has no compiler; lit-remote/gpu_lit_cfg.py then
# replaces %hcc and the test format (see docs/testing.md, "On the GPU").

import os
import lit.formats
import lit.util

config.name = "hcc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["CMakeLists.txt", "Inputs", "lit-remote", "lit.cfg.py",
                   "lit.site.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

# --- paths ------------------------------------------------------------------
if not hasattr(config, "hcc_obj_root"):
    # No site config: we were pointed at the source tree.
    src_root = os.path.dirname(config.test_source_root)
    obj_root = os.environ.get("HCC_BUILD_DIR", os.path.join(src_root, "build"))
    config.hcc_src_root = src_root
    config.hcc_obj_root = os.path.abspath(obj_root)
    config.hcc_tools_dir = os.path.join(config.hcc_obj_root, "bin")
    config.llvm_tools_dir = os.environ.get("HCC_LLVM_TOOLS_DIR",
                                           "/usr/lib/llvm-22/bin")
    config.test_exec_root = os.path.join(config.hcc_obj_root, "test")
else:
    config.test_exec_root = os.path.join(config.hcc_obj_root, "test")
# Outputs (%t) elsewhere than the build tree's, e.g. for a sanitizer run
# beside a normal one.
if os.environ.get("HCC_LIT_EXEC_ROOT"):
    config.test_exec_root = os.path.abspath(os.environ["HCC_LIT_EXEC_ROOT"])

hcc = os.path.join(config.hcc_tools_dir, "hcc")
hcc_config = os.path.join(config.hcc_tools_dir, "hcc-config")
# (The replay on a GPU host, below, has no hcc and needs none.)
if not os.path.exists(hcc) and os.environ.get("HCC_LIT_REMOTE") != "replay":
    lit_config.warning("hcc driver not found at %s (build it first)" % hcc)

# Longest first: %hcc is a prefix of %hcc-config and %hcc_pass_plugin.
config.substitutions.append(("%hcc_pass_plugin", os.path.join(
    config.hcc_obj_root, "lib", "hcc", "libhcc-llvm-passes.so")))
# The build tree has an install tree's layout: CMake projects find hcc's
# package there (docs/cmake.md).
config.substitutions.append(("%hcc_prefix", config.hcc_obj_root))
config.substitutions.append(("%hcc-config", hcc_config))
# HCC_LIT_SANITIZE=address,undefined: every program is compiled with those
# sanitizers (scripts/run-sanitizers.sh; docs/testing.md, "Sanitizers").
sanitize = os.environ.get("HCC_LIT_SANITIZE", "").strip()
if sanitize:
    config.substitutions.append(
        ("%hcc", "%s -fsanitize=%s -fno-omit-frame-pointer -g" % (hcc, sanitize)))
    config.available_features.add("sanitize")
else:
    config.substitutions.append(("%hcc", hcc))

# --- environment ------------------------------------------------------------
path = [config.llvm_tools_dir, config.hcc_tools_dir]
path.append(os.environ.get("PATH", ""))
config.environment["PATH"] = os.pathsep.join(path)

passthrough = ["HOME", "TMPDIR", "TMP", "TEMP", "LD_LIBRARY_PATH", "LANG",
               "LC_ALL", "HCC_DEFAULT_ACCELERATOR", "HCC_OFFLOAD_ARCH",
               "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"]
for name in passthrough:
    if name in os.environ:
        config.environment[name] = os.environ[name]
for name, value in os.environ.items():
    if name.startswith("HCC_") or name.startswith("CUDA_"):
        config.environment[name] = value

# --- features ---------------------------------------------------------------
backend = os.environ.get("HCC_DEFAULT_ACCELERATOR", "").strip().lower()
if backend == "cuda":
    config.available_features.add("cuda-backend")
elif backend.startswith("hsa"):
    config.available_features.add("amdgpu")  # test/amdgpu, docs/testing.md
else:
    config.available_features.add("cpu-backend")

# mpi: Open MPI's launcher and compiler wrapper and CMake, for the MPI
# example (docs/multi-gpu.md).
import shutil
if all(shutil.which(tool) for tool in ("mpirun", "mpicxx", "cmake")):
    config.available_features.add("mpi")

# --- scripts/gpu-lit.sh: record here, replay on a GPU host --------------------
if os.environ.get("HCC_LIT_REMOTE"):
    import sys
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    sys.path.insert(0, os.path.join(config.test_source_root, "lit-remote"))
    import gpu_lit_cfg
    gpu_lit_cfg.configure(config, lit_config, hcc, hcc_config)
