// HCC_PROFILE=1 prints a summary table at exit (kernels by name with
// launches and times, copies by direction with bytes and GB/s);
// HCC_PROFILE=2 also writes a Chrome trace (JSON) of kernels, copies and
// host waits. Without HCC_PROFILE nothing is printed.
// RUN: %hcc %s -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env HCC_PROFILE=1 %t 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: rm -f %t.json
// RUN: env HCC_PROFILE=2 HCC_PROFILE_TRACE=%t.json %t 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: python3 %S/Inputs/check_trace.py %t.json
#include <hc.hpp>
#include <cstdio>
#include <vector>

struct scale_kernel {
  hc::array_view<float, 1> v;
  void operator()(hc::index<1> i) const [[hc]] { v[i] *= 2.0f; }
};

int main() {
  std::vector<float> host(1 << 16, 1.0f);
  hc::array<float, 1> data(host.size());
  hc::copy(host.begin(), host.end(), data);           // host to device
  hc::array_view<float, 1> view(data);
  for (int i = 0; i < 3; ++i)
    hc::parallel_for_each(view.get_extent(), scale_kernel{view}).wait();
  hc::parallel_for_each(view.get_extent(), [=](hc::index<1> i) [[hc]] {
    view[i] += 1.0f;
  }).wait();
  hc::copy(data, host.begin());                       // device to host
  std::printf("result %g\n", host[0]);
  std::fflush(stdout); // before the profile, which goes to stderr at exit
  return host[0] == 9.0f ? 0 : 1;
}

// OFF: result 9
// OFF-NOT: hcc profile

// SUMMARY: result 9
// SUMMARY: hcc profile (HCC_PROFILE): {{[0-9]+}} commands
// SUMMARY: kernel{{ +}}launches total ms avg us min us max us
// SUMMARY-DAG: main::{lambda(hc::index<1>)#1}{{ +}}1{{ }}
// SUMMARY-DAG: scale_kernel{{ +}}3{{ }}
// SUMMARY-NOT: trace of

// TRACE: result 9
// TRACE: hcc profile (HCC_PROFILE): {{[0-9]+}} commands
// TRACE: hcc profile: trace of {{[0-9]+}} events written to {{.*}}.json
