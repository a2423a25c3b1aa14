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
#include <vector>

namespace hc {
namespace detail {

enum class backend_kind : int { cpu = 0, cuda = 1, hsa = 2 };

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

  // Called by backends, exactly once.
  void set_ready();
  void set_error(std::exception_ptr error);
  std::exception_ptr error() const;

  // Profiling: nanoseconds on the runtime's steady clock; 0 when unknown.
  std::uint64_t begin_tick() const noexcept { return begin_ns_; }
  std::uint64_t end_tick() const noexcept { return end_ns_; }
  void set_ticks(std::uint64_t begin_ns, std::uint64_t end_ns) noexcept {
    begin_ns_ = begin_ns;
    end_ns_ = end_ns;
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

  // A ready state with no command behind it.
  static std::shared_ptr<async_state> make_ready();

protected:
  // Backends may override to block in their own API first (e.g. on a CUDA
  // event) so wait() does not pay for a thread hand-off. Must return only
  // when the command has finished; set_ready() may still be pending.
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
  std::atomic<bool> done_{false};
  std::uint64_t begin_ns_ = 0, end_ns_ = 0;
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
// Kernels.
// ---------------------------------------------------------------------------

// Geometry of a launch, in hc's dimension order: dimension 0 is the slowest
// varying (row-major), dimension rank-1 the fastest. Kernels of rank > 3 are
// flattened to rank 1 by the headers, so rank is 1..3 here.
struct launch_geometry {
  int rank = 1;
  std::size_t global[3] = {1, 1, 1};
  // Tile size per dimension; all zero for a non-tiled launch.
  std::size_t tile[3] = {0, 0, 0};
  // Bytes of dynamic group segment (tile_static) memory per tile.
  std::size_t dynamic_group_bytes = 0;

  bool tiled() const { return tile[0] != 0; }
  std::size_t total() const { return global[0] * global[1] * global[2]; }
};

// Per-work-item coordinates handed to CPU entry points of tiled kernels, in
// hc's dimension order (only the first `rank` entries are meaningful).
struct cpu_work_item {
  std::size_t global[3];
  std::size_t local[3];
  std::size_t tile[3];
};

// Runs the non-tiled kernel for linear work-item ids [begin, end).
using cpu_range_fn = void (*)(const void *args, std::size_t begin,
                              std::size_t end);
// Runs one work-item of a tiled kernel. The CPU backend runs all work-items
// of a tile as fibers of one thread so tile_barrier::wait() can switch.
using cpu_item_fn = void (*)(const void *args, const cpu_work_item &item);

struct kernel_launch {
  // Name of the kernel in the device images (Clang's device-side mangled
  // name of the kernel_entry<> instantiation).
  const char *device_name = nullptr;
  // Argument block: passed by value to the device kernel, by pointer to the
  // CPU entry points. Kept alive by `args_owner` until the kernel finished.
  const void *args = nullptr;
  std::size_t args_size = 0;
  std::shared_ptr<void> args_owner;
  cpu_range_fn cpu_range = nullptr; // non-tiled kernels
  cpu_item_fn cpu_item = nullptr;   // tiled kernels
  launch_geometry geometry;
  // The user's functor inside the argument block. launch_scope::submit may
  // rewrite references to arrays in it for devices that cannot read host
  // memory (resident_arrays.hpp), so it is the launch's own copy.
  void *functor = nullptr;
  std::size_t functor_size = 0;
};

struct workitem_context; // hc/detail/workitem.hpp

// CPU backend helpers used by the headers inside kernels.
// tile_barrier::wait() on the CPU: switches to the next work-item of the tile
// until all have arrived.
void cpu_barrier_wait();
// Base of the dynamic group segment of the current tile on the CPU.
void *cpu_dynamic_group_segment();
std::size_t cpu_dynamic_group_segment_size();
// A work-item at a yield point (__hcc_cpu_yield_point in workitem.hpp)
// that may be spinning: once it has spun for a while, the other work-items
// of its tile run meanwhile (tiled), or the rest of its range moves to a
// thread of its own (non-tiled). lib/hc-runtime/backends/cpu/spin_points.hpp.
void cpu_spin_point(workitem_context *self);
// True on a CPU backend worker thread while it runs a kernel.
bool in_cpu_kernel() noexcept;

// ---------------------------------------------------------------------------
// Devices and queues (implemented by the backends).
// ---------------------------------------------------------------------------

struct device_info {
  std::wstring description;
  std::wstring device_path;  // unique; "cpu", "cuda:0", ...
  backend_kind backend = backend_kind::cpu;
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
  // The CPU device that runs C++ AMP's kernels (device path direct3d\\warp,
  // as C++ AMP names its CPU-based kernel accelerator): listed only once
  // use_amp_device_model() ran.
  bool amp_kernel_executor = false;
};

class queue;

class device {
public:
  virtual ~device();
  virtual const device_info &info() const = 0;
  // The default queue (accelerator::get_default_view()).
  virtual std::shared_ptr<queue> default_queue() = 0;
  // A new independent queue (accelerator::create_view()). Backends whose
  // devices schedule queues by priority honour `priority`; others ignore it
  // (the queue still reports it).
  virtual std::shared_ptr<queue> create_queue(execute_order order,
                                              queue_priority priority) = 0;

  // Device memory. allocate throws Kalmar::out_of_memory.
  virtual void *allocate(std::size_t bytes) = 0;
  virtual void deallocate(void *ptr) noexcept = 0;

  // Pinned host memory (hc::am_alloc with amHostPinned, docs/host-memory.md):
  // page-locked host memory mapped into every device of this backend at its
  // host address, so kernels can use the host pointer (zero-copy) and DMA
  // needs no staging. `coherent` asks for memory the device does not cache
  // (fine-grained synchronisation while a kernel runs). Returns null when
  // the backend has no such memory (the CPU) or it is exhausted.
  virtual void *allocate_pinned_host(std::size_t bytes, bool coherent) {
    (void)bytes, (void)coherent;
    return nullptr;
  }
  virtual void free_pinned_host(void *ptr) noexcept { (void)ptr; }
  // Page-locks existing host memory [ptr, ptr + bytes) and maps it into the
  // backend's devices (am_memory_host_lock); false when the backend cannot.
  virtual bool register_host(void *ptr, std::size_t bytes) {
    (void)ptr, (void)bytes;
    return false;
  }
  // The same for memory the process may only read (constant data a kernel
  // reaches through a host pointer, docs/svm.md): mapped for reading only.
  // unregister_host releases it. False when the backend cannot.
  virtual bool register_host_read_only(void *ptr, std::size_t bytes) {
    (void)ptr, (void)bytes;
    return false;
  }
  virtual void unregister_host(void *ptr) noexcept { (void)ptr; }
  // True when register_host maps host memory at its own address, so that
  // kernels can follow host pointers once it is registered (shared virtual
  // memory on GPUs without pageable-memory access, docs/svm.md).
  virtual bool can_share_host_memory() const { return false; }
  // True when kernels on this device can already use `addr` as it is:
  // device memory, or host memory that is pinned or registered (shared
  // virtual memory asks before page-locking anything, docs/svm.md).
  virtual bool kernel_can_access(const void *addr) {
    (void)addr;
    return false;
  }
  // True when `addr` lies in memory allocated on this device that the host
  // cannot access directly (device memory of a GPU; never for the CPU).
  virtual bool owns_device_memory(const void *addr) {
    (void)addr;
    return false;
  }
  // Lets kernels on this device access memory allocated on `owner`
  // (am_map_to_peers; CUDA peer access). False when it cannot.
  virtual bool enable_access_to(device &owner) { return &owner == this; }
  // True when kernels on `peer`, another device, can access this device's
  // memory directly (accelerator::get_is_peer). Never true for the device
  // itself, nor between devices of different backends.
  virtual bool is_peer(device &peer) {
    (void)peer;
    return false;
  }

  // HSA interop of hc (accelerator::get_hsa_agent(), ...): pointers to the
  // backend's hsa_agent_t, hsa_amd_memory_pool_t and hsa_region_t; null on
  // backends other than HSA.
  virtual void *native_agent() { return nullptr; }
  virtual void *native_am_region() { return nullptr; }
  virtual void *native_am_system_region() { return nullptr; }
  virtual void *native_kernarg_region() { return nullptr; }
};

enum class copy_direction : int {
  host_to_device,
  device_to_host,
  device_to_device,
  host_to_host
};

class queue {
public:
  virtual ~queue();
  virtual device &get_device() = 0;
  virtual execute_order order() const { return execute_order::in_order; }
  queue_priority priority() const noexcept { return priority_; }

  // Enqueue commands. Each starts only after every state in `deps` is ready
  // and after the commands enqueued before it on this queue.
  virtual async_ptr launch(const kernel_launch &kernel,
                           const std::vector<async_ptr> &deps) = 0;
  // Copies between pointers of `get_device()` memory and host memory.
  // Host memory must stay valid until the returned state is ready.
  virtual async_ptr copy(void *dst, const void *src, std::size_t bytes,
                         copy_direction direction,
                         const std::vector<async_ptr> &deps) = 0;
  virtual async_ptr marker(const std::vector<async_ptr> &deps,
                           memory_scope scope) = 0;
  // Copies `bytes` from the memory of another device `from` of the same
  // backend into this queue's device, without staging through the host
  // (peer copy). Returns null when the backend cannot; the caller then
  // stages the data through host memory.
  virtual async_ptr copy_from_peer(void *dst, device &from, const void *src,
                                   std::size_t bytes,
                                   const std::vector<async_ptr> &deps) {
    (void)dst, (void)from, (void)src, (void)bytes, (void)deps;
    return nullptr;
  }

  // Waits for every command enqueued so far.
  virtual void wait() = 0;
  // Hands buffered commands to the device.
  virtual void flush() {}
  // Commands enqueued and not finished.
  virtual std::size_t pending_count() const = 0;
  // The last enqueued command, or a ready state if none is pending.
  virtual async_ptr last_command() const = 0;
  // accelerator_view::get_hsa_queue(): the hsa_queue_t* of the HSA backend;
  // null on other backends.
  virtual void *native_queue() { return nullptr; }

protected:
  // Set by the backend that creates the queue.
  queue_priority priority_ = queue_priority::normal;
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
  // kernel must use for it.
  void *bind(storage *s, access_mode mode);
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
  launch_scope *previous_;
  bool open_;
};

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_RUNTIME_HPP
