// HSA devices and queues (see hsa_device.hpp).
#include "backends/hsa/hsa_device.hpp"

#include "backends/hsa/hsa_isa.hpp"
#include "backends/hsa/hsa_printf.hpp"
#include "backends/hsa/hsa_svm_globals.hpp"
#include "core/image_registry.hpp"
#include "hc/detail/abi_names.h"
#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

// The barrier bit keeps an in-order queue in order (a packet starts only
// after the ones before it completed). Acquire scope system: hc commands hand data to the host and to other
// devices without further synchronisation.
constexpr std::uint16_t packet_header(int type, int release_scope,
                                      bool barrier) {
  return static_cast<std::uint16_t>(
      (type << HSA_PACKET_HEADER_TYPE) |
      ((barrier ? 1 : 0) << HSA_PACKET_HEADER_BARRIER) |
      (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
      (release_scope << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

// ROCr's callback when a completion signal drops below 1: finishes the
// command on ROCr's signal thread. Returns false: one call per signal.
bool on_signal(hsa_signal_value_t, void *arg) {
  auto *holder = static_cast<std::shared_ptr<hsa_state> *>(arg);
  (*holder)->finish();
  delete holder;
  return false;
}

} // namespace

// --- hsa_state ---------------------------------------------------------------

hsa_state::~hsa_state() {
  if (signal_.handle)
    api_->hsa_signal_destroy(signal_);
}

void hsa_state::finish(std::exception_ptr error) noexcept {
  if (finished_.exchange(true, std::memory_order_acq_rel))
    return;
  for (auto &cleanup : cleanups)
    cleanup();
  cleanups.clear();
  keep_alive.clear();
  // Kernels' printf output is on stdout before wait() returns.
  printf_after_command();
  set_ticks(begin_tick(), current_tick());
  if (error)
    set_error(error);
  else
    set_ready();
}

void hsa_state::backend_wait() {
  // Block in ROCr (interrupt-driven wait) rather than on the runtime's
  // condition variable: no hand-off through ROCr's signal thread. In slices
  // (the timeout is a hint, in ROCr's timestamp ticks), so that a command
  // failed by the queue's error callback, whose signal never drops, is
  // noticed.
  constexpr std::uint64_t slice = std::uint64_t{1} << 24;
  while (!is_ready()) {
    if (api_->hsa_signal_wait_scacquire(signal_, HSA_SIGNAL_CONDITION_LT, 1,
                                        slice, HSA_WAIT_STATE_BLOCKED) < 1) {
      finish();
      return;
    }
  }
}

// --- hsa_device --------------------------------------------------------------

hsa_device::hsa_device(std::shared_ptr<const runtime_api> api,
                       agent_description desc, device_info info)
    : api_(std::move(api)), desc_(std::move(desc)), info_(std::move(info)) {}

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

std::shared_ptr<queue> hsa_device::default_queue() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!default_queue_)
    default_queue_ =
        std::make_shared<hsa_queue>(*this, execute_order::in_order);
  return default_queue_;
}

std::shared_ptr<queue> hsa_device::create_queue(execute_order order,
                                             queue_priority priority) {
  return std::make_shared<hsa_queue>(*this, order, priority);
}

void *hsa_device::allocate(std::size_t bytes) {
  void *ptr = nullptr;
  hsa_status_t s = api_->hsa_amd_memory_pool_allocate(
      desc_.device_pool, bytes ? bytes : 1, 0, &ptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_amd_memory_pool_allocate", s,
         std::to_string(bytes) + " bytes of device memory");
  return ptr;
}

void hsa_device::deallocate(void *ptr) noexcept {
  if (ptr)
    api_->hsa_amd_memory_pool_free(ptr);
}

void *hsa_device::allocate_pinned_host(std::size_t bytes, bool coherent) {
  // The system's fine-grained pool is coherent either way; hc's
  // non-coherent pinned memory gets the same (correct, maybe slower).
  (void)coherent;
  if (!desc_.fine_host_pool.handle)
    return nullptr;
  void *ptr = nullptr;
  if (api_->hsa_amd_memory_pool_allocate(desc_.fine_host_pool,
                                         bytes ? bytes : 1, 0,
                                         &ptr) != HSA_STATUS_SUCCESS)
    return nullptr;
  // Mapped into every GPU at the host address, as am_alloc promises.
  if (api_->hsa_amd_agents_allow_access(
          static_cast<std::uint32_t>(desc_.all_gpus.size()),
          desc_.all_gpus.data(), nullptr, ptr) != HSA_STATUS_SUCCESS) {
    api_->hsa_amd_memory_pool_free(ptr);
    return nullptr;
  }
  return ptr;
}

void hsa_device::free_pinned_host(void *ptr) noexcept {
  if (ptr)
    api_->hsa_amd_memory_pool_free(ptr);
}

bool hsa_device::register_host(void *ptr, std::size_t bytes) {
  std::vector<hsa_agent_t> agents = desc_.all_gpus;
  void *agent_ptr = nullptr;
  if (api_->hsa_amd_memory_lock(ptr, bytes, agents.data(),
                                static_cast<int>(agents.size()),
                                &agent_ptr) != HSA_STATUS_SUCCESS)
    return false;
  // hc promises kernels can use the host address itself; ROCr may map the
  // locked pages elsewhere (no SVM aperture): then the lock is no use.
  if (agent_ptr != ptr) {
    api_->hsa_amd_memory_unlock(ptr);
    return false;
  }
  return true;
}

void hsa_device::unregister_host(void *ptr) noexcept {
  api_->hsa_amd_memory_unlock(ptr);
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

bool hsa_device::find_variable(hsa_executable_t executable, const char *name,
                               std::uint64_t &address, std::uint32_t &size,
                               const char *source) {
  hsa_executable_symbol_t symbol{};
  if (api_->hsa_executable_get_symbol_by_name(executable, name, &desc_.agent,
                                              &symbol) != HSA_STATUS_SUCCESS)
    return false;
  const std::string what =
      std::string(name) + " of " + (source ? source : "an AMDGPU image");
  hsa_status_t s = api_->hsa_executable_symbol_get_info(
      symbol, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &size);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_symbol_get_info", s, what);
  s = api_->hsa_executable_symbol_get_info(
      symbol, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &address);
  if (s != HSA_STATUS_SUCCESS || !address)
    fail("hsa_executable_symbol_get_info", s, what);
  return true;
}

bool hsa_device::write_variable(hsa_executable_t executable, const char *name,
                                const void *value, std::size_t size,
                                const char *source) {
  std::uint64_t address = 0;
  std::uint32_t var_size = 0;
  if (!find_variable(executable, name, address, var_size, source))
    return false;
  const std::string what =
      std::string(name) + " of " + (source ? source : "an AMDGPU image");
  if (var_size != size)
    throw Kalmar::runtime_exception(
        "hc runtime: " + what + " is " + std::to_string(var_size) +
            " bytes, the runtime expected " + std::to_string(size) +
            " (compiled by another hcc?)",
        Kalmar::E_FAIL_CODE);
  // ROCr's copy needs memory it knows on both sides (the variable lives in
  // the agent's memory).
  void *staging = allocate_pinned_host(size, true);
  if (!staging)
    throw Kalmar::runtime_exception(
        "hc runtime: no fine-grained system memory to set " + what,
        Kalmar::E_FAIL_CODE);
  std::memcpy(staging, value, size);
  hsa_status_t s =
      api_->hsa_memory_copy(reinterpret_cast<void *>(address), staging, size);
  free_pinned_host(staging);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_memory_copy", s, what);
  return true;
}

bool hsa_device::read_variable(hsa_executable_t executable, const char *name,
                               std::vector<char> &out, const char *source) {
  std::uint64_t address = 0;
  std::uint32_t size = 0;
  if (!find_variable(executable, name, address, size, source))
    return false;
  const std::string what =
      std::string(name) + " of " + (source ? source : "an AMDGPU image");
  void *staging = allocate_pinned_host(size, true);
  if (!staging)
    throw Kalmar::runtime_exception(
        "hc runtime: no fine-grained system memory to read " + what,
        Kalmar::E_FAIL_CODE);
  hsa_status_t s = api_->hsa_memory_copy(
      staging, reinterpret_cast<const void *>(address), size);
  if (s == HSA_STATUS_SUCCESS)
    out.assign(static_cast<char *>(staging), static_cast<char *>(staging) + size);
  free_pinned_host(staging);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_memory_copy", s, what);
  return true;
}

const hsa_device::loaded_image &
hsa_device::load_image(std::size_t index, const __hcc_image_desc &desc) {
  const void *data = desc.data;
  const std::size_t size = desc.size;
  const char *source = desc.source;
  auto found = images_.find(index);
  if (found != images_.end())
    return found->second;
  loaded_image image;
  try {
    image.metadata = read_code_object_metadata(data, size);
  } catch (const std::exception &e) {
    throw Kalmar::runtime_exception(std::string("hc runtime: AMDGPU image of ") +
                                        (source ? source : "?") + ": " +
                                        e.what(),
                                    Kalmar::E_FAIL_CODE);
  }
  hsa_code_object_reader_t reader{};
  hsa_status_t s =
      api_->hsa_code_object_reader_create_from_memory(data, size, &reader);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_code_object_reader_create_from_memory", s, source);
  s = api_->hsa_executable_create_alt(desc_.profile,
                                      HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
                                      nullptr, &image.executable);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_create_alt", s, source);
  s = api_->hsa_executable_load_agent_code_object(image.executable,
                                                  desc_.agent, reader,
                                                  nullptr, nullptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_load_agent_code_object", s, source);
  s = api_->hsa_executable_freeze(image.executable, nullptr);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_freeze", s, source);
  // Kernels that print get the agent's printf buffer (docs/printf.md);
  // kernels that use the program's globals get their host addresses
  // (docs/svm.md).
  printf_attach(*this, image.executable, source);
  host_globals_attach(*this, image.executable, desc);
  // The reader is needed only while loading; the executable (and with it
  // the code) stays for the program's life, like the CUDA modules.
  return images_.emplace(index, std::move(image)).first->second;
}

const hsa_kernel &hsa_device::kernel(const char *name, std::size_t args_size) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto cached = kernels_.find(name);
  if (cached != kernels_.end())
    return cached->second;

  // The image made for this agent's ISA; of several that fit, the one that
  // pins the most target-id features (gfx90a:xnack+ before gfx90a).
  std::vector<image> candidates = images_with_kernel(__hcc_image_hsaco, name);
  const image *best = nullptr;
  int best_score = -1;
  std::string available;
  for (const image &im : candidates) {
    int score = isa_match(im.desc.target, desc_.isa_name);
    available += std::string(available.empty() ? "" : ", ") + im.desc.target;
    if (score > best_score) {
      best = &im;
      best_score = score;
    }
  }
  std::string agent = agent_target_id(desc_.isa_name);
  if (!best)
    throw Kalmar::runtime_exception(
        "hc runtime: no AMDGPU image of kernel '" + std::string(name) +
            "' runs on " + std::string(info_.device_path.begin(),
                                       info_.device_path.end()) +
            " (" + agent + "); images: " +
            (available.empty() ? "none" : available) +
            ". Rebuild with --offload-arch=" +
            agent.substr(0, agent.find(':')),
        Kalmar::E_FAIL_CODE);

  const loaded_image &img = load_image(best->index, best->desc);
  const kernel_metadata *md = img.metadata.find_kernel(name);
  if (!md)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel '" + std::string(name) +
            "' has no metadata in its AMDGPU image (" +
            (best->desc.source ? best->desc.source : "?") + ")",
        Kalmar::E_FAIL_CODE);
  hsa_kernel k;
  try {
    k.kernargs = plan_kernargs(*md, args_size);
  } catch (const std::exception &e) {
    throw Kalmar::runtime_exception(std::string("hc runtime: ") + e.what(),
                                    Kalmar::E_FAIL_CODE);
  }
  k.group_fixed = md->group_segment_fixed_size;
  // A kernel with a dynamic stack (recursion, calls through pointers) needs
  // scratch beyond its fixed size; 1 KiB per work-item, the HIP runtime's
  // default stack size.
  k.private_fixed = md->private_segment_fixed_size +
                    (md->uses_dynamic_stack ? 1024u : 0u);
  // Kernels that allocate (new, malloc) need the device heap, which only
  // the CUDA backend creates so far (docs/device-heap.md).
  hsa_executable_symbol_t heap{};
  if (api_->hsa_executable_get_symbol_by_name(
          img.executable, hc::abi::device_heap, &desc_.agent, &heap) ==
      HSA_STATUS_SUCCESS)
    throw Kalmar::runtime_exception(
        "hc runtime: kernels of " +
            std::string(best->desc.source ? best->desc.source : "?") +
            " allocate memory (new, malloc), which the HSA backend does not "
            "support yet (docs/device-heap.md)",
        Kalmar::E_FAIL_CODE);
  hsa_executable_symbol_t symbol{};
  std::string kd = md->symbol.empty() ? std::string(name) + ".kd" : md->symbol;
  hsa_status_t s = api_->hsa_executable_get_symbol_by_name(
      img.executable, kd.c_str(), &desc_.agent, &symbol);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_get_symbol_by_name", s, kd);
  s = api_->hsa_executable_symbol_get_info(
      symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &k.object);
  if (s != HSA_STATUS_SUCCESS)
    fail("hsa_executable_symbol_get_info", s, kd);
  return kernels_.emplace(name, std::move(k)).first->second;
}

// --- hsa_queue ---------------------------------------------------------------

namespace {
void queue_error(hsa_status_t status, hsa_queue_t *, void *data) {
  auto *q = static_cast<hsa_queue *>(data);
  auto &dev = static_cast<hsa_device &>(q->get_device());
  q->fail_pending("hc runtime: the HSA queue reported " +
                  dev.api()->describe(status) +
                  " (a kernel faulted or the GPU was reset)");
}
} // namespace

hsa_queue::hsa_queue(hsa_device &dev, execute_order order,
                     queue_priority priority)
    : device_(dev), api_(dev.api()), order_(order) {
  // ROCr schedules queues by their own priority only through an AMD
  // extension this backend does not load; the priority is kept for
  // accelerator_view::get_queue_priority().
  priority_ = priority;
  std::uint32_t size = std::min<std::uint32_t>(
      4096, dev.description().queue_max_size ? dev.description().queue_max_size
                                             : 4096);
  hsa_status_t s = api_->hsa_queue_create(
      dev.description().agent, size, HSA_QUEUE_TYPE_MULTIPLE, queue_error,
      this, UINT32_MAX, UINT32_MAX, &queue_);
  if (s != HSA_STATUS_SUCCESS)
    dev.fail("hsa_queue_create", s, "a queue for an accelerator_view");
}

hsa_queue::~hsa_queue() {
  try {
    wait();
  } catch (...) {
  }
  if (queue_)
    api_->hsa_queue_destroy(queue_);
}

std::shared_ptr<hsa_state> hsa_queue::new_state() {
  hsa_signal_t signal{};
  hsa_status_t s = api_->hsa_signal_create(1, 0, nullptr, &signal);
  if (s != HSA_STATUS_SUCCESS)
    device_.fail("hsa_signal_create", s, "a completion signal");
  auto state = std::make_shared<hsa_state>(api_, signal);
  state->owner = this;
  state->set_ticks(current_tick(), 0);
  return state;
}

std::vector<hsa_signal_t>
hsa_queue::gpu_dependencies(const std::vector<async_ptr> &deps, bool aql,
                            hsa_state &state) {
  std::vector<hsa_signal_t> signals;
  auto add = [&](const async_ptr &dep) {
    if (!dep || dep->is_ready())
      return;
    auto *h = dynamic_cast<hsa_state *>(dep.get());
    if (!h)
      return; // waited for by wait_for_other_backends()
    // Earlier AQL packets of this queue are ordered by the barrier bit.
    if (aql && order_ == execute_order::in_order && h->owner == this &&
        h->in_aql_order)
      return;
    signals.push_back(h->signal());
    state.keep_alive.push_back(dep);
  };
  for (const async_ptr &dep : deps)
    add(dep);
  if (order_ == execute_order::in_order && last_)
    add(last_);
  return signals;
}

void hsa_queue::wait_for_other_backends(const std::vector<async_ptr> &deps) {
  // Another backend's command (the CPU) completes on the host: wait for it
  // before taking the queue's lock, so its completion can never depend on
  // this queue.
  for (const async_ptr &dep : deps)
    if (dep && !dep->is_ready() && !dynamic_cast<hsa_state *>(dep.get()))
      dep->wait();
}

std::uint64_t hsa_queue::reserve_slot() {
  std::uint64_t index = api_->hsa_queue_add_write_index_scacq_screl(queue_, 1);
  // A full ring: wait for the packet processor to retire a slot.
  while (index - api_->hsa_queue_load_read_index_scacquire(queue_) >=
         queue_->size)
    std::this_thread::yield();
  return index;
}

void hsa_queue::publish(std::uint64_t index, std::uint16_t header,
                        std::uint16_t setup) {
  auto *slot = static_cast<unsigned char *>(queue_->base_address) +
               (index % queue_->size) * 64;
  // The header goes last, in one release store with `setup`: the packet
  // processor may read the slot as soon as the type is not INVALID.
  std::uint32_t word = header | (static_cast<std::uint32_t>(setup) << 16);
  __atomic_store_n(reinterpret_cast<std::uint32_t *>(slot), word,
                   __ATOMIC_RELEASE);
  api_->hsa_signal_store_screlease(queue_->doorbell_signal,
                                   static_cast<hsa_signal_value_t>(index));
}

void hsa_queue::submit_barriers(const std::vector<hsa_signal_t> &signals,
                                hsa_signal_t completion, int release_scope) {
  std::size_t at = 0;
  do {
    std::uint64_t index = reserve_slot();
    auto *p = reinterpret_cast<hsa_barrier_and_packet_t *>(
        static_cast<unsigned char *>(queue_->base_address) +
        (index % queue_->size) * 64);
    std::memset(reinterpret_cast<unsigned char *>(p) + 4, 0, 60);
    for (int i = 0; i < 5 && at < signals.size(); ++i)
      p->dep_signal[i] = signals[at++];
    bool last = at >= signals.size();
    p->completion_signal = last ? completion : hsa_signal_t{0};
    publish(index,
            packet_header(HSA_PACKET_TYPE_BARRIER_AND, release_scope,
                          order_ == execute_order::in_order),
            0);
  } while (at < signals.size());
}

void hsa_queue::watch(const std::shared_ptr<hsa_state> &state) {
  auto *holder = new std::shared_ptr<hsa_state>(state);
  hsa_status_t s = api_->hsa_amd_signal_async_handler(
      state->signal(), HSA_SIGNAL_CONDITION_LT, 1, on_signal, holder);
  if (s != HSA_STATUS_SUCCESS) {
    // Without the callback, wait() still finishes it (backend_wait).
    delete holder;
  }
}

void hsa_queue::track(const std::shared_ptr<hsa_state> &state) {
  while (!pending_.empty() && pending_.front()->is_ready())
    pending_.pop_front();
  pending_.push_back(state);
  last_ = state;
}

async_ptr hsa_queue::launch(const kernel_launch &k,
                            const std::vector<async_ptr> &deps) {
  const agent_description &d = device_.description();
  agent_limits limits;
  limits.max_workgroup_size = d.max_workgroup_size;
  limits.wavefront_size = d.wavefront_size;
  limits.compute_units = d.compute_units;
  dispatch_shape shape = plan_dispatch(k.geometry, limits);
  if (shape.dims == 0)
    return marker(deps, memory_scope::none);
  const hsa_kernel &kernel = device_.kernel(k.device_name, k.args_size);
  std::size_t group = kernel.group_fixed + k.geometry.dynamic_group_bytes;
  if (group > d.group_segment_bytes)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: the kernel needs " + std::to_string(group) +
        " bytes of group memory per tile (tile_static and dynamic); the "
        "agent has " + std::to_string(d.group_segment_bytes));

  wait_for_other_backends(deps);
  std::lock_guard<std::mutex> lock(mutex_);
  auto state = new_state();
  state->in_aql_order = true;
  void *kernargs = device_.allocate_kernargs(
      std::max<std::size_t>(kernel.kernargs.size, 16));
  hsa_device *dev = &device_;
  state->cleanups.push_back([dev, kernargs] { dev->free_kernargs(kernargs); });
  if (k.args_owner) {
    std::shared_ptr<void> owner = k.args_owner;
    state->cleanups.push_back([owner]() mutable { owner.reset(); });
  }
  write_kernargs(kernel.kernargs, kernargs, k.args, shape,
                 reinterpret_cast<std::uint64_t>(queue_));

  std::vector<hsa_signal_t> waits = gpu_dependencies(deps, true, *state);
  if (!waits.empty())
    submit_barriers(waits, hsa_signal_t{0}, HSA_FENCE_SCOPE_NONE);

  std::uint64_t index = reserve_slot();
  auto *p = reinterpret_cast<hsa_kernel_dispatch_packet_t *>(
      static_cast<unsigned char *>(queue_->base_address) +
      (index % queue_->size) * 64);
  p->workgroup_size_x = shape.workgroup[0];
  p->workgroup_size_y = shape.workgroup[1];
  p->workgroup_size_z = shape.workgroup[2];
  p->reserved0 = 0;
  p->grid_size_x = shape.grid[0];
  p->grid_size_y = shape.grid[1];
  p->grid_size_z = shape.grid[2];
  p->private_segment_size = kernel.private_fixed;
  p->group_segment_size = static_cast<std::uint32_t>(group);
  p->kernel_object = kernel.object;
  p->kernarg_address = kernargs;
  p->reserved2 = 0;
  p->completion_signal = state->signal();
  publish(index,
          packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH,
                        HSA_FENCE_SCOPE_SYSTEM,
                        order_ == execute_order::in_order),
          static_cast<std::uint16_t>(shape.dims
                                     << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS));
  track(state);
  watch(state);
  return state;
}

