// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// copy(first, last, dest) from an iterator range throws runtime_exception
// when the range is shorter than the destination, and when it is reversed
// (last before first), for array and array_view destinations alike.
#include <amp.h>
#include <cstdio>
#include <vector>

#include "../Inputs/checks.hpp"

using namespace concurrency;

int main() {
  hcc_test::checks check;
  std::vector<int> source(3, 5);
  array<int, 1> dest_array(3, accelerator(accelerator::cpu_accelerator).get_default_view());
  std::vector<int> backing(3);
  array_view<int, 1> dest_view(3, backing);

  check(hcc_test::throws<runtime_exception>([&] { copy(source.end(), source.begin(), dest_array); }),
        "reversed range into an array");
  check(hcc_test::throws<runtime_exception>([&] { copy(source.end(), source.begin(), dest_view); }),
        "reversed range into an array_view");
  check(hcc_test::throws<runtime_exception>([&] { copy(source.begin(), source.begin() + 2, dest_array); }),
        "short range into an array");
  check(hcc_test::throws<runtime_exception>([&] { copy_async(source.end(), source.begin(), dest_view).get(); }),
        "reversed range, copy_async");

  copy(source.begin(), source.end(), dest_view);
  check(backing[2] == 5, "a whole range copies");

  // CHECK: copy range checks: ok
  if (check.failures == 0)
    std::printf("copy range checks: ok\n");
  return check.failures;
}
