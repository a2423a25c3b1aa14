// RUN: %hcc %s -o %t && %t
// array_view::refresh(): after the source memory was changed behind the
// view's back, refresh() makes the next kernel see the new contents.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1024;
  std::vector<int> in(n, 1), out(n, 0);
  hc::array_view<const int, 1> vin(n, in);
  hc::array_view<int, 1> vout(n, out);
  auto kernel = [=](hc::index<1> i) [[hc]] { vout[i] = vin[i] * 10; };

  hc::parallel_for_each(vout.get_extent(), kernel);
  for (int i = 0; i < n; ++i)
    CHECK(vout[i] == 10);

  // Change the source directly, not through the view, then refresh.
  for (int i = 0; i < n; ++i)
    in[i] = i;
  vin.refresh();

  hc::parallel_for_each(vout.get_extent(), kernel);
  for (int i = 0; i < n; ++i)
    CHECK(vout[i] == 10 * i);
  return 0;
}