async_ptr hsa_queue::copy(void *dst, const void *src, std::size_t bytes,
                          copy_direction direction,
                          const std::vector<async_ptr> &deps) {
  wait_for_other_backends(deps);
  std::lock_guard<std::mutex> lock(mutex_);
  auto state = new_state();
  std::vector<hsa_signal_t> waits = gpu_dependencies(deps, false, *state);
  const agent_description &d = device_.description();

  if (direction == copy_direction::host_to_host || bytes == 0) {
    for (hsa_signal_t w : waits)
      while (api_->hsa_signal_wait_scacquire(w, HSA_SIGNAL_CONDITION_LT, 1,
                                             UINT64_MAX,
                                             HSA_WAIT_STATE_BLOCKED) >= 1) {
      }
    if (bytes)
      std::memmove(dst, src, bytes);
    api_->hsa_signal_store_screlease(state->signal(), 0);
    state->finish();
    track(state);
    return state;
  }

  // ROCr's copy engines read and write host memory only when it is locked
  // (pinned) and mapped for the agent: lock the host side for the copy's
  // duration. Memory that ROCr allocated (am_alloc's pinned memory) needs
  // no lock, and locking it fails: then the address is used as is.
  void *dst_ptr = dst;
  const void *src_ptr = src;
  hsa_agent_t dst_agent = d.agent, src_agent = d.agent;
  void *host = nullptr;
  if (direction == copy_direction::host_to_device) {
    host = const_cast<void *>(src);
    src_agent = d.host_agent;
  } else if (direction == copy_direction::device_to_host) {
    host = dst;
    dst_agent = d.host_agent;
  }
  if (host) {
    hsa_agent_t agent = d.agent;
    void *mapped = nullptr;
    if (api_->hsa_amd_memory_lock(host, bytes, &agent, 1, &mapped) ==
        HSA_STATUS_SUCCESS) {
      auto api = api_;
      state->cleanups.push_back([api, host] { api->hsa_amd_memory_unlock(host); });
      if (direction == copy_direction::host_to_device)
        src_ptr = mapped;
      else
        dst_ptr = mapped;
    }
  }
  hsa_status_t s = api_->hsa_amd_memory_async_copy(
      dst_ptr, dst_agent, src_ptr, src_agent, bytes,
      static_cast<std::uint32_t>(waits.size()),
      waits.empty() ? nullptr : waits.data(), state->signal());
  if (s != HSA_STATUS_SUCCESS) {
    state->finish(); // runs the unlock
    device_.fail("hsa_amd_memory_async_copy", s,
                 std::to_string(bytes) + " bytes");
  }
  track(state);
  watch(state);
  return state;
}

