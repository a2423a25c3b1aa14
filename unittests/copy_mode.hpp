// HCC_UNPINNED_COPY_MODE is read once per process: the unit tests of a
// forced mode run in a process of their own (CMakeLists.txt), and their
// suites skip themselves in any other.
#ifndef HCC_UNITTESTS_COPY_MODE_HPP
#define HCC_UNITTESTS_COPY_MODE_HPP

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

// The suites of a mode skip unless the process runs in that mode.
inline bool mode_is(const char *mode) {
  const char *v = std::getenv("HCC_UNPINNED_COPY_MODE");
  std::string value = v ? v : "";
  if (std::string(mode) == "0")
    return value.empty() || value == "0";
  return value == mode;
}
#define REQUIRE_MODE(m)                                                        \
  if (!mode_is(m))                                                             \
  GTEST_SKIP() << "runs with HCC_UNPINNED_COPY_MODE=" m

#endif
