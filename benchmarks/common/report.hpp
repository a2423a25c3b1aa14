// The one output format of every benchmark, one line per metric:
//
//   saxpy.bandwidth_gbs  ours=3361  ref=3438  ratio=0.98  better=higher  goal=ratio>=0.90
//
// `ratio` is always ours/ref, whichever way is better; `better` says which
// way that is and `goal` the target for the ratio. Lines starting
// with '#' are context (device, sizes, why there is no reference), so a
// script can keep the metric lines with `grep -v '^#'`.
#ifndef HCC_BENCH_REPORT_HPP
#define HCC_BENCH_REPORT_HPP

#include <cstdarg>
#include <cstdio>
#include <optional>
#include <string>

namespace bench {

enum class better { lower, higher };

// Enough digits to compare, whatever the magnitude: 3438, 240.5, 3.62,
// 0.0123.
inline std::string format_value(double v) {
  char buf[64];
  double a = v < 0 ? -v : v;
  if (a >= 1000)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else if (a >= 100)
    std::snprintf(buf, sizeof buf, "%.1f", v);
  else if (a >= 1)
    std::snprintf(buf, sizeof buf, "%.2f", v);
  else
    std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// `goal` is e.g. "ratio<=1.15", or null for figures that are only
// reported.
inline void metric(const char *name, double ours, std::optional<double> ref,
                   better dir, const char *goal) {
  std::string r = ref ? format_value(*ref) : "n/a";
  std::string ratio = "n/a";
  if (ref && *ref > 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", ours / *ref);
    ratio = buf;
  }
  std::printf("%-28s ours=%-8s ref=%-8s ratio=%-5s better=%s goal=%s\n", name,
              format_value(ours).c_str(), r.c_str(), ratio.c_str(),
              dir == better::lower ? "lower" : "higher",
              goal ? goal : "report");
  std::fflush(stdout);
}

// A context line: "# <text>".
inline void note(const char *fmt, ...) {
  std::va_list ap;
  va_start(ap, fmt);
  std::fputs("# ", stdout);
  std::vprintf(fmt, ap);
  std::fputc('\n', stdout);
  va_end(ap);
  std::fflush(stdout);
}

} // namespace bench

#endif // HCC_BENCH_REPORT_HPP
