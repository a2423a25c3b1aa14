// RUN: %hcc -O2 %s -o %t && %t
// The float log that NVIDIA GPUs run (hc/detail/math/exp_log_float.hpp; a
// kernel's logf there), evaluated on the host with the same IEEE
// operations: within 1 ulp of the double log on every 61st float (all
// exponents, both signs), and the special values: -inf for +-0, NaN for
// negative and NaN, inf for inf, exact results for subnormal inputs. (The
// GPU's expf uses a PTX instruction the host cannot run: expf-sweep.cpp
// checks it in kernels; the GPU run of precise-accuracy.cpp checks both.)
#include <hc/detail/math/exp_log_float.hpp>

#include "../Inputs/checks.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

// |got - exact| in units of the last place of the float nearest exact.
double ulps(float got, double exact) {
  if (std::isnan(exact))
    return std::isnan(got) ? 0 : 1e9;
  if (std::fabs(exact) > 0x1.fffffep127)
    return std::isinf(got) && (got > 0) == (exact > 0) ? 0 : 1e9;
  int e;
  std::frexp(std::fabs(exact), &e);
  e = e - 1 < -126 ? -126 : e - 1;
  return std::fabs(double(got) - exact) / std::ldexp(1.0, e - 23);
}

} // namespace

int main() {
  using hc::detail::math::log_float;
  double worst_log = 0;
  for (std::uint64_t b = 0; b < (1ull << 32); b += 61) {
    std::uint32_t u = static_cast<std::uint32_t>(b);
    float x;
    std::memcpy(&x, &u, sizeof x);
    worst_log = std::fmax(worst_log, ulps(log_float(x), std::log(double(x))));
  }
  std::printf("log %.3f ulp\n", worst_log);
  CHECK(worst_log < 1.0);

  CHECK(log_float(1.0f) == 0.0f);
  CHECK(log_float(0.0f) == -INFINITY && log_float(-0.0f) == -INFINITY);
  CHECK(std::isnan(log_float(-1.0f)) && std::isnan(log_float(-INFINITY)));
  CHECK(std::isnan(log_float(NAN)));
  CHECK(log_float(INFINITY) == INFINITY);
  CHECK(log_float(0x1p-149f) == std::log(0x1p-149f));
  CHECK(log_float(0x1.8p-140f) == std::log(0x1.8p-140f));
  if (hcc_test::failures)
    return 1;
  std::puts("PASSED");
  return 0;
}
