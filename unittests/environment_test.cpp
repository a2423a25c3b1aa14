// Reading integer settings from HCC_* variables (core/environment.hpp):
// only decimal digits within the range are taken; everything else --
// signs, spaces, exponents, overflow, out of range -- falls back to the
// default with one warning per variable and value. The table test runs
// the hostile values over every integer setting the runtime reads.
#include "core/environment.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>

using hc::detail::rt::env_integer;
using hc::detail::rt::integer_setting;
using hc::detail::rt::integer_settings;

namespace {

const integer_setting test_setting{"HCC_UNITTEST_SETTING", 0, 100, 7};
const integer_setting positive_setting{"HCC_UNITTEST_POSITIVE", 1, SIZE_MAX, 3};

std::size_t read(const integer_setting &s, const char *value) {
  setenv(s.name, value, 1);
  std::size_t v = env_integer(s);
  unsetenv(s.name);
  return v;
}

std::size_t occurrences(const std::string &text, const std::string &what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + 1))
    ++n;
  return n;
}

} // namespace

TEST(Environment, UnsetOrEmptyIsTheDefault) {
  unsetenv(test_setting.name);
  EXPECT_EQ(env_integer(test_setting), 7u);
  EXPECT_EQ(read(test_setting, ""), 7u);
}

TEST(Environment, IntegersInRange) {
  EXPECT_EQ(read(test_setting, "0"), 0u);
  EXPECT_EQ(read(test_setting, "100"), 100u);
  EXPECT_EQ(read(test_setting, "042"), 42u);
  EXPECT_EQ(read(positive_setting, "18446744073709551615"), SIZE_MAX);
}

TEST(Environment, HostileValuesTakeTheDefault) {
  for (const char *bad : {"-1", "+5", " 5", "5 ", "abc", "1e99", "1.5", "0x10",
                          "99999999999999999999", "101"})
    EXPECT_EQ(read(test_setting, bad), 7u) << "'" << bad << "'";
  EXPECT_EQ(read(positive_setting, "0"), 3u);
  EXPECT_EQ(read(positive_setting, "-1"), 3u);
  EXPECT_EQ(read(positive_setting, "12"), 12u);
}

TEST(Environment, ACallerComputedDefault) {
  setenv(test_setting.name, "abc", 1);
  EXPECT_EQ(env_integer(test_setting, 9), 9u);
  setenv(test_setting.name, "12", 1);
  EXPECT_EQ(env_integer(test_setting, 9), 12u);
  unsetenv(test_setting.name);
}

TEST(Environment, OneWarningPerVariableAndValue) {
  testing::internal::CaptureStderr();
  read(test_setting, "-17");
  read(test_setting, "-17");
  read(test_setting, "-18");
  std::string out = testing::internal::GetCapturedStderr();
  EXPECT_EQ(occurrences(out, "HCC_UNITTEST_SETTING='-17'"), 1u) << out;
  EXPECT_EQ(occurrences(out, "HCC_UNITTEST_SETTING='-18'"), 1u) << out;
  EXPECT_NE(out.find("is not an integer from 0 to 100; using 7"),
            std::string::npos)
      << out;
}

// Every integer setting of the runtime, with the values that once crashed
// it or were taken wrapped around: each takes the default and says so.
TEST(Environment, EverySettingRejectsHostileValues) {
  ASSERT_GE(integer_settings().size(), 6u);
  for (const integer_setting *s : integer_settings()) {
    ASSERT_EQ(std::string(s->name).rfind("HCC_", 0), 0u) << s->name;
    ASSERT_LE(s->min, s->max) << s->name;
    if (s->fallback)
      ASSERT_TRUE(s->fallback >= s->min && s->fallback <= s->max) << s->name;
    const std::size_t fallback = 12345; // what a caller computes
    for (const char *bad :
         {"-1", "abc", "1e99", "99999999999999999999", "", "0"}) {
      if (std::string(bad) == "0" && s->min == 0)
        continue;
      setenv(s->name, bad, 1);
      testing::internal::CaptureStderr();
      EXPECT_EQ(env_integer(*s), s->fallback) << s->name << "='" << bad << "'";
      EXPECT_EQ(env_integer(*s, fallback), fallback)
          << s->name << "='" << bad << "'";
      std::string out = testing::internal::GetCapturedStderr();
      EXPECT_EQ(occurrences(out, "hcc: warning: " + std::string(s->name)),
                *bad ? 1u : 0u)
          << s->name << "='" << bad << "': " << out;
    }
    // The ends of the range are taken.
    for (std::size_t v : {s->min, s->max}) {
      setenv(s->name, std::to_string(v).c_str(), 1);
      EXPECT_EQ(env_integer(*s), v) << s->name;
    }
    // Just past them is not.
    for (std::size_t v : {s->min - 1, s->max + 1}) {
      if ((v == s->min - 1 && s->min == 0) ||
          (v == s->max + 1 && s->max == SIZE_MAX))
        continue;
      setenv(s->name, std::to_string(v).c_str(), 1);
      testing::internal::CaptureStderr();
      EXPECT_EQ(env_integer(*s), s->fallback) << s->name << "=" << v;
      testing::internal::GetCapturedStderr();
    }
    unsetenv(s->name);
  }
}
