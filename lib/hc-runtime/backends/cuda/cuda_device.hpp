// CUDA devices, queues (streams) and the completion of their commands.
//
//   cuda_device   one GPU: its primary context (retained on first use), the
//                 PTX modules and kernels loaded on it, a pool of events.
//   cuda_queue    one CUDA stream (CU_STREAM_NON_BLOCKING). Every command
//                 records an end event (kernels and copies also a start
//                 event, for profiling) and returns a cuda_state.
//   completion_worker
//                 per queue: the commands in stream order. A thread (started
//                 on demand, gone after a second without work) blocks on the
//                 oldest event and completes every finished command in order:
//                 profiling ticks, set_ready()/set_error(), then releases the
//                 kernel's argument block. A thread blocked in
//                 completion_future::wait() completes them itself as soon as
//                 its own event fired, so waiting never pays for a thread
//                 wake-up.
#ifndef HC_RUNTIME_CUDA_CUDA_DEVICE_HPP
#define HC_RUNTIME_CUDA_CUDA_DEVICE_HPP

#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_kernel_cache.hpp"
#include "backends/cuda/cuda_launch.hpp"
#include "core/device_impl.hpp"
#include "core/image_registry.hpp"
#include "core/profiler.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

class cuda_device;
class completion_worker;

// A kernel loaded on a device.
struct loaded_kernel {
  CUfunction function = nullptr;
  kernel_limits limits;
  std::size_t param_size = 0; // 0: the driver cannot tell
  int static_shared = 0;      // CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
  int dynamic_limit = 0;      // MAX_DYNAMIC_SHARED_SIZE_BYTES set so far
  std::string name;
};

// Completion of one command of a cuda_queue.
class cuda_state final : public async_state {
public:
  cuda_state(cuda_device &dev, CUstream stream) : device_(dev), stream_(stream) {}
  ~cuda_state() override;

  // The end event, recorded now if the command has none yet (kernels get
  // theirs lazily, see completion_worker). Null only if recording failed
  // (then `failure` and `failed_call`, if given, say how) or the command
  // has already been completed.
  CUevent end_event(CUresult *failure = nullptr,
                    const char **failed_call = nullptr);
  CUstream stream() const { return stream_; }

  // The command finished successfully: profiling ticks, then the CUDA
  // commands it waited for (they finished before it on the GPU, so
  // anyone who sees this one ready sees them ready too), then
  // set_ready(). Only the first call (of any thread) does anything.
  void finish_success() noexcept;
  // The command failed (its end event reported `error`).
  void finish_error(std::exception_ptr error) noexcept;

  // completion_future::get_cuda_event(): the end event (recorded now if
  // the command has none yet); for a command finished without one, an
  // event that was never recorded (CUDA counts it as complete).
  void *native_event() noexcept override;

protected:
  void backend_wait() override;

private:
  friend class cuda_queue;
  friend class completion_worker;
  cuda_device &device_;
  CUstream stream_;
  CUevent start_ = nullptr; // null: not timed
  std::uint64_t submitted_ = 0; // host tick at submission (untimed begin)
  // The event that tells this command finished: its own, or one recorded
  // after it on the stream and shared with the commands before it. Set
  // once (under the worker's mutex); end_ is readable without a lock.
  std::atomic<CUevent> end_{nullptr};
  std::shared_ptr<CUevent_st> end_owner_; // releases the event to the pool
  std::weak_ptr<completion_worker> worker_;
  // Commands of other CUDA queues this one waits for on the GPU; cleared
  // when it finishes. Written before the state is published.
  std::vector<std::shared_ptr<cuda_state>> deps_;
  std::atomic<bool> finishing_{false};
};

