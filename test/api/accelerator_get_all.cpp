// RUN: %hcc %s -o %t && %t
// accelerator::get_all() lists at least one accelerator; each has a device
// path and a description, and the paths are unique.
#include <hc.hpp>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<hc::accelerator> all = hc::accelerator::get_all();
  CHECK(!all.empty());
  std::set<std::wstring> paths;
  for (const hc::accelerator &acc : all) {
    CHECK(!acc.get_device_path().empty());
    CHECK(!acc.get_description().empty());
    CHECK(paths.insert(acc.get_device_path()).second);
    // Looking an accelerator up by its path gives the same accelerator.
    CHECK(hc::accelerator(acc.get_device_path()) == acc);
  }
  // The default accelerator is one of them.
  hc::accelerator def;
  CHECK(paths.count(def.get_device_path()) == 1);
  return 0;
}
