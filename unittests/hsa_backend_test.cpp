// HSA backend discovery without ROCm or an AMD GPU: no /dev/kfd, no
// library, a library missing entry points, hsa_init failing, no GPU agents
// (all: zero HSA accelerators, no exception), and a fake ROCr with one CPU
// and one GPU agent (the accelerator's description, limits and the native
// handles of hc's HSA interop API).
#include "backends/hsa/hsa_api.hpp"
#include "backends/hsa/hsa_backend.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <unistd.h>

using namespace hc::detail::rt::hsa;
using hc::detail::backend_kind;
using hc::detail::device;
using hcc_test::scoped_env;

namespace {

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
fake_state fake;

constexpr std::uint64_t cpu_agent = 1, gpu_agent = 2;
constexpr std::uint64_t kernarg_pool = 10, fine_pool = 11, coarse_pool = 20,
                        group_pool = 21, kernarg_region = 30, isa = 40;
const char isa_name[] = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";

hsa_status_t fake_init() { return fake.init_status; }
hsa_status_t fake_status_string(hsa_status_t, const char **text) {
  *text = "fake status";
  return HSA_STATUS_SUCCESS;
}
hsa_status_t fake_iterate_agents(agent_callback cb, void *data) {
  cb(hsa_agent_t{cpu_agent}, data);
  if (fake.with_gpu)
    cb(hsa_agent_t{gpu_agent}, data);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t fake_agent_get_info(hsa_agent_t agent, int attribute,
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
hsa_status_t fake_iterate_isas(hsa_agent_t, isa_callback cb, void *data) {
  hsa_status_t s = cb(hsa_isa_t{isa}, data);
  return s == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : s;
}
hsa_status_t fake_isa_get_info(hsa_isa_t, int attribute, void *value) {
  if (attribute == HSA_ISA_INFO_NAME_LENGTH) {
    std::uint32_t n = sizeof isa_name; // ROCr counts the NUL
    std::memcpy(value, &n, sizeof n);
  } else {
    std::memcpy(value, isa_name, sizeof isa_name);
  }
  return HSA_STATUS_SUCCESS;
}
hsa_status_t fake_iterate_pools(hsa_agent_t agent, pool_callback cb,
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
hsa_status_t fake_pool_get_info(hsa_amd_memory_pool_t pool, int attribute,
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
hsa_status_t fake_iterate_regions(hsa_agent_t, region_callback cb,
                                  void *data) {
  return cb(hsa_region_t{kernarg_region}, data);
}
hsa_status_t fake_region_get_info(hsa_region_t, int attribute, void *value) {
  std::uint32_t v = attribute == HSA_REGION_INFO_SEGMENT
                        ? HSA_REGION_SEGMENT_GLOBAL
                        : HSA_REGION_GLOBAL_FLAG_KERNARG |
                              HSA_REGION_GLOBAL_FLAG_FINE_GRAINED;
  std::memcpy(value, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

symbol_lookup fake_runtime() {
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
  return [table](const char *name) -> void * {
    ++fake.lookups;
    auto it = table->find(name);
    return it == table->end() ? nullptr : it->second;
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

class HsaDiscovery : public ::testing::Test {
protected:
  void SetUp() override { fake = fake_state(); }
};

TEST_F(HsaDiscovery, NoKfdMeansNoDevicesAndNoRocrCalls) {
  auto backend = make_backend_with(fake_runtime(), "/nonexistent/kfd");
  EXPECT_STREQ(backend->name(), "hsa");
  EXPECT_EQ(backend->kind(), backend_kind::hsa);
  EXPECT_TRUE(backend->discover().empty());
  EXPECT_EQ(fake.lookups, 0);
}

TEST_F(HsaDiscovery, MissingLibraryMeansNoDevices) {
  fake_kfd kfd;
  scoped_env library("HCC_HSA_LIBRARY", "/nonexistent/libhsa-runtime64.so.1");
  scoped_env node("HCC_HSA_KFD_PATH", kfd.path().c_str());
  std::unique_ptr<hc::detail::rt::backend> backend =
      hc::detail::rt::make_hsa_backend();
  EXPECT_TRUE(backend->discover().empty());
}

TEST_F(HsaDiscovery, LibraryWithoutEntryPointsMeansNoDevices) {
  fake_kfd kfd;
  auto backend = make_backend_with(
      [](const char *) -> void * { return nullptr; }, kfd.path());
  EXPECT_TRUE(backend->discover().empty());
  std::string why;
  EXPECT_EQ(bind_runtime([](const char *) -> void * { return nullptr; },
                         "libfake.so", why),
            nullptr);
  EXPECT_TRUE(hcc_test::contains(why, "libfake.so lacks hsa_init")) << why;
}

TEST_F(HsaDiscovery, FailedInitMeansNoDevices) {
  fake_kfd kfd;
  fake.init_status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  EXPECT_TRUE(make_backend_with(fake_runtime(), kfd.path())->discover().empty());
}

TEST_F(HsaDiscovery, NoGpuAgentsMeansNoDevices) {
  fake_kfd kfd;
  fake.with_gpu = false;
  EXPECT_TRUE(make_backend_with(fake_runtime(), kfd.path())->discover().empty());
}

TEST_F(HsaDiscovery, GpuAgentBecomesAnAccelerator) {
  fake_kfd kfd;
  std::vector<device *> devices =
      make_backend_with(fake_runtime(), kfd.path())->discover();
  ASSERT_EQ(devices.size(), 1u);
  device &d = *devices[0];
  const hc::detail::device_info &info = d.info();
  EXPECT_EQ(info.device_path, L"hsa:0");
  EXPECT_EQ(info.description, L"Fake Instinct MI210");
  EXPECT_EQ(info.backend, backend_kind::hsa);
  EXPECT_EQ(info.compute_units, 104u);
  EXPECT_EQ(info.wavefront_size, 64u);
  EXPECT_EQ(info.max_tile_size, 1024u);
  EXPECT_EQ(info.max_tile_static_bytes, 65536u);
  EXPECT_EQ(info.dedicated_memory_kb, (std::size_t{64} << 30) / 1024);
  EXPECT_FALSE(info.is_emulated);
  // hc's HSA interop: pointers to the agent, pools and kernarg region.
  ASSERT_NE(d.native_agent(), nullptr);
  EXPECT_EQ(static_cast<hsa_agent_t *>(d.native_agent())->handle, gpu_agent);
  EXPECT_EQ(static_cast<hsa_amd_memory_pool_t *>(d.native_am_region())->handle,
            coarse_pool);
  EXPECT_EQ(
      static_cast<hsa_amd_memory_pool_t *>(d.native_am_system_region())->handle,
      fine_pool);
  EXPECT_EQ(static_cast<hsa_region_t *>(d.native_kernarg_region())->handle,
            kernarg_region);
  // The devices live for the program (as the registry keeps them).
}

} // namespace