class completion_worker
    : public std::enable_shared_from_this<completion_worker> {
public:
  struct entry {
    std::shared_ptr<cuda_state> state;
    std::shared_ptr<void> keep_alive; // pinned pages of a copy
    profile::kind kind = profile::kind::kernel;
    const char *what = "";            // for error messages: "kernel",
    const char *name = nullptr;       // and the kernel's name, if any
    std::size_t bytes = 0;            // copies: how many (HCC_PROFILE)
  };

  explicit completion_worker(cuda_device &dev) : device_(dev) {}
  ~completion_worker();

  // The stream whose commands this worker completes.
  void bind_stream(CUstream stream) { stream_ = stream; }
  // Appends a command (stream order). A command without an end event gets
  // one later: the worker thread records one event after a run of such
  // commands, which tells when all of them finished (cheaper than one
  // event per kernel); record_pending() does it at once for anyone who
  // needs an event now.
  void push(entry e);
  // Records one end event for every command that has none. Returns the
  // driver's result (the commands keep no event if it failed) and sets
  // `failed_call`, if given, to the entry point that failed.
  CUresult record_pending(const char **failed_call = nullptr) noexcept;
  // Gives `state` and every command before it without an event `event`.
  void share_event_locked(const std::shared_ptr<CUevent_st> &event,
                          const cuda_state *last);
  // Completes the finished commands at the front, in order, without
  // blocking on the GPU. Any thread may call it.
  void drain() noexcept;
  // The same, where the caller already knows the outcome of `known`'s end
  // event: `known_call` (cuEventSynchronize, cuStreamQuery, ...) returned
  // `known_result`, which a failed command's message names.
  void drain_known(const cuda_state *known, CUresult known_result,
                   const char *known_call = "cuEventSynchronize") noexcept;
  // Lets the thread end once the queue is empty (the queue is gone).
  void stop() noexcept;

  std::size_t pending() const;
  async_ptr last() const;
  // True when `state` is the newest command of the stream.
  bool is_newest(const cuda_state *state) const;
  std::exception_ptr take_error();
  // A thread busy-polls one of this stream's commands (backend_wait's
  // spin phase): the worker thread keeps off the driver meanwhile.
  void begin_spin_wait() { spin_waiters_.fetch_add(1); }
  void end_spin_wait() { spin_waiters_.fetch_sub(1); }

private:
  void loop() noexcept;
  void start_thread_locked();
  // Whether the thread may call the driver now (see submit_quiet_ns).
  bool may_call_driver() const;
  // Profiling ticks and set_ready()/set_error(), then releases the entry.
  void complete(entry &e, CUresult result, const char *call) noexcept;
  // HCC_PROFILE: the finished command as a profile event.
  void record_profile(const entry &e) const noexcept;

  cuda_device &device_;
  CUstream stream_ = nullptr;
  std::mutex record_mutex_;           // one record_pending() at a time
  mutable std::mutex mutex_;          // guards everything below
  std::condition_variable work_;
  std::deque<entry> entries_;
  async_ptr last_;
  std::exception_ptr unreported_;
  bool thread_running_ = false;
  bool stopping_ = false;
  bool sleeping_ = false;             // the thread waits on work_
  // entries_.size() and the submission tick of the newest command
  // (current_tick() nanoseconds), readable without the mutex; one cache
  // line of their own, the only one the thread reads during a burst.
  alignas(64) std::atomic<std::size_t> queued_{0};
  std::atomic<std::uint64_t> last_push_ns_{0};
  std::atomic<int> spin_waiters_{0};
  std::recursive_mutex completing_;   // completions happen in order
};

