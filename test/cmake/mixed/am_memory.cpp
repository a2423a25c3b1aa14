// hcc::hc_am (docs/cmake.md): <hc_am.hpp> compiled by hcc, linked through
// the hcc::hc_am target alone (an interface target over the runtime, which
// holds am_alloc and the tracker).
#ifndef __HCC__
#error "am_memory.cpp must be compiled by hcc"
#endif
#include <hc_am.hpp>
#include <cstdio>

int main() {
  hc::accelerator acc;
  const size_t n = 1024;
  int *dev = hc::am_alloc(n * sizeof(int), acc, 0);
  if (!dev) {
    std::printf("am_memory: FAILED (am_alloc returned null)\n");
    return 1;
  }
  int in[n], out[n];
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i) * 3;
  bool ok = hc::am_copy(dev, in, sizeof in) == AM_SUCCESS &&
            hc::am_copy(out, dev, sizeof out) == AM_SUCCESS;
  for (size_t i = 0; ok && i < n; ++i)
    ok = out[i] == int(i) * 3;
  hc::AmPointerInfo info(nullptr, nullptr, nullptr, 0, acc);
  ok = ok && hc::am_memtracker_getinfo(&info, dev + 10) == AM_SUCCESS &&
       info._sizeBytes == n * sizeof(int);
  ok = ok && hc::am_free(dev) == AM_SUCCESS;
  std::printf("am_memory: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
