#include "backends/cuda/cuda_device.hpp"

#include "core/environment.hpp"
#include "core/image_registry.hpp"
#include "core/wait_util.hpp"
#include "hc/detail/exceptions.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// The context this thread made current last (cuCtxSetCurrent is cheap but
// not free; most threads only ever use one).
thread_local CUcontext t_current_context = nullptr;

std::string narrow(const std::wstring &text) {
  std::string out;
  for (wchar_t c : text)
    out += (c >= 0 && c < 128) ? static_cast<char>(c) : '?';
  return out;
}

// A hint to the processor that we busy-wait (no system call, unlike
// sched_yield, which a virtualised kernel may make expensive).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#else
  std::this_thread::yield();
#endif
}

// completion_future::wait() on a GPU command: busy-poll this long, then
// poll yielding the processor up to wait_yield, then sleep in the driver.
constexpr std::chrono::microseconds wait_spin(2000);
constexpr std::chrono::microseconds wait_yield(20000);

// The completion thread's polling period while commands are pending:
// the latency of then() callbacks and argument-block releases.
constexpr std::chrono::microseconds worker_poll(20);

// A device address as the driver API takes it.
inline CUdeviceptr device_ptr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(p));
}

// How long the completion thread stays awake after its queue ran empty.
constexpr std::chrono::microseconds spin_before_sleep(100);

// HCC_PROFILE=1: every kernel and copy also records a start event, so
// completion_future::get_begin_tick()/get_end_tick() span exactly the
// command's execution on the GPU. Off by default: the extra event costs
// about a microsecond per command; the begin tick is then the host time
// at submission.
bool profiling() {
  static const bool on = [] {
    std::string v = env_string("HCC_PROFILE");
    return !v.empty() && v != "0";
  }();
  return on;
}

// Inner JIT log buffers of cuModuleLoadDataEx.
constexpr std::size_t jit_log_bytes = 16 * 1024;

std::string sized(const char *what, std::size_t bytes) {
  return std::string(what) + " (" + std::to_string(bytes) + " bytes)";
}

// Static + dynamic shared memory up to this size needs no opt-in.
constexpr std::size_t default_shared_limit = 48 * 1024;

} // namespace

// ---------------------------------------------------------------------------
// cuda_device
// ---------------------------------------------------------------------------

cuda_device::cuda_device(std::shared_ptr<const driver_api> api, int ordinal,
                         CUdevice handle, device_info info, int sm)
    : api_(std::move(api)), ordinal_(ordinal), handle_(handle),
      info_(std::move(info)), sm_(sm) {
  label_ = narrow(info_.device_path) + " (" + narrow(info_.description) + ")";
}

void cuda_device::fail(const char *call, CUresult result,
                       const std::string &context) const {
  throw_error(*api_, call, result,
              context.empty() ? label_ : label_ + ": " + context);
}

CUcontext cuda_device::context() {
  std::lock_guard<std::mutex> lock(context_mutex_);
  if (!context_) {
    CUcontext created = nullptr;
    CUresult r = api_->cuDevicePrimaryCtxRetain(&created, handle_);
    if (r != CUDA_SUCCESS)
      fail("cuDevicePrimaryCtxRetain", r, "creating the device's context");
    context_ = created;
  }
  return context_;
}

void cuda_device::make_current() {
  CUcontext context = this->context();
  if (t_current_context == context)
    return;
  CUresult r = api_->cuCtxSetCurrent(context);
  if (r != CUDA_SUCCESS)
    fail("cuCtxSetCurrent", r, "");
  t_current_context = context;
}

std::shared_ptr<queue> cuda_device::default_queue() {
  std::lock_guard<std::mutex> lock(queue_mutex_);
  if (!default_queue_)
    default_queue_ = std::make_shared<cuda_queue>(*this, execute_order::in_order);
  return default_queue_;
}

std::shared_ptr<queue> cuda_device::create_queue(execute_order order) {
  return std::make_shared<cuda_queue>(*this, order);
}

void *cuda_device::allocate(std::size_t bytes) {
  std::string what = "allocating " + std::to_string(bytes) + " bytes";
  try {
    make_current();
  } catch (const Kalmar::runtime_exception &e) {
    throw Kalmar::out_of_memory(std::string(e.what()) + " (while " + what +
                                ")");
  }
  CUdeviceptr ptr = 0;
  // cuMemAlloc refuses 0 bytes; callers expect a distinct pointer anyway.
  CUresult r = api_->cuMemAlloc(&ptr, bytes ? bytes : 1);
  if (r != CUDA_SUCCESS)
    throw Kalmar::out_of_memory(
        error_message(*api_, "cuMemAlloc_v2", r, label_ + ": " + what));
  return reinterpret_cast<void *>(static_cast<std::uintptr_t>(ptr));
}

void cuda_device::deallocate(void *ptr) noexcept {
  if (!ptr)
    return;
  try {
    make_current();
  } catch (...) {
    // The driver is gone (program exit) or broken: nothing to free.
    return;
  }
  CUresult r = api_->cuMemFree(device_ptr(ptr));
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_DEINITIALIZED)
    note(error_message(*api_, "cuMemFree_v2", r, label_));
}

