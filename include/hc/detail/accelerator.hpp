// hc::accelerator, hc::accelerator_view and hc::completion_future: thin
// value types over the runtime's device, queue and async_state.
#ifndef HC_DETAIL_ACCELERATOR_HPP
#define HC_DETAIL_ACCELERATOR_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/runtime.hpp"

#include <chrono>
#include <future>
#include <initializer_list>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace hc {

using runtime_exception = Kalmar::runtime_exception;
using invalid_compute_domain = Kalmar::invalid_compute_domain;
using accelerator_view_removed = Kalmar::accelerator_view_removed;
using out_of_memory = Kalmar::out_of_memory;
using unsupported_feature = Kalmar::unsupported_feature;

enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

enum access_type {
  access_type_none = 0,
  access_type_read = 1,
  access_type_write = 2,
  access_type_read_write = 3,
  access_type_auto = 4
};

enum execute_order { execute_in_order = 0, execute_any_order = 1 };

enum memory_scope { no_scope = 0, accelerator_scope = 1, system_scope = 2 };

enum hcWaitMode { hcWaitModeBlocked = 0, hcWaitModeActive = 1 };

class accelerator;
class accelerator_view;
template <typename T, int N> class array;
template <typename T, int N> class array_view;

// Ticks of the runtime clock (nanoseconds) and their frequency.
inline std::uint64_t get_system_ticks() { return detail::current_tick(); }
inline std::uint64_t get_tick_frequency() { return detail::tick_frequency(); }

class completion_future {
public:
  completion_future() = default;
  completion_future(const completion_future &) = default;
  completion_future(completion_future &&) = default;
  completion_future &operator=(const completion_future &) = default;
  completion_future &operator=(completion_future &&) = default;
  explicit completion_future(detail::async_ptr state)
      : state_(std::move(state)) {}

  bool valid() const { return static_cast<bool>(state_); }

  // Blocks until the operation finished; rethrows its error. With
  // hcWaitModeActive the caller spins instead of sleeping (lower latency).
  void wait(hcWaitMode mode = hcWaitModeBlocked) const {
    if (!state_)
      return;
    if (mode == hcWaitModeActive)
      while (!state_->is_ready())
        std::this_thread::yield();
    state_->wait();
  }
  void get() const { wait(); }

  template <class Rep, class Period>
  std::future_status
  wait_for(const std::chrono::duration<Rep, Period> &rel_time) const {
    if (!state_)
      return std::future_status::ready;
    return state_->wait_for(
               std::chrono::duration_cast<std::chrono::nanoseconds>(rel_time))
               ? std::future_status::ready
               : std::future_status::timeout;
  }
  template <class Clock, class Duration>
  std::future_status
  wait_until(const std::chrono::time_point<Clock, Duration> &abs_time) const {
    return wait_for(abs_time - Clock::now());
  }

  bool is_ready() const { return !state_ || state_->is_ready(); }

  // Runs `func` (a copy of it) once the operation has finished, on a
  // runtime thread, or at once if it already has.
  template <typename Functor> void then(const Functor &func) {
    if (!state_)
      throw runtime_exception("completion_future::then on an empty future",
                              Kalmar::E_FAIL_CODE);
    state_->then(std::function<void()>(func));
  }

  // A std::shared_future that becomes ready with this operation.
  operator std::shared_future<void>() const {
    auto promise = std::make_shared<std::promise<void>>();
    std::shared_future<void> f = promise->get_future().share();
    if (!state_) {
      promise->set_value();
      return f;
    }
    detail::async_ptr s = state_;
    s->then([promise, s] {
      if (auto e = s->error())
        promise->set_exception(e);
      else
        promise->set_value();
    });
    return f;
  }

