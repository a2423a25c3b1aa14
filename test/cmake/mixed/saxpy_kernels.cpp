#ifndef __HCC__
#error "saxpy_kernels.cpp must be compiled by hcc"
#endif
#ifndef SAXPY_SCALE
#error "the target's compile definitions did not reach hcc"
#endif
#include "saxpy.hpp"
#include <hc.hpp>

void saxpy(float a, const std::vector<float> &x, std::vector<float> &y) {
  int n = static_cast<int>(x.size());
  hc::array_view<const float, 1> xv(n, x);
  hc::array_view<float, 1> yv(n, y);
  hc::parallel_for_each(yv.get_extent(), [=](hc::index<1> i) [[hc]] {
    yv[i] = SAXPY_SCALE * a * xv[i] + yv[i];
  });
  yv.synchronize();
}
