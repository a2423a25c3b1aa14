// RUN: %hcc -std=c++amp %s -o %t
// RUN: env HCC_DEFAULT_ACCELERATOR=cpu %t | FileCheck %s
// RUN: %hcc -hc %S/Inputs/list-accelerators.cpp -o %t.hc
// RUN: env HCC_DEFAULT_ACCELERATOR=cpu %t.hc | FileCheck --check-prefix=HC %s
//
// C++ AMP's device model (C++ AMP 1.2 3.2): the CPU accelerator holds data
// for the host and runs no kernel; parallel_for_each on it throws
// runtime_exception with Visual C++'s message, also when the target comes
// from the arrays the kernel captured (a parallel_for_each without an
// accelerator_view runs where its arrays are; a staging array is on the CPU
// accelerator). Kernels on the CPU run on direct3d\warp, which is the
// default accelerator where the CPU would be. hc programs see one CPU
// accelerator, which runs kernels.
#include <amp.h>
#include <cstdio>
#include <string>

#include "../Inputs/checks.hpp"

using namespace concurrency;

static std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

template <class Launch> std::string launch_error(Launch launch) {
  try {
    launch();
  } catch (const runtime_exception &e) {
    return e.what();
  }
  return "(no exception)";
}

int main() {
  hcc_test::checks check;
  // CHECK: accelerator: cpu
  // CHECK-NEXT: accelerator: direct3d\warp
  for (const accelerator &a : accelerator::get_all())
    std::printf("accelerator: %s\n", narrow(a.get_device_path()).c_str());
  // CHECK: default: direct3d\warp
  std::printf("default: %s\n", narrow(accelerator().get_device_path()).c_str());

  accelerator cpu(accelerator::cpu_accelerator);
  std::vector<int> host(16);
  array_view<int, 1> view(16, host);

  // CHECK: explicit view: concurrency::parallel_for_each is not supported on the selected accelerator "CPU accelerator".
  std::printf("explicit view: %s\n", launch_error([&] {
                parallel_for_each(cpu.get_default_view(), view.get_extent(),
                                  [=](index<1> i) restrict(amp) { view[i] = 1; });
              }).c_str());

  array<int, 1> on_cpu(16, cpu.get_default_view());
  // CHECK: captured array: concurrency::parallel_for_each is not supported on the selected accelerator "CPU accelerator".
  std::printf("captured array: %s\n", launch_error([&] {
                parallel_for_each(on_cpu.get_extent(),
                                  [&](index<1> i) restrict(amp) { on_cpu[i] = 1; });
              }).c_str());

  array<int, 2> staging(4, 4, cpu.get_default_view(), accelerator().get_default_view());
  // CHECK: staging array, tiled: concurrency::parallel_for_each is not supported on the selected accelerator "CPU accelerator".
  std::printf("staging array, tiled: %s\n", launch_error([&] {
                parallel_for_each(staging.get_extent().tile<2, 2>(),
                                  [&](tiled_index<2, 2> t) restrict(amp) { staging[t.global] = 1; });
              }).c_str());

  // Arrays on the default accelerator, and views, run there.
  array<int, 1> on_default(16);
  parallel_for_each(on_default.get_extent(),
                    [&](index<1> i) restrict(amp) { on_default[i] = i[0]; });
  parallel_for_each(view.get_extent(), [=](index<1> i) restrict(amp) { view[i] = 2 * i[0]; });
  std::vector<int> out = on_default;
  check(out[15] == 15 && view[15] == 30, "kernels run on the default accelerator");
  // The CPU accelerator still holds data: copies to and from it work.
  copy(on_default, on_cpu);
  std::vector<int> back = on_cpu;
  check(back[7] == 7, "copy through the CPU accelerator");

  // CHECK: cpu accelerator model: ok
  if (check.failures == 0)
    std::printf("cpu accelerator model: ok\n");
  return check.failures;
}

// HC: accelerator: cpu
// HC-NOT: warp
// HC: default: cpu
// HC: hc kernel on the cpu accelerator: 1
