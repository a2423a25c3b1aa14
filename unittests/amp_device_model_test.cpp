// C++ AMP's device model (use_amp_device_model() in runtime.hpp): the
// second CPU device appears after the CPU accelerator and replaces it as the
// default. A process of its own: the switch is for the whole program.
#include "core/device_registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace hc::detail;

namespace {

bool listed(const std::vector<device *> &devices, const wchar_t *path) {
  return std::any_of(devices.begin(), devices.end(), [&](const device *d) {
    return d->info().device_path == path;
  });
}

} // namespace

TEST(AmpDeviceModel, ExecutorListedOnlyInCppAmpPrograms) {
  ASSERT_FALSE(amp_device_model());
  EXPECT_FALSE(listed(all_devices(), L"direct3d\\warp"));
  EXPECT_EQ(find_device(L"direct3d\\warp"), nullptr);
  use_amp_device_model();
  ASSERT_TRUE(amp_device_model());
  const std::vector<device *> &devices = all_devices();
  ASSERT_GE(devices.size(), 2u);
  EXPECT_EQ(devices[0], &cpu_device());
  EXPECT_EQ(devices[1]->info().device_path, L"direct3d\\warp");
  EXPECT_TRUE(devices[1]->info().amp_kernel_executor);
  EXPECT_TRUE(devices[1]->info().is_host_memory);
  EXPECT_EQ(find_device(L"direct3d\\warp"), devices[1]);

  // Where the runtime would pick the CPU accelerator, its executor is the
  // default (this process sets HCC_DEFAULT_ACCELERATOR=cpu, CMakeLists.txt).
  EXPECT_EQ(&default_device(), devices[1]);
  // A program that chooses the CPU accelerator gets it (C++ AMP's
  // set_default), and may choose the executor again.
  EXPECT_TRUE(set_default_device(L"cpu"));
  EXPECT_EQ(&default_device(), &cpu_device());
  EXPECT_TRUE(set_default_device(L"direct3d\\warp"));
  EXPECT_EQ(&default_device(), devices[1]);
  // The CPU accelerator itself is still the one that holds host data.
  EXPECT_EQ(cpu_device().info().device_path, L"cpu");
}
