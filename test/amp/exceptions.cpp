// The runtime exception classes of C++ AMP: an invalid compute domain is
// reported as invalid_compute_domain (a runtime_exception), before any
// kernel runs; the others are constructible and carry their messages.

// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// CHECK: caught invalid_compute_domain
// CHECK: caught out_of_memory: oom
// CHECK: caught unsupported_feature: nope
// CHECK: caught accelerator_view_removed: gone reason=7
// CHECK: caught runtime_exception: base code=-2147467259

#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  int v = 0;
  array_view<int, 1> av(1, &v);
  try {
    parallel_for_each(extent<1>(-4), [=](index<1> i) restrict(amp) { av[0] = 1; });
    std::printf("no exception\n");
  } catch (const runtime_exception &e) {
    if (dynamic_cast<const invalid_compute_domain *>(&e))
      std::printf("caught invalid_compute_domain\n");
  }
  try {
    throw out_of_memory("oom");
  } catch (const runtime_exception &e) {
    std::printf("caught out_of_memory: %s\n", e.what());
  }
  try {
    throw unsupported_feature("nope");
  } catch (const runtime_exception &e) {
    std::printf("caught unsupported_feature: %s\n", e.what());
  }
  try {
    throw accelerator_view_removed("gone", 7);
  } catch (const accelerator_view_removed &e) {
    std::printf("caught accelerator_view_removed: %s reason=%d\n", e.what(),
                e.get_view_removed_reason());
  }
  try {
    throw runtime_exception("base", static_cast<int>(0x80004005u));
  } catch (const runtime_exception &e) {
    std::printf("caught runtime_exception: %s code=%d\n", e.what(),
                e.get_error_code());
  }
  return 0;
}
