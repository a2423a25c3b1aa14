// A fake ROCr for the HSA backend's unit tests: one CPU agent and one
// gfx90a GPU agent with the pools ROCr reports, and (for dispatch tests) AQL
// queues in host memory, signals as plain counters, memory from malloc and
// records of what the backend asked for. Entry points a test does not expect
// fail it when called.
#ifndef HCC_UNITTESTS_HSA_FAKE_RUNTIME_HPP
#define HCC_UNITTESTS_HSA_FAKE_RUNTIME_HPP

#include "backends/hsa/hsa_driver.hpp"
#include "fault_injection.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <type_traits>
#include <unistd.h>
#include <vector>

namespace hsa_fake {

using namespace hc::detail::rt::hsa;

// --- a fake ROCr ---------------------------------------------------------------

// Every entry point not faked below fails the test when called.
template <class F> struct unexpected;
template <class R, class... A> struct unexpected<R(A...)> {
  static R call(A...) {
    ADD_FAILURE() << "unexpected ROCr call";
    return R();
  }
};

struct fake_state {
  hsa_status_t init_status = HSA_STATUS_SUCCESS;
  bool with_gpu = true;
  int lookups = 0;
};
inline fake_state fake;

constexpr std::uint64_t cpu_agent = 1, gpu_agent = 2;
constexpr std::uint64_t kernarg_pool = 10, fine_pool = 11, coarse_pool = 20,
                        group_pool = 21, kernarg_region = 30, isa = 40;
inline const char isa_name[] = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";

inline hsa_status_t fake_init() { return fake.init_status; }
inline hsa_status_t fake_status_string(hsa_status_t, const char **text) {
  *text = "fake status";
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_iterate_agents(agent_callback cb, void *data) {
  cb(hsa_agent_t{cpu_agent}, data);
  if (fake.with_gpu)
    cb(hsa_agent_t{gpu_agent}, data);
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_agent_get_info(hsa_agent_t agent, int attribute,
                                 void *value) {
  auto u32 = [&](std::uint32_t v) {
    std::memcpy(value, &v, sizeof v);
    return HSA_STATUS_SUCCESS;
  };
  auto str = [&](const char *s) {
    std::memset(value, 0, 64);
    std::strncpy(static_cast<char *>(value), s, 63);
    return HSA_STATUS_SUCCESS;
  };
  switch (attribute) {
  case HSA_AGENT_INFO_DEVICE:
    return u32(agent.handle == gpu_agent ? HSA_DEVICE_TYPE_GPU
                                         : HSA_DEVICE_TYPE_CPU);
  case HSA_AGENT_INFO_NAME:
    return str(agent.handle == gpu_agent ? "gfx90a" : "Fake CPU");
  case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
    return str("Fake Instinct MI210");
  case HSA_AGENT_INFO_PROFILE:
    return u32(HSA_PROFILE_BASE);
  case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
    return u32(104);
  case HSA_AGENT_INFO_WAVEFRONT_SIZE:
    return u32(64);
  case HSA_AGENT_INFO_WORKGROUP_MAX_SIZE:
    return u32(1024);
  case HSA_AGENT_INFO_QUEUE_MAX_SIZE:
    return u32(131072);
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
inline hsa_status_t fake_iterate_isas(hsa_agent_t, isa_callback cb, void *data) {
  hsa_status_t s = cb(hsa_isa_t{isa}, data);
  return s == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : s;
}
inline hsa_status_t fake_isa_get_info(hsa_isa_t, int attribute, void *value) {
  if (attribute == HSA_ISA_INFO_NAME_LENGTH) {
    std::uint32_t n = sizeof isa_name; // ROCr counts the NUL
    std::memcpy(value, &n, sizeof n);
  } else {
    std::memcpy(value, isa_name, sizeof isa_name);
  }
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_iterate_pools(hsa_agent_t agent, pool_callback cb,
                                void *data) {
  if (agent.handle == cpu_agent) {
    cb(hsa_amd_memory_pool_t{kernarg_pool}, data);
    cb(hsa_amd_memory_pool_t{fine_pool}, data);
  } else {
    cb(hsa_amd_memory_pool_t{coarse_pool}, data);
    cb(hsa_amd_memory_pool_t{group_pool}, data);
  }
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_pool_get_info(hsa_amd_memory_pool_t pool, int attribute,
                                void *value) {
  switch (attribute) {
  case HSA_AMD_MEMORY_POOL_INFO_SEGMENT: {
    int segment = pool.handle == group_pool ? HSA_AMD_SEGMENT_GROUP
                                            : HSA_AMD_SEGMENT_GLOBAL;
    std::memcpy(value, &segment, sizeof segment);
    return HSA_STATUS_SUCCESS;
  }
  case HSA_AMD_MEMORY_POOL_INFO_SIZE: {
    std::size_t size = pool.handle == group_pool ? 65536
                       : pool.handle == coarse_pool ? (std::size_t{64} << 30)
                                                    : (std::size_t{256} << 30);
    std::memcpy(value, &size, sizeof size);
    return HSA_STATUS_SUCCESS;
  }
  case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED: {
    bool allowed = pool.handle != group_pool;
    std::memcpy(value, &allowed, sizeof allowed);
    return HSA_STATUS_SUCCESS;
  }
  case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS: {
    std::uint32_t flags =
        pool.handle == kernarg_pool
            ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT |
                  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED
        : pool.handle == fine_pool ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED
                                   : HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED;
    std::memcpy(value, &flags, sizeof flags);
    return HSA_STATUS_SUCCESS;
  }
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
inline hsa_status_t fake_iterate_regions(hsa_agent_t, region_callback cb,
                                  void *data) {
  return cb(hsa_region_t{kernarg_region}, data);
}
inline hsa_status_t fake_region_get_info(hsa_region_t, int attribute, void *value) {
  std::uint32_t v = attribute == HSA_REGION_INFO_SEGMENT
                        ? HSA_REGION_SEGMENT_GLOBAL
                        : HSA_REGION_GLOBAL_FLAG_KERNARG |
                              HSA_REGION_GLOBAL_FLAG_FINE_GRAINED;
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}


// --- queues, signals, memory and code objects (dispatch tests) -------------

struct fake_handler {
  hsa_signal_t signal;
  signal_handler handler;
  void *arg;
};

struct fake_copy {
  void *dst;
  const void *src;
  std::uint64_t dst_agent, src_agent;
  std::size_t bytes;
  std::vector<std::uint64_t> deps;
  hsa_signal_t completion;
};

struct fake_dispatch_state {
  std::mutex mutex;
  std::map<std::uint64_t, std::int64_t> signals; // handle -> value
  std::uint64_t next_signal = 1000;
  std::vector<hsa_queue_t *> queues;
  std::map<const hsa_queue_t *, std::uint64_t> write_index;
  std::int64_t last_doorbell = -1;
  std::set<void *> allocations;
  std::vector<fake_handler> handlers;
  std::vector<fake_copy> copies;
  // The copy engine moves the bytes and decrements the completion signal
  // as soon as a copy is enqueued (its dependencies taken as met); else it
  // only records copies, and a test completes them.
  bool copies_run = false;
  std::vector<void *> locked, unlocked;
  std::string symbol_asked;
  std::set<std::string> variables; // device variables the code object has
  // Where a variable "lives on the device" (host memory here), when a test
  // wants the runtime to write it; size from the vector.
  std::map<std::string, std::vector<unsigned char>> variable_storage;
  std::vector<std::string> symbols_by_handle; // handle - 100
  std::vector<std::pair<void *, std::size_t>> memory_copies; // dst, bytes
};
inline fake_dispatch_state dispatch;

constexpr std::uint64_t doorbell = 999, kernel_object = 0xabcdef00ull;

inline hsa_status_t fake_queue_create(hsa_agent_t, std::uint32_t size,
                                      std::uint32_t, queue_error_callback,
                                      void *, std::uint32_t, std::uint32_t,
                                      hsa_queue_t **out) {
  auto *q = new hsa_queue_t();
  q->size = size;
  q->base_address = std::aligned_alloc(64, std::size_t{size} * 64);
  // Every slot starts INVALID, as ROCr initialises the ring.
  for (std::uint32_t i = 0; i < size; ++i) {
    auto *h = static_cast<std::uint16_t *>(q->base_address) + i * 32;
    std::memset(h, 0, 64);
    *h = HSA_PACKET_TYPE_INVALID;
  }
  q->doorbell_signal = hsa_signal_t{doorbell};
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.queues.push_back(q);
  *out = q;
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_queue_destroy(hsa_queue_t *q) {
  {
    // A queue created later at the same address starts at slot 0 again.
    std::lock_guard<std::mutex> lock(dispatch.mutex);
    dispatch.write_index.erase(q);
    dispatch.queues.erase(
        std::remove(dispatch.queues.begin(), dispatch.queues.end(), q),
        dispatch.queues.end());
  }
  std::free(q->base_address);
  delete q;
  return HSA_STATUS_SUCCESS;
}
inline std::uint64_t fake_load_read_index(const hsa_queue_t *) { return 0; }
inline std::uint64_t fake_add_write_index(const hsa_queue_t *q,
                                          std::uint64_t n) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  std::uint64_t old = dispatch.write_index[q];
  dispatch.write_index[q] = old + n;
  return old;
}
inline hsa_status_t fake_signal_create(hsa_signal_value_t v, std::uint32_t,
                                       const hsa_agent_t *, hsa_signal_t *out) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  out->handle = dispatch.next_signal++;
  dispatch.signals[out->handle] = v;
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_signal_destroy(hsa_signal_t s) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  EXPECT_EQ(dispatch.signals.erase(s.handle), 1u) << "signal destroyed twice";
  return HSA_STATUS_SUCCESS;
}
inline hsa_signal_value_t fake_signal_load(hsa_signal_t s) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  return dispatch.signals[s.handle];
}
inline void fake_signal_store(hsa_signal_t s, hsa_signal_value_t v) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  if (s.handle == doorbell)
    dispatch.last_doorbell = v;
  else
    dispatch.signals[s.handle] = v;
}
// Never blocks: reports the current value (a test completes commands first).
inline hsa_signal_value_t fake_signal_wait(hsa_signal_t s, int,
                                           hsa_signal_value_t, std::uint64_t,
                                           int) {
  return fake_signal_load(s);
}
inline hsa_status_t fake_async_handler(hsa_signal_t s, int, hsa_signal_value_t,
                                       signal_handler h, void *arg) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.handlers.push_back({s, h, arg});
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_pool_allocate(hsa_amd_memory_pool_t, std::size_t size,
                                       std::uint32_t, void **out) {
  *out = std::aligned_alloc(64, (size + 63) / 64 * 64);
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.allocations.insert(*out);
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_pool_free(void *p) {
  {
    std::lock_guard<std::mutex> lock(dispatch.mutex);
    EXPECT_EQ(dispatch.allocations.erase(p), 1u) << "freed twice";
  }
  std::free(p);
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_allow_access(std::uint32_t, const hsa_agent_t *,
                                      const std::uint32_t *, const void *) {
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_lock(void *host, std::size_t, hsa_agent_t *, int,
                              void **agent_ptr) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.locked.push_back(host);
  *agent_ptr = host;
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_unlock(void *host) {
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.unlocked.push_back(host);
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_async_copy(void *dst, hsa_agent_t dst_agent,
                                    const void *src, hsa_agent_t src_agent,
                                    std::size_t bytes, std::uint32_t n,
                                    const hsa_signal_t *deps,
                                    hsa_signal_t completion) {
  fake_copy c{dst, src, dst_agent.handle, src_agent.handle, bytes, {},
              completion};
  for (std::uint32_t i = 0; i < n; ++i)
    c.deps.push_back(deps[i].handle);
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.copies.push_back(c);
  if (dispatch.copies_run) {
    std::memmove(dst, src, bytes);
    --dispatch.signals[completion.handle];
  }
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_reader(const void *, std::size_t,
                                hsa_code_object_reader_t *r) {
  r->handle = 77;
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_executable_create(int, int, const char *,
                                           hsa_executable_t *e) {
  e->handle = 78;
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_load_code_object(hsa_executable_t, hsa_agent_t,
                                          hsa_code_object_reader_t,
                                          const char *, void *) {
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_freeze(hsa_executable_t, const char *) {
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_get_symbol(hsa_executable_t, const char *name,
                                    const hsa_agent_t *,
                                    hsa_executable_symbol_t *sym) {
  // Kernel descriptors, and the variables a test put in the code object:
  // the runtime asks for some (host global slots, the device heap) to
  // refuse kernels that use them. Anything else: an error, as in ROCr.
  std::string asked = name;
  if ((asked.size() < 3 || asked.compare(asked.size() - 3, 3, ".kd") != 0) &&
      !dispatch.variables.count(asked))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  dispatch.symbol_asked = name;
  sym->handle = 79;
  if (dispatch.variables.count(asked)) {
    dispatch.symbols_by_handle.push_back(asked);
    sym->handle = 99 + dispatch.symbols_by_handle.size();
  }
  return HSA_STATUS_SUCCESS;
}
inline hsa_status_t fake_symbol_info(hsa_executable_symbol_t sym,
                                     int attribute, void *value) {
  if (sym.handle >= 100 &&
      sym.handle - 100 < dispatch.symbols_by_handle.size()) {
    auto it = dispatch.variable_storage.find(
        dispatch.symbols_by_handle[sym.handle - 100]);
    if (it == dispatch.variable_storage.end())
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    if (attribute == HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE) {
      std::uint32_t size = static_cast<std::uint32_t>(it->second.size());
      std::memcpy(value, &size, sizeof size);
      return HSA_STATUS_SUCCESS;
    }
    if (attribute == HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS) {
      std::uint64_t address = reinterpret_cast<std::uintptr_t>(it->second.data());
      std::memcpy(value, &address, sizeof address);
      return HSA_STATUS_SUCCESS;
    }
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  if (attribute != HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::uint64_t object = kernel_object;
  std::memcpy(value, &object, sizeof object);
  return HSA_STATUS_SUCCESS;
}

// hsa_memory_copy: the fake's "device memory" is host memory.
inline hsa_status_t fake_memory_copy(void *dst, const void *src,
                                     std::size_t bytes) {
  std::memcpy(dst, src, bytes);
  std::lock_guard<std::mutex> lock(dispatch.mutex);
  dispatch.memory_copies.emplace_back(dst, bytes);
  return HSA_STATUS_SUCCESS;
}

// Completes every command whose signal is registered with a handler, as the
// packet processor would, in order: value 0, then ROCr's callback.
inline void complete_all() {
  std::vector<fake_handler> handlers;
  {
    std::lock_guard<std::mutex> lock(dispatch.mutex);
    handlers.swap(dispatch.handlers);
    for (const fake_handler &h : handlers)
      dispatch.signals[h.signal.handle] = 0;
  }
  for (const fake_handler &h : handlers)
    h.handler(0, h.arg);
}

// --- fault injection ------------------------------------------------------

// Makes chosen entry points fail (fault_injection.hpp), by symbol:
//   faults.fail_nth("hsa_amd_memory_pool_allocate",
//                   HSA_STATUS_ERROR_OUT_OF_RESOURCES);
// Every entry point fake_runtime() hands out asks it first; those that
// return no hsa_status_t (signal loads and stores, queue indices) cannot
// fail. Global: a test that arms it clears it when done.
inline fault_injection::plan faults;

template <class Tag, class Fn> struct faultable;
template <class Tag, class R, class... A> struct faultable<Tag, R(A...)> {
  // The fake's own function. Atomic: each discover() sets it again (to the
  // same function) while completion threads of earlier tests call it.
  static inline std::atomic<void *> real{nullptr};
  static R call(A... args) {
    if constexpr (Tag::returns_status) {
      int status = HSA_STATUS_SUCCESS;
      if (faults.fire(Tag::symbol, status))
        return static_cast<hsa_status_t>(status);
    }
    return reinterpret_cast<R (*)(A...)>(real.load())(args...);
  }
};

#define HCC_FAKE_FAULT_TAG(member, name, ret, params)                          \
  struct member##_fault_tag {                                                  \
    static constexpr const char *symbol = name;                                \
    static constexpr bool returns_status =                                     \
        std::is_same<ret, hsa_status_t>::value;                                \
  };
HCC_HSA_ENTRY_POINTS(HCC_FAKE_FAULT_TAG)
#undef HCC_FAKE_FAULT_TAG

// `real`, the fake's function for `symbol`, behind the fault plan.
inline void *with_faults(const char *symbol, void *real) {
  if (!real)
    return nullptr;
#define HCC_FAKE_FAULT_WRAP(member, name, ret, params)                         \
  if (std::strcmp(symbol, name) == 0) {                                        \
    using wrapper = faultable<member##_fault_tag, ret params>;                 \
    wrapper::real.store(real);                                                 \
    return reinterpret_cast<void *>(&wrapper::call);                           \
  }
  HCC_HSA_ENTRY_POINTS(HCC_FAKE_FAULT_WRAP)
#undef HCC_FAKE_FAULT_WRAP
  return real;
}

inline symbol_lookup fake_runtime() {
  auto table = std::make_shared<std::map<std::string, void *>>();
#define HCC_FAKE_DEFAULT(member, symbol, ret, params)                          \
  (*table)[symbol] = reinterpret_cast<void *>(&unexpected<ret params>::call);
  HCC_HSA_ENTRY_POINTS(HCC_FAKE_DEFAULT)
#undef HCC_FAKE_DEFAULT
  (*table)["hsa_init"] = reinterpret_cast<void *>(&fake_init);
  (*table)["hsa_status_string"] = reinterpret_cast<void *>(&fake_status_string);
  (*table)["hsa_iterate_agents"] = reinterpret_cast<void *>(&fake_iterate_agents);
  (*table)["hsa_agent_get_info"] = reinterpret_cast<void *>(&fake_agent_get_info);
  (*table)["hsa_agent_iterate_isas"] = reinterpret_cast<void *>(&fake_iterate_isas);
  (*table)["hsa_isa_get_info_alt"] = reinterpret_cast<void *>(&fake_isa_get_info);
  (*table)["hsa_amd_agent_iterate_memory_pools"] =
      reinterpret_cast<void *>(&fake_iterate_pools);
  (*table)["hsa_amd_memory_pool_get_info"] =
      reinterpret_cast<void *>(&fake_pool_get_info);
  (*table)["hsa_agent_iterate_regions"] =
      reinterpret_cast<void *>(&fake_iterate_regions);
  (*table)["hsa_region_get_info"] = reinterpret_cast<void *>(&fake_region_get_info);
  std::pair<const char *, void *> dispatch_entries[] = {
      {"hsa_queue_create", reinterpret_cast<void *>(&fake_queue_create)},
      {"hsa_queue_destroy", reinterpret_cast<void *>(&fake_queue_destroy)},
      {"hsa_queue_load_read_index_scacquire",
       reinterpret_cast<void *>(&fake_load_read_index)},
      {"hsa_queue_add_write_index_scacq_screl",
       reinterpret_cast<void *>(&fake_add_write_index)},
      {"hsa_signal_create", reinterpret_cast<void *>(&fake_signal_create)},
      {"hsa_signal_destroy", reinterpret_cast<void *>(&fake_signal_destroy)},
      {"hsa_signal_load_scacquire", reinterpret_cast<void *>(&fake_signal_load)},
      {"hsa_signal_store_screlease",
       reinterpret_cast<void *>(&fake_signal_store)},
      {"hsa_signal_wait_scacquire", reinterpret_cast<void *>(&fake_signal_wait)},
      {"hsa_amd_signal_async_handler",
       reinterpret_cast<void *>(&fake_async_handler)},
      {"hsa_amd_memory_pool_allocate",
       reinterpret_cast<void *>(&fake_pool_allocate)},
      {"hsa_amd_memory_pool_free", reinterpret_cast<void *>(&fake_pool_free)},
      {"hsa_amd_agents_allow_access",
       reinterpret_cast<void *>(&fake_allow_access)},
      {"hsa_amd_memory_lock", reinterpret_cast<void *>(&fake_lock)},
      {"hsa_amd_memory_unlock", reinterpret_cast<void *>(&fake_unlock)},
      {"hsa_amd_memory_async_copy", reinterpret_cast<void *>(&fake_async_copy)},
      {"hsa_code_object_reader_create_from_memory",
       reinterpret_cast<void *>(&fake_reader)},
      {"hsa_executable_create_alt",
       reinterpret_cast<void *>(&fake_executable_create)},
      {"hsa_executable_load_agent_code_object",
       reinterpret_cast<void *>(&fake_load_code_object)},
      {"hsa_executable_freeze", reinterpret_cast<void *>(&fake_freeze)},
      {"hsa_executable_get_symbol_by_name",
       reinterpret_cast<void *>(&fake_get_symbol)},
      {"hsa_executable_symbol_get_info",
       reinterpret_cast<void *>(&fake_symbol_info)},
      {"hsa_memory_copy", reinterpret_cast<void *>(&fake_memory_copy)},
  };
  for (const auto &entry : dispatch_entries)
    (*table)[entry.first] = entry.second;
  return [table](const char *name) -> void * {
    ++fake.lookups;
    auto it = table->find(name);
    return it == table->end() ? nullptr : with_faults(name, it->second);
  };
}

// A readable and writable file standing in for /dev/kfd.
class fake_kfd {
public:
  fake_kfd() {
    char name[] = "/tmp/hcc-fake-kfd-XXXXXX";
    int fd = mkstemp(name);
    EXPECT_GE(fd, 0);
    close(fd);
    path_ = name;
  }
  ~fake_kfd() { std::remove(path_.c_str()); }
  const std::string &path() const { return path_; }

private:
  std::string path_;
};

} // namespace hsa_fake

#endif
