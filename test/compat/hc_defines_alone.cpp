// RUN: %hcc -hc %s -o %t && %t
// <hc_defines.h> can be included on its own, before or without <hc.hpp>,
// and hc::half converts both ways on the host and in kernels.
#include <hc_defines.h>
#include <hc.hpp>

int main() {
  hc::array_view<hc::half, 1> av(64);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) [[hc]] {
    av[i] = static_cast<hc::half>(i[0] + 0.5f);
  });
  for (int i = 0; i < 64; ++i)
    if (static_cast<float>(av[i]) != i + 0.5f) {
      std::printf("FAILED at %d: %f\n", i, static_cast<float>(av[i]));
      return 1;
    }
  return 0;
}
