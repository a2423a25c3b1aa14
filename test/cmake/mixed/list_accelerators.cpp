// The project's compiler with hcc::hc_runtime: the accelerator part of the
// hc API is plain C++.
#ifdef __HCC__
#error "list_accelerators.cpp must be compiled by the project's own compiler"
#endif
#include <hc/detail/accelerator.hpp>
#include <cstdio>

int main() {
  bool cpu = false;
  for (const hc::accelerator &a : hc::accelerator::get_all()) {
    std::printf("list_accelerators: %ls\n", a.get_device_path().c_str());
    cpu = cpu || a.get_device_path() == L"cpu";
  }
  std::printf("list_accelerators: %s\n", cpu ? "PASSED" : "FAILED (no CPU)");
  return cpu ? 0 : 1;
}
