// RUN: %hcc -hc %s -o %t && %t
// After `using namespace hc::short_vector;` an unqualified `norm` is
// hc::short_vector::norm in every compilation pass, also in a file with
// kernels (the GPU passes' math library has no global norm of its own).
#include <hc.hpp>
#include <hc_short_vector.hpp>

using namespace hc;
using namespace hc::short_vector;

int main() {
  norm n(-2.0f);
  float got = 0;
  array_view<float, 1> out(1, &got);
  parallel_for_each(extent<1>(1), [=](index<1>) [[hc]] {
    norm m(0.25f);
    out[0] = float(m + norm(0.5f)) + float(unorm(2.0f));
  });
  out.synchronize();
  return (float(n) == -1.0f && got == 1.75f) ? 0 : 1;
}
