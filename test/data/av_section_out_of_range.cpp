// RUN: %hcc %s -o %t && %t
// Taking a section that does not fit in the view throws
// hc::runtime_exception on the host.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

template <typename F> static bool throws(F f) {
  try {
    f();
  } catch (const hc::runtime_exception &) {
    return true;
  }
  return false;
}

int main() {
  std::vector<int> data(10 * 10, 0);
  hc::array_view<int, 2> v(10, 10, data);
  CHECK(throws([&] { v.section(hc::index<2>(5, 5), hc::extent<2>(6, 2)); }));
  CHECK(throws([&] { v.section(hc::index<2>(0, 9), hc::extent<2>(1, 2)); }));
  CHECK(throws([&] { v.section(hc::index<2>(-1, 0), hc::extent<2>(2, 2)); }));
  CHECK(throws([&] { v.section(hc::index<2>(11, 0)); }));
  // Sections that fit are fine, up to the whole view.
  CHECK(!throws([&] { v.section(hc::index<2>(5, 5), hc::extent<2>(5, 5)); }));
  CHECK(!throws([&] { v.section(hc::extent<2>(10, 10)); }));
  return 0;
}
