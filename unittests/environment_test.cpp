// Reading integer settings from HCC_* variables (core/environment.hpp):
// only decimal digits within the range are taken; everything else --
// signs, spaces, exponents, overflow, out of range -- falls back to the
// default with a warning.
#include "core/environment.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>

using hc::detail::rt::env_integer;
using hc::detail::rt::env_size;

namespace {

constexpr const char *var = "HCC_UNITTEST_SETTING";

std::size_t read(const char *value, std::size_t min, std::size_t max) {
  setenv(var, value, 1);
  std::size_t v = env_integer(var, 7, min, max);
  unsetenv(var);
  return v;
}

} // namespace

TEST(Environment, UnsetOrEmptyIsTheDefault) {
  unsetenv(var);
  EXPECT_EQ(env_integer(var, 7, 0, 100), 7u);
  EXPECT_EQ(read("", 0, 100), 7u);
}

TEST(Environment, IntegersInRange) {
  EXPECT_EQ(read("0", 0, 100), 0u);
  EXPECT_EQ(read("100", 0, 100), 100u);
  EXPECT_EQ(read("042", 0, 100), 42u);
  EXPECT_EQ(read("18446744073709551615", 1, SIZE_MAX), SIZE_MAX);
}

TEST(Environment, HostileValuesTakeTheDefault) {
  for (const char *bad : {"-1", "+5", " 5", "5 ", "abc", "1e99", "1.5", "0x10",
                          "99999999999999999999", "101"})
    EXPECT_EQ(read(bad, 0, 100), 7u) << "'" << bad << "'";
  EXPECT_EQ(read("0", 1, 100), 7u);
}

TEST(Environment, SizeIsPositive) {
  setenv(var, "0", 1);
  EXPECT_EQ(env_size(var, 3), 3u);
  setenv(var, "-1", 1);
  EXPECT_EQ(env_size(var, 3), 3u);
  setenv(var, "12", 1);
  EXPECT_EQ(env_size(var, 3), 12u);
  unsetenv(var);
}