  std::uint64_t get_begin_tick() const {
    return state_ ? state_->begin_tick() : 0;
  }
  std::uint64_t get_end_tick() const { return state_ ? state_->end_tick() : 0; }
  std::uint64_t get_tick_frequency() const { return detail::tick_frequency(); }
  bool is_marker() const { return state_ && state_->is_marker(); }
  long get_use_count() const { return state_.use_count(); }
  // The HSA completion signal (an hsa_signal_t*) of a command of the HSA
  // backend; nullptr on other backends and for a default-constructed future.
  void *get_native_handle() const {
    return state_ ? state_->native_handle() : nullptr;
  }

  // Runtime state, for the library's own use.
  const detail::async_ptr &state() const { return state_; }

private:
  detail::async_ptr state_;
};

class accelerator_view {
public:
  accelerator_view(const accelerator_view &) = default;
  accelerator_view &operator=(const accelerator_view &) = default;

  queuing_mode get_queuing_mode() const { return mode_; }
  execute_order get_execute_order() const {
    return static_cast<execute_order>(queue_->order());
  }
  bool get_is_auto_selection() const { return false; }
  unsigned int get_version() const {
    return queue_->get_device().info().version;
  }
  accelerator get_accelerator() const;
  bool get_is_debug() const { return false; }

  void wait(hcWaitMode mode = hcWaitModeBlocked) const {
    if (mode == hcWaitModeActive)
      while (queue_->pending_count() != 0)
        std::this_thread::yield();
    queue_->wait();
  }
  void flush() const { queue_->flush(); }

  // HSA interop, as hcc declared it: opaque pointers to the HSA backend's
  // hsa_queue_t, hsa_agent_t, memory pools (hsa_amd_memory_pool_t: the
  // agent's coarse-grained pool; the system's fine-grained pool for both
  // system regions) and kernarg hsa_region_t; nullptr on other backends.
  void *get_hsa_queue() const { return queue_->native_queue(); }
  void *get_hsa_agent() const { return queue_->get_device().native_agent(); }
  void *get_hsa_am_region() const {
    return queue_->get_device().native_am_region();
  }
  void *get_hsa_am_system_region() const {
    return queue_->get_device().native_am_system_region();
  }
  void *get_hsa_am_finegrained_system_region() const {
    return queue_->get_device().native_am_system_region();
  }
  void *get_hsa_kernarg_region() const {
    return queue_->get_device().native_kernarg_region();
  }
  bool is_hsa_accelerator() const {
    return queue_->get_device().info().backend == detail::backend_kind::hsa;
  }

  completion_future create_marker(memory_scope scope = system_scope) const {
    return completion_future(
        queue_->marker({}, static_cast<detail::memory_scope>(scope)));
  }
  completion_future
  create_blocking_marker(completion_future &dependency,
                         memory_scope scope = system_scope) const {
    return create_blocking_marker({dependency}, scope);
  }
  completion_future
  create_blocking_marker(std::initializer_list<completion_future> deps,
                         memory_scope scope = system_scope) const {
    return create_blocking_marker(deps.begin(), deps.end(), scope);
  }
  template <typename InputIterator>
  completion_future create_blocking_marker(InputIterator first,
                                           InputIterator last,
                                           memory_scope scope) const {
    std::vector<detail::async_ptr> deps;
    for (; first != last; ++first)
      if (first->state())
        deps.push_back(first->state());
    return completion_future(
        queue_->marker(deps, static_cast<detail::memory_scope>(scope)));
  }

  // Number of commands enqueued and not yet finished.
  std::size_t get_pending_async_ops() const { return queue_->pending_count(); }
  bool get_is_empty() const { return queue_->pending_count() == 0; }

  size_t get_max_tile_static_size() const {
    return queue_->get_device().info().max_tile_static_bytes;
  }

  bool operator==(const accelerator_view &other) const {
    return queue_ == other.queue_;
  }
  bool operator!=(const accelerator_view &other) const {
    return !(*this == other);
  }

  // Runtime queue, for the library's own use.
  const detail::queue_ptr &queue() const { return queue_; }
  explicit accelerator_view(detail::queue_ptr q,
                            queuing_mode mode = queuing_mode_automatic)
      : queue_(std::move(q)), mode_(mode) {}

private:
  detail::queue_ptr queue_;
  queuing_mode mode_;
};

