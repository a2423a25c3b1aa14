// Discovery of HSA agents. A machine without ROCm (no library) or without
// the amdgpu kernel driver (no /dev/kfd) has no HSA accelerators and every
// other backend works as before: discovery only notes why (HCC_VERBOSE=1)
// and never calls into ROCr where ROCr would print errors of its own.
#include "backends/hsa/hsa_backend.hpp"

#include "backends/hsa/hsa_device.hpp"
#include "backends/hsa/hsa_isa.hpp"
#include "core/environment.hpp"

#include <algorithm>
#include <unistd.h>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

struct agents {
  std::vector<hsa_agent_t> cpus, gpus;
};

hsa_status_t collect_agent(hsa_agent_t agent, void *data) {
  auto *api = static_cast<std::pair<const runtime_api *, agents *> *>(data);
  int type = -1;
  if (api->first->hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) !=
      HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  if (type == HSA_DEVICE_TYPE_CPU)
    api->second->cpus.push_back(agent);
  else if (type == HSA_DEVICE_TYPE_GPU)
    api->second->gpus.push_back(agent);
  return HSA_STATUS_SUCCESS;
}

struct pool_search {
  const runtime_api *api;
  hsa_amd_memory_pool_t coarse{}, fine{}, kernarg{};
  std::size_t coarse_size = 0, group_size = 0;
};

hsa_status_t inspect_pool(hsa_amd_memory_pool_t pool, void *data) {
  auto *p = static_cast<pool_search *>(data);
  int segment = -1;
  if (p->api->hsa_amd_memory_pool_get_info(
          pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment) !=
      HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  std::size_t size = 0;
  p->api->hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE,
                                       &size);
  if (segment == HSA_AMD_SEGMENT_GROUP) {
    p->group_size = size;
    return HSA_STATUS_SUCCESS;
  }
  if (segment != HSA_AMD_SEGMENT_GLOBAL)
    return HSA_STATUS_SUCCESS;
  bool alloc = false;
  p->api->hsa_amd_memory_pool_get_info(
      pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &alloc);
  if (!alloc)
    return HSA_STATUS_SUCCESS;
  std::uint32_t flags = 0;
  p->api->hsa_amd_memory_pool_get_info(
      pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) &&
      !p->kernarg.handle)
    p->kernarg = pool;
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) &&
      !p->coarse.handle) {
    p->coarse = pool;
    p->coarse_size = size;
  }
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) &&
      !(flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) &&
      !p->fine.handle)
    p->fine = pool;
  return HSA_STATUS_SUCCESS;
}

struct region_search {
  const runtime_api *api;
  hsa_region_t kernarg{};
};

hsa_status_t inspect_region(hsa_region_t region, void *data) {
  auto *r = static_cast<region_search *>(data);
  int segment = -1;
  std::uint32_t flags = 0;
  if (r->api->hsa_region_get_info(region, HSA_REGION_INFO_SEGMENT, &segment) ==
          HSA_STATUS_SUCCESS &&
      segment == HSA_REGION_SEGMENT_GLOBAL &&
      r->api->hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS,
                                  &flags) == HSA_STATUS_SUCCESS &&
      (flags & HSA_REGION_GLOBAL_FLAG_KERNARG) && !r->kernarg.handle)
    r->kernarg = region;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t first_isa(hsa_isa_t isa, void *data) {
  *static_cast<hsa_isa_t *>(data) = isa;
  return HSA_STATUS_INFO_BREAK;
}

std::string isa_name(const runtime_api &api, hsa_agent_t agent) {
  hsa_isa_t isa{};
  api.hsa_agent_iterate_isas(agent, first_isa, &isa);
  std::uint32_t length = 0;
  if (!isa.handle || api.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH,
                                              &length) != HSA_STATUS_SUCCESS)
    return std::string();
  std::string name(length + 1, '\0');
  if (api.hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, &name[0]) !=
      HSA_STATUS_SUCCESS)
    return std::string();
  name.resize(std::min<std::size_t>(length, name.find('\0')));
  return name;
}

std::string fixed_string(const runtime_api &api, hsa_agent_t agent,
                         int attribute) {
  char buf[64] = {0}; // HSA_AGENT_INFO_NAME, _PRODUCT_NAME: char[64]
  if (api.hsa_agent_get_info(agent, attribute, buf) != HSA_STATUS_SUCCESS)
    return std::string();
  buf[63] = '\0';
  return buf;
}

