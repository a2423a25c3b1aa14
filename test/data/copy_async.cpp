// RUN: %hcc %s -o %t && %t
// hc::copy_async in every direction (host iterators -> array, array ->
// array, array -> view, view -> array, view -> view, array/view -> host
// iterator) returns completion_futures; after waiting the data is there.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 2000;
  std::vector<int> host(n), back(n, 0), vstore(n, 0), vstore2(n, 0);
  for (int i = 0; i < n; ++i)
    host[i] = 3 * i + 7;

  hc::array<int, 1> a(n), b(n), c(n);
  hc::completion_future f1 = hc::copy_async(host.begin(), host.end(), a);
  f1.wait();
  hc::completion_future f2 = hc::copy_async(a, b);
  f2.wait();

  hc::array_view<int, 1> v(n, vstore);
  hc::completion_future f3 = hc::copy_async(b, v);
  f3.wait();
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == 3 * i + 7);

  hc::completion_future f4 = hc::copy_async(v, c);
  f4.wait();

  hc::array_view<int, 1> v2(n, vstore2);
  hc::array_view<const int, 1> cv(v);
  hc::completion_future f5 = hc::copy_async(cv, v2);
  f5.wait();
  v2.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(vstore2[i] == 3 * i + 7);

  hc::completion_future f6 = hc::copy_async(c, back.begin());
  f6.wait();
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == 3 * i + 7);

  std::vector<int> back2(n, 0);
  hc::completion_future f7 = hc::copy_async(v2, back2.begin());
  f7.wait();
  for (int i = 0; i < n; ++i)
    CHECK(back2[i] == 3 * i + 7);

  std::vector<int> host2(n, 9);
  hc::completion_future f8 = hc::copy_async(host2.begin(), v);
  f8.wait();
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == 9);
  return 0;
}
