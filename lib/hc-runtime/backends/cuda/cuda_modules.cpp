// Loading PTX images into a device (JIT, on-disk cache) and looking up
// kernels by name.
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_module_globals.hpp"
#include "backends/cuda/cuda_util.hpp"

#include "core/environment.hpp"
#include "core/image_registry.hpp"
#include "core/linked_images.hpp"
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

// Inner JIT log buffers of cuModuleLoadDataEx.
constexpr std::size_t jit_log_bytes = 16 * 1024;

// Static + dynamic shared memory up to this size needs no opt-in.
constexpr std::size_t default_shared_limit = 48 * 1024;

} // namespace

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

namespace {

// PTX is NUL-terminated after `size` bytes by contract; a copy where a
// producer got that wrong, rather than letting the JIT read past it.
const char *terminated_ptx(const __hcc_image_desc &desc, std::size_t &size,
                           std::string &copy) {
  const char *text = static_cast<const char *>(desc.data);
  size = desc.size;
  if (text && text[size] == '\0')
    return text;
  copy.assign(text ? text : "", text ? size : 0);
  size = copy.size();
  return copy.c_str();
}

} // namespace

CUmodule cuda_device::load_image(const image &img,
                                 const std::vector<image> &linked) {
  const __hcc_image_desc &desc = img.desc;
  const char *source = desc.source && *desc.source ? desc.source : "?";
  std::string what = std::string("loading the PTX image for ") +
                     (desc.target ? desc.target : "?") + " from " + source;
  std::vector<std::string> copies(1 + linked.size());
  std::vector<ptx_input> inputs;
  std::size_t size = 0;
  // Braced initialisers run in order: `size` is set before it is read.
  inputs.push_back({terminated_ptx(desc, size, copies[0]), size, source});
  for (std::size_t i = 0; i < linked.size(); ++i) {
    const __hcc_image_desc &d = linked[i].desc;
    copies[i + 1] = linked_ptx_text(d, i + 1);
    const char *name = d.source && *d.source ? d.source : "?";
    inputs.push_back({copies[i + 1].c_str(), copies[i + 1].size(), name});
    what += i ? ", " : " linked with its device functions from ";
    what += name;
  }
  CUmodule module = nullptr;
  if (disk_cache()) {
    module = load_cached(inputs, desc.target, what);
  } else if (linked.empty()) {
    module = load_ptx(inputs[0].text, desc.target, what);
  } else {
    jit_logs logs;
    std::vector<char> cubin;
    module = link_and_load(inputs, desc.target, what, logs, cubin);
  }
  modules_[img.index] = module;
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
  if (error_log && std::strstr(error_log, "Unresolved extern function"))
    message += "; a kernel calls an [[hc]] function that no translation "
               "unit compiled by hcc for " +
               std::string(target ? target : "this target") +
               " defines (declared without a body, defined nowhere, or "
               "defined where it reaches host-only code)";
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

CUmodule cuda_device::load_cached(const std::vector<ptx_input> &ptx,
                                  const char *target, const std::string &what) {
  jit_logs logs;
  kernel_cache_inputs inputs = cache_inputs_;
  // A linked module's key covers every text, each with its terminator.
  std::string joined;
  if (ptx.size() == 1) {
    inputs.ptx = ptx[0].text;
    inputs.ptx_size = ptx[0].size;
  } else {
    for (const ptx_input &in : ptx)
      joined.append(in.text, in.size + 1);
    inputs.ptx = joined.data();
    inputs.ptx_size = joined.size();
  }
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
  CUmodule module = link_and_load(ptx, target, what, logs, cubin);
  double ms = ms_since(begin);
  if (cache_->store(key, cubin.data(), cubin.size(), why))
    note(label_ + ": " + what + format_ms(": JIT %.1f ms, stored ", ms) +
         file + logs.info_text());
  else
    note(label_ + ": " + what + format_ms(": JIT %.1f ms, not stored: ", ms) +
         why + logs.info_text());
  return module;
}

CUmodule cuda_device::link_and_load(const std::vector<ptx_input> &ptx,
                                    const char *target, const std::string &what,
                                    jit_logs &logs, std::vector<char> &cubin) {
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
  for (const ptx_input &in : ptx) {
    r = api_->cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(in.text),
                            in.size + 1, in.name, 0, nullptr, nullptr);
    if (r != CUDA_SUCCESS)
      break;
  }
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
  // Launch loops ask for the same kernel of the same device again and
  // again: remember the last answer of this thread. Loaded kernels live as
  // long as their device; the key is the device's serial number, never
  // reused, so a device destroyed and another made at the same address
  // (unit tests do that) cannot hit a stale entry.
  struct last_lookup {
    std::uint64_t device = 0;
    const char *name = nullptr;
    loaded_kernel *kernel = nullptr;
  };
  static thread_local last_lookup last;
  if (last.device == serial_ && last.name == name)
    return *last.kernel;
  loaded_kernel &k = lookup_kernel(name);
  last = last_lookup{serial_, name, &k};
  return k;
}

loaded_kernel &cuda_device::lookup_kernel(const char *name) {
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
      std::vector<image> linked = images_to_link_with(*img);
      if (loaded != modules_.end())
        module = loaded->second;
      else
        module = load_image(*img, linked);
      // Once per module: printf, host globals, device heap.
      cuda_module view(*api_, module, img->desc.source);
      set_up_linked_module(*this, view, img->desc, linked);
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

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