std::shared_ptr<CUevent_st> cuda_device::own_end_event(CUevent event) {
  return std::shared_ptr<CUevent_st>(
      event, [this](CUevent e) { release_event(e, true); });
}

CUevent cuda_device::acquire_event(bool end) {
  {
    std::lock_guard<std::mutex> lock(event_mutex_);
    std::vector<CUevent> &pool = end ? plain_events_ : timed_events_;
    if (!pool.empty()) {
      CUevent e = pool.back();
      pool.pop_back();
      return e;
    }
  }
  make_current();
  CUevent e = nullptr;
  // End events: waited on by the completion thread, which should sleep
  // rather than spin (blocking sync). Timing is enabled only when
  // profiling (HCC_PROFILE): events without it are cheaper to record.
  unsigned flags = end ? CU_EVENT_BLOCKING_SYNC : CU_EVENT_DEFAULT;
  if (end && !profiling())
    flags |= CU_EVENT_DISABLE_TIMING;
  CUresult r = api_->cuEventCreate(&e, flags);
  if (r != CUDA_SUCCESS)
    fail("cuEventCreate", r, "");
  return e;
}

void cuda_device::release_event(CUevent event, bool end) noexcept {
  if (!event)
    return;
  try {
    std::lock_guard<std::mutex> lock(event_mutex_);
    (end ? plain_events_ : timed_events_).push_back(event);
  } catch (...) {
    api_->cuEventDestroy(event);
  }
}

// The log buffers a JIT gets, as cuModuleLoadDataEx and cuLinkCreate take
// them.
struct cuda_device::jit_logs {
  static constexpr unsigned count = 4;
  std::vector<char> error = std::vector<char>(jit_log_bytes, '\0');
  std::vector<char> info = std::vector<char>(jit_log_bytes, '\0');
  CUjit_option options[count] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[count] = {
      error.data(),
      reinterpret_cast<void *>(static_cast<std::uintptr_t>(error.size())),
      info.data(),
      reinterpret_cast<void *>(static_cast<std::uintptr_t>(info.size()))};

  // The driver may fill a buffer to the last byte.
  void terminate() { error.back() = info.back() = '\0'; }
  std::string info_text() const {
    return info[0] ? "\n" + std::string(info.data()) : std::string();
  }
};

namespace {

double ms_since(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - begin)
      .count();
}

std::string format_ms(const char *format, double ms) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, ms);
  return buffer;
}

} // namespace

CUmodule cuda_device::load_image(std::size_t index, const void *data,
                                 std::size_t size, const char *target,
                                 const char *source) {
  std::string what = std::string("loading the PTX image for ") +
                     (target ? target : "?") + " from " +
                     (source && *source ? source : "?");
  // The contract says PTX is NUL-terminated after `size` bytes; copy it if
  // a producer got that wrong rather than letting the JIT read past it.
  const char *text = static_cast<const char *>(data);
  std::string copy;
  if (!text || text[size] != '\0') {
    copy.assign(text ? text : "", text ? size : 0);
    text = copy.c_str();
    size = copy.size();
  }
  CUmodule module = disk_cache()
                        ? load_cached(text, size, target, source, what)
                        : load_ptx(text, target, what);
  modules_[index] = module;
  return module;
}

void cuda_device::jit_failed(const char *call, CUresult r,
                             const std::string &what, const char *target,
                             const char *error_log) const {
  std::string message = error_message(*api_, call, r, label_ + ": " + what);
  int image_sm = target_sm(target);
  if (image_sm > sm_)
    message += "; the image targets " + std::string(target) +
               ", newer than this device (sm_" + std::to_string(sm_) +
               "): compile for it too (hcc --offload-arch=sm_" +
               std::to_string(sm_) + ")";
  if (error_log && *error_log)
    message += "\nJIT error log:\n" + std::string(error_log);
  throw Kalmar::runtime_exception(message, Kalmar::E_FAIL_CODE);
}

CUmodule cuda_device::load_ptx(const char *ptx, const char *target,
                               const std::string &what) {
  jit_logs logs;
  CUmodule module = nullptr;
  auto begin = std::chrono::steady_clock::now();
  CUresult r = api_->cuModuleLoadDataEx(&module, ptx, jit_logs::count,
                                        logs.options, logs.values);
  logs.terminate();
  if (r != CUDA_SUCCESS)
    jit_failed("cuModuleLoadDataEx", r, what, target, logs.error.data());
  if (verbose())
    note(label_ + ": " + what + format_ms(" took %.1f ms", ms_since(begin)) +
         logs.info_text());
  return module;
}

