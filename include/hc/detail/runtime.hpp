// The interface between the hc headers and libhc_runtime.
//
// Everything the templates in <hc.hpp> / <amp.h> need from the runtime goes
// through the declarations in this file; nothing else of the runtime is
// visible to user code. Only host code uses it: the device pass never calls
// into the runtime (the headers guard those calls with
// __KALMAR_ACCELERATOR__).
//
// Objects:
//   device        an accelerator (one per GPU, plus the CPU); owned by the
//                 runtime for the whole program.
//   queue         an in-order stream of commands on one device
//                 (accelerator_view).
//   async_state   completion of one enqueued command (completion_future).
//   storage       the bytes behind an array / array_view, with lazy
//                 coherence between the host copy and device copies.
//   launch_scope  active while parallel_for_each copies the kernel functor;
//                 the copy constructors of array / array_view bind their
//                 storage to the launch through it.
#ifndef HC_DETAIL_RUNTIME_HPP
#define HC_DETAIL_RUNTIME_HPP

#include "hc/detail/enums.hpp"
#include "hc/detail/exceptions.hpp"
#include "hc/detail/kernel_launch.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace hc {
namespace detail {

// Values match hc::access_type / Concurrency::access_type.
enum class access_mode : unsigned {
  none = 0,
  read = 1,
  write = 2,
  read_write = 3
};

inline bool writes(access_mode m) {
  return (static_cast<unsigned>(m) & 2u) != 0;
}
inline bool reads(access_mode m) {
  return (static_cast<unsigned>(m) & 1u) != 0;
}

// Values match hc::memory_scope.
enum class memory_scope : int { none = 0, accelerator = 1, system = 2 };

// Values match hc::execute_order.
enum class execute_order : int { in_order = 0, any_order = 1 };

// Values match hc::queue_priority.
enum class queue_priority : int { high = 0, normal = 1, low = 2 };

// ---------------------------------------------------------------------------
// Asynchronous operations.
// ---------------------------------------------------------------------------

// Completion state of one command. Backends create it (or a subclass) when
// they enqueue and call set_ready()/set_error() when the command finishes.
// Thread-safe: any thread may wait, poll or add callbacks.
class async_state {
public:
  async_state();
  virtual ~async_state();
  async_state(const async_state &) = delete;
  async_state &operator=(const async_state &) = delete;

  bool is_ready() const noexcept {
    return done_.load(std::memory_order_acquire);
  }
  // Blocks until finished; rethrows the command's error, if any.
  void wait();
  // Returns true if finished within the timeout (does not rethrow).
  bool wait_for(std::chrono::nanoseconds timeout);
  // Runs `callback` once the command has finished: at once in the calling
  // thread if it already has, else on a runtime thread.
  void then(std::function<void()> callback);

  // Called by backends, exactly once. The object given to
  // keep_until_done() is released first, before anyone sees the command
  // finished.
  void set_ready();
  void set_error(std::exception_ptr error);
  // Keeps `owner` (a kernel's argument block, and with it what the functor
  // holds) alive until the command finished; at once released when it
  // already has.
  void keep_until_done(std::shared_ptr<void> owner);
  std::exception_ptr error() const;

