// Pinned host memory on HSA (hc::am_alloc with amHostPinned,
// am_memory_host_lock; docs/host-memory.md): the system's fine-grained
// pool, mapped into every GPU agent, and host memory locked in place.
#include "backends/hsa/hsa_device.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

void *hsa_device::allocate_pinned_host_impl(std::size_t bytes, bool coherent) {
  // The system's fine-grained pool is coherent either way; hc's
  // non-coherent pinned memory gets the same (correct, maybe slower).
  (void)coherent;
  if (!desc_.fine_host_pool.handle)
    return nullptr;
  void *ptr = nullptr;
  const std::string what =
      std::to_string(bytes) + " bytes of pinned host memory";
  hsa_status_t s = api_->hsa_amd_memory_pool_allocate(
      desc_.fine_host_pool, bytes ? bytes : 1, 0, &ptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_amd_memory_pool_allocate", s, what);
  // Mapped into every GPU at the host address, as am_alloc promises.
  s = api_->hsa_amd_agents_allow_access(
      static_cast<std::uint32_t>(desc_.all_gpus.size()), desc_.all_gpus.data(),
      nullptr, ptr);
  if (s != HSA_STATUS_SUCCESS) {
    api_->hsa_amd_memory_pool_free(ptr);
    fail("hsa_amd_agents_allow_access", s, what);
  }
  return ptr;
}

void hsa_device::free_pinned_host_impl(void *ptr) noexcept {
  if (ptr)
    api_->hsa_amd_memory_pool_free(ptr);
}

bool hsa_device::register_host_impl(void *ptr, std::size_t bytes) {
  std::vector<hsa_agent_t> agents = desc_.all_gpus;
  void *agent_ptr = nullptr;
  if (api_->hsa_amd_memory_lock(ptr, bytes, agents.data(),
                                static_cast<int>(agents.size()),
                                &agent_ptr) != HSA_STATUS_SUCCESS)
    return false;
  // hc promises kernels can use the host address itself; ROCr may map the
  // locked pages elsewhere (no SVM aperture): then the lock is no use.
  if (agent_ptr != ptr) {
    api_->hsa_amd_memory_unlock(ptr);
    return false;
  }
  return true;
}

void hsa_device::unregister_host_impl(void *ptr) noexcept {
  api_->hsa_amd_memory_unlock(ptr);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
