// What a backend implements for its devices and queues.
//
// The device and queue classes of runtime.hpp are fronts without virtual
// functions: programs call their members, which libhc_runtime defines
// (device_front.cpp, queue_front.cpp). Every device and queue object is a
// backend's subclass of device_impl / queue_impl below; the fronts do the
// work common to every backend and call the *_impl hooks for the rest:
//
//   device  the description, the default queue (made on first use, one per
//           device), forwarding of memory management and interop.
//   queue   the ordering rule for dependencies (a command the backend
//           cannot order after on the device is waited for on the calling
//           thread, before the backend takes any lock of its own), copies
//           of nothing, and the empty command that only orders.
//
// Nothing here is visible to programs: a backend may change these classes
// without breaking compiled code.
#ifndef HC_RUNTIME_CORE_DEVICE_IMPL_HPP
#define HC_RUNTIME_CORE_DEVICE_IMPL_HPP

#include "hc/detail/runtime.hpp"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

class device_impl : public device {
public:
  explicit device_impl(device_info info) : info_(std::move(info)) {}
  virtual ~device_impl();

  // A new queue of this device (device::create_queue and the default
  // queue).
  virtual std::shared_ptr<queue> create_queue_impl(execute_order order,
                                                   queue_priority priority) = 0;
  virtual bool runs_kernels_impl() const { return true; }

  virtual void *allocate_impl(std::size_t bytes) = 0;
  virtual void deallocate_impl(void *ptr) noexcept = 0;
  // Null when the backend has no pinned host memory; a driver that refuses
  // it throws Kalmar::runtime_exception naming the driver's error (the
  // front turns that into null and a note, hc's contract for am_alloc).
  virtual void *allocate_pinned_host_impl(std::size_t bytes, bool coherent) {
    (void)bytes, (void)coherent;
    return nullptr;
  }
  // Pinned host memory the runtime itself needs (the printf buffer, the
  // device heap's status block, staging for module set-up): a refusal is a
  // Kalmar::runtime_exception saying what the memory was for and, when the
  // driver refused, the driver's error.
  void *require_pinned_host(std::size_t bytes, bool coherent,
                            const std::string &purpose);
  virtual void free_pinned_host_impl(void *ptr) noexcept { (void)ptr; }
  virtual bool register_host_impl(void *ptr, std::size_t bytes) {
    (void)ptr, (void)bytes;
    return false;
  }
  virtual bool register_host_read_only_impl(void *ptr, std::size_t bytes) {
    (void)ptr, (void)bytes;
    return false;
  }
  virtual void unregister_host_impl(void *ptr) noexcept { (void)ptr; }
  virtual bool can_share_host_memory_impl() const { return false; }
  virtual bool kernel_can_access_impl(const void *addr) {
    (void)addr;
    return false;
  }
  virtual bool owns_device_memory_impl(const void *addr) {
    (void)addr;
    return false;
  }
  virtual bool enable_access_to_impl(device &owner) { return &owner == this; }
  virtual bool is_peer_impl(device &peer) {
    (void)peer;
    return false;
  }
  virtual void *native_handle_impl(native_object what) {
    (void)what;
    return nullptr;
  }
  // device::wrap_native_queue; the default: the backend has no queue
  // objects of its own.
  virtual std::shared_ptr<queue> wrap_native_queue_impl(void *native);
  // Throws Kalmar::unsupported_feature: "hc runtime: <device path>
  // (<backend> backend) <what>".
  [[noreturn]] void unsupported(const std::string &what) const;

  // Synchronous copies into and out of this device's memory at `address`,
  // for setting up loaded modules (loaded_module.hpp): done when they
  // return, ordered after nothing. Throw Kalmar::runtime_exception naming
  // `what`. Devices without memory of their own (the CPU) have none.
  virtual void write_device_now_impl(std::uint64_t address, const void *from,
                                     std::size_t bytes, const char *what);
  virtual void read_device_now_impl(void *to, std::uint64_t address,
                                    std::size_t bytes, const char *what);

protected:
  // Filled in by the backend before discovery hands the device out; read
  // only afterwards.
  device_info info_;

private:
  friend class hc::detail::device;
  std::mutex default_queue_mutex_;
  std::shared_ptr<queue> default_queue_;
};

class queue_impl : public queue {
public:
  queue_impl(device_impl &owner, execute_order order, queue_priority priority)
      : owner_(owner), order_(order), priority_(priority) {}
  virtual ~queue_impl();

  // Commands. `deps` holds only commands that are not finished and that
  // orders_after_impl() accepted; the front handled the others.
  virtual async_ptr launch_impl(const kernel_launch &kernel,
                                const std::vector<async_ptr> &deps) = 0;
  virtual async_ptr copy_impl(void *dst, const void *src, std::size_t bytes,
                              copy_direction direction,
                              const std::vector<async_ptr> &deps) = 0;
  virtual async_ptr marker_impl(const std::vector<async_ptr> &deps,
                                memory_scope scope) = 0;
  virtual async_ptr copy_from_peer_impl(void *dst, device &from,
                                        const void *src, std::size_t bytes,
                                        const std::vector<async_ptr> &deps) {
    (void)dst, (void)from, (void)src, (void)bytes, (void)deps;
    return nullptr;
  }
  virtual void wait_impl() = 0;
  virtual void flush_impl() {}
  // True when the backend's copy of a launch keeps its argument block
  // (kernel_launch::args_owner) alive until the kernel finished and
  // releases it before completing the command: the front then leaves the
  // command's state out of it (one lock of the state and one reference
  // count less per launch, both shared with the thread completing it).
  virtual bool keeps_arguments_impl() const { return false; }
  virtual std::size_t pending_count_impl() const = 0;
  // The last enqueued command; null when none is pending.
  virtual async_ptr last_command_impl() const = 0;
  virtual void *native_handle_impl() { return nullptr; }
  // queue::marker_after_native_event; the default: the backend has no
  // events of its own.
  virtual async_ptr marker_after_native_event_impl(void *event);
  // True when this queue can make a command wait for `dep` itself (on the
  // device, or on its own thread) without blocking the caller.
  virtual bool orders_after_impl(const async_state &dep) const = 0;

  // A command with nothing to do (a launch of no work-items, a copy of no
  // bytes): ready at once when nothing is pending, else a marker after
  // `deps` and the queue's commands.
  async_ptr ordering_only(const std::vector<async_ptr> &deps);

protected:
  device_impl &owner_;
  const execute_order order_;
  const queue_priority priority_;

private:
  friend class hc::detail::queue;
};

// "copy to the device", ...: a copy in messages and in HCC_PROFILE's
// summary.
inline const char *describe(copy_direction direction) {
  switch (direction) {
  case copy_direction::host_to_device:
    return "copy to the device";
  case copy_direction::device_to_host:
    return "copy from the device";
  case copy_direction::device_to_device:
    return "copy within the device";
  case copy_direction::host_to_host:
    return "copy on the host";
  }
  return "copy";
}

inline device_impl &impl(device &d) { return static_cast<device_impl &>(d); }
inline const device_impl &impl(const device &d) {
  return static_cast<const device_impl &>(d);
}
inline queue_impl &impl(queue &q) { return static_cast<queue_impl &>(q); }
inline const queue_impl &impl(const queue &q) {
  return static_cast<const queue_impl &>(q);
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
