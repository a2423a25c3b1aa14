// The HSA side of setting up loaded modules (core/loaded_module.hpp): a
// code object's variables found by symbol, and synchronous copies through
// a fine-grained staging block.
#include "backends/hsa/hsa_device.hpp"

#include "hc/detail/exceptions.hpp"

#include <cstring>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

bool hsa_module::find_global(const char *symbol, module_global &out) {
  const runtime_api &api = *device_.api();
  hsa_executable_symbol_t handle{};
  if (api.hsa_executable_get_symbol_by_name(executable_, symbol,
                                            &device_.description().agent,
                                            &handle) != HSA_STATUS_SUCCESS)
    return false;
  const std::string what = std::string(symbol) + " of " + source();
  std::uint32_t size = 0;
  hsa_status_t s = api.hsa_executable_symbol_get_info(
      handle, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size);
  if (s != HSA_STATUS_SUCCESS)
    device_.fail("hsa_executable_symbol_get_info", s, what);
  std::uint64_t address = 0;
  s = api.hsa_executable_symbol_get_info(
      handle, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address);
  if (s != HSA_STATUS_SUCCESS || !address)
    device_.fail("hsa_executable_symbol_get_info", s, what);
  out.address = address;
  out.size = size;
  return true;
}

namespace {

// Fine-grained system memory for one synchronous copy: ROCr's copy needs
// memory it knows on both sides (the variables live in the agent's
// memory). Freed when the copy is done.
class staging_block {
public:
  staging_block(hsa_device &dev, std::size_t bytes, const char *what)
      : dev_(dev),
        ptr_(dev.require_pinned_host(bytes, /*coherent=*/true,
                                     std::string("staging: ") + what)) {}
  ~staging_block() { dev_.free_pinned_host(ptr_); }
  staging_block(const staging_block &) = delete;
  staging_block &operator=(const staging_block &) = delete;
  void *get() const { return ptr_; }

private:
  hsa_device &dev_;
  void *ptr_;
};

} // namespace

void hsa_device::write_device_now_impl(std::uint64_t address,
                                       const void *from, std::size_t bytes,
                                       const char *what) {
  staging_block staging(*this, bytes, what);
  std::memcpy(staging.get(), from, bytes);
  hsa_status_t s = api_->hsa_memory_copy(reinterpret_cast<void *>(address),
                                         staging.get(), bytes);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_memory_copy", s, what);
}

void hsa_device::read_device_now_impl(void *to, std::uint64_t address,
                                      std::size_t bytes, const char *what) {
  staging_block staging(*this, bytes, what);
  hsa_status_t s = api_->hsa_memory_copy(
      staging.get(), reinterpret_cast<const void *>(address), bytes);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_memory_copy", s, what);
  std::memcpy(to, staging.get(), bytes);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
