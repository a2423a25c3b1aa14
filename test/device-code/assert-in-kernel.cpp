// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -hc -DNDEBUG %s -o %t.ndebug && %t.ndebug fail
// RUN: not --crash %t fail 2>&1 | FileCheck %s
//
// assert() in a kernel compiles for every target: glibc's <assert.h> calls
// __assert_fail, which the device gets too (NVPTX: CUDA's __assertfail
// system call; AMDGPU: a trap). An assertion that holds costs nothing; one
// that fails ends the program: on the CPU backend as on the host (glibc's
// message, abort), on a GPU with the launch's error, which this program
// reports before it aborts. With NDEBUG, assert() is nothing everywhere.
#include <hc.hpp>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// CHECK: {{Assertion .*failed|device-side assert triggered}}

static int checked_square(int x) [[hc, cpu]] {
  assert(x >= 0 && "negative input");
  return x * x;
}

int main(int argc, char **argv) {
  const bool fail = argc > 1 && std::strcmp(argv[1], "fail") == 0;
  const int n = 64;
  int out[n] = {};
  hc::array_view<int, 1> view(n, out);
  try {
    hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
      view[i] = checked_square(fail ? i[0] - n : i[0]);
    }).wait();
    view.synchronize();
  } catch (const hc::runtime_exception &e) {
    std::printf("launch failed: %s\n", e.what());
    std::fflush(stdout);
    std::abort();
  }
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int x = fail ? i - n : i;
    wrong += out[i] != x * x;
  }
  std::printf(wrong ? "failed\n" : "ok\n");
  return wrong != 0;
}
