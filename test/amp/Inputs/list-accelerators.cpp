// hc mode's list of accelerators and its default, printed for
// cpu-accelerator-model.cpp.
#include <hc.hpp>
#include <cstdio>
#include <string>

static std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

int main() {
  for (const hc::accelerator &a : hc::accelerator::get_all())
    std::printf("accelerator: %s\n", narrow(a.get_device_path()).c_str());
  std::printf("default: %s\n", narrow(hc::accelerator().get_device_path()).c_str());
  std::vector<int> host(8);
  hc::array_view<int, 1> view(8, host);
  hc::parallel_for_each(hc::accelerator(L"cpu").get_default_view(), view.get_extent(),
                        [=](hc::index<1> i) [[hc]] { view[i] = 1; });
  std::printf("hc kernel on the cpu accelerator: %d\n", view[7]);
  return 0;
}
