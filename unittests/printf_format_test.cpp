// The host formatter of device printf records (core/printf_format.cpp):
// argument blocks laid out as Clang lays out vprintf's (natural alignment,
// float promoted to double, char/short to int), formatted and compared with
// the C library's snprintf of the same values.
#include "core/printf_format.hpp"
#include "hc/detail/printf_record.h"

#include <gtest/gtest.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using hc::detail::rt::format_printf;

namespace {

// An argument block and the %s strings of one record.
struct record {
  std::vector<unsigned char> args;
  std::string strings;

  template <class T> record &arg(T value) {
    const std::size_t at = (args.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    args.resize(at + sizeof(T));
    std::memcpy(&args[at], &value, sizeof(T));
    return *this;
  }
  record &str(const char *s) {
    arg(reinterpret_cast<std::uint64_t>(s)); // the device pointer slot
    strings.append(s, std::strlen(s) + 1);
    return *this;
  }
  std::string format(const char *fmt) const {
    return format_printf(fmt, std::strlen(fmt) + 1, args.data(), args.size(),
                         strings.data(), strings.size());
  }
};

std::string c_format(const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  const int n = std::vsnprintf(nullptr, 0, fmt, ap);
  std::string out(static_cast<std::size_t>(n) + 1, '\0');
  std::vsnprintf(&out[0], out.size(), fmt, ap2);
  va_end(ap2);
  va_end(ap);
  out.resize(static_cast<std::size_t>(n));
  return out;
}

} // namespace

TEST(PrintfFormat, Integers) {
  const char *fmt = "%d %i %u %x %X %o %+d %05d %-4d| %c%c\n";
  record r;
  r.arg(-42).arg(7).arg(4000000000u).arg(0xbeefu).arg(0xbeefu).arg(8u)
      .arg(5).arg(-12).arg(3).arg(int('o')).arg(int('k'));
  EXPECT_EQ(r.format(fmt), c_format(fmt, -42, 7, 4000000000u, 0xbeefu, 0xbeefu,
                                    8u, 5, -12, 3, 'o', 'k'));
}

TEST(PrintfFormat, SixtyFourBitIntegersAfterSmallerOnes) {
  // An int then a long long: the long long sits at offset 8, not 4.
  const char *fmt = "%d %lld %llu %ld %lx %zu %jd\n";
  record r;
  r.arg(1).arg(-123456789012345ll).arg(18446744073709551615ull)
      .arg(-5l).arg(0xfeedfacecafeull).arg(std::size_t(99)).arg(std::int64_t(-7));
  EXPECT_EQ(r.format(fmt),
            c_format(fmt, 1, -123456789012345ll, 18446744073709551615ull, -5l,
                     0xfeedfacecafeul, std::size_t(99), std::intmax_t(-7)));
}

TEST(PrintfFormat, ShortLengthsTruncateLikePrintf) {
  const char *fmt = "%hhd %hd %hhu %hx\n";
  record r;
  r.arg(300).arg(70000).arg(-1).arg(0x12345);
  EXPECT_EQ(r.format(fmt), c_format(fmt, 300, 70000, -1, 0x12345));
}

TEST(PrintfFormat, FloatingPoint) {
  const char *fmt = "%f %.3f %e %g %10.2f|%-8.1f|%a %G %F\n";
  record r;
  const double v[] = {1.5, 3.14159, 12345.678, 1e-7, -2.25, 0.5, 1.0, 1e300, -0.0};
  int k = 0;
  r.arg(1).arg(v[0]); // an int first: the double goes to offset 8
  for (k = 1; k < 9; ++k)
    r.arg(v[k]);
  const char *full = "%d %f %.3f %e %g %10.2f|%-8.1f|%a %G %F\n";
  EXPECT_EQ(r.format(full), c_format(full, 1, v[0], v[1], v[2], v[3], v[4], v[5],
                                     v[6], v[7], v[8]));
  (void)fmt;
}

TEST(PrintfFormat, StringsComeFromTheRecord) {
  const char *fmt = "[%s] [%10s] [%-6s] [%.2s] [%s]\n";
  record r;
  r.str("hello").str("right").str("left").str("truncated").str("");
  EXPECT_EQ(r.format(fmt),
            c_format(fmt, "hello", "right", "left", "truncated", ""));
}

TEST(PrintfFormat, PointersStarsPercentAndText) {
  const char *fmt = "%p|%*d|%-*.*f|100%%|%y|%n|end%";
  record r;
  void *p = reinterpret_cast<void *>(std::uintptr_t(0x7f0012345678));
  int ignored = 0;
  r.arg(reinterpret_cast<std::uint64_t>(p)).arg(6).arg(42).arg(9).arg(2).arg(3.14159)
      .arg(reinterpret_cast<std::uint64_t>(&ignored));
  // %y is no conversion: printed as written; %n prints nothing; a lone %
  // at the end is text.
  EXPECT_EQ(r.format(fmt), c_format("%p|%*d|%-*.*f|100%%|", p, 6, 42, 9, 2, 3.14159) +
                               "%y||end%");
}

TEST(PrintfFormat, MissingArgumentsDoNotReadPastTheBlock) {
  record r;
  r.arg(5);
  EXPECT_EQ(r.format("%d %d %s %f\n"), "5 <missing> <missing> <missing>\n");
  EXPECT_EQ(r.format("no conversions\n"), "no conversions\n");
}

TEST(PrintfFormat, FormatWithoutNulStopsAtTheBlock) {
  const char text[] = {'a', 'b', 'c'};
  EXPECT_EQ(format_printf(text, sizeof text, nullptr, 0, nullptr, 0), "abc");
}

TEST(PrintfRecord, MeasureMatchesTheLayout) {
  namespace pr = hc::detail::printf_record;
  record r;
  r.arg(1).str("xyz").arg(2.0);
  const pr::header h = pr::measure("%d %s %f", reinterpret_cast<const char *>(r.args.data()));
  EXPECT_EQ(h.format_size, 9u);
  EXPECT_EQ(h.args_size, 24u);         // int at 0, pointer at 8, double at 16
  EXPECT_EQ(h.strings_size, 4u);       // "xyz\0"
  EXPECT_EQ(h.size, 16u * ((16 + 9 + 24 + 4 + 15) / 16));
  EXPECT_EQ(r.args.size(), 24u);
}
