// hc's relaxed rules ("Relaxed operating rules allowed in kernels" of the
// original hcc's wiki page "HC mode"): char and short arithmetic and storage,
// pointers inside kernels (into local arrays, to captured data, pointer
// arithmetic and comparison), and raw pointers captured from the host that
// point to memory the accelerator can use (am_alloc). They compile without
// diagnostics under -Werror and compute the right values.

// RUN: %hcc -Werror %s -o %t && %t | FileCheck %s
// CHECK: relaxed rules: ok
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <vector>

struct Packed {
  char tag;
  short count;
  unsigned char bytes[4];
};

int main() {
  const int n = 256;
  hc::accelerator acc;
  short *scratch = hc::am_alloc(n * sizeof(short), acc, 0);
  if (!scratch)
    return 1;

  hc::array_view<signed char, 1> c(n);
  hc::array_view<short, 1> s(n);
  hc::array_view<Packed, 1> p(n);
  hc::parallel_for_each(c.get_extent(), [=](hc::index<1> i) [[hc]] {
    int k = i[0];
    signed char ch = static_cast<signed char>(k);     // wraps past 127
    short sh = static_cast<short>(k * 300);           // wraps past 32767
    unsigned char local[4] = {1, 2, 3, 4};
    unsigned char *q = local;
    for (unsigned char *e = local + 4; q != e; ++q)
      *q = static_cast<unsigned char>(*q + k);
    Packed pk;
    pk.tag = ch;
    pk.count = sh;
    for (int j = 0; j < 4; ++j)
      pk.bytes[j] = local[j];
    c[i] = ch;
    s[i] = sh;
    p[i] = pk;
    short *mine = scratch + k; // captured pointer, pointer arithmetic
    *mine = static_cast<short>(-sh);
  }).wait(); // am_copy does not wait for kernels; array_views would

  std::vector<short> back(n);
  if (hc::am_copy(back.data(), scratch, n * sizeof(short)) != AM_SUCCESS)
    return 1;
  for (int k = 0; k < n; ++k) {
    signed char ch = static_cast<signed char>(k);
    short sh = static_cast<short>(k * 300);
    Packed pk = p[k];
    bool ok = c[k] == ch && s[k] == sh && pk.tag == ch && pk.count == sh &&
              back[k] == static_cast<short>(-sh);
    for (int j = 0; j < 4; ++j)
      ok = ok && pk.bytes[j] == static_cast<unsigned char>(j + 1 + k);
    if (!ok) {
      std::printf("mismatch at %d\n", k);
      return 1;
    }
  }
  hc::am_free(scratch);
  std::printf("relaxed rules: ok\n");
  return 0;
}
