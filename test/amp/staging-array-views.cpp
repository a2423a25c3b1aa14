// RUN: %hcc -std=c++amp %s -o %t && %t
// A staging array array(extent, av, associated_av) is on av and associated
// with associated_av; other arrays are associated with their own view. A
// copy of a staging array is a staging array on the same two views.
#include <amp.h>
#include <cstdio>

#include "../Inputs/checks.hpp"

using namespace concurrency;

int main() {
  hcc_test::checks check;
  accelerator cpu(accelerator::cpu_accelerator);
  accelerator_view cpu_av = cpu.create_view();
  accelerator_view target = accelerator().create_view();

  array<int, 1> plain(16, target);
  check(plain.get_accelerator_view() == target &&
            plain.get_associated_accelerator_view() == target,
        "ordinary array: both views are its own");

  array<int, 1> staging(16, cpu_av, target);
  check(staging.get_accelerator_view() == cpu_av, "staging: accelerator_view");
  check(staging.get_associated_accelerator_view() == target,
        "staging: associated_accelerator_view");
  check(staging.get_associated_accelerator_view() !=
            staging.get_accelerator_view(),
        "staging: the two views differ");

  for (int i = 0; i < 16; ++i)
    staging[i] = i;
  array<int, 1> copy(staging);
  check(copy.get_accelerator_view() == cpu_av &&
            copy.get_associated_accelerator_view() == target,
        "a copy keeps both views");
  check(copy[15] == 15, "a copy keeps the data");

  // Kernels use it on the associated view.
  parallel_for_each(target, staging.get_extent(),
                    [&staging](index<1> i) restrict(amp) { staging[i] *= 2; });
  check(staging[7] == 14, "kernel on the associated view");
  if (check.failures == 0)
    std::printf("staging array views: ok\n");
  return check.failures;
}