kernel_cache *cuda_device::disk_cache() {
  if (cache_opened_)
    return cache_.get();
  cache_opened_ = true;
  if (!api_->has_linker()) {
    note(label_ + ": the driver lacks cuLinkCreate_v2, cuLinkAddData_v2, "
                  "cuLinkComplete or cuLinkDestroy: no kernel cache, PTX is "
                  "JIT-compiled in every run");
    return nullptr;
  }
  std::unique_ptr<kernel_cache> cache = kernel_cache::from_environment();
  if (!cache->enabled()) {
    note(label_ + ": no kernel cache: " + cache->why_disabled());
    return nullptr;
  }
  int version = 0;
  api_->cuDriverGetVersion(&version);
  cache_inputs_.driver_version = version;
  cache_inputs_.driver_build = driver_library_identity(
      reinterpret_cast<const void *>(api_->cuLinkCreate));
  cache_inputs_.device_name = narrow(info_.description);
  cache_inputs_.cc_major = static_cast<int>(info_.version >> 16);
  cache_inputs_.cc_minor = static_cast<int>(info_.version & 0xffff);
  cache_ = std::move(cache);
  return cache_.get();
}

CUmodule cuda_device::load_cached(const char *ptx, std::size_t size,
                                  const char *target, const char *source,
                                  const std::string &what) {
  jit_logs logs;
  kernel_cache_inputs inputs = cache_inputs_;
  inputs.ptx = ptx;
  inputs.ptx_size = size;
  inputs.jit_options = "cuLink ptx " + describe_jit_options(
                                           logs.options, logs.values,
                                           jit_logs::count);
  kernel_cache_key key = make_kernel_cache_key(inputs);
  std::string file = cache_->path(key);
  std::vector<char> cubin;
  std::string why;
  auto begin = std::chrono::steady_clock::now();
  if (cache_->load(key, cubin, why)) {
    CUmodule module = nullptr;
    CUresult r = api_->cuModuleLoadDataEx(&module, cubin.data(), 0, nullptr,
                                          nullptr);
    if (r == CUDA_SUCCESS) {
      if (verbose())
        note(label_ + ": " + what + ": kernel cache hit " + file +
             format_ms(" (%.1f ms)", ms_since(begin)));
      return module;
    }
    // Intact but unusable (the hash only proves we wrote it): compile
    // again, and replace it.
    note(label_ + ": " + what + ": the driver rejects " + file + " (" +
         format_error("cuModuleLoadDataEx", r, api_->error_name(r).c_str(),
                      api_->error_string(r).c_str()) +
         "); discarded, JIT again");
    cache_->discard(key);
  } else if (!why.empty()) {
    note(label_ + ": " + what + ": ignoring " + file + ": " + why);
  }

  begin = std::chrono::steady_clock::now();
  CUmodule module =
      link_and_load(ptx, size, target, source, what, logs, cubin);
  double ms = ms_since(begin);
  if (cache_->store(key, cubin.data(), cubin.size(), why))
    note(label_ + ": " + what + format_ms(": JIT %.1f ms, stored ", ms) +
         file + logs.info_text());
  else
    note(label_ + ": " + what + format_ms(": JIT %.1f ms, not stored: ", ms) +
         why + logs.info_text());
  return module;
}

CUmodule cuda_device::link_and_load(const char *ptx, std::size_t size,
                                    const char *target, const char *source,
                                    const std::string &what, jit_logs &logs,
                                    std::vector<char> &cubin) {
  CUlinkState link = nullptr;
  CUresult r = api_->cuLinkCreate(jit_logs::count, logs.options, logs.values,
                                  &link);
  if (r != CUDA_SUCCESS) {
    logs.terminate();
    jit_failed("cuLinkCreate_v2", r, what, target, logs.error.data());
  }
  // The link state owns its cubin: destroyed on every way out.
  struct destroy_link {
    const driver_api &api;
    CUlinkState link;
    ~destroy_link() { api.cuLinkDestroy(link); }
  } guard{*api_, link};

  // size + 1: the linker takes PTX with its terminating NUL.
  const char *call = "cuLinkAddData_v2";
  r = api_->cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(ptx),
                          size + 1, source && *source ? source : "hcc image",
                          0, nullptr, nullptr);
  void *image = nullptr;
  std::size_t image_size = 0;
  if (r == CUDA_SUCCESS) {
    call = "cuLinkComplete";
    r = api_->cuLinkComplete(link, &image, &image_size);
  }
  logs.terminate();
  if (r != CUDA_SUCCESS)
    jit_failed(call, r, what, target, logs.error.data());
  const char *bytes = static_cast<const char *>(image);
  cubin.assign(bytes, bytes + image_size);

  CUmodule module = nullptr;
  r = api_->cuModuleLoadDataEx(&module, cubin.data(), 0, nullptr, nullptr);
  if (r != CUDA_SUCCESS)
    jit_failed("cuModuleLoadDataEx", r, what + " (the linked cubin)", target,
               nullptr);
  return module;
}

