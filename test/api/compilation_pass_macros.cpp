// RUN: %hcc %s -o %t && %t
// Kernel code sees the macros of the pass it was compiled in: on a GPU the
// device pass (__KALMAR_ACCELERATOR__), on the CPU accelerator the host pass
// (__KALMAR_CPU__); host code always sees __KALMAR_CPU__.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static int which_pass() {
#if defined(__KALMAR_ACCELERATOR__)
  return 1;
#elif defined(__KALMAR_CPU__)
  return 2;
#else
  return 3;
#endif
}

int main() {
  CHECK(which_pass() == 2);
  std::vector<int> data(1, 0);
  hc::array_view<int, 1> v(1, data);
  hc::accelerator acc;
  hc::parallel_for_each(acc.get_default_view(), v.get_extent(),
                        [=](hc::index<1> i) [[hc]] { v[i] = which_pass(); }).wait();
  int expected = acc.get_device_path() == L"cpu" ? 2 : 1;
  std::printf("kernel pass %d on %ls\n", v[0], acc.get_device_path().c_str());
  CHECK(v[0] == expected);
  return 0;
}
