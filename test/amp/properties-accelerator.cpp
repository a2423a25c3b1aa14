// RUN: %hcc -std=c++amp %s -o %t && %t
// C++ AMP's properties of accelerator and accelerator_view read what their
// get_ functions return, and the device-path constants exist
// (direct3d_warp names the CPU device that runs kernels, direct3d_ref no
// accelerator: test/amp/cpu-accelerator-model.cpp).
#include <amp.h>

#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

using namespace concurrency;

int main() {
  accelerator acc;
  CHECK(acc.device_path == acc.get_device_path());
  CHECK(acc.description == acc.get_description());
  CHECK(acc.version == acc.get_version());
  CHECK(acc.is_debug == acc.get_is_debug());
  CHECK(acc.is_emulated == acc.get_is_emulated());
  CHECK(acc.has_display == acc.get_has_display());
  CHECK(acc.supports_double_precision == acc.get_supports_double_precision());
  CHECK(acc.supports_limited_double_precision ==
        acc.get_supports_limited_double_precision());
  CHECK(acc.supports_cpu_shared_memory ==
        acc.get_supports_cpu_shared_memory());
  CHECK(acc.dedicated_memory == acc.get_dedicated_memory());
  CHECK(acc.default_cpu_access_type == acc.get_default_cpu_access_type());
  accelerator_view av = acc.default_view;
  CHECK(av == acc.get_default_view());
  CHECK(av.accelerator == acc);
  CHECK(av.version == av.get_version());
  CHECK(av.is_debug == av.get_is_debug());
  CHECK(av.queuing_mode == av.get_queuing_mode());
  CHECK(av.is_auto_selection == av.get_is_auto_selection());

  CHECK(std::wstring(accelerator::cpu_accelerator) == L"cpu");
  CHECK(accelerator(accelerator::default_accelerator) == acc);
  CHECK(accelerator(accelerator::direct3d_warp).get_device_path() ==
        L"direct3d\\warp");
  bool threw = false;
  try {
    accelerator none(accelerator::direct3d_ref);
  } catch (const runtime_exception &) {
    threw = true;
  }
  CHECK(threw);
  return 0;
}
