// HSA backend discovery without ROCm or an AMD GPU: no /dev/kfd, no
// library, a library missing entry points, hsa_init failing, no GPU agents
// (all: zero HSA accelerators, no exception), and a fake ROCr with one CPU
// and one GPU agent (the accelerator's description, limits and the native
// handles of hc's HSA interop API).
#include "backends/hsa/hsa_backend.hpp"
#include "hsa_fake_runtime.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <unistd.h>

using namespace hc::detail::rt::hsa;
using hc::detail::device;
using hc::detail::native_object;
using hcc_test::scoped_env;
using namespace hsa_fake;

namespace {

class HsaDiscovery : public ::testing::Test {
protected:
  void SetUp() override { fake = fake_state(); }
};

TEST_F(HsaDiscovery, NoKfdMeansNoDevicesAndNoRocrCalls) {
  auto backend = make_backend_with(fake_runtime(), "/nonexistent/kfd");
  EXPECT_STREQ(backend->name(), "hsa");
  EXPECT_STREQ(backend->name(), "hsa");
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
  EXPECT_EQ(info.backend, "hsa");
  EXPECT_EQ(info.compute_units, 104u);
  EXPECT_EQ(info.wavefront_size, 64u);
  EXPECT_EQ(info.max_tile_size, 1024u);
  EXPECT_EQ(info.max_tile_static_bytes, 65536u);
  EXPECT_EQ(info.dedicated_memory_kb, (std::size_t{64} << 30) / 1024);
  EXPECT_FALSE(info.is_emulated);
  // hc's HSA interop: pointers to the agent, pools and kernarg region.
  ASSERT_NE(d.native_handle(native_object::agent), nullptr);
  EXPECT_EQ(
      static_cast<hsa_agent_t *>(d.native_handle(native_object::agent))->handle,
      gpu_agent);
  EXPECT_EQ(static_cast<hsa_amd_memory_pool_t *>(
                d.native_handle(native_object::am_region))
                ->handle,
            coarse_pool);
  EXPECT_EQ(static_cast<hsa_amd_memory_pool_t *>(
                d.native_handle(native_object::am_system_region))
                ->handle,
            fine_pool);
  EXPECT_EQ(static_cast<hsa_region_t *>(
                d.native_handle(native_object::kernarg_region))
                ->handle,
            kernarg_region);
  // The devices live for the program (as the registry keeps them).
}

} // namespace
