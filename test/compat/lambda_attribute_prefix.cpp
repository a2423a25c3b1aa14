// hcc attributes in front of a lambda introducer, as the original hcc
// accepted them: __attribute__((amp)), __attribute__((hc)), [[hc]] and a
// macro that stands for one, as an initialiser and as a call argument.
// The plugin moves them behind the introducer, where Clang takes them.
// Lines keep their numbers (the error below is reported at its line).

// RUN: %hcc -hc -Werror %s -o %t && %t
// RUN: %hcc -std=c++amp -Werror %s -o %t.amp && %t.amp
// RUN: not %hcc -hc -fsyntax-only -DBROKEN %s 2>&1 | FileCheck %s
// CHECK: lambda_attribute_prefix.cpp:[[# @LINE + 20]]:{{[0-9]+}}: error: use of undeclared identifier 'oops'

#include <hc.hpp>
#include <cstdio>

#define KERNEL_ATTR __attribute__((amp))
#define HC_ATTR [[hc]]

int main() {
  const int N = 8;
  int out[N] = {};
  hc::array_view<int, 1> av(N, out);

  auto amp_first = __attribute__((amp)) [=](hc::index<1> i) { av[i] += 1; };
  auto hc_first = __attribute__((hc)) [=](hc::index<1> i) { av[i] += 2; };
  auto bracket_first = [[hc]] [=](hc::index<1> i) mutable { av[i] += 4; };
  auto macro_first = KERNEL_ATTR [=](const hc::index<1> &i) { av[i] += 8; };
  auto macro2_first = HC_ATTR [=](hc::index<1> i) mutable { av[i] += 16; };
  auto between = [=] __attribute__((amp)) (hc::index<1> i) { av[i] += 32; };
#ifdef BROKEN
  auto broken = KERNEL_ATTR [=](hc::index<1> i) { av[i] += oops; };
#endif
  hc::parallel_for_each(av.get_extent(), amp_first);
  hc::parallel_for_each(av.get_extent(), hc_first);
  hc::parallel_for_each(av.get_extent(), bracket_first);
  hc::parallel_for_each(av.get_extent(), macro_first);
  hc::parallel_for_each(av.get_extent(), macro2_first);
  hc::parallel_for_each(av.get_extent(), between);
  hc::parallel_for_each(av.get_extent(),
                        KERNEL_ATTR
                        [=](hc::index<1> i) { av[i] += 64; });
  hc::parallel_for_each(av.get_extent(),
                        __attribute__((amp)) [=](hc::index<1> i) {
                          av[i] += 128;
                        });
  av.synchronize();

  int failures = 0;
  for (int i = 0; i < N; ++i)
    if (out[i] != 255) {
      std::printf("out[%d] = %d, expected 255\n", i, out[i]);
      ++failures;
    }
  return failures;
}
