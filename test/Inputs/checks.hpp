// The tally of a self-checking test: check(ok, what) prints what failed
// and counts it; main returns check.failures.
#ifndef HCC_TEST_INPUTS_CHECKS_HPP
#define HCC_TEST_INPUTS_CHECKS_HPP

#include <cstdio>

namespace hcc_test {

struct checks {
  int failures = 0;
  void operator()(bool ok, const char *what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++failures;
    }
  }
};

} // namespace hcc_test

#endif