loaded_kernel &cuda_device::kernel(const char *name) {
  std::lock_guard<std::mutex> lock(kernel_mutex_);
  auto by_pointer = kernels_by_pointer_.find(name);
  if (by_pointer != kernels_by_pointer_.end())
    return *by_pointer->second;
  std::string key(name);
  auto found = kernels_.find(key);
  if (found != kernels_.end()) {
    kernels_by_pointer_[name] = found->second.get();
    return *found->second;
  }

  std::vector<image> images = images_with_kernel(__hcc_image_ptx, name);
  if (images.empty())
    throw Kalmar::runtime_exception(
        "hc runtime: kernel " + key +
            " has no PTX image: was the program compiled with hcc's device "
            "pass (HCC_OFFLOAD_ARCH=none disables it)?",
        Kalmar::E_FAIL_CODE);
  std::vector<image_candidate> candidates;
  for (const image &img : images)
    candidates.push_back({img.index, target_sm(img.desc.target),
                          modules_.count(img.index) != 0});
  make_current();

  std::exception_ptr first_error;
  for (std::size_t index : order_images(candidates, sm_)) {
    const image *img = nullptr;
    for (const image &i : images)
      if (i.index == index)
        img = &i;
    try {
      CUmodule module;
      auto loaded = modules_.find(index);
      if (loaded != modules_.end())
        module = loaded->second;
      else
        module = load_image(index, img->desc.data, img->desc.size,
                            img->desc.target, img->desc.source);
      CUfunction function = nullptr;
      CUresult r = api_->cuModuleGetFunction(&function, module, name);
      if (r != CUDA_SUCCESS)
        fail("cuModuleGetFunction", r, "kernel " + key);

      auto k = std::make_unique<loaded_kernel>();
      k->function = function;
      k->name = key;
      int value = 0;
      r = api_->cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                   function);
      if (r != CUDA_SUCCESS)
        fail("cuFuncGetAttribute", r, "kernel " + key);
      k->limits.max_threads = value > 0 ? static_cast<unsigned>(value) : 1;
      value = 0;
      if (api_->cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                                   function) == CUDA_SUCCESS)
        k->static_shared = value;
      k->limits.warp_size = info_.wavefront_size;
      k->limits.sm_count = info_.compute_units;
      k->limits.block_size =
          pick_block_size(k->limits.max_threads, info_.wavefront_size);
      int blocks = 0;
      if (api_->cuOccupancyMaxActiveBlocksPerMultiprocessor &&
          api_->cuOccupancyMaxActiveBlocksPerMultiprocessor(
              &blocks, function, static_cast<int>(k->limits.block_size), 0) ==
              CUDA_SUCCESS &&
          blocks > 0)
        k->limits.blocks_per_sm = static_cast<unsigned>(blocks);
      std::size_t offset = 0, size = 0;
      if (api_->cuFuncGetParamInfo &&
          api_->cuFuncGetParamInfo(function, 0, &offset, &size) == CUDA_SUCCESS)
        k->param_size = size;
      loaded_kernel &result = *k;
      kernels_by_pointer_[name] = k.get();
      kernels_.emplace(std::move(key), std::move(k));
      return result;
    } catch (...) {
      if (!first_error)
        first_error = std::current_exception();
    }
  }
  std::rethrow_exception(first_error);
}

void cuda_device::reserve_dynamic_shared(loaded_kernel &k, std::size_t bytes) {
  std::lock_guard<std::mutex> lock(kernel_mutex_);
  if (bytes + static_cast<std::size_t>(k.static_shared) <= default_shared_limit)
    return;
  if (bytes <= static_cast<std::size_t>(k.dynamic_limit))
    return;
  CUresult r = api_->cuFuncSetAttribute(
      k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
      static_cast<int>(bytes));
  if (r != CUDA_SUCCESS)
    fail("cuFuncSetAttribute", r,
         "kernel " + k.name + " asks for " + std::to_string(bytes) +
             " bytes of dynamic group memory besides " +
             std::to_string(k.static_shared) +
             " bytes of tile_static variables; the device allows " +
             std::to_string(info_.max_tile_static_bytes) + " in all");
  k.dynamic_limit = static_cast<int>(bytes);
}

// ---------------------------------------------------------------------------
// cuda_state
// ---------------------------------------------------------------------------

cuda_state::~cuda_state() {
  device_.release_event(start_, false);
}

void cuda_state::finish_success() noexcept {
  if (finishing_.exchange(true, std::memory_order_acq_rel))
    return;
  const driver_api &api = device_.api();
  std::uint64_t end = current_tick(), begin = submitted_ ? submitted_ : end;
  float ms = 0;
  if (start_ && api.cuEventElapsedTime &&
      api.cuEventElapsedTime(&ms, start_, end_.load()) == CUDA_SUCCESS &&
      ms > 0) {
    std::uint64_t ns = static_cast<std::uint64_t>(ms * 1e6);
    begin = ns < end ? end - ns : 0;
  }
  set_ticks(begin, end);
  std::vector<std::shared_ptr<cuda_state>> deps;
  deps.swap(deps_);
  for (std::shared_ptr<cuda_state> &d : deps)
    d->finish_success();
  set_ready();
}

void cuda_state::finish_error(std::exception_ptr error) noexcept {
  if (finishing_.exchange(true, std::memory_order_acq_rel))
    return;
  deps_.clear();
  set_error(error);
}

CUevent cuda_state::end_event() {
  if (CUevent e = end_.load(std::memory_order_acquire))
    return e;
  if (std::shared_ptr<completion_worker> worker = worker_.lock())
    worker->record_pending();
  return end_.load(std::memory_order_acquire);
}

