// RUN: %hcc -std=c++amp %s -o %t && %t
// RUN: %hcc -hc -DHC %s -o %t.hc && %t.hc
//
// array_view::section outside the view throws runtime_exception in both
// modes. In C++ AMP mode extents are positive, so a section at the view's
// far edge with nothing left in some dimension (section(index<2>(4, 4)) of
// a 5x4 view) throws too; hc mode allows the empty section.
#ifdef HC
#include <hc.hpp>
namespace api = hc;
#else
#include <amp.h>
namespace api = concurrency;
#endif
#include <cstdio>
#include <vector>

#include "../Inputs/checks.hpp"

template <class F> bool throws(F f) {
  try {
    f();
  } catch (api::runtime_exception &) {
    return true;
  }
  return false;
}

int main() {
  std::vector<int> v(5 * 4);
  api::array_view<int, 2> av(api::extent<2>(5, 4), v);
  hcc_test::checks check;
  check(throws([&] { av.section(api::index<2>(6, 0)); }),
        "origin outside the view throws");
  check(throws([&] { av.section(api::index<2>(1, 1), api::extent<2>(5, 1)); }),
        "a section reaching past the view throws");
  check(!throws([&] { av.section(api::index<2>(4, 3)); }),
        "the last element as a section is fine");
  bool empty_throws = throws([&] { av.section(api::index<2>(4, 4)); });
#ifdef HC
  check(!empty_throws, "hc mode: an empty section at the edge is allowed");
#else
  check(empty_throws, "C++ AMP mode: an empty section at the edge throws");
#endif
  if (check.failures == 0)
    std::printf("section bounds: ok\n");
  return check.failures;
}