  // Profiling: nanoseconds on the runtime's steady clock; 0 when unknown.
  // Atomic: a command found complete through a later one (a marker's
  // dependencies) may be read before its own completion thread sets them
  // (0 until then).
  std::uint64_t begin_tick() const noexcept {
    return begin_ns_.load(std::memory_order_relaxed);
  }
  std::uint64_t end_tick() const noexcept {
    return end_ns_.load(std::memory_order_relaxed);
  }
  void set_ticks(std::uint64_t begin_ns, std::uint64_t end_ns) noexcept {
    begin_ns_.store(begin_ns, std::memory_order_relaxed);
    end_ns_.store(end_ns, std::memory_order_relaxed);
  }
  bool is_marker() const noexcept { return is_marker_; }
  void set_marker(bool m) noexcept { is_marker_ = m; }
  // completion_future objects referring to this state
  // (completion_future::get_use_count).
  void add_future() noexcept {
    futures_.fetch_add(1, std::memory_order_relaxed);
  }
  // The last completion_future of a command marked finish_when_abandoned()
  // waits for it (its error stays in the state: destructors do not throw).
  void drop_future() noexcept {
    if (futures_.fetch_sub(1, std::memory_order_acq_rel) == 1 &&
        finish_when_abandoned_ && !is_ready())
      wait_quietly();
  }
  // For kernels that use the program's own host memory
  // (lib/hc-runtime/core/host_references.hpp). Set before the command's
  // first completion_future exists.
  void set_finish_when_abandoned() noexcept { finish_when_abandoned_ = true; }
  int future_count() const noexcept {
    return futures_.load(std::memory_order_relaxed);
  }
  // completion_future::get_native_handle(): the HSA backend's completion
  // signal (an hsa_signal_t*); null on other backends.
  virtual void *native_handle() noexcept { return nullptr; }
  // completion_future::get_cuda_event(): the CUevent that completes with a
  // command of the CUDA backend; null on other backends (or when the
  // driver could not record one).
  virtual void *native_event() noexcept { return nullptr; }

  // A ready state with no command behind it.
  static std::shared_ptr<async_state> make_ready();

protected:
  // Backends may override to block in their own API first (e.g. on a CUDA
  // event) or to poll (the CPU backend), so wait() does not pay for a
  // thread hand-off. wait() blocks on a condition variable afterwards until
  // set_ready() (or set_error()) ran, so this may return earlier.
  virtual void backend_wait() {}

private:
  // wait() without the error check and the profiling.
  void wait_until_ready();
  // wait_until_ready() for a destructor: errors of the wait are dropped.
  void wait_quietly() noexcept;
  // In the object rather than behind a pointer: one allocation less per
  // command (measured on the dispatch path).
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  std::vector<std::function<void()>> callbacks_;
  std::exception_ptr error_;
  std::shared_ptr<void> keep_alive_;
  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> begin_ns_{0}, end_ns_{0};
  std::atomic<int> futures_{0};
  bool is_marker_ = false;
  bool finish_when_abandoned_ = false;
};

using async_ptr = std::shared_ptr<async_state>;

// Ticks per second of begin_tick()/end_tick().
std::uint64_t tick_frequency();
// Current time in the same unit.
std::uint64_t current_tick();

// ---------------------------------------------------------------------------
// Devices and queues.
// ---------------------------------------------------------------------------
//
// device and queue are the runtime's stable front: classes without data or
// virtual functions whose members are defined in libhc_runtime, where each
// object is a backend's subclass of rt::device_impl / rt::queue_impl
// (lib/hc-runtime/core/device_impl.hpp). Code compiled against this header
// only calls those members, so a backend's classes can change without
// recompiling programs.

struct device_info {
  std::wstring description;
  std::wstring device_path;  // unique; "cpu", "cuda:0", ...
  // The backend's name, as HCC_DEFAULT_ACCELERATOR selects it ("cpu",
  // "cuda", "hsa"); devices of one backend share it.
  std::string backend;
  // The host's own processor (devices of the CPU backend).
  bool is_cpu = false;
  std::size_t dedicated_memory_kb = 0;
  unsigned version = 0;       // (major << 16) | minor
  unsigned compute_units = 0;
  unsigned max_tile_size = 1024;          // work-items per tile
  std::size_t max_tile_static_bytes = 0;  // group segment per tile
  unsigned wavefront_size = 1;
  bool is_emulated = false;
  bool has_display = false;
  bool supports_double_precision = true;
  bool supports_limited_double_precision = true;
  bool supports_cpu_shared_memory = false;
  bool is_host_memory = false;  // device memory is plain host memory
  // Kernels can dereference any host pointer (the CPU; GPUs with pageable
  // memory access, e.g. HMM). When false, arrays a kernel reaches through
  // a reference ([&] capture) are relocated (launch_scope::submit).
  bool reads_host_memory = false;
  // The runtime makes the host memory a launch reaches visible to the
  // device, launch by launch (docs/svm.md; off with HCC_SVM=0).
  bool shares_host_memory_per_launch = false;
  // System-scope atomics on host memory (docs/platform-atomics.md).
  bool platform_atomics = false;
  // The CPU device that runs C++ AMP's kernels (device path direct3d\\warp,
  // as C++ AMP names its CPU-based kernel accelerator): listed only once
  // use_amp_device_model() ran.
  bool amp_kernel_executor = false;
};

// The backend objects hc's HSA interop hands out (accelerator::
// get_hsa_agent(), get_hsa_am_region(), ...).
enum class native_object : int {
  agent,            // hsa_agent_t*
  am_region,        // hsa_amd_memory_pool_t* of device memory
  am_system_region, // hsa_amd_memory_pool_t* of fine-grained host memory
  kernarg_region,   // hsa_region_t* of kernel arguments
  cuda_device,      // CUdevice* (a pointer to the device's handle)
  cuda_context      // CUcontext: the device's primary context
};

class queue;

class device {
public:
  device(const device &) = delete;
  device &operator=(const device &) = delete;

