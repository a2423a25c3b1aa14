// The tally of a self-checking test: check(ok, what) prints what failed
// and counts it; main returns check.failures. Or the CHECK macro below.
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

// Whether calling f throws an Exception (e.g. a runtime_exception).
template <class Exception, class F> bool throws(F &&f) {
  try {
    f();
  } catch (const Exception &) {
    return true;
  }
  return false;
}

// CHECK(condition): prints the line and the condition when it does not
// hold and counts it in hcc_test::failures (main returns failures != 0).
inline int failures = 0;

} // namespace hcc_test

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("FAIL line %d: %s\n", __LINE__, #c);                         \
      ++hcc_test::failures;                                                    \
    }                                                                          \
  } while (0)

#endif
