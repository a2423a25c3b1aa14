// The ROCr (HSA runtime) API, loaded at run time.
//
// hcc has no build-time ROCm dependency: the backend opens
// libhsa-runtime64.so.1 with dlopen() (HCC_HSA_LIBRARY overrides the name)
// and looks up the entry points below. Types, enumerators and signatures are
// declared here with the values of ROCr's hsa.h and hsa_ext_amd.h (HSA 1.1
// runtime specification plus AMD's extensions, stable since ROCm 1.x; the
// Debian package libhsa-runtime-dev has the headers).
#ifndef HC_RUNTIME_HSA_DRIVER_HPP
#define HC_RUNTIME_HSA_DRIVER_HPP

#include "core/driver_library.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// --- types -------------------------------------------------------------------

using hsa_status_t = int;
struct hsa_agent_t {
  std::uint64_t handle;
};
struct hsa_signal_t {
  std::uint64_t handle;
};
struct hsa_isa_t {
  std::uint64_t handle;
};
struct hsa_region_t {
  std::uint64_t handle;
};
struct hsa_executable_t {
  std::uint64_t handle;
};
struct hsa_executable_symbol_t {
  std::uint64_t handle;
};
struct hsa_code_object_reader_t {
  std::uint64_t handle;
};
struct hsa_amd_memory_pool_t {
  std::uint64_t handle;
};
using hsa_signal_value_t = std::int64_t; // large model

// hsa_queue_t (large model): what the packet processor and we share.
struct hsa_queue_t {
  std::uint32_t type;
  std::uint32_t features;
  void *base_address; // ring of `size` 64-byte AQL packets
  hsa_signal_t doorbell_signal;
  std::uint32_t size;
  std::uint32_t reserved1;
  std::uint64_t id;
};

// AQL packets (64 bytes each).
struct hsa_kernel_dispatch_packet_t {
  std::uint16_t header;
  std::uint16_t setup;
  std::uint16_t workgroup_size_x, workgroup_size_y, workgroup_size_z;
  std::uint16_t reserved0;
  std::uint32_t grid_size_x, grid_size_y, grid_size_z;
  std::uint32_t private_segment_size;
  std::uint32_t group_segment_size;
  std::uint64_t kernel_object;
  void *kernarg_address;
  std::uint64_t reserved2;
  hsa_signal_t completion_signal;
};
static_assert(sizeof(hsa_kernel_dispatch_packet_t) == 64, "AQL packet size");

struct hsa_barrier_and_packet_t {
  std::uint16_t header;
  std::uint16_t reserved0;
  std::uint32_t reserved1;
  hsa_signal_t dep_signal[5];
  std::uint64_t reserved2;
  hsa_signal_t completion_signal;
};
static_assert(sizeof(hsa_barrier_and_packet_t) == 64, "AQL packet size");

// --- enumerators (values of hsa.h / hsa_ext_amd.h) ---------------------------

enum : hsa_status_t {
  HSA_STATUS_SUCCESS = 0,
  HSA_STATUS_INFO_BREAK = 1,
  HSA_STATUS_ERROR = 0x1000,
  HSA_STATUS_ERROR_INVALID_ARGUMENT = 0x1001,
  HSA_STATUS_ERROR_OUT_OF_RESOURCES = 0x1008,
  HSA_STATUS_ERROR_NOT_INITIALIZED = 0x100B,
};

enum : int { HSA_DEVICE_TYPE_CPU = 0, HSA_DEVICE_TYPE_GPU = 1 };

enum : int { // hsa_agent_info_t
  HSA_AGENT_INFO_NAME = 0,
  HSA_AGENT_INFO_PROFILE = 4,
  HSA_AGENT_INFO_WAVEFRONT_SIZE = 6,
  HSA_AGENT_INFO_WORKGROUP_MAX_SIZE = 8,
  HSA_AGENT_INFO_QUEUE_MAX_SIZE = 14,
  HSA_AGENT_INFO_DEVICE = 17,
  HSA_AGENT_INFO_ISA = 19,
  HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT = 0xA002,
  HSA_AMD_AGENT_INFO_PRODUCT_NAME = 0xA009,
};

enum : int { HSA_ISA_INFO_NAME_LENGTH = 0, HSA_ISA_INFO_NAME = 1 };
enum : int { HSA_PROFILE_BASE = 0, HSA_PROFILE_FULL = 1 };
enum : int { HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT = 0 };
enum : int { HSA_QUEUE_TYPE_MULTIPLE = 0, HSA_QUEUE_TYPE_SINGLE = 1 };
enum : int {
  HSA_SIGNAL_CONDITION_EQ = 0,
  HSA_SIGNAL_CONDITION_NE = 1,
  HSA_SIGNAL_CONDITION_LT = 2,
  HSA_SIGNAL_CONDITION_GTE = 3
};
enum : int { HSA_WAIT_STATE_BLOCKED = 0, HSA_WAIT_STATE_ACTIVE = 1 };

