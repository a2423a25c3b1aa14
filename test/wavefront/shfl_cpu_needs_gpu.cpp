// RUN: %hcc %s -o %t && %t
// REQUIRES: cpu-backend
// On the CPU backend a wavefront is one work-item. A shuffle that would read
// another lane of a wider sub-section cannot be answered and must not return
// a wrong value: it throws an hc::runtime_exception (unsupported_feature)
// naming the function and the width, which parallel_for_each's
// completion_future reports. A shuffle whose source is the caller itself
// (srcLane 0 mod width, delta or lane mask 0, a source outside the
// sub-section, width 1) returns the caller's value.
#include <hc.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

// Runs `f` as a kernel; returns the message of the exception it threw ("" if
// none) and checks its type.
template <class F> static std::string run(F f, bool tiled = false) {
  try {
    if (tiled)
      hc::parallel_for_each(hc::extent<1>(64).tile(16),
                            [=](hc::tiled_index<1> t) [[hc]] { f(t.global[0]); })
          .get();
    else
      hc::parallel_for_each(hc::extent<1>(64),
                            [=](hc::index<1> i) [[hc]] { f(i[0]); })
          .get();
  } catch (const hc::runtime_exception &e) {
    if (!dynamic_cast<const hc::unsupported_feature *>(&e))
      return "wrong exception type";
    return e.what();
  }
  return "";
}

static bool has(const std::string &s, const char *part) {
  return s.find(part) != std::string::npos;
}

int main() {
  // Raw host pointer: fine on the CPU backend, and keeps array_views (which
  // would wait for the failed kernels) out of the picture.
  std::vector<int> out(64, -1);
  int *p = out.data();

  std::string m = run([=](int g) [[hc]] { p[g] = hc::__shfl_down(g, 1u); });
  std::printf("%s\n", m.c_str());
  CHECK(m == "hc::__shfl_down across 32 lanes needs a GPU: on the CPU backend "
             "a wavefront has one work-item (hc::__wavesize() == 1); pass "
             "width = hc::__wavesize()");

  m = run([=](int g) [[hc]] { p[g] = hc::__shfl_up(g, 1u, 8); });
  CHECK(has(m, "hc::__shfl_up across 8 lanes needs a GPU"));
  m = run([=](int g) [[hc]] { p[g] = hc::__shfl_xor(g, 1); });
  CHECK(has(m, "hc::__shfl_xor across 32 lanes needs a GPU"));
  m = run([=](int g) [[hc]] { p[g] = hc::__shfl(g, 3, 4); });
  CHECK(has(m, "hc::__shfl across 4 lanes needs a GPU"));
  m = run([=](int g) [[hc]] {
    p[g] = static_cast<int>(hc::__shfl_down(static_cast<unsigned>(g), 2u, 16));
  }, true);
  CHECK(has(m, "hc::__shfl_down across 16 lanes needs a GPU"));
  m = run([=](int g) [[hc]] {
    p[g] = static_cast<int>(hc::__shfl_xor(static_cast<float>(g), 2));
  }, true);
  CHECK(has(m, "hc::__shfl_xor across 32 lanes"));

  // The source is the caller: no exception, the caller's own value.
  m = run([=](int g) [[hc]] {
    int ok = hc::__shfl(g, 0) == g && hc::__shfl(g, 64) == g &&
             hc::__shfl(g, -32) == g && hc::__shfl(g, 5, 1) == g &&
             hc::__shfl_down(g, 0u) == g && hc::__shfl_down(g, 32u) == g &&
             hc::__shfl_up(g, 0u) == g && hc::__shfl_up(g, 3u, 2) == g &&
             hc::__shfl_xor(g, 0) == g && hc::__shfl_xor(g, 32) == g &&
             hc::__shfl_xor(g, 4, 4) == g && hc::__shfl_xor(g, 1, 1) == g &&
             hc::__shfl_down(g, 1u, static_cast<int>(hc::__wavesize())) == g;
    p[g] = ok;
  });
  CHECK(m.empty());
  for (int k = 0; k < 64; ++k)
    CHECK(out[k] == 1);
  return 0;
}