class cuda_queue final : public queue_impl,
                         public std::enable_shared_from_this<cuda_queue> {
public:
  cuda_queue(cuda_device &dev, execute_order order,
            queue_priority priority = queue_priority::normal);
  // A queue over the program's own stream `borrowed`, which it never
  // destroys (device::wrap_native_queue).
  cuda_queue(cuda_device &dev, CUstream borrowed);
  ~cuda_queue() override;

  async_ptr launch_impl(const kernel_launch &kernel,
                        const std::vector<async_ptr> &deps) override;
  async_ptr copy_impl(void *dst, const void *src, std::size_t bytes,
                      copy_direction direction,
                      const std::vector<async_ptr> &deps) override;
  async_ptr copy_from_peer_impl(void *dst, device &from, const void *src,
                                std::size_t bytes,
                                const std::vector<async_ptr> &deps) override;
  async_ptr marker_impl(const std::vector<async_ptr> &deps,
                        memory_scope scope) override;
  void wait_impl() override;
  std::size_t pending_count_impl() const override;
  async_ptr last_command_impl() const override;
  // Commands of CUDA queues: the stream waits for their events.
  bool orders_after_impl(const async_state &dep) const override;
  // The stream.
  void *native_handle_impl() override { return stream_; }
  // A marker after the program's CUevent `event` (cuStreamWaitEvent).
  async_ptr marker_after_native_event_impl(void *event) override;

  CUstream stream() const { return stream_; }

private:
  // Makes the stream wait for `deps` (commands of CUDA queues) through
  // their events. Caller holds submit_mutex_.
  void order_after(const std::vector<async_ptr> &deps,
                   std::vector<std::shared_ptr<cuda_state>> &cuda_deps);
  // Records the events around `work` and hands the command to the worker.
  // A marker records its end event; kernels and copies record none of
  // their own unless profiling (then a start and an end event): the worker
  // records one for a run of such commands, and wait() on the newest
  // command of the stream queries the stream.
  template <class Work>
  async_ptr submit(const std::vector<async_ptr> &deps, profile::kind kind,
                   std::shared_ptr<void> keep_alive,
                   const char *what, const char *name, std::size_t bytes,
                   Work &&work);
  // For a copy the driver has finished when `work` returns (into pageable
  // host memory: the driver's own path returns only once the data is in
  // place, and a staged copy from the device waits for its chunks):
  // submitted without an end event, then completed by this thread at once,
  // with everything before it on the stream, instead of by the completion
  // thread after an event says so. Profiled runs time it with events.
  template <class Work>
  async_ptr submit_finished(const std::vector<async_ptr> &deps,
                            const char *what, std::size_t bytes, Work &&work);
  std::size_t info_max_shared() const;

  cuda_device &device_;
  CUstream stream_ = nullptr;
  bool owns_stream_ = true; // false: the program's, never destroyed here
  std::shared_ptr<completion_worker> worker_;
  std::mutex submit_mutex_; // one command at a time enters the stream
};

class cuda_device final : public device_impl {
public:
  cuda_device(std::shared_ptr<const driver_api> api, int ordinal,
              CUdevice handle, device_info info, int sm);

  std::shared_ptr<queue> create_queue_impl(execute_order order,
                                           queue_priority priority) override;
  void *allocate_impl(std::size_t bytes) override;
  void deallocate_impl(void *ptr) noexcept override;
  // Pinned host memory and host registration (cuda_host_memory.cpp):
  // cuMemHostAlloc / cuMemHostRegister, portable and mapped into every GPU.
  void *allocate_pinned_host_impl(std::size_t bytes, bool coherent) override;
  void free_pinned_host_impl(void *ptr) noexcept override;
  bool register_host_impl(void *ptr, std::size_t bytes) override;
  bool register_host_read_only_impl(void *ptr, std::size_t bytes) override;
  void unregister_host_impl(void *ptr) noexcept override;
  bool kernel_can_access_impl(const void *addr) override;
  bool owns_device_memory_impl(const void *addr) override;
  bool can_share_host_memory_impl() const override {
    return api_->cuMemHostRegister && api_->cuMemHostUnregister;
  }
  bool enable_access_to_impl(device &owner) override;
  bool is_peer_impl(device &peer) override;
  // The CUdevice (native_object::cuda_device, a CUdevice*) and the primary
  // context (native_object::cuda_context).
  void *native_handle_impl(native_object what) override;
  // A queue over the program's stream, after checking that the stream is
  // of this device's context.
  std::shared_ptr<queue> wrap_native_queue_impl(void *native) override;
  // An event that was never recorded: CUDA counts it as complete. Created
  // on first use, kept for the device's life.
  CUevent finished_event();
  // Setting up loaded modules (cuda_module_globals.cpp).
  void write_device_now_impl(std::uint64_t address, const void *from,
                             std::size_t bytes, const char *what) override;
  void read_device_now_impl(void *to, std::uint64_t address, std::size_t bytes,
                            const char *what) override;
  CUdevice handle() const { return handle_; }