enum : int { // hsa_packet_type_t
  HSA_PACKET_TYPE_INVALID = 1,
  HSA_PACKET_TYPE_KERNEL_DISPATCH = 2,
  HSA_PACKET_TYPE_BARRIER_AND = 3,
};
enum : int { // hsa_packet_header_t: bit offsets
  HSA_PACKET_HEADER_TYPE = 0,
  HSA_PACKET_HEADER_BARRIER = 8,
  HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE = 9,
  HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE = 11,
};
enum : int {
  HSA_FENCE_SCOPE_NONE = 0,
  HSA_FENCE_SCOPE_AGENT = 1,
  HSA_FENCE_SCOPE_SYSTEM = 2
};
enum : int { HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS = 0 };

enum : int { // hsa_executable_symbol_info_t
  HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE = 9,
  HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS = 21,
  HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE = 13,
  HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE = 14,
  HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT = 22,
};

enum : int { // hsa_region_info_t / hsa_region_segment_t / global flags
  HSA_REGION_INFO_SEGMENT = 0,
  HSA_REGION_INFO_GLOBAL_FLAGS = 1,
  HSA_REGION_SEGMENT_GLOBAL = 0,
  HSA_REGION_GLOBAL_FLAG_KERNARG = 1,
  HSA_REGION_GLOBAL_FLAG_FINE_GRAINED = 2,
  HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED = 4,
};

enum : int { // hsa_amd_memory_pool_info_t
  HSA_AMD_MEMORY_POOL_INFO_SEGMENT = 0,
  HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS = 1,
  HSA_AMD_MEMORY_POOL_INFO_SIZE = 2,
  HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED = 5,
};
enum : int { HSA_AMD_SEGMENT_GLOBAL = 0, HSA_AMD_SEGMENT_GROUP = 3 };
enum : std::uint32_t { // hsa_amd_memory_pool_global_flag_t
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT = 1,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED = 2,
  HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED = 4,
};

// --- entry points ------------------------------------------------------------

using agent_callback = hsa_status_t (*)(hsa_agent_t, void *);
using isa_callback = hsa_status_t (*)(hsa_isa_t, void *);
using region_callback = hsa_status_t (*)(hsa_region_t, void *);
using pool_callback = hsa_status_t (*)(hsa_amd_memory_pool_t, void *);
using queue_error_callback = void (*)(hsa_status_t, hsa_queue_t *, void *);
using signal_handler = bool (*)(hsa_signal_value_t, void *);

