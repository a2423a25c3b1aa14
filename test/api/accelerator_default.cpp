// RUN: %hcc %s -o %t && %t
// accelerator() is the default accelerator: the same as
// accelerator(accelerator::default_accelerator), and the accelerator of the
// auto-selection view. Copies compare equal.
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator a;
  hc::accelerator b(hc::accelerator::default_accelerator);
  CHECK(a == b);
  CHECK(!(a != b));
  CHECK(hc::accelerator::get_auto_selection_view().get_accelerator() == a);
  CHECK(a.get_default_view().get_accelerator() == a);

  hc::accelerator c(a);
  CHECK(c == a);
  hc::accelerator d(hc::accelerator::cpu_accelerator);
  d = a;
  CHECK(d == a);
  CHECK(d.get_device_path() == a.get_device_path());
  return 0;
}