void cuda_state::backend_wait() {
  const driver_api &api = device_.api();
  std::shared_ptr<completion_worker> worker = worker_.lock();
  try {
    device_.make_current();
  } catch (...) {
  }
  // The newest command of its stream with no event yet (a kernel waited
  // for right after its launch, the common case): an idle stream says as
  // much, without the cost of recording an event.
  bool by_stream = worker && api.cuStreamQuery &&
                   !end_.load(std::memory_order_acquire) &&
                   worker->is_newest(this);
  CUevent end = by_stream ? nullptr : end_event();
  if (!by_stream && !end)
    return;
  auto query = [&] {
    return by_stream ? api.cuStreamQuery(stream_) : api.cuEventQuery(end);
  };
  // Poll first, as the CUDA runtime's default scheduling does: sleeping in
  // the driver (the event uses blocking synchronization) costs tens of
  // microseconds of wake-up latency, which would dominate kernels of a few
  // hundred microseconds. Busy-poll for wait_spin, then poll yielding the
  // processor for wait_yield, then sleep.
  CUresult r = query();
  auto begin = std::chrono::steady_clock::now();
  while (r == CUDA_ERROR_NOT_READY) {
    auto waited = std::chrono::steady_clock::now() - begin;
    if (waited >= wait_yield)
      break;
    if (waited >= wait_spin)
      std::this_thread::yield();
    else
      cpu_relax();
    r = query();
  }
  if (r == CUDA_ERROR_NOT_READY)
    r = by_stream ? api.cuStreamSynchronize(stream_)
                  : api.cuEventSynchronize(end);
  // Complete this command (and those before it) here rather than waiting
  // for the completion thread to wake up.
  if (worker)
    worker->drain_known(this, r);
}

// ---------------------------------------------------------------------------
// completion_worker
// ---------------------------------------------------------------------------

completion_worker::~completion_worker() {
  // Only reached with entries left when no thread could be started and the
  // queue is gone: complete them so nobody waits forever.
  const driver_api &api = device_.api();
  for (entry &e : entries_) {
    CUevent end = e.state->end_.load();
    CUresult r = end ? api.cuEventSynchronize(end) : CUDA_ERROR_INVALID_HANDLE;
    complete(e, r, "cuEventSynchronize");
  }
}

void completion_worker::share_event_locked(
    const std::shared_ptr<CUevent_st> &event, const cuda_state *last) {
  // Commands without an event form a suffix of entries_ (see push), so
  // walk back from `last` while they lack one.
  auto it = entries_.end();
  while (it != entries_.begin() && std::prev(it)->state.get() != last)
    --it;
  while (it != entries_.begin()) {
    cuda_state &s = *std::prev(it)->state;
    if (s.end_.load(std::memory_order_relaxed) && &s != last)
      break;
    if (!s.end_.load(std::memory_order_relaxed)) {
      s.end_owner_ = event;
      s.end_.store(event.get(), std::memory_order_release);
    }
    --it;
  }
}

CUresult completion_worker::record_pending() noexcept {
  std::lock_guard<std::mutex> recording(record_mutex_);
  const cuda_state *last = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (entries_.empty() || entries_.back().state->end_.load())
      return CUDA_SUCCESS;
    // Every command pushed so far was enqueued on the stream before the
    // event recorded below: it covers them all.
    last = entries_.back().state.get();
  }
  CUevent event = nullptr;
  CUresult r;
  try {
    device_.make_current();
    event = device_.acquire_event(true);
    r = device_.api().cuEventRecord(event, stream_);
  } catch (...) {
    r = CUDA_ERROR_UNKNOWN;
  }
  if (r != CUDA_SUCCESS) {
    device_.release_event(event, true);
    return r;
  }
  try {
    std::shared_ptr<CUevent_st> owner = device_.own_end_event(event);
    std::lock_guard<std::mutex> lock(mutex_);
    share_event_locked(owner, last);
  } catch (...) {
    device_.release_event(event, true);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  return CUDA_SUCCESS;
}

void completion_worker::push(entry e) {
  std::lock_guard<std::mutex> lock(mutex_);
  last_ = e.state;
  // A command with its own event (copies, markers, profiled kernels) also
  // tells when the lazy commands before it finished.
  bool has_event = e.state->end_.load(std::memory_order_relaxed) != nullptr;
  entries_.push_back(std::move(e));
  if (has_event)
    share_event_locked(entries_.back().state->end_owner_,
                       entries_.back().state.get());
  queued_.store(entries_.size(), std::memory_order_release);
  // A thread that is awake (spinning or waiting for an event) finds the
  // entry by itself: only a sleeping one needs the (costly) wake-up.
  if (!thread_running_)
    start_thread_locked();
  else if (sleeping_)
    work_.notify_one();
}

void completion_worker::start_thread_locked() {
  try {
    std::thread([self = shared_from_this()] { self->loop(); }).detach();
    thread_running_ = true;
  } catch (...) {
    // Commands still complete when someone waits for them (backend_wait
    // drains); only then() callbacks are delayed until then.
    note(device_.label() +
         ": cannot start a completion thread; commands complete on wait");
  }
}

