// device: the front of runtime.hpp over a backend's device_impl.
#include "core/device_impl.hpp"
#include "core/driver_library.hpp"
#include "core/loaded_module.hpp"

#include "hc/detail/exceptions.hpp"

#include <string>

namespace hc {
namespace detail {

const device_info &device::info() const noexcept {
  return rt::impl(*this).info_;
}

std::shared_ptr<queue> device::default_queue() {
  rt::device_impl &d = rt::impl(*this);
  std::lock_guard<std::mutex> lock(d.default_queue_mutex_);
  if (!d.default_queue_)
    d.default_queue_ =
        d.create_queue_impl(execute_order::in_order, queue_priority::normal);
  return d.default_queue_;
}

std::shared_ptr<queue> device::create_queue(execute_order order,
                                            queue_priority priority) {
  return rt::impl(*this).create_queue_impl(order, priority);
}

bool device::runs_kernels() const noexcept {
  return rt::impl(*this).runs_kernels_impl();
}

void *device::allocate(std::size_t bytes) {
  return rt::impl(*this).allocate_impl(bytes);
}

void device::deallocate(void *ptr) noexcept {
  rt::impl(*this).deallocate_impl(ptr);
}

void *device::allocate_pinned_host(std::size_t bytes, bool coherent) {
  try {
    return rt::impl(*this).allocate_pinned_host_impl(bytes, coherent);
  } catch (const Kalmar::runtime_exception &e) {
    // Null is the answer hc_am's callers expect; the driver's reason is
    // for HCC_VERBOSE.
    rt::note(info().backend.c_str(), e.what());
    return nullptr;
  }
}

void *rt::device_impl::require_pinned_host(std::size_t bytes, bool coherent,
                                           const std::string &purpose) {
  std::string why;
  try {
    if (void *p = allocate_pinned_host_impl(bytes, coherent))
      return p;
  } catch (const Kalmar::runtime_exception &e) {
    why = std::string(": ") + e.what();
  }
  throw Kalmar::runtime_exception(
      "hc runtime: " + device_label(*this) + ": no pinned host memory for " +
          purpose + " (" + std::to_string(bytes) + " bytes)" + why,
      Kalmar::E_FAIL_CODE);
}

void device::free_pinned_host(void *ptr) noexcept {
  rt::impl(*this).free_pinned_host_impl(ptr);
}

bool device::register_host(void *ptr, std::size_t bytes) {
  return rt::impl(*this).register_host_impl(ptr, bytes);
}

bool device::register_host_read_only(void *ptr, std::size_t bytes) {
  return rt::impl(*this).register_host_read_only_impl(ptr, bytes);
}

void device::unregister_host(void *ptr) noexcept {
  rt::impl(*this).unregister_host_impl(ptr);
}

bool device::can_share_host_memory() const {
  return rt::impl(*this).can_share_host_memory_impl();
}

bool device::kernel_can_access(const void *addr) {
  return rt::impl(*this).kernel_can_access_impl(addr);
}

bool device::owns_device_memory(const void *addr) {
  return rt::impl(*this).owns_device_memory_impl(addr);
}

bool device::enable_access_to(device &owner) {
  return rt::impl(*this).enable_access_to_impl(owner);
}

bool device::is_peer(device &peer) {
  return &peer != this && rt::impl(*this).is_peer_impl(peer);
}

void *device::native_handle(native_object what) {
  return rt::impl(*this).native_handle_impl(what);
}

std::shared_ptr<queue> device::wrap_native_queue(void *native) {
  if (!native)
    throw Kalmar::runtime_exception(
        "hc runtime: a view over a native queue needs one (null given)",
        Kalmar::E_INVALIDARG_CODE);
  return rt::impl(*this).wrap_native_queue_impl(native);
}

namespace rt {

device_impl::~device_impl() = default;

void device_impl::write_device_now_impl(std::uint64_t, const void *,
                                        std::size_t, const char *what) {
  throw Kalmar::runtime_exception(std::string("hc runtime: ") + what +
                                      ": the device has no memory of "
                                      "its own",
                                  Kalmar::E_FAIL_CODE);
}

void device_impl::read_device_now_impl(void *, std::uint64_t, std::size_t,
                                       const char *what) {
  write_device_now_impl(0, nullptr, 0, what);
}

void device_impl::unsupported(const std::string &what) const {
  throw Kalmar::unsupported_feature("hc runtime: " + narrow(info_.device_path) +
                                    " (" + info_.backend + " backend) " + what);
}

std::shared_ptr<queue> device_impl::wrap_native_queue_impl(void *) {
  unsupported("has no native queues to make a view of; only CUDA streams "
              "can be (docs/multi-gpu.md)");
}

} // namespace rt

} // namespace detail
} // namespace hc