// X(member, symbol, return type, parameters): the entry points hcc needs.
#define HCC_HSA_ENTRY_POINTS(X)                                                \
  X(hsa_init, "hsa_init", hsa_status_t, ())                                    \
  X(hsa_status_string, "hsa_status_string", hsa_status_t,                      \
    (hsa_status_t, const char **))                                             \
  X(hsa_iterate_agents, "hsa_iterate_agents", hsa_status_t,                    \
    (agent_callback, void *))                                                  \
  X(hsa_agent_get_info, "hsa_agent_get_info", hsa_status_t,                    \
    (hsa_agent_t, int, void *))                                                \
  X(hsa_agent_iterate_isas, "hsa_agent_iterate_isas", hsa_status_t,            \
    (hsa_agent_t, isa_callback, void *))                                       \
  X(hsa_isa_get_info_alt, "hsa_isa_get_info_alt", hsa_status_t,                \
    (hsa_isa_t, int, void *))                                                  \
  X(hsa_agent_iterate_regions, "hsa_agent_iterate_regions", hsa_status_t,      \
    (hsa_agent_t, region_callback, void *))                                    \
  X(hsa_region_get_info, "hsa_region_get_info", hsa_status_t,                  \
    (hsa_region_t, int, void *))                                               \
  X(hsa_queue_create, "hsa_queue_create", hsa_status_t,                        \
    (hsa_agent_t, std::uint32_t, std::uint32_t, queue_error_callback, void *,  \
     std::uint32_t, std::uint32_t, hsa_queue_t **))                            \
  X(hsa_queue_destroy, "hsa_queue_destroy", hsa_status_t, (hsa_queue_t *))     \
  X(hsa_queue_load_read_index_scacquire,                                       \
    "hsa_queue_load_read_index_scacquire", std::uint64_t,                      \
    (const hsa_queue_t *))                                                     \
  X(hsa_queue_add_write_index_scacq_screl,                                     \
    "hsa_queue_add_write_index_scacq_screl", std::uint64_t,                    \
    (const hsa_queue_t *, std::uint64_t))                                      \
  X(hsa_signal_create, "hsa_signal_create", hsa_status_t,                      \
    (hsa_signal_value_t, std::uint32_t, const hsa_agent_t *, hsa_signal_t *))  \
  X(hsa_signal_destroy, "hsa_signal_destroy", hsa_status_t, (hsa_signal_t))    \
  X(hsa_signal_load_scacquire, "hsa_signal_load_scacquire",                    \
    hsa_signal_value_t, (hsa_signal_t))                                        \
  X(hsa_signal_store_screlease, "hsa_signal_store_screlease", void,            \
    (hsa_signal_t, hsa_signal_value_t))                                        \
  X(hsa_signal_wait_scacquire, "hsa_signal_wait_scacquire",                    \
    hsa_signal_value_t,                                                        \
    (hsa_signal_t, int, hsa_signal_value_t, std::uint64_t, int))               \
  X(hsa_code_object_reader_create_from_memory,                                 \
    "hsa_code_object_reader_create_from_memory", hsa_status_t,                 \
    (const void *, std::size_t, hsa_code_object_reader_t *))                   \
  X(hsa_executable_create_alt, "hsa_executable_create_alt", hsa_status_t,      \
    (int, int, const char *, hsa_executable_t *))                              \
  X(hsa_executable_load_agent_code_object,                                     \
    "hsa_executable_load_agent_code_object", hsa_status_t,                     \
    (hsa_executable_t, hsa_agent_t, hsa_code_object_reader_t, const char *,    \
     void *))                                                                  \
  X(hsa_executable_freeze, "hsa_executable_freeze", hsa_status_t,              \
    (hsa_executable_t, const char *))                                          \
  X(hsa_executable_get_symbol_by_name, "hsa_executable_get_symbol_by_name",    \
    hsa_status_t,                                                              \
    (hsa_executable_t, const char *, const hsa_agent_t *,                      \
     hsa_executable_symbol_t *))                                               \
  X(hsa_executable_symbol_get_info, "hsa_executable_symbol_get_info",          \
    hsa_status_t, (hsa_executable_symbol_t, int, void *))                      \
  X(hsa_amd_agent_iterate_memory_pools, "hsa_amd_agent_iterate_memory_pools",  \
    hsa_status_t, (hsa_agent_t, pool_callback, void *))                        \
  X(hsa_amd_memory_pool_get_info, "hsa_amd_memory_pool_get_info",              \
    hsa_status_t, (hsa_amd_memory_pool_t, int, void *))                        \
  X(hsa_amd_memory_pool_allocate, "hsa_amd_memory_pool_allocate",              \
    hsa_status_t,                                                              \
    (hsa_amd_memory_pool_t, std::size_t, std::uint32_t, void **))              \
  X(hsa_amd_memory_pool_free, "hsa_amd_memory_pool_free", hsa_status_t,        \
    (void *))                                                                  \
  X(hsa_amd_agents_allow_access, "hsa_amd_agents_allow_access", hsa_status_t,  \
    (std::uint32_t, const hsa_agent_t *, const std::uint32_t *, const void *)) \
  X(hsa_amd_memory_lock, "hsa_amd_memory_lock", hsa_status_t,                  \
    (void *, std::size_t, hsa_agent_t *, int, void **))                        \
  X(hsa_amd_memory_unlock, "hsa_amd_memory_unlock", hsa_status_t, (void *))    \
  X(hsa_amd_memory_async_copy, "hsa_amd_memory_async_copy", hsa_status_t,      \
    (void *, hsa_agent_t, const void *, hsa_agent_t, std::size_t,              \
     std::uint32_t, const hsa_signal_t *, hsa_signal_t))                       \
  X(hsa_amd_signal_async_handler, "hsa_amd_signal_async_handler",              \
    hsa_status_t,                                                              \
    (hsa_signal_t, int, hsa_signal_value_t, signal_handler, void *))           \
  X(hsa_memory_copy, "hsa_memory_copy", hsa_status_t,                          \
    (void *, const void *, std::size_t))

struct runtime_api {
#define HCC_HSA_MEMBER(member, symbol, ret, params)                            \
  ret(*member) params = nullptr;
  HCC_HSA_ENTRY_POINTS(HCC_HSA_MEMBER)
#undef HCC_HSA_MEMBER
  std::string library; // what was loaded, for messages

  // "HSA_STATUS_ERROR_OUT_OF_RESOURCES: <ROCr's text>" or the number.
  std::string describe(hsa_status_t status) const;
};

using rt::symbol_lookup;

// Binds every entry point through `lookup`. Null (with `why` set) when one
// is missing.
std::shared_ptr<const runtime_api> bind_runtime(const symbol_lookup &lookup,
                                                const std::string &library,
                                                std::string &why);

// dlopen()s HCC_HSA_LIBRARY or libhsa-runtime64.so.1 and binds it. Null
// (with `why` set) if it cannot be loaded or lacks an entry point.
std::shared_ptr<const runtime_api> load_runtime(std::string &why);

// Messages for HCC_VERBOSE ("hcc: hsa: ...").
void note(const std::string &message);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