  const device_info &info() const noexcept;
  // The default queue (accelerator::get_default_view()).
  std::shared_ptr<queue> default_queue();
  // A new independent queue (accelerator::create_view()). Backends whose
  // devices schedule queues by priority honour `priority`; others ignore it
  // (the queue still reports it).
  std::shared_ptr<queue> create_queue(execute_order order,
                                      queue_priority priority);
  // False for a device that holds data but runs no kernel (C++ AMP's CPU
  // accelerator, see use_amp_device_model()).
  bool runs_kernels() const noexcept;

  // Device memory. allocate throws Kalmar::out_of_memory.
  void *allocate(std::size_t bytes);
  void deallocate(void *ptr) noexcept;

  // Pinned host memory (hc::am_alloc with amHostPinned, docs/host-memory.md):
  // page-locked host memory mapped into every device of this backend at its
  // host address, so kernels can use the host pointer (zero-copy) and DMA
  // needs no staging. `coherent` asks for memory the device does not cache
  // (fine-grained synchronisation while a kernel runs). Returns null when
  // the backend has no such memory (the CPU) or it is exhausted.
  void *allocate_pinned_host(std::size_t bytes, bool coherent);
  void free_pinned_host(void *ptr) noexcept;
  // Page-locks existing host memory [ptr, ptr + bytes) and maps it into the
  // backend's devices (am_memory_host_lock); false when the backend cannot.
  bool register_host(void *ptr, std::size_t bytes);
  // The same for memory the process may only read (constant data a kernel
  // reaches through a host pointer, docs/svm.md): mapped for reading only.
  // unregister_host releases it. False when the backend cannot.
  bool register_host_read_only(void *ptr, std::size_t bytes);
  void unregister_host(void *ptr) noexcept;
  // True when register_host maps host memory at its own address, so that
  // kernels can follow host pointers once it is registered (shared virtual
  // memory on GPUs without pageable-memory access, docs/svm.md).
  bool can_share_host_memory() const;
  // True when kernels on this device can already use `addr` as it is:
  // device memory, or host memory that is pinned or registered (shared
  // virtual memory asks before page-locking anything, docs/svm.md).
  bool kernel_can_access(const void *addr);
  // True when `addr` lies in memory allocated on this device that the host
  // cannot access directly (device memory of a GPU; never for the CPU).
  bool owns_device_memory(const void *addr);
  // Lets kernels on this device access memory allocated on `owner`
  // (am_map_to_peers; CUDA peer access). False when it cannot.
  bool enable_access_to(device &owner);
  // True when kernels on `peer`, another device, can access this device's
  // memory directly (accelerator::get_is_peer). Never true for the device
  // itself, nor between devices of different backends.
  bool is_peer(device &peer);

