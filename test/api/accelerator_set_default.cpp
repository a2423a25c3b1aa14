// RUN: %hcc %s -o %t && %t
// accelerator::set_default() before any kernel ran changes the default
// accelerator (here to the CPU accelerator); once the default has been used
// by a kernel it cannot be changed any more (returns false). Unknown paths
// are refused.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  // An unknown path is refused.
  CHECK(!hc::accelerator::set_default(L"no-such-device-path"));
  CHECK(hc::accelerator::set_default(hc::accelerator::cpu_accelerator));
  CHECK(hc::accelerator().get_device_path() == L"cpu");
  CHECK(hc::accelerator::get_auto_selection_view().get_accelerator() ==
        hc::accelerator(hc::accelerator::cpu_accelerator));

  std::vector<int> v(64, 0);
  hc::array_view<int, 1> av(64, v);
  hc::parallel_for_each(av.get_extent(), [=](hc::index<1> i) [[hc]] {
    av[i] = i[0] + 1;
  }).wait();
  for (int i = 0; i < 64; ++i)
    CHECK(av[i] == i + 1);

  // The default is fixed now.
  for (const hc::accelerator &acc : hc::accelerator::get_all())
    if (acc.get_device_path() != L"cpu")
      CHECK(!hc::accelerator::set_default(acc.get_device_path()));
  CHECK(hc::accelerator().get_device_path() == L"cpu");
  return 0;
}
