// RUN: %hcc %s -o %t && %t
// array_view<const T, N> is a read-only input: kernels read it, and its
// source is never written back.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 2048;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = 3 * i + 1;
  const std::vector<int> &cin = in;
  hc::array_view<const int, 1> a(n, cin);
  hc::array_view<const int, 2> a2(32, 64, in.data());
  hc::array_view<int, 1> b(n, out);
  hc::parallel_for_each(b.get_extent(), [=](hc::index<1> i) [[hc]] {
    b[i] = a[i] + a2(i[0] / 64, i[0] % 64);
  });
  b.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == 2 * (3 * i + 1));
  // Read-only views read on the host too.
  CHECK(a[5] == 16);
  CHECK(a2(1, 0) == 3 * 64 + 1);
  for (int i = 0; i < n; ++i)
    CHECK(in[i] == 3 * i + 1);

  // A view of const T can be made from a view of T.
  hc::array_view<const int, 1> ro = b;
  CHECK(ro[10] == 2 * 31);
  return 0;
}