class accelerator {
public:
  static const wchar_t default_accelerator[];
  static const wchar_t cpu_accelerator[];

  // The default accelerator (HCC_DEFAULT_ACCELERATOR, else the first GPU,
  // else the CPU).
  accelerator() : device_(&detail::default_device()) {}
  explicit accelerator(const std::wstring &path) : device_(lookup(path)) {}
  accelerator(const accelerator &) = default;
  accelerator &operator=(const accelerator &) = default;

  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
    for (detail::device *d : detail::all_devices())
      all.push_back(accelerator(d));
    return all;
  }
  static bool set_default(const std::wstring &path) {
    return detail::set_default_device(path);
  }
  static accelerator_view get_auto_selection_view() {
    return accelerator().get_default_view();
  }

  std::wstring get_device_path() const { return info().device_path; }
  std::wstring get_description() const { return info().description; }
  unsigned int get_version() const { return info().version; }
  bool get_is_debug() const { return false; }
  bool get_is_emulated() const { return info().is_emulated; }
  bool get_has_display() const { return info().has_display; }
  bool get_supports_double_precision() const {
    return info().supports_double_precision;
  }
  bool get_supports_limited_double_precision() const {
    return info().supports_limited_double_precision;
  }
  bool get_supports_cpu_shared_memory() const {
    return info().supports_cpu_shared_memory;
  }
  // In kilobytes, as C++ AMP specifies.
  size_t get_dedicated_memory() const { return info().dedicated_memory_kb; }
  size_t get_max_tile_static_size() const {
    return info().max_tile_static_bytes;
  }
  unsigned get_cu_count() const { return info().compute_units; }
  bool is_hsa_accelerator() const {
    return info().backend == detail::backend_kind::hsa;
  }
  // HSA interop (see accelerator_view): nullptr on other backends.
  void *get_hsa_agent() const { return device_->native_agent(); }
  void *get_hsa_am_region() const { return device_->native_am_region(); }
  void *get_hsa_am_system_region() const {
    return device_->native_am_system_region();
  }
  void *get_hsa_am_finegrained_system_region() const {
    return device_->native_am_system_region();
  }
  void *get_hsa_kernarg_region() const {
    return device_->native_kernarg_region();
  }

  access_type get_default_cpu_access_type() const { return cpu_access_; }
  bool set_default_cpu_access_type(access_type type) {
    cpu_access_ = type;
    return true;
  }

  accelerator_view get_default_view() const {
    return accelerator_view(device_->default_queue());
  }
  accelerator_view create_view(queuing_mode mode = queuing_mode_automatic) {
    return accelerator_view(device_->create_queue(detail::execute_order::in_order),
                            mode);
  }
  accelerator_view create_view(execute_order order, queuing_mode mode) {
    return accelerator_view(
        device_->create_queue(static_cast<detail::execute_order>(order)), mode);
  }

  bool operator==(const accelerator &other) const {
    return device_ == other.device_;
  }
  bool operator!=(const accelerator &other) const { return !(*this == other); }

  // Runtime device, for the library's own use.
  detail::device &device() const { return *device_; }
  explicit accelerator(detail::device *d) : device_(d) {}

private:
  static detail::device *lookup(const std::wstring &path) {
    if (path == default_accelerator)
      return &detail::default_device();
    if (detail::device *d = detail::find_device(path))
      return d;
    std::string narrow(path.begin(), path.end());
    throw runtime_exception("no accelerator with device path '" + narrow + "'",
                            Kalmar::E_INVALIDARG_CODE);
  }
  const detail::device_info &info() const { return device_->info(); }

  detail::device *device_;
  access_type cpu_access_ = access_type_auto;
};

inline const wchar_t accelerator::default_accelerator[] = L"default";
inline const wchar_t accelerator::cpu_accelerator[] = L"cpu";

inline accelerator accelerator_view::get_accelerator() const {
  return accelerator(&queue_->get_device());
}

} // namespace hc

#endif // HC_DETAIL_ACCELERATOR_HPP
