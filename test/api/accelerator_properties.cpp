// RUN: %hcc %s -o %t && %t | FileCheck %s
// Every accelerator answers the property queries; a real (not emulated)
// device reports its dedicated memory.
#include <hc.hpp>
#include <cstdio>
#include <string>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  int n = 0;
  for (hc::accelerator acc : hc::accelerator::get_all()) {
    std::wstring path = acc.get_device_path();
    std::wstring desc = acc.get_description();
    CHECK(!path.empty() && !desc.empty());
    std::printf("accelerator %ls: %ls, %zu KB, emulated=%d, double=%d\n",
                path.c_str(), desc.c_str(), (size_t)acc.get_dedicated_memory(),
                (int)acc.get_is_emulated(),
                (int)acc.get_supports_double_precision());
    if (!acc.get_is_emulated())
      CHECK(acc.get_dedicated_memory() > 0);
    // Double precision implies limited double precision.
    if (acc.get_supports_double_precision())
      CHECK(acc.get_supports_limited_double_precision());
    (void)acc.get_version();
    (void)acc.get_has_display();
    (void)acc.get_is_debug();
    (void)acc.get_max_tile_static_size();
    ++n;
  }
  std::printf("%d accelerators\n", n);
  return 0;
}
// CHECK: accelerator cpu:
// CHECK: {{[1-9][0-9]*}} accelerators
