// An HSA agent as a device: its description, queues, device memory and
// kernarg segments.
#include "backends/hsa/hsa_device.hpp"

#include "hc/detail/exceptions.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

hsa_device::hsa_device(std::shared_ptr<const runtime_api> api,
                       agent_description desc, device_info info)
    : device_impl(std::move(info)), api_(std::move(api)),
      desc_(std::move(desc)) {}

hsa_device::~hsa_device() = default; // lives for the whole program

void hsa_device::fail(const char *call, hsa_status_t status,
                      const std::string &what) const {
  std::string message = "hc runtime: " + std::string(call) + " failed on " +
                        std::string(info_.device_path.begin(),
                                    info_.device_path.end()) +
                        " (" + what + "): " + api_->describe(status);
  if (status == HSA_STATUS_ERROR_OUT_OF_RESOURCES)
    throw Kalmar::out_of_memory(message);
  throw Kalmar::runtime_exception(message, Kalmar::E_FAIL_CODE);
}

std::shared_ptr<queue> hsa_device::create_queue_impl(execute_order order,
                                                     queue_priority priority) {
  return std::make_shared<hsa_queue>(*this, order, priority);
}

void *hsa_device::native_handle_impl(native_object what) {
  switch (what) {
  case native_object::agent:
    return &desc_.agent;
  case native_object::am_region:
    return &desc_.device_pool;
  case native_object::am_system_region:
    return &desc_.fine_host_pool;
  case native_object::kernarg_region:
    return &desc_.kernarg_region;
  case native_object::cuda_device:
  case native_object::cuda_context:
    return nullptr; // CUDA's objects
  }
  return nullptr;
}

void *hsa_device::allocate_impl(std::size_t bytes) {
  void *ptr = nullptr;
  hsa_status_t s = api_->hsa_amd_memory_pool_allocate(
      desc_.device_pool, bytes ? bytes : 1, 0, &ptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_amd_memory_pool_allocate", s,
         std::to_string(bytes) + " bytes of device memory");
  return ptr;
}

void hsa_device::deallocate_impl(void *ptr) noexcept {
  if (ptr)
    api_->hsa_amd_memory_pool_free(ptr);
}

void *hsa_device::allocate_kernargs(std::size_t bytes) {
  void *ptr = nullptr;
  hsa_status_t s = api_->hsa_amd_memory_pool_allocate(desc_.kernarg_pool,
                                                      bytes, 0, &ptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_amd_memory_pool_allocate", s, "a kernarg segment");
  s = api_->hsa_amd_agents_allow_access(1, &desc_.agent, nullptr, ptr);
  if (s != HSA_STATUS_SUCCESS) {
    api_->hsa_amd_memory_pool_free(ptr);
    fail("hsa_amd_agents_allow_access", s, "a kernarg segment");
  }
  return ptr;
}

void hsa_device::free_kernargs(void *ptr) noexcept {
  api_->hsa_amd_memory_pool_free(ptr);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