void completion_worker::stop() noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  stopping_ = true;
  work_.notify_all();
}

void completion_worker::loop() noexcept {
  const driver_api &api = device_.api();
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (entries_.empty()) {
      if (stopping_)
        break;
      // Spin a little before sleeping: commands submitted back to back
      // then find the thread awake and push() needs no wake-up, which
      // costs microseconds per command in virtualised kernels.
      lock.unlock();
      auto spin_until = std::chrono::steady_clock::now() + spin_before_sleep;
      while (queued_.load(std::memory_order_acquire) == 0 &&
             std::chrono::steady_clock::now() < spin_until)
        cpu_relax();
      lock.lock();
      if (!entries_.empty() || stopping_)
        continue;
      // Idle for a second: end the thread; push() starts a new one.
      sleeping_ = true;
      bool woken = work_.wait_for(lock, std::chrono::seconds(1), [this] {
        return !entries_.empty() || stopping_;
      });
      sleeping_ = false;
      if (!woken)
        break;
      continue;
    }
    std::shared_ptr<cuda_state> front = entries_.front().state;
    lock.unlock();
    try {
      device_.make_current();
    } catch (...) {
    }
    if (!front->end_.load(std::memory_order_acquire)) {
      CUresult recorded = record_pending();
      if (recorded != CUDA_SUCCESS) {
        // No event can tell when these finished: report the failure on
        // them (the stream is broken) rather than leave them pending.
        drain_known(front.get(), recorded);
        front.reset();
        lock.lock();
        continue;
      }
    }
    // Poll with short sleeps rather than blocking in cuEventSynchronize:
    // a thread blocked in the driver contends with the submitting thread
    // (measured: launches several times slower at times on the H200).
    CUresult r;
    while ((r = api.cuEventQuery(front->end_.load())) == CUDA_ERROR_NOT_READY)
      std::this_thread::sleep_for(worker_poll);
    drain_known(front.get(), r);
    front.reset();
    lock.lock();
  }
  thread_running_ = false;
}

void completion_worker::drain() noexcept { drain_known(nullptr, CUDA_SUCCESS); }

void completion_worker::drain_known(const cuda_state *known,
                                    CUresult known_result) noexcept {
  const driver_api &api = device_.api();
  std::lock_guard<std::recursive_mutex> order(completing_);
  // `known` finished: so did every command before it on the stream, also
  // those without an event of their own.
  bool known_queued = false;
  if (known) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const entry &e : entries_)
      known_queued = known_queued || e.state.get() == known;
  }
  for (;;) {
    cuda_state *front;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (entries_.empty())
        return;
      front = entries_.front().state.get();
    }
    const char *call = "cuEventSynchronize";
    CUresult r = known_result;
    if (front != known) {
      call = "cuEventQuery";
      CUevent end = front->end_.load(std::memory_order_acquire);
      if (!end && !known_queued)
        return; // not covered by an event yet: the worker records one
      r = end ? api.cuEventQuery(end) : known_result;
      if (r == CUDA_ERROR_NOT_READY)
        return;
    }
    entry e;
    {
      // Only this thread pops (completing_ is held): still the same entry.
      std::lock_guard<std::mutex> lock(mutex_);
      e = std::move(entries_.front());
      entries_.pop_front();
      queued_.store(entries_.size(), std::memory_order_release);
    }
    complete(e, r, call);
    if (front == known)
      known = nullptr; // a later entry cannot be the same state
  }
}

void completion_worker::complete(entry &e, CUresult r,
                                 const char *call) noexcept {
  const driver_api &api = device_.api();
  cuda_state &state = *e.state;
  // The argument block (and whatever the functor holds) goes first, as on
  // the CPU backend: whoever sees the command finished sees its captured
  // objects released. May free storages, even the queue: no lock is held.
  try {
    e.keep_alive.reset();
  } catch (...) {
  }
  if (r == CUDA_SUCCESS) {
    state.finish_success();
  } else {
    std::exception_ptr error;
    try {
      error = std::make_exception_ptr(Kalmar::runtime_exception(
          error_message(api, call, r,
                        device_.label() + ": " + e.what +
                            (e.name ? std::string(" ") + e.name : std::string())),
          Kalmar::E_FAIL_CODE));
    } catch (...) {
      error = std::current_exception();
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!unreported_)
        unreported_ = error;
    }
    state.finish_error(error);
  }
  e.state.reset();
}

std::size_t completion_worker::pending() const {
  // Entries a command of another queue has already finished (see
  // cuda_state::finish_success) are not pending any more.
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t count = 0;
  for (const entry &e : entries_)
    count += e.state->is_ready() ? 0 : 1;
  return count;
}

bool completion_worker::is_newest(const cuda_state *state) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !entries_.empty() && entries_.back().state.get() == state;
}

async_ptr completion_worker::last() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_;
}

std::exception_ptr completion_worker::take_error() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::exception_ptr error = unreported_;
  unreported_ = nullptr;
  return error;
}

