#include "kernels.hpp"
#include <hc.hpp>

void scale(std::vector<float> &v, float factor) {
  hc::array_view<float, 1> av(static_cast<int>(v.size()), v);
  hc::parallel_for_each(av.get_extent(),
                        [=](hc::index<1> i) [[hc]] { av[i] *= factor; });
  av.synchronize();
}
