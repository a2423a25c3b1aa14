// A kernel's expf over every 127th float bit pattern (both signs, every
// exponent, inf and NaN), against the host's exp in long double: within
// 2 ulp, subnormal results kept (not flushed), 0 below ln(2^-150), inf
// above ln(FLT_MAX), NaN for NaN. On NVIDIA GPUs this is hcc's expf
// (hc/detail/math/exp_log_float.hpp: ex2.approx after a reduction), which
// the host cannot evaluate; the program's argument sets the stride (1:
// every float).

// RUN: %hcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: expf: max {{[0-9.e+-]+}} ulp
// CHECK: PASSED

#include <hc.hpp>

#include "../Inputs/checks.hpp"
#include "Inputs/ulp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

// out[i] = expf(in[i]) for i < n, in a kernel on the default accelerator.
void expf_in_kernel(const float *in, float *out, std::size_t n) {
  hc::array_view<const float, 1> x(static_cast<int>(n), in);
  hc::array_view<float, 1> y(static_cast<int>(n), out);
  y.discard_data();
  hc::parallel_for_each(y.get_extent(),
                        [=](hc::index<1> i) [[hc]] { y[i] = expf(x[i]); });
  y.synchronize();
}

int main(int argc, char **argv) {
  const std::uint64_t stride = argc > 1 ? std::strtoull(argv[1], 0, 10) : 127;
  const std::size_t chunk = 1 << 22;
  std::vector<float> in(chunk), out(chunk);
  double worst = 0;
  float worst_x = 0;
  std::uint64_t b = 0;
  while (b < (1ull << 32)) {
    std::size_t n = 0;
    for (; n < chunk && b < (1ull << 32); ++n, b += stride)
      in[n] = ulp_test::from_bits<float>(b);
    expf_in_kernel(in.data(), out.data(), n);
    // The long double exps take longer than the kernel: every core checks
    // a part.
    const unsigned parts = std::max(1u, std::thread::hardware_concurrency());
    std::vector<double> part_worst(parts, 0);
    std::vector<float> part_x(parts, 0);
    std::vector<std::thread> checkers;
    for (unsigned p = 0; p < parts; ++p)
      checkers.emplace_back([&, p] {
        for (std::size_t i = p; i < n; i += parts) {
          double e = ulp_test::ulp_error(out[i], std::exp((long double)in[i]));
          if (!(e <= part_worst[p])) {
            part_worst[p] = e;
            part_x[p] = in[i];
          }
        }
      });
    for (unsigned p = 0; p < parts; ++p) {
      checkers[p].join();
      if (!(part_worst[p] <= worst)) {
        worst = part_worst[p];
        worst_x = part_x[p];
      }
    }
  }
  std::printf("expf: max %g ulp (at %a)\n", worst, worst_x);
  CHECK(worst <= 2);

  // The edges, in a kernel: subnormal results are not flushed to zero.
  std::vector<float> edge = {-87.5f,    -100.0f,   -103.9f,  -104.0f,
                             -INFINITY, 88.72283f, 88.7229f, INFINITY,
                             NAN,       0.0f,      -0.0f};
  std::vector<float> got(edge.size());
  expf_in_kernel(edge.data(), got.data(), edge.size());
  CHECK(got[0] > 0 && got[0] < 0x1p-126f); // e^-87.5: subnormal
  CHECK(got[1] > 0 && got[1] < 0x1p-143f); // e^-100 = 3.7e-44
  CHECK(got[2] == 0x1p-149f);              // the smallest subnormal
  CHECK(got[3] == 0 && got[4] == 0);
  CHECK(got[5] >= 0x1.fffe00p+127f && !std::isinf(got[5])); // 0x1.ffff08p+127
  CHECK(std::isinf(got[6]) && got[6] > 0 && std::isinf(got[7]));
  CHECK(std::isnan(got[8]));
  CHECK(got[9] == 1 && got[10] == 1);
  if (hcc_test::failures)
    return 1;
  std::puts("PASSED");
  return 0;
}