// ---------------------------------------------------------------------------
// cuda_queue
// ---------------------------------------------------------------------------

cuda_queue::cuda_queue(cuda_device &dev, execute_order order)
    : device_(dev), order_(order),
      worker_(std::make_shared<completion_worker>(dev)) {
  device_.make_current();
  CUresult r = device_.api().cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING);
  if (r != CUDA_SUCCESS)
    device_.fail("cuStreamCreate", r, "creating a queue");
  worker_->bind_stream(stream_);
}

cuda_queue::~cuda_queue() {
  // Commands still without an end event get one while the stream exists.
  worker_->record_pending();
  worker_->stop();
  // Returns at once; the driver releases the stream once its work is done.
  try {
    device_.make_current();
  } catch (...) {
  }
  device_.api().cuStreamDestroy(stream_);
}

device &cuda_queue::get_device() { return device_; }

bool cuda_queue::idle(const std::vector<async_ptr> &deps) const {
  for (const async_ptr &d : deps)
    if (d && !d->is_ready())
      return false;
  return worker_->pending() == 0;
}

void cuda_queue::order_after(
    const std::vector<async_ptr> &deps,
    std::vector<std::shared_ptr<cuda_state>> &cuda_deps) {
  const driver_api &api = device_.api();
  for (const async_ptr &d : deps) {
    if (!d || d->is_ready())
      continue;
    if (auto *c = dynamic_cast<cuda_state *>(d.get())) {
      // Same queue: the stream already orders it.
      bool same = !c->worker_.owner_before(worker_) &&
                  !worker_.owner_before(c->worker_);
      if (same)
        continue;
      CUevent end = c->end_event();
      if (!end)
        device_.fail("cuEventRecord", CUDA_ERROR_UNKNOWN,
                     "recording the end of a dependency");
      CUresult r = api.cuStreamWaitEvent(stream_, end, 0);
      if (r != CUDA_SUCCESS)
        device_.fail("cuStreamWaitEvent", r, "ordering after a dependency");
      cuda_deps.push_back(std::static_pointer_cast<cuda_state>(d));
    } else {
      // A command of another backend: wait for it here, before enqueueing.
      wait_quietly(d);
    }
  }
}

template <class Work>
async_ptr cuda_queue::submit(const std::vector<async_ptr> &deps, bool timed,
                             bool marker, bool lazy_end,
                             std::shared_ptr<void> keep_alive,
                             const char *what, const char *name, Work &&work) {
  const driver_api &api = device_.api();
  std::lock_guard<std::mutex> lock(submit_mutex_);
  device_.make_current();
  auto state = std::make_shared<cuda_state>(device_, stream_);
  order_after(deps, state->deps_);
  state->worker_ = worker_;
  state->set_marker(marker);
  state->submitted_ = current_tick();
  if (timed && profiling()) {
    state->start_ = device_.acquire_event(false);
    CUresult r = api.cuEventRecord(state->start_, stream_);
    if (r != CUDA_SUCCESS)
      device_.fail("cuEventRecord", r, what);
  }
  work();
  if (!lazy_end || state->start_) {
    CUevent end = device_.acquire_event(true);
    CUresult r = api.cuEventRecord(end, stream_);
    if (r != CUDA_SUCCESS) {
      device_.release_event(end, true);
      device_.fail("cuEventRecord", r, what);
    }
    state->end_owner_ = device_.own_end_event(end);
    state->end_.store(end, std::memory_order_release);
  }
  completion_worker::entry e;
  e.state = state;
  e.keep_alive = std::move(keep_alive);
  e.what = what;
  e.name = name;
  worker_->push(std::move(e));
  return state;
}

async_ptr cuda_queue::launch(const kernel_launch &kernel,
                             const std::vector<async_ptr> &deps) {
  if (!kernel.device_name || !*kernel.device_name)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel without a device name cannot run on " +
            device_.label(),
        Kalmar::E_FAIL_CODE);
  loaded_kernel &k = device_.kernel(kernel.device_name);
  launch_dims dims = plan_launch(kernel.geometry, k.limits);
  if (dims.grid_x == 0) // no work-items: only the ordering remains
    return idle(deps) ? async_state::make_ready()
                      : marker(deps, memory_scope::none);
  if (k.param_size && k.param_size != kernel.args_size)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel " + k.name + " takes a " +
            std::to_string(k.param_size) +
            "-byte argument block but the host passed " +
            std::to_string(kernel.args_size) +
            " bytes: the host and device passes disagree on the layout of "
            "the kernel's functor",
        Kalmar::E_FAIL_CODE);
  std::size_t shared = kernel.geometry.dynamic_group_bytes;
  if (shared > info_max_shared())
    throw Kalmar::runtime_exception(
        "hc runtime: " + std::to_string(shared) +
            " bytes of dynamic group segment requested; " + device_.label() +
            " allows " + std::to_string(info_max_shared()),
        Kalmar::E_INVALIDARG_CODE);
  if (shared)
    device_.reserve_dynamic_shared(k, shared);
  const driver_api &api = device_.api();
  return submit(
      deps, true, false, true, kernel.args_owner, "kernel", k.name.c_str(), [&] {
        void *params[] = {const_cast<void *>(kernel.args)};
        CUresult r = api.cuLaunchKernel(
            k.function, dims.grid_x, 1, 1, dims.block[0], dims.block[1],
            dims.block[2], static_cast<unsigned>(shared), stream_, params,
            nullptr);
        if (r != CUDA_SUCCESS)
          device_.fail("cuLaunchKernel", r,
                       "launching kernel " + k.name + " (grid " +
                           std::to_string(dims.grid_x) + ", block " +
                           std::to_string(dims.block[0]) + "x" +
                           std::to_string(dims.block[1]) + "x" +
                           std::to_string(dims.block[2]) + ", " +
                           std::to_string(shared) +
                           " bytes of dynamic group memory, " +
                           std::to_string(kernel.args_size) +
                           "-byte argument block)");
      });
}

