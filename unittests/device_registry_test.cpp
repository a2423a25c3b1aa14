// The device registry and the choice of the default device.
#include "core/device_registry.hpp"
#include "fake_gpu.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

using namespace hc::detail;
using hc::detail::rt::select_default_device;
using hccc_fake = hcc_test::fake_gpu_device;

namespace {
const std::vector<std::string> backends = {"cuda", "hsa", "cpu"};
} // namespace

TEST(DeviceRegistry, CpuIsAlwaysPresentAndLast) {
  const auto &devices = all_devices();
  ASSERT_FALSE(devices.empty());
  EXPECT_EQ(devices.back(), &cpu_device());
  EXPECT_EQ(cpu_device().info().device_path, L"cpu");
  EXPECT_EQ(find_device(L"cpu"), &cpu_device());
  EXPECT_EQ(find_device(L"no-such-device"), nullptr);
  EXPECT_EQ(find_device(L"default"), &default_device());
  EXPECT_EQ(&all_devices(), &devices); // stable
}

TEST(DeviceRegistry, SetDefaultDevice) {
  EXPECT_FALSE(set_default_device(L"no-such-device"));
  EXPECT_TRUE(set_default_device(L"cpu"));
  EXPECT_EQ(&default_device(), &cpu_device());
  // After the first kernel the default can no longer change; choosing the
  // current default again still succeeds.
  rt::note_kernel_submitted();
  EXPECT_TRUE(set_default_device(L"cpu"));
}

TEST(DefaultDeviceChoice, FirstGpuWhenUnset) {
  hccc_fake gpu0(L"cuda:0"), gpu1(L"cuda:1");
  std::vector<device *> devices = {&gpu0, &gpu1, &cpu_device()};
  EXPECT_EQ(select_default_device(devices, backends, ""), &gpu0);
  EXPECT_EQ(select_default_device({&cpu_device()}, backends, ""),
            &cpu_device());
}

TEST(DefaultDeviceChoice, BackendNamesAndPaths) {
  hccc_fake gpu0(L"cuda:0"), gpu1(L"cuda:1");
  std::vector<device *> devices = {&gpu0, &gpu1, &cpu_device()};
  EXPECT_EQ(select_default_device(devices, backends, "cpu"), &cpu_device());
  EXPECT_EQ(select_default_device(devices, backends, "CPU"), &cpu_device());
  EXPECT_EQ(select_default_device(devices, backends, "cuda"), &gpu0);
  EXPECT_EQ(select_default_device(devices, backends, "cuda:1"), &gpu1);
}

TEST(DefaultDeviceChoice, MissingBackendFallsBackToCpuWithAWarning) {
  hccc_fake gpu0(L"cuda:0");
  std::vector<device *> devices = {&gpu0, &cpu_device()};
  testing::internal::CaptureStderr();
  EXPECT_EQ(select_default_device(devices, backends, "hsa"), &cpu_device());
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("HCC_DEFAULT_ACCELERATOR=hsa"), std::string::npos);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
}

TEST(DefaultDeviceChoice, UnknownValueFallsBackWithAWarning) {
  hccc_fake gpu0(L"cuda:0");
  std::vector<device *> devices = {&gpu0, &cpu_device()};
  testing::internal::CaptureStderr();
  EXPECT_EQ(select_default_device(devices, backends, "bogus"), &gpu0);
  EXPECT_EQ(select_default_device(devices, backends, "cuda:7"), &gpu0);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("bogus"), std::string::npos);
  EXPECT_NE(err.find("cuda:7"), std::string::npos);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 2);
}

// Run by ctest with HCC_DEFAULT_ACCELERATOR set (see CMakeLists.txt); the
// registry must not have been used before in the process.
TEST(DefaultDeviceFromEnvironment, Honoured) {
  const char *value = std::getenv("HCC_DEFAULT_ACCELERATOR");
  if (!value)
    GTEST_SKIP() << "HCC_DEFAULT_ACCELERATOR not set";
  testing::internal::CaptureStderr();
  device &d = default_device();
  std::string err = testing::internal::GetCapturedStderr();
  std::string v = value;
  if (v == "cpu") {
    EXPECT_EQ(&d, &cpu_device());
    EXPECT_TRUE(err.empty()) << err;
  } else {
    // A bogus value: one warning line naming it, and a usable default.
    EXPECT_NE(err.find(v), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
    EXPECT_NE(&d, nullptr);
  }
}
