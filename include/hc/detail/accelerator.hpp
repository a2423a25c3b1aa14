// hc::accelerator, hc::accelerator_view and hc::completion_future: thin
// value types over the runtime's device, queue and async_state.
#ifndef HC_DETAIL_ACCELERATOR_HPP
#define HC_DETAIL_ACCELERATOR_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/enums.hpp"
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

class accelerator;
class accelerator_view;
class AmPointerInfo; // <hc_am.hpp>
template <typename T, int N> class array;
template <typename T, int N> class array_view;

// Ticks of the runtime clock (nanoseconds) and their frequency.
inline std::uint64_t get_system_ticks() { return detail::current_tick(); }
inline std::uint64_t get_tick_frequency() { return detail::tick_frequency(); }

class completion_future {
public:
  completion_future() = default;
  completion_future(const completion_future &other) : state_(other.state_) {
    count_in();
  }
  completion_future(completion_future &&other) noexcept
      : state_(std::move(other.state_)) {}
  completion_future &operator=(const completion_future &other) {
    if (this != &other) {
      count_out();
      state_ = other.state_;
      count_in();
    }
    return *this;
  }
  completion_future &operator=(completion_future &&other) noexcept {
    if (this != &other) {
      count_out();
      state_ = std::move(other.state_);
    }
    return *this;
  }
  ~completion_future() { count_out(); }
  explicit completion_future(detail::async_ptr state)
      : state_(std::move(state)) {
    count_in();
  }

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
  // Owners of the operation, as hcc counted them: the futures that share it,
  // plus one while the runtime still holds it (its queue keeps the last
  // command it enqueued). 0 for an empty future.
  int get_use_count() const {
    if (!state_)
      return 0;
    int futures = state_->future_count();
    return futures + (state_.use_count() > futures ? 1 : 0);
  }
  // The HSA completion signal (an hsa_signal_t*) of a command of the HSA
  // backend; nullptr on other backends and for a default-constructed future.
  void *get_native_handle() const {
    return state_ ? state_->native_handle() : nullptr;
  }
  // CUDA interop (docs/multi-gpu.md): the CUevent that completes with the
  // command, for cuStreamWaitEvent, cuEventSynchronize or a CUDA library's
  // stream; valid while a completion_future of the command exists. For a
  // command that finished without one, an event that was never recorded
  // (complete, as CUDA counts). nullptr for commands of other backends and
  // a default-constructed future.
  void *get_cuda_event() const {
    return state_ ? state_->native_event() : nullptr;
  }

  // Runtime state, for the library's own use.
  const detail::async_ptr &state() const { return state_; }

private:
  void count_in() noexcept {
    if (state_)
      state_->add_future();
  }
  void count_out() noexcept {
    if (state_)
      state_->drop_future();
  }

  detail::async_ptr state_;
};

class accelerator_view {
public:
  accelerator_view(const accelerator_view &) = default;
#if HC_AMP_MODE
  // C++ AMP: a view returned by value (array::get_accelerator_view()) is
  // not something to assign to.
  accelerator_view &operator=(const accelerator_view &) & = default;
#else
  accelerator_view &operator=(const accelerator_view &) = default;
#endif

