// RUN: %hcc %s -o %t && %t
// A CPU accelerator always exists, with the path accelerator::cpu_accelerator
// (L"cpu"), and has the CPU device's properties: emulated, shares memory
// with the host, supports double precision.
#include <hc.hpp>
#include <cstdio>
#include <string>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  CHECK(std::wstring(hc::accelerator::cpu_accelerator) == L"cpu");
  CHECK(std::wstring(hc::accelerator::default_accelerator) == L"default");

  int found = 0;
  for (const hc::accelerator &acc : hc::accelerator::get_all())
    if (acc.get_device_path() == L"cpu")
      ++found;
  CHECK(found == 1);

  hc::accelerator cpu(hc::accelerator::cpu_accelerator);
  CHECK(cpu.get_device_path() == L"cpu");
  CHECK(cpu == hc::accelerator(L"cpu"));
  CHECK(cpu.get_is_emulated());
  CHECK(cpu.get_supports_cpu_shared_memory());
  CHECK(cpu.get_supports_double_precision());
  CHECK(cpu.get_supports_limited_double_precision());
  return 0;
}
