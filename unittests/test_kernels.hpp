// Hand-written kernel launches for the runtime tests: what the hc headers
// generate for a parallel_for_each, reduced to a functor in an argument
// block plus the two CPU entry points.
#ifndef HCC_UNITTESTS_TEST_KERNELS_HPP
#define HCC_UNITTESTS_TEST_KERNELS_HPP

#include "hc/detail/runtime.hpp"

#include <chrono>
#include <memory>
#include <thread>

namespace hcc_test {

using namespace hc::detail;

// Non-tiled: f(linear_id) for every work-item.
template <class F> kernel_launch flat_kernel(std::size_t n, F f) {
  auto owner = std::make_shared<F>(std::move(f));
  kernel_launch k;
  k.device_name = "test_flat_kernel";
  k.args = owner.get();
  k.args_size = sizeof(F);
  k.args_owner = owner;
  k.cpu_range = [](const void *args, std::size_t begin, std::size_t end) {
    const F &fn = *static_cast<const F *>(args);
    for (std::size_t i = begin; i < end; ++i)
      fn(i);
  };
  k.geometry.rank = 1;
  k.geometry.global[0] = n;
  return k;
}

// Tiled: f(item) for every work-item; rank = number of extents given.
template <class F>
kernel_launch tiled_kernel(int rank, const std::size_t *global,
                           const std::size_t *tile, F f,
                           std::size_t group_bytes = 0) {
  auto owner = std::make_shared<F>(std::move(f));
  kernel_launch k;
  k.device_name = "test_tiled_kernel";
  k.args = owner.get();
  k.args_size = sizeof(F);
  k.args_owner = owner;
  k.cpu_item = [](const void *args, const cpu_work_item &item) {
    (*static_cast<const F *>(args))(item);
  };
  k.geometry.rank = rank;
  for (int d = 0; d < rank; ++d) {
    k.geometry.global[d] = global[d];
    k.geometry.tile[d] = tile[d];
  }
  k.geometry.dynamic_group_bytes = group_bytes;
  return k;
}

inline void sleep_ms(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

} // namespace hcc_test

#endif