  queuing_mode get_queuing_mode() const { return mode_; }
  execute_order get_execute_order() const {
    return static_cast<execute_order>(queue_->order());
  }
  queue_priority get_queue_priority() const {
    return static_cast<queue_priority>(queue_->priority());
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
  void *get_hsa_queue() const {
    return is_backend("hsa") ? queue_->native_handle() : nullptr;
  }
  void *get_hsa_agent() const {
    return queue_->get_device().native_handle(detail::native_object::agent);
  }
  void *get_hsa_am_region() const {
    return queue_->get_device().native_handle(detail::native_object::am_region);
  }
  // The HSA backend allocates no fine-grained device memory: nullptr.
  void *get_hsa_finegrained_am_region() const { return nullptr; }
  void *get_hsa_am_system_region() const {
    return queue_->get_device().native_handle(
        detail::native_object::am_system_region);
  }
  void *get_hsa_am_finegrained_system_region() const {
    return queue_->get_device().native_handle(
        detail::native_object::am_system_region);
  }
  void *get_hsa_kernarg_region() const {
    return queue_->get_device().native_handle(
        detail::native_object::kernarg_region);
  }
  // True for every accelerator hc kernels run on: ROCr GPUs, CUDA GPUs and
  // the CPU all implement the HSA execution model of queues, completion
  // signals and shared virtual memory (docs/compatibility.md). The HSA
  // handles above are non-null only on the ROCr backend.
  bool is_hsa_accelerator() const { return true; }
  // Restricting a queue to some compute units: only ROCr queues could be;
  // this runtime applies no mask (false: not applied).
  bool set_cu_mask(const std::vector<bool> &cu_mask) {
    (void)cu_mask;
    return false;
  }

  completion_future create_marker(memory_scope scope = system_scope) const {
    return completion_future(
        queue_->marker({}, static_cast<detail::memory_scope>(scope)));
  }

  // CUDA interop (docs/multi-gpu.md). The CUstream the view's commands go
  // to, for CUDA libraries (cublasSetStream) and CUDA-aware MPI; nullptr
  // on other accelerators.
  void *get_cuda_stream() const {
    return is_backend("cuda") ? queue_->native_handle() : nullptr;
  }
  // A marker that completes once the program's CUevent `cuda_event` has
  // (and the view's earlier commands); the view's later commands wait for
  // it on the GPU (cuStreamWaitEvent). The event must have been recorded
  // before the call, as for cuStreamWaitEvent. Throws runtime_exception on
  // other accelerators.
  completion_future create_marker_after_cuda_event(void *cuda_event) const {
    return completion_future(queue_->marker_after_native_event(cuda_event));
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

  // Copies `size_bytes` from `src` to `dst` (note the order: source first)
  // after the commands already in this view; returns when the bytes are
  // there. Either pointer may be host memory, pinned memory or device
  // memory of any accelerator.
  void copy(const void *src, void *dst, size_t size_bytes) const {
    detail::view_copy(queue_, dst, src, size_bytes)->wait();
  }
  // The same, asynchronous: the source and destination must stay valid
  // until the future is ready. Later commands of this view wait for it.
  completion_future copy_async(const void *src, void *dst,
                               size_t size_bytes) const {
    return completion_future(detail::view_copy(queue_, dst, src, size_bytes));
  }
  // hcc's copies with the caller's knowledge of both sides (HIP passed
  // them): the direction, the tracker's information about each pointer, the
  // accelerator whose copy engine to use and whether to avoid DMA. This
  // runtime finds where each side lives itself and picks the engine of the
  // accelerator that holds the device memory, so these copy exactly as
  // copy() / copy_async() do.
  void copy_ext(const void *src, void *dst, size_t size_bytes,
                hcCommandKind copyDir, const AmPointerInfo &srcInfo,
                const AmPointerInfo &dstInfo, const accelerator *copyAcc,
                bool forceUnpinnedCopy) const {
    (void)copyDir, (void)srcInfo, (void)dstInfo, (void)copyAcc,
        (void)forceUnpinnedCopy;
    copy(src, dst, size_bytes);
  }
  completion_future copy_async_ext(const void *src, void *dst,
                                   size_t size_bytes, hcCommandKind copyDir,
                                   const AmPointerInfo &srcInfo,
                                   const AmPointerInfo &dstInfo,
                                   const accelerator *copyAcc) const {
    (void)copyDir, (void)srcInfo, (void)dstInfo, (void)copyAcc;
    return copy_async(src, dst, size_bytes);
  }
  // Copies `height` rows of `width` bytes; rows start `srcPitch` bytes
  // apart in the source, `dstPitch` in the destination. True when done.
  bool copy2d_ext(const void *src, void *dst, size_t width, size_t height,
                  size_t srcPitch, size_t dstPitch, hcCommandKind copyDir,
                  const AmPointerInfo &srcInfo, const AmPointerInfo &dstInfo,
                  const accelerator *copyAcc, bool forceUnpinnedCopy) const {
    (void)forceUnpinnedCopy;
    copy2d_async_ext(src, dst, width, height, srcPitch, dstPitch, copyDir,
                     srcInfo, dstInfo, copyAcc)
        .wait();
    return true;
  }
  completion_future copy2d_async_ext(const void *src, void *dst, size_t width,
                                     size_t height, size_t srcPitch,
                                     size_t dstPitch, hcCommandKind copyDir,
                                     const AmPointerInfo &srcInfo,
                                     const AmPointerInfo &dstInfo,
                                     const accelerator *copyAcc) const {
    (void)copyDir, (void)srcInfo, (void)dstInfo, (void)copyAcc;
    if (width == srcPitch && width == dstPitch)
      return copy_async(src, dst, width * height);
    // Row by row, in order on this view: the last row's future is the
    // whole copy's.
    detail::async_ptr last = detail::async_state::make_ready();
    for (size_t row = 0; row < height; ++row)
      last = detail::view_copy(
          queue_, static_cast<char *>(dst) + row * dstPitch,
          static_cast<const char *>(src) + row * srcPitch, width);
    return completion_future(last);
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

  // C++ AMP's properties (last: `accelerator` names the property from here
  // on in this class).
  HC_PROPERTY(bool, is_debug, get_is_debug)
  HC_PROPERTY(unsigned int, version, get_version)
  HC_PROPERTY(hc::queuing_mode, queuing_mode, get_queuing_mode)
  HC_PROPERTY(bool, is_auto_selection, get_is_auto_selection)
  HC_PROPERTY(hc::accelerator, accelerator, get_accelerator)

private:
  bool is_backend(const char *name) const {
    return queue_->get_device().info().backend == name;
  }

  detail::queue_ptr queue_;
  hc::queuing_mode mode_;
};

// The address of the global variable `symbol` as kernels see it
// (accelerator::get_symbol_address with the variable's name).
#define GET_SYMBOL_ADDRESS(acc, symbol) acc.get_symbol_address(#symbol);

class accelerator {
public:
  // Device paths with a meaning of their own. In C++ AMP mode
  // direct3d_warp names the CPU device that runs kernels (the CPU
  // accelerator runs none there; runtime.hpp, use_amp_device_model());
  // direct3d_ref names no accelerator (there is no reference rasteriser:
  // the constructor throws), nor does direct3d_warp in hc mode.
  static const wchar_t default_accelerator[];
  static const wchar_t cpu_accelerator[];
  static const wchar_t direct3d_warp[];
  static const wchar_t direct3d_ref[];

  // The default accelerator (HCC_DEFAULT_ACCELERATOR, else the first GPU,
  // else the CPU).
  accelerator() : device_(&detail::default_device()) {}
  explicit accelerator(const std::wstring &path) : device_(lookup(path)) {}
  accelerator(const accelerator &) = default;
  accelerator &operator=(const accelerator &) = default;

  // Every accelerator: the CPU first (as hcc listed it), then the GPUs.
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
  // This accelerator's position in get_all().
  int get_seqnum() const {
    const std::vector<detail::device *> &all = detail::all_devices();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i] == device_)
        return static_cast<int>(i);
    return -1;
  }
  // See accelerator_view::is_hsa_accelerator().
  bool is_hsa_accelerator() const { return true; }
  // Full: kernels use any host memory as it is (the CPU; GPUs with
  // pageable-memory access). Base: host memory must be made visible to
  // them: hcc's runtime does that for what a kernel captures (docs/svm.md).
  hcAgentProfile get_profile() const {
    return info().reads_host_memory ? hcAgentProfileFull : hcAgentProfileBase;
  }
  // True when the host can read and write this accelerator's device memory
  // (am_alloc with flags 0) directly.
  bool has_cpu_accessible_am() const { return info().is_host_memory; }
  // HSA interop (see accelerator_view): nullptr on other backends.
  void *get_hsa_agent() const {
    return device_->native_handle(detail::native_object::agent);
  }
  void *get_hsa_am_region() const {
    return device_->native_handle(detail::native_object::am_region);
  }
  void *get_hsa_finegrained_am_region() const { return nullptr; }
  void *get_hsa_am_system_region() const {
    return device_->native_handle(detail::native_object::am_system_region);
  }
  void *get_hsa_am_finegrained_system_region() const {
    return device_->native_handle(detail::native_object::am_system_region);
  }
  void *get_hsa_kernarg_region() const {
    return device_->native_handle(detail::native_object::kernarg_region);
  }
  // An opaque handle of the runtime's device, unique per accelerator.
  const void *get_raw_device() const { return device_; }

  // True when kernels on `other` can use this accelerator's memory
  // directly (peer access). An accelerator is not its own peer; the CPU is
  // nobody's.
  bool get_is_peer(const accelerator &other) const {
    return other.device_ != device_ && device_->is_peer(*other.device_);
  }
  std::vector<accelerator> get_peers() const {
    std::vector<accelerator> peers;
    for (const accelerator &a : get_all())
      if (get_is_peer(a))
        peers.push_back(a);
    return peers;
  }

  // Per device, not per accelerator object:
  // `accelerator(accelerator::default_accelerator).set_default_cpu_access_type(t)`
  // holds for the arrays created later on that device. Always succeeds, as
  // in hcc.
  access_type get_default_cpu_access_type() const {
    return detail::default_cpu_access(*device_);
  }
  bool set_default_cpu_access_type(access_type type) {
    detail::set_default_cpu_access(*device_, type);
    return true;
  }

  // The calling thread's default view of this accelerator: as in hcc,
  // each host thread has its own (TLS_QUEUE), so kernels launched from
  // different threads on their default views run independently.
  accelerator_view get_default_view() const {
    return accelerator_view(detail::thread_default_queue(*device_));
  }
  accelerator_view create_view(execute_order order = execute_in_order,
                               queuing_mode mode = queuing_mode_automatic,
                               queue_priority priority = priority_normal) {
    return accelerator_view(
        detail::create_view_queue(
            *device_, static_cast<detail::execute_order>(order),
            static_cast<detail::queue_priority>(priority)),
        mode);
  }
  // C++ AMP's form.
  accelerator_view create_view(queuing_mode mode) {
    return create_view(execute_in_order, mode);
  }
  // CUDA interop (docs/multi-gpu.md): a view whose commands go to the
  // program's CUstream `cuda_stream` of this accelerator's primary context
  // (get_cuda_context), in order with the program's own work on it. The
  // stream stays the program's: it destroys it once the views over it are
  // gone and their commands finished. Throws runtime_exception on other
  // accelerators and for a stream of another context.
  accelerator_view create_view_from_cuda_stream(void *cuda_stream) {
    return accelerator_view(detail::wrap_view_queue(*device_, cuda_stream));
  }
  // The accelerator's CUdevice, -1 when it is not a CUDA GPU.
  int get_cuda_device() const {
    auto *handle = static_cast<const int *>(
        device_->native_handle(detail::native_object::cuda_device));
    return handle ? *handle : -1;
  }
  // The CUcontext the runtime uses on it (the device's primary context,
  // the CUDA runtime API's too); nullptr when it is not a CUDA GPU.
  void *get_cuda_context() const {
    return device_->native_handle(detail::native_object::cuda_context);
  }
  // hcc's view for cooperative kernels (grid-wide synchronisation on ROCr).
  // hc has no grid-wide barrier here, so it is an ordinary new view.
  accelerator_view create_cooperative_view() { return create_view(); }
  // Every view of this accelerator still in use (those of create_view()
  // and the threads' default views), in creation order.
  std::vector<accelerator_view> get_all_views() {
    std::vector<accelerator_view> views;
    for (detail::queue_ptr &q : detail::device_views(*device_))
      views.push_back(accelerator_view(std::move(q)));
    return views;
  }

  // Global variables used by kernels (`[[hc]] int table[16];` or any
  // global a kernel reads): kernels use the host's variable itself
  // (docs/svm.md), so its address is the host's. nullptr when no kernel of
  // the program uses a variable of that name.
  void *get_symbol_address(const char *symbolName) {
    return detail::find_host_global(symbolName);
  }
  // Copies `count` bytes between `hostptr` and the variable at `offset`:
  // into it with hcMemcpyHostToDevice, out of it with hcMemcpyDeviceToHost,
  // after the commands already on the default view.
  void memcpy_symbol(const char *symbolName, void *hostptr, size_t count,
                     size_t offset = 0,
                     hcCommandKind kind = hcMemcpyHostToDevice) {
    void *address = get_symbol_address(symbolName);
    if (!address)
      throw runtime_exception(
          std::string("accelerator::memcpy_symbol: no kernel of this "
                      "program uses a global variable named '") +
              (symbolName ? symbolName : "(null)") + "'",
          Kalmar::E_INVALIDARG_CODE);
    memcpy_symbol(address, hostptr, count, offset, kind);
  }
  void memcpy_symbol(void *symbolAddr, void *hostptr, size_t count,
                     size_t offset = 0,
                     hcCommandKind kind = hcMemcpyHostToDevice) {
    char *symbol = static_cast<char *>(symbolAddr) + offset;
    if (kind == hcMemcpyDeviceToHost)
      get_default_view().copy(symbol, hostptr, count);
    else
      get_default_view().copy(hostptr, symbol, count);
  }

  bool operator==(const accelerator &other) const {
    return device_ == other.device_;
  }
  bool operator!=(const accelerator &other) const { return !(*this == other); }

  // Runtime device, for the library's own use.
  detail::device &device() const { return *device_; }
  explicit accelerator(detail::device *d) : device_(d) {}

  // C++ AMP's properties.
  HC_PROPERTY(std::wstring, device_path, get_device_path)
  HC_PROPERTY(std::wstring, description, get_description)
  HC_PROPERTY(unsigned int, version, get_version)
  HC_PROPERTY(bool, is_debug, get_is_debug)
  HC_PROPERTY(bool, is_emulated, get_is_emulated)
  HC_PROPERTY(bool, has_display, get_has_display)
  HC_PROPERTY(bool, supports_double_precision, get_supports_double_precision)
  HC_PROPERTY(bool, supports_limited_double_precision,
              get_supports_limited_double_precision)
  HC_PROPERTY(bool, supports_cpu_shared_memory,
              get_supports_cpu_shared_memory)
  HC_PROPERTY(size_t, dedicated_memory, get_dedicated_memory)
  HC_PROPERTY(hc::accelerator_view, default_view, get_default_view)
  HC_PROPERTY(access_type, default_cpu_access_type,
              get_default_cpu_access_type)

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
};

inline const wchar_t accelerator::default_accelerator[] = L"default";
inline const wchar_t accelerator::cpu_accelerator[] = L"cpu";
inline const wchar_t accelerator::direct3d_warp[] = L"direct3d\\warp";
inline const wchar_t accelerator::direct3d_ref[] = L"direct3d\\ref";

inline accelerator accelerator_view::get_accelerator() const {
  return hc::accelerator(&queue_->get_device());
}

} // namespace hc

#endif // HC_DETAIL_ACCELERATOR_HPP
