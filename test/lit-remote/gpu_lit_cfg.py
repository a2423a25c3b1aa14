# -*- Python -*-
# lit configuration of scripts/gpu-lit.sh's two runs of the suite.
#
# The GPU host has no clang, so hcc cannot run there. gpu-lit.sh runs lit
# twice over the same test files:
#   record   here:  %hcc runs the real driver through hcc_wrap.py, which
#                   stores what each call produced in the bundle;
#   replay   there: %hcc is hcc_wrap.py again, which writes the stored output
#                   file, stdout, stderr and exit status back, so the rest of
#                   every RUN line (the program, FileCheck) runs for real.
# test/lit.cfg.py calls configure() only when HCC_LIT_REMOTE is set, so normal
# runs (ctest, CI) are untouched.
#
# Environment (set by scripts/gpu-lit.sh):
#   HCC_LIT_REMOTE               record | replay
#   HCC_LIT_BUNDLE               the bundle's directory (records/ under it)
#   HCC_LIT_EXEC_ROOT            where lit puts Output/ (a scratch directory)
#   HCC_LIT_TARGET_ACCELERATOR   record: the backend the replay will use
#   HCC_LIT_PROGRAM_TIMEOUT      replay: seconds; the replayed programs run
#                                under coreutils' timeout (used when lit's own
#                                --timeout is unavailable: no psutil there)

import os
import shlex
import sys

import lit.formats
import lit.Test
import lit.TestRunner

# Top-level test directories that are neither recorded nor replayed, with the
# reason lit reports for them. They check what hcc itself writes (-###
# listings, -save-temps files, objects read with llvm-nm/llvm-readelf,
# diagnostics), which would need clang and the LLVM tools on the GPU host
# and would only replay what was already checked here.
NOT_REPLAYED = {
    "driver": "compiler/driver tests inspect the compiler's output, which "
              "does not depend on the GPU; they run in CI",
    "compiler": "compiler/driver tests inspect the compiler's output, which "
                "does not depend on the GPU; they run in CI",
}

WRAPPER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "hcc_wrap.py")


class RemoteShTest(lit.formats.ShTest):
    """ShTest whose %hcc and %hcc-config are hcc_wrap.py, told which test is
    calling.

    The substitutions are made per test (lit's extra_substitutions go before
    the config's), so the wrapper gets the test's path and a per-test call
    counter: the n-th hcc call of a test replays the n-th recorded one.
    """

    def __init__(self, wrapper_argv, real_tools):
        super().__init__(execute_external=False)
        self.wrapper_argv = wrapper_argv
        self.real_tools = real_tools  # record: tool -> the build's binary

    def execute(self, test, litConfig):
        top = test.path_in_suite[0]
        if len(test.path_in_suite) > 1 and top in NOT_REPLAYED:
            return lit.Test.Result(lit.Test.UNSUPPORTED,
                                   "not run by gpu-lit: " + NOT_REPLAYED[top])
        _, tmp_base = lit.TestRunner.getTempPaths(test)
        os.makedirs(os.path.dirname(tmp_base), exist_ok=True)
        subst = []
        # %hcc-config first; "%hcc" alone is not compiler/'s %hcc_clang_plugin.
        for tool in ("hcc-config", "hcc"):
            # A fresh counter for every run of the test; Output/ is kept
            # between lit runs, so a stale one would shift the numbering.
            counter = "%s.%s-calls" % (tmp_base, tool)
            if os.path.exists(counter):
                os.remove(counter)
            argv = self.wrapper_argv + ["--tool", tool]
            if tool in self.real_tools:
                argv += ["--real", self.real_tools[tool]]
            argv += ["--test", "/".join(test.path_in_suite),
                     "--counter", counter, "--"]
            command = " ".join(shlex.quote(a) for a in argv)
            subst.append((r"%%%s(?![-\w])" % tool, command))
        return lit.TestRunner.executeShTest(test, litConfig,
                                            self.execute_external, subst)


def configure(config, lit_config, hcc, hcc_config):
    mode = os.environ["HCC_LIT_REMOTE"]
    if mode not in ("record", "replay"):
        lit_config.fatal("HCC_LIT_REMOTE must be record or replay, not %r"
                         % mode)
    bundle = os.environ.get("HCC_LIT_BUNDLE")
    if not bundle:
        lit_config.fatal("HCC_LIT_REMOTE needs HCC_LIT_BUNDLE")
    exec_root = os.environ.get("HCC_LIT_EXEC_ROOT")
    if exec_root:
        config.test_exec_root = exec_root

    # Lets a single test opt out with "UNSUPPORTED: gpu-lit" (and a comment
    # saying why).
    config.available_features.add("gpu-lit")
    if mode == "record":
        # Select the tests the replay will run (its backend's features),
        # though the programs run here on the CPU. Same rule as lit.cfg.py.
        target = os.environ.get("HCC_LIT_TARGET_ACCELERATOR", "cuda")
        config.available_features.discard("cpu-backend")
        config.available_features.discard("cuda-backend")
        config.available_features.add(
            "cuda-backend" if target.strip().lower() == "cuda"
            else "cpu-backend")

    argv = [sys.executable, WRAPPER, mode, "--bundle", bundle,
            "--src-root", config.test_source_root,
            "--exec-root", config.test_exec_root]
    timeout = os.environ.get("HCC_LIT_PROGRAM_TIMEOUT")
    if mode == "replay" and timeout:
        argv += ["--program-timeout", timeout]
    real = {"hcc": hcc, "hcc-config": hcc_config} if mode == "record" else {}
    config.test_format = RemoteShTest(argv, real)
