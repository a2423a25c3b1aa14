// RUN: %hcc -hc %s -o %t && %t
// <hc_math.hpp> makes the math functions callable unqualified, in kernels
// and on the host, as hcc's did: the classification functions and the
// names only hc::precise_math has (rsqrt, sinpi, cospi, tanpi, rcbrt).
#include <hc.hpp>
#include <hc_math.hpp>

#include <cstdio>

int main() {
  hc::array_view<float, 1> out(8);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    out[0] = isnormal(1.0f) ? 1.0f : 0.0f;
    out[1] = isnan(0.0f) ? 1.0f : 0.0f;
    out[2] = rsqrt(4.0f);
    out[3] = sinpi(0.5f);
    out[4] = cospi(1.0f);
    out[5] = rcbrt(8.0f);
    out[6] = tanpi(0.25f);
    out[7] = isinf(1.0f / 0.0f) ? 1.0f : 0.0f;
  });
  const float expected[8] = {1.0f, 0.0f, 0.5f, 1.0f, -1.0f, 0.5f, 1.0f, 1.0f};
  for (int i = 0; i < 8; ++i)
    if (fabs(out[i] - expected[i]) > 1e-5f) {
      std::printf("FAILED: out[%d] = %f, expected %f\n", i, out[i],
                  expected[i]);
      return 1;
    }
  if (!isnormal(2.0) || rsqrt(16.0) != 0.25)
    return 1;
  return 0;
}