  const driver_api &api() const { return *api_; }
  // Retains the primary context on first use and makes it current on the
  // calling thread (cached per thread). Throws on driver errors.
  void make_current();
  // The device's primary context, retained on first use.
  CUcontext context();
  // "cuda:0 (NVIDIA H100 80GB HBM3)", for messages.
  const std::string &label() const { return label_; }
  // Throws runtime_exception naming the call, the error and `context`.
  [[noreturn]] void fail(const char *call, CUresult result,
                         const std::string &context) const;

  // The kernel `name`, loading the PTX image that defines it on first use.
  loaded_kernel &kernel(const char *name);
  // Raises the kernel's dynamic shared memory limit to `bytes` if needed.
  void reserve_dynamic_shared(loaded_kernel &k, std::size_t bytes);

  CUevent acquire_event(bool timed);
  // acquire_event() for the completion thread: the driver's result of
  // cuEventCreate rather than an exception (which is left only to a
  // context that cannot be made current).
  CUresult try_acquire_event(bool end, CUevent &event);
  void release_event(CUevent event, bool timed) noexcept;
  // Shared ownership of an end event: back to the pool with its last user.
  std::shared_ptr<CUevent_st> own_end_event(CUevent event);

  unsigned sm_count() const { return info_.compute_units; }

private:
  struct jit_logs;

  // `owner` when it is another CUDA device of the same driver whose memory
  // this device's kernels can access directly (cuDeviceCanAccessPeer).
  cuda_device *accessible_peer(device &owner);

  // One PTX text for the linker: NUL-terminated after `size` bytes.
  struct ptx_input {
    const char *text;
    std::size_t size;
    const char *name; // the source it came from, for the JIT's messages
  };

  // The module of image `img`, linked with the images that define the
  // device functions it calls from other translation units (`linked`,
  // images_to_link_with).
  CUmodule load_image(const image &img, const std::vector<image> &linked);
  // PTX straight to cuModuleLoadDataEx: the driver JITs it (every run).
  CUmodule load_ptx(const char *ptx, const char *target,
                    const std::string &what);
  // PTX -> cubin with the driver's linker, through the kernel cache.
  CUmodule load_cached(const std::vector<ptx_input> &inputs, const char *target,
                       const std::string &what);
  // The cubin of a link, or throws naming the call and the JIT error log.
  CUmodule link_and_load(const std::vector<ptx_input> &inputs,
                         const char *target, const std::string &what,
                         jit_logs &logs, std::vector<char> &cubin);
  [[noreturn]] void jit_failed(const char *call, CUresult result,
                               const std::string &what, const char *target,
                               const char *error_log) const;
  // The kernel cache, opened on first use; null when it is off.
  kernel_cache *disk_cache();

  std::shared_ptr<const driver_api> api_;
  int ordinal_;
  CUdevice handle_;
  int sm_; // compute capability major*10+minor
  std::string label_;

  std::mutex context_mutex_;
  CUcontext context_ = nullptr;

  // Unique among all devices ever made (kernel()'s per-thread cache).
  const std::uint64_t serial_ = next_serial();
  static std::uint64_t next_serial() {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
  }
  loaded_kernel &lookup_kernel(const char *name);

  std::mutex kernel_mutex_;
  std::unordered_map<std::size_t, CUmodule> modules_;  // by image index
  std::unordered_map<std::string, std::unique_ptr<loaded_kernel>> kernels_;
  std::unordered_map<const char *, loaded_kernel *> kernels_by_pointer_;
  // Guarded by kernel_mutex_ too.
  bool cache_opened_ = false;
  std::unique_ptr<kernel_cache> cache_;
  kernel_cache_inputs cache_inputs_; // the device's part of every key

  std::mutex event_mutex_;
  std::vector<CUevent> timed_events_, plain_events_;
  CUevent finished_event_ = nullptr; // guarded by event_mutex_

  // Devices whose memory this context was given access to
  // (cuCtxEnablePeerAccess is asked once per pair).
  std::mutex peers_mutex_;
  std::vector<const cuda_device *> peers_enabled_;
};

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