  // The backend's object `what` (HSA and CUDA interop); null on backends
  // without it.
  void *native_handle(native_object what);
  // A queue over the backend's own queue object `native` (a CUstream on
  // CUDA), which stays the caller's: the queue never destroys it. Throws
  // Kalmar::runtime_exception where the backend has none, or when the
  // object is not this device's.
  std::shared_ptr<queue> wrap_native_queue(void *native);

protected:
  // Only the runtime's backends make devices (rt::device_impl).
  device() = default;
  ~device() = default;
};

enum class copy_direction : int {
  host_to_device,
  device_to_host,
  device_to_device,
  host_to_host
};

class queue {
public:
  queue(const queue &) = delete;
  queue &operator=(const queue &) = delete;

  device &get_device() const noexcept;
  execute_order order() const noexcept;
  queue_priority priority() const noexcept;

  // Enqueue commands. Each starts only after every state in `deps` is ready
  // and after the commands enqueued before it on this queue. A dependency
  // the backend cannot order after on the device (a command of another
  // backend) is waited for on the calling thread first; its error, if any,
  // stays with its own command.
  async_ptr launch(const kernel_launch &kernel,
                   const std::vector<async_ptr> &deps);
  // Copies between pointers of `get_device()` memory and host memory.
  // Host memory must stay valid until the returned state is ready.
  async_ptr copy(void *dst, const void *src, std::size_t bytes,
                 copy_direction direction, const std::vector<async_ptr> &deps);
  async_ptr marker(const std::vector<async_ptr> &deps, memory_scope scope);
  // Copies `bytes` from the memory of another device `from` of the same
  // backend into this queue's device, without staging through the host
  // (peer copy). Returns null when the backend cannot; the caller then
  // stages the data through host memory.
  async_ptr copy_from_peer(void *dst, device &from, const void *src,
                           std::size_t bytes,
                           const std::vector<async_ptr> &deps);

