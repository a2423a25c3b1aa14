#ifndef __HCC__
#error "device_part.cpp must be compiled by hcc"
#endif
#if __cplusplus != 201703L
#error "the target's CXX_STANDARD (17) did not reach hcc"
#endif
#if DEVICE_PART_OPTION != 7
#error "COMPILE_OPTIONS did not reach hcc"
#endif
#include "saxpy.hpp"
#include <hc.hpp>

long long sum_of_squares(int n) {
  std::vector<long long> squares(n);
  hc::array_view<long long, 1> sv(n, squares);
  hc::parallel_for_each(sv.get_extent(), [=](hc::index<1> i) [[hc]] {
    sv[i] = static_cast<long long>(i[0]) * i[0];
  });
  sv.synchronize();
  long long sum = 0;
  for (long long s : squares)
    sum += s;
  return sum;
}
