// C++ AMP's run-time checks on arrays (C++ AMP mode; hc mode keeps hcc's
// laxer arrays): an empty extent and a source range of another size than
// the extent throw runtime_exception, so does a projection outside the
// array or view; an array whose CPU access type is access_type_none has no
// host data (data() is null), while kernels and copies use it as usual; only an array on the CPU accelerator is a staging
// array. A view without a data source is restrict(cpu). Elements are
// amp-compatible and hold no container (errors at compile time).

// RUN: %hcc -std=c++amp %s -o %t && %t
// RUN: not %hcc -std=c++amp -fsyntax-only -DVIEW_IN_KERNEL %s 2>&1 | FileCheck %s
// RUN: not %hcc -std=c++amp -fsyntax-only -DELEMENTS %s 2>&1 | FileCheck --check-prefix=ELEMENTS %s

#include <amp.h>
#include <cstdio>
#include <vector>
#include "../Inputs/checks.hpp"
using namespace concurrency;

#ifdef VIEW_IN_KERNEL
void make_view() restrict(amp) {
  // CHECK: array-runtime-checks.cpp:[[@LINE+1]]:22: error: {{.*}}cannot be called from restrict(amp) code
  array_view<int, 2> scratch(16, 16);
}
#endif

#ifdef ELEMENTS
struct Base {
  int m;
};
struct VirtualBase : virtual Base {};
struct HoldsView {
  array_view<float, 2> view;
};
void elements() {
  // ELEMENTS: array-runtime-checks.cpp:[[@LINE+1]]:24: error: 'array<array<int>, 1>' cannot hold elements of type 'hc::array<int>': it holds a 'hc::array', and containers cannot hold containers
  array<array<int>, 1> nested(16);
  // ELEMENTS: array-runtime-checks.cpp:[[@LINE+1]]:23: error: {{.*}}cannot hold elements of type 'HoldsView': it holds a 'hc::array_view'
  array<HoldsView, 1> holds(16);
  std::vector<VirtualBase> host(10);
  // ELEMENTS: array-runtime-checks.cpp:[[@LINE+1]]:30: error: {{.*}}cannot hold elements of type 'VirtualBase': 'VirtualBase' has a virtual base class
  array_view<VirtualBase, 1> view(10, host);
}
#endif

int main() {
  hcc_test::checks check;
  std::vector<int> four(4, 1), five(5, 1);
  check(hcc_test::throws<runtime_exception>([] { array<int, 1> a(0); }), "empty extent");
  check(hcc_test::throws<runtime_exception>([] { array<int, 2> a(extent<2>(0, 3)); }),
        "empty extent, rank 2");
  check(hcc_test::throws<runtime_exception>([&] { array<int, 1> a(4, five.begin(), five.end()); }),
        "larger source range");
  check(hcc_test::throws<runtime_exception>([&] { array<int, 1> a(5, four.begin(), four.end()); }),
        "smaller source range");
  array<int, 1> fits(4, four.begin(), four.end());
  check(fits[3] == 1, "a source range of the extent's size");

  array<int, 2> grid(extent<2>(10, 10));
  check(hcc_test::throws<runtime_exception>([&] { array_view<int, 1> row = grid[10]; }),
        "projection past the end");
  check(hcc_test::throws<runtime_exception>([&] { array_view<int, 1> row = grid[-1]; }),
        "negative projection");
  array_view<int, 2> view(grid);
  check(hcc_test::throws<runtime_exception>([&] { array_view<int, 1> row = view[10]; }),
        "view projection past the end");
  array_view<int, 1> row = grid[9];
  check(row.get_extent()[0] == 10, "projection inside the array");

  accelerator_view av = accelerator().get_default_view();
  array<int, 1> hidden(8, av, access_type_none);
  check(hidden.data() == nullptr, "data() of an access_type_none array");
  parallel_for_each(hidden.get_extent(), [&hidden](index<1> i) restrict(amp) {
    hidden[i] = i[0];
  });
  std::vector<int> out(8);
  copy(hidden, out.begin());
  check(out[7] == 7, "kernels and copies use an access_type_none array");

  // Only the CPU accelerator stages: elsewhere the associated view is
  // ignored (on a GPU machine).
  accelerator_view cpu_view = accelerator(accelerator::cpu_accelerator)
                                  .get_default_view();
  array<int, 1> maybe_staging(4, av, cpu_view);
  bool default_is_cpu = av.get_accelerator().get_device_path() ==
                        accelerator::cpu_accelerator;
  check(maybe_staging.get_associated_accelerator_view() ==
            (default_is_cpu ? cpu_view : av),
        "associated view of a staging array");
  return check.failures;
}