  // Waits for every command enqueued so far, then rethrows the first error
  // of a command that failed since the previous wait(), if any.
  void wait();
  // Hands buffered commands to the device.
  void flush();
  // Commands enqueued and not finished.
  std::size_t pending_count() const;
  // The last enqueued command, or a ready state if none is pending.
  async_ptr last_command() const;
  // The backend's queue object: the hsa_queue_t* of the HSA backend, the
  // CUstream of the CUDA backend; null on the CPU.
  void *native_handle();
  // A marker that is done once the backend's event `event` (a CUevent on
  // CUDA) and every earlier command of the queue are; later commands of the
  // queue wait for it. Throws Kalmar::runtime_exception where the backend
  // has no such events.
  async_ptr marker_after_native_event(void *event);

protected:
  // Only the runtime's backends make queues (rt::queue_impl).
  queue() = default;
  ~queue() = default;
};

using queue_ptr = std::shared_ptr<queue>;

// All devices of all backends, in a stable order: the CPU device (always
// present) first, then the GPUs. Thread-safe, initialised on first use.
const std::vector<device *> &all_devices();
// The device chosen by HCC_DEFAULT_ACCELERATOR (cpu | cuda | hsa | a device
// path), else the first GPU, else the CPU. Changeable with
// set_default_device() until the first kernel runs.
device &default_device();
bool set_default_device(const std::wstring &device_path);
device *find_device(const std::wstring &device_path);
device &cpu_device();

// C++ AMP's device model, switched on for the whole program by <amp.h>: the
// CPU accelerator ("cpu") holds data and runs no kernel (C++ AMP 1.2 3.2:
// parallel_for_each cannot be invoked on it), and a second CPU device,
// direct3d\\warp, runs kernels on the host's cores. all_devices() then lists
// it after the CPU accelerator, and where the default device would be the
// CPU accelerator it is that device. hc programs never see it.
void use_amp_device_model() noexcept;
bool amp_device_model() noexcept;

// C++ AMP's choice of accelerator_view for a parallel_for_each without one:
// the view of the first array the functor holds a reference to (its
// accelerator_view, the CPU one for a staging array); null if it holds none.
queue_ptr captured_array_view(const void *functor, std::size_t size);

// accelerator::create_view(): a new queue of `dev`, remembered (weakly) for
// device_views().
queue_ptr create_view_queue(device &dev, execute_order order,
                            queue_priority priority);
// accelerator::create_view_from_cuda_stream(): a queue over the backend's
// own queue object `native` (device::wrap_native_queue), remembered like
// create_view_queue's.
queue_ptr wrap_view_queue(device &dev, void *native);
// accelerator::get_default_view(): the calling thread's default queue of
// `dev` (one per host thread, as hcc's TLS_QUEUE), made on first use.
queue_ptr thread_default_queue(device &dev);
// accelerator::get/set_default_cpu_access_type(): the CPU access type of
// arrays later created on `dev` without one. Kept per device (every
// accelerator object of the device sees it, as in hcc); access_type_auto
// until set.
Kalmar::enums::access_type default_cpu_access(const device &dev);
void set_default_cpu_access(const device &dev, Kalmar::enums::access_type type);
// accelerator::get_all_views(): the queues of create_view_queue() still
// alive (threads' default queues included), in creation order.
std::vector<queue_ptr> device_views(device &dev);

// accelerator::get_symbol_address(): the address of the global variable
// whose symbol is `name` among those the program's kernels use (kernels use
// the host's variables, docs/svm.md); null when no kernel uses one of that
// name.
void *find_host_global(const char *name) noexcept;

// accelerator_view::copy()/copy_async(): copies `bytes` from `src` to `dst`
// after the commands already on `q`, wherever each pointer is (host memory,
// device memory of any device tracked by hc_am, pinned memory). The
// returned state is ready when the bytes are in place; commands enqueued on
// `q` afterwards start after it.
async_ptr view_copy(const queue_ptr &q, void *dst, const void *src,
                    std::size_t bytes);

// ---------------------------------------------------------------------------
// Data: storage behind array and array_view.
// ---------------------------------------------------------------------------

// `bytes` bytes of data with a host copy and at most one copy per device,
// kept coherent lazily. Every operation is thread-safe. Objects are
// reference counted by the headers with retain()/release() (plain pointers
// keep array / array_view standard-layout, and identical in both passes).
class storage {
public:
  // Storage for an array_view over user host memory `host_ptr` (not owned).
  // The host copy is the valid one.
  static storage *create_for_host(void *host_ptr, std::size_t bytes);
  // Storage for an array whose data lives on `home`'s device. When
  // `staging` is a different, CPU queue (C++ AMP staging arrays), the data
  // lives on the host and is accessed from `home` too.
  static storage *create_on(const queue_ptr &home, std::size_t bytes,
                            const queue_ptr &staging = nullptr);
  // Storage for an array over `bytes` of existing memory of `home`'s
  // device at `device_ptr` (hc::array's accelerator_pointer
  // constructors): not copied, not owned, its contents are the data.
  static storage *create_on_existing(const queue_ptr &home, void *device_ptr,
                                     std::size_t bytes);

  void retain() noexcept;
  void release() noexcept;

  std::size_t size() const noexcept;
  // Queue where arrays live (null for user-memory views).
  queue_ptr home_queue() const;
  // The view a C++ AMP staging array was created on (create_on's
  // `staging`, when it differs from `home`); null for other storage.
  queue_ptr staging_queue() const;
  // Pointer to the data on the home device (arrays), or host data (views).
  void *home_pointer() const noexcept;

  // Host access. Waits for pending device work that conflicts with `mode`,
  // copies device data back if needed (read), invalidates device copies
  // (write). Returns the host copy.
  void *host_access(access_mode mode);
  // The host copy's address once it exists (null before). Valid to use
  // without host_access() only while host_ready() says so.
  void *host_pointer_cache() const noexcept {
    return host_ptr_.load(std::memory_order_acquire);
  }
  // Fast check for the headers: true when the host copy may be accessed
  // in `mode` without calling host_access().
  bool host_ready(access_mode mode) const noexcept {
    unsigned flags = host_flags_.load(std::memory_order_acquire);
    return (flags & static_cast<unsigned>(mode)) ==
           static_cast<unsigned>(mode);
  }