async_ptr hsa_queue::marker(const std::vector<async_ptr> &deps,
                            memory_scope scope) {
  wait_for_other_backends(deps);
  std::lock_guard<std::mutex> lock(mutex_);
  auto state = new_state();
  state->set_marker(true);
  state->in_aql_order = true;
  std::vector<hsa_signal_t> waits = gpu_dependencies(deps, true, *state);
  int release = scope == memory_scope::system      ? HSA_FENCE_SCOPE_SYSTEM
                : scope == memory_scope::accelerator ? HSA_FENCE_SCOPE_AGENT
                                                     : HSA_FENCE_SCOPE_NONE;
  submit_barriers(waits, state->signal(), release);
  track(state);
  watch(state);
  return state;
}

void hsa_queue::wait() {
  // Every pending command, not just the last: in an execute_any_order view
  // they may finish out of order.
  std::vector<std::shared_ptr<hsa_state>> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending.assign(pending_.begin(), pending_.end());
  }
  for (const auto &state : pending)
    state->wait();
}

std::size_t hsa_queue::pending_count() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(pending_.begin(), pending_.end(),
                    [](const std::shared_ptr<hsa_state> &s) {
                      return !s->is_ready();
                    }));
}

async_ptr hsa_queue::last_command() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (last_ && !last_->is_ready())
    return last_;
  return async_state::make_ready();
}

void hsa_queue::fail_pending(const std::string &message) noexcept {
  std::vector<std::shared_ptr<hsa_state>> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending.assign(pending_.begin(), pending_.end());
  }
  auto error = std::make_exception_ptr(
      Kalmar::runtime_exception(message, Kalmar::E_FAIL_CODE));
  for (auto &s : pending)
    s->finish(error);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
