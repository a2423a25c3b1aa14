// RUN: %hcc %s -o %t && %t
// parallel_for_each over an extent with a negative component throws
// hc::invalid_compute_domain (a runtime_exception with a message and a
// non-zero error code) and runs nothing.
#include <hc.hpp>
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> data(16, 0);
  hc::array_view<int, 1> v(16, data);

  bool thrown = false;
  try {
    hc::parallel_for_each(hc::extent<1>(-4), [=](hc::index<1> i) [[hc]] {
      v[0] = 1;
    }).wait();
  } catch (const hc::invalid_compute_domain &e) {
    thrown = true;
    CHECK(e.what() != nullptr && std::strlen(e.what()) > 0);
    CHECK(e.get_error_code() != 0);
  }
  CHECK(thrown);

  // The same error seen as its base classes, from a 2-D domain.
  thrown = false;
  try {
    hc::parallel_for_each(hc::extent<2>(4, -1), [=](hc::index<2> i) [[hc]] {
      v[0] = 2;
    }).wait();
  } catch (const hc::runtime_exception &e) {
    thrown = true;
    CHECK(dynamic_cast<const hc::invalid_compute_domain *>(&e) != nullptr);
  }
  CHECK(thrown);

  thrown = false;
  try {
    hc::parallel_for_each(hc::extent<3>(-1, 2, 2), [=](hc::index<3> i) [[hc]] {
      v[0] = 3;
    }).wait();
  } catch (const std::exception &e) {
    thrown = true;
  }
  CHECK(thrown);

  CHECK(v[0] == 0);
  return 0;
}