  // array_view::synchronize(): make the host copy current.
  void synchronize();
  async_ptr synchronize_async();
  // array_view::synchronize_to(view): make `q`'s device copy current.
  void synchronize_to(const queue_ptr &q);
  // array_view::refresh(): host data was changed behind our back; the host
  // copy is the valid one again.
  void refresh();
  // array_view::discard_data(): contents no longer matter anywhere.
  void discard();

  // Copies `bytes` from host memory into this storage at `offset`, or out
  // of it; both wait for conflicting device work.
  void write_from_host(std::size_t offset, const void *src, std::size_t bytes);
  void read_to_host(std::size_t offset, void *dst, std::size_t bytes);
  // Copies between storages, on a device queue when both have device data.
  static async_ptr copy(storage &src, std::size_t src_offset, storage &dst,
                        std::size_t dst_offset, std::size_t bytes);

  // Waits for all enqueued work that touches this storage.
  void wait_idle();

  // hc::array objects register their own address (and size) with their
  // storage, so that a kernel holding a reference to the object can be
  // given a copy of it in device memory (resident_arrays.hpp).
  void set_array_object(const void *object, std::size_t size) noexcept;
  void forget_array_object(const void *object) noexcept;

  // Host-side array_views (not the copies bound to kernels) count
  // themselves: when the last one over user memory goes away, the data is
  // written back to that memory (C++ AMP's implicit synchronize).
  void add_host_view() noexcept {
    host_views_.fetch_add(1, std::memory_order_relaxed);
  }
  void drop_host_view() noexcept {
    if (host_views_.fetch_sub(1, std::memory_order_acq_rel) == 1)
      last_host_view_dropped();
  }

  // Used by launch_scope.
  struct binding {
    void *pointer;
    std::vector<async_ptr> deps;
  };
  binding bind_for_launch(const queue_ptr &q, access_mode mode);
  void record_use(const queue_ptr &q, access_mode mode, const async_ptr &op);

protected:
  storage();
  virtual ~storage();
  // Bits: 1 = host copy readable without a call, 2 = writable.
  std::atomic<unsigned> host_flags_{0};
  // Address of the host copy; set by the implementation when it exists.
  std::atomic<void *> host_ptr_{nullptr};

private:
  void last_host_view_dropped() noexcept;
  std::atomic<int> host_views_{0};
};

// RAII: active on the calling thread while parallel_for_each copies the
// kernel functor. array/array_view copy constructors call bind() through
// current() and store the returned pointer in the copy.
class launch_scope {
public:
  explicit launch_scope(queue_ptr q);
  ~launch_scope();
  launch_scope(const launch_scope &) = delete;
  launch_scope &operator=(const launch_scope &) = delete;

  static launch_scope *current() noexcept;

  // Records that the kernel uses `s` in `mode`; returns the pointer the
  // kernel must use for it. `object` (`object_size` bytes) is the copy
  // being bound, an array, array_view or texture in the kernel's functor:
  // its words are the runtime's (storage, bound pointer, extents), not
  // the program's pointers, and the scan for those skips them.
  void *bind(storage *s, access_mode mode, const void *object = nullptr,
             std::size_t object_size = 0);
  // Ends the binding phase (current() becomes null) without submitting.
  void close() noexcept;
  // Enqueues the kernel after every dependency of the bound storages and
  // records the kernel as their user.
  async_ptr submit(const kernel_launch &kernel);

  const queue_ptr &target() const { return queue_; }

private:
  struct use;
  queue_ptr queue_;
  std::vector<use> *uses_;
  // The bound copies (address, size); allocated on the first one.
  std::vector<std::pair<const void *, std::size_t>> *objects_;
  launch_scope *previous_;
  bool open_;
};

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_RUNTIME_HPP