std::size_t cuda_queue::info_max_shared() const {
  return device_.info().max_tile_static_bytes;
}

async_ptr cuda_queue::copy(void *dst, const void *src, std::size_t bytes,
                           copy_direction direction,
                           const std::vector<async_ptr> &deps) {
  if (bytes == 0)
    return idle(deps) ? async_state::make_ready()
                      : marker(deps, memory_scope::none);
  const driver_api &api = device_.api();
  const char *what = "";
  switch (direction) {
  case copy_direction::host_to_host: {
    // Plain host memory: after the dependencies and this queue's commands.
    wait_quietly(deps);
    if (async_ptr last = worker_->last())
      wait_quietly(last);
    std::memcpy(dst, src, bytes);
    return async_state::make_ready();
  }
  case copy_direction::host_to_device:
    what = "copy to the device";
    return submit(deps, true, false, false, nullptr, what, nullptr, [&] {
      CUresult r = api.cuMemcpyHtoDAsync(device_ptr(dst), src, bytes, stream_);
      if (r != CUDA_SUCCESS)
        device_.fail("cuMemcpyHtoDAsync_v2", r, sized(what, bytes));
    });
  case copy_direction::device_to_host:
    what = "copy from the device";
    return submit(deps, true, false, false, nullptr, what, nullptr, [&] {
      CUresult r = api.cuMemcpyDtoHAsync(dst, device_ptr(src), bytes, stream_);
      if (r != CUDA_SUCCESS)
        device_.fail("cuMemcpyDtoHAsync_v2", r, sized(what, bytes));
    });
  case copy_direction::device_to_device:
    what = "copy within the device";
    return submit(deps, true, false, false, nullptr, what, nullptr, [&] {
      CUresult r =
          api.cuMemcpyDtoDAsync(device_ptr(dst), device_ptr(src), bytes, stream_);
      if (r != CUDA_SUCCESS)
        device_.fail("cuMemcpyDtoDAsync_v2", r, sized(what, bytes));
    });
  }
  throw Kalmar::runtime_exception("hc runtime: unknown copy direction",
                                  Kalmar::E_INVALIDARG_CODE);
}

async_ptr cuda_queue::copy_from_peer(void *dst, device &from,
                                     const void *src, std::size_t bytes,
                                     const std::vector<async_ptr> &deps) {
  auto *peer = dynamic_cast<cuda_device *>(&from);
  const driver_api &api = device_.api();
  if (!peer || !api.cuMemcpyPeerAsync || &peer->api() != &api)
    return nullptr;
  if (bytes == 0)
    return idle(deps) ? async_state::make_ready()
                      : marker(deps, memory_scope::none);
  CUcontext source = peer->context(), target = device_.context();
  const char *what = "peer copy";
  return submit(deps, true, false, false, nullptr, what, nullptr, [&] {
    CUresult r = api.cuMemcpyPeerAsync(device_ptr(dst), target, device_ptr(src),
                                       source, bytes, stream_);
    if (r != CUDA_SUCCESS)
      device_.fail("cuMemcpyPeerAsync", r,
                   sized(what, bytes) + " from " + peer->label());
  });
}

async_ptr cuda_queue::marker(const std::vector<async_ptr> &deps,
                             memory_scope) {
  // Device memory is coherent at the end of every command; a marker only
  // orders (and its event tells when everything before it finished).
  return submit(deps, false, true, false, nullptr, "marker", nullptr, [] {});
}

void cuda_queue::wait() {
  if (async_ptr last = worker_->last()) {
    try {
      last->wait();
    } catch (...) {
      // Reported below, with the first error of the queue.
    }
  }
  // Everything enqueued has finished on the GPU: complete what the
  // completion thread has not got to yet (it may have been finished early
  // by a command of another queue), so errors are known below.
  worker_->drain();
  if (std::exception_ptr error = worker_->take_error())
    std::rethrow_exception(error);
}

std::size_t cuda_queue::pending_count() const { return worker_->pending(); }

async_ptr cuda_queue::last_command() const {
  async_ptr last = worker_->last();
  return last ? last : async_state::make_ready();
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