hsa_device *make_device(const std::shared_ptr<const runtime_api> &api,
                        hsa_agent_t agent, int ordinal,
                        const agents &all, const pool_search &system,
                        hsa_agent_t host) {
  std::string where = "hsa:" + std::to_string(ordinal);
  agent_description d;
  d.agent = agent;
  d.host_agent = host;
  d.all_gpus = all.gpus;
  d.name = fixed_string(*api, agent, HSA_AGENT_INFO_NAME);
  d.product = fixed_string(*api, agent, HSA_AMD_AGENT_INFO_PRODUCT_NAME);
  d.isa_name = isa_name(*api, agent);
  if (d.isa_name.empty()) {
    note(where + ": no ISA reported; agent skipped");
    return nullptr;
  }
  api->hsa_agent_get_info(agent, HSA_AGENT_INFO_PROFILE, &d.profile);
  std::uint32_t u = 0;
  if (api->hsa_agent_get_info(agent, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT,
                              &u) == HSA_STATUS_SUCCESS && u)
    d.compute_units = u;
  if (api->hsa_agent_get_info(agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &u) ==
          HSA_STATUS_SUCCESS && u)
    d.wavefront_size = u;
  if (api->hsa_agent_get_info(agent, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, &u) ==
          HSA_STATUS_SUCCESS && u)
    d.max_workgroup_size = u;
  if (api->hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &u) ==
          HSA_STATUS_SUCCESS && u)
    d.queue_max_size = u;

  pool_search pools{api.get()};
  api->hsa_amd_agent_iterate_memory_pools(agent, inspect_pool, &pools);
  if (!pools.coarse.handle) {
    note(where + ": no coarse-grained memory pool; agent skipped");
    return nullptr;
  }
  d.device_pool = pools.coarse;
  d.memory_bytes = pools.coarse_size;
  if (pools.group_size)
    d.group_segment_bytes = pools.group_size;
  d.fine_host_pool = system.fine;
  d.kernarg_pool = system.kernarg;
  region_search regions{api.get()};
  api->hsa_agent_iterate_regions(agent, inspect_region, &regions);
  d.kernarg_region = regions.kernarg;

  device_info info;
  std::string label = d.product.empty() ? d.name : d.product;
  for (char c : label)
    info.description += static_cast<wchar_t>(static_cast<unsigned char>(c));
  info.device_path = L"hsa:" + std::to_wstring(ordinal);
  info.backend = "hsa";
  info.dedicated_memory_kb = d.memory_bytes / 1024;
  // HSA 1.x agents: the version of the HSA specification they implement.
  info.version = (1u << 16) | 1u;
  info.compute_units = d.compute_units;
  info.max_tile_size = std::min(1024u, d.max_workgroup_size);
  info.max_tile_static_bytes = d.group_segment_bytes;
  info.wavefront_size = d.wavefront_size;
  info.is_emulated = false;
  info.supports_double_precision = true;
  info.supports_limited_double_precision = true;
  info.supports_cpu_shared_memory = false;
  info.is_host_memory = false;
  info.reads_host_memory = false; // arrays are copied to the coarse pool

  note(where + ": " + label + " (" + agent_target_id(d.isa_name) + "), " +
       std::to_string(d.compute_units) + " CUs, wave" +
       std::to_string(d.wavefront_size) + ", " +
       std::to_string(d.memory_bytes >> 20) + " MiB");
  auto dev = std::make_unique<hsa_device>(api, std::move(d), std::move(info));
  hsa_device *kept = dev.get();
  keep_for_program(std::move(dev));
  return kept;
}

std::vector<device *> discover_devices(std::shared_ptr<const runtime_api> api) {
  hsa_status_t s = api->hsa_init();
  if (s != HSA_STATUS_SUCCESS) {
    note("hsa_init failed: " + api->describe(s) + "; no HSA devices");
    return {};
  }
  agents all;
  std::pair<const runtime_api *, agents *> ctx{api.get(), &all};
  s = api->hsa_iterate_agents(collect_agent, &ctx);
  if (s != HSA_STATUS_SUCCESS) {
    note("hsa_iterate_agents failed: " + api->describe(s) +
         "; no HSA devices");
    return {};
  }
  if (all.gpus.empty()) {
    note(api->library + ": no GPU agents");
    return {};
  }
  // System memory (pinned host memory, kernarg segments) comes from the
  // CPU agent's pools.
  pool_search system{api.get()};
  hsa_agent_t host{};
  for (hsa_agent_t cpu : all.cpus) {
    system = pool_search{api.get()};
    api->hsa_amd_agent_iterate_memory_pools(cpu, inspect_pool, &system);
    if (system.kernarg.handle) {
      host = cpu;
      break;
    }
  }
  if (!system.kernarg.handle) {
    note("no CPU agent with a kernarg memory pool; no HSA devices");
    return {};
  }
  note(api->library + ": " + std::to_string(all.gpus.size()) +
       " GPU agent(s)");
  std::vector<device *> devices;
  int ordinal = 0;
  for (hsa_agent_t gpu : all.gpus)
    if (hsa_device *d = make_device(api, gpu, ordinal, all, system, host)) {
      devices.push_back(d);
      ++ordinal;
    }
  return devices;
}

class hsa_backend final : public backend {
public:
  hsa_backend(symbol_lookup lookup, std::string kfd)
      : lookup_(std::move(lookup)), kfd_(std::move(kfd)) {}

  const char *name() const override { return "hsa"; }

  std::vector<device *> discover() override {
    // No amdgpu kernel driver: nothing ROCr could open. Checked first so
    // that ROCr, which prints its own errors, is not even loaded.
    if (access(kfd_.c_str(), R_OK | W_OK) != 0) {
      note("cannot open " + kfd_ + " (no amdgpu kernel driver, or no "
           "permission: the user must be in the 'render' group); no HSA "
           "devices");
      return {};
    }
    return discover_with_driver<runtime_api>(
        "hsa", "no HSA devices",
        [this](std::string &why) {
          return lookup_ ? bind_runtime(lookup_, "test runtime", why)
                         : load_runtime(why);
        },
        [](std::shared_ptr<const runtime_api> api) {
          return discover_devices(std::move(api));
        });
  }

private:
  symbol_lookup lookup_;
  std::string kfd_;
};

} // namespace

std::unique_ptr<backend> make_backend_with(symbol_lookup lookup,
                                           std::string kfd_path) {
  return std::make_unique<hsa_backend>(std::move(lookup),
                                       std::move(kfd_path));
}

} // namespace hsa

std::unique_ptr<backend> make_hsa_backend() {
  std::string kfd = env_string("HCC_HSA_KFD_PATH");
  return hsa::make_backend_with(hsa::symbol_lookup(),
                                kfd.empty() ? "/dev/kfd" : kfd);
}

} // namespace rt
} // namespace detail
} // namespace hc
