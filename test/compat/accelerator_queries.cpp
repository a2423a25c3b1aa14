// RUN: %hcc -hc %s -o %t && %t
// hcc's accelerator queries: get_all() lists the CPU first (programs take
// get_all()[1] as the first GPU), get_seqnum() is the position there,
// get_profile() is full where kernels use any host memory as it is (the
// CPU), is_hsa_accelerator() holds for every accelerator kernels run on,
// peers are other accelerators only (the CPU is nobody's peer), every
// accelerator has a distinct raw device handle.
#include <hc.hpp>

#include <cstdio>
#include <set>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<hc::accelerator> all = hc::accelerator::get_all();
  CHECK(!all.empty());
  CHECK(all[0].get_device_path() == L"cpu");
  CHECK(all[0].get_is_emulated());
  std::set<const void *> handles;
  for (std::size_t i = 0; i < all.size(); ++i) {
    hc::accelerator &a = all[i];
    CHECK(a.get_seqnum() == static_cast<int>(i));
    CHECK(a.is_hsa_accelerator());
    CHECK(a.get_default_view().is_hsa_accelerator());
    CHECK(a.get_profile() != hc::hcAgentProfileNone);
    CHECK(!a.get_is_peer(a));
    CHECK(!all[0].get_is_peer(a) && !a.get_is_peer(all[0]));
    for (const hc::accelerator &p : a.get_peers())
      CHECK(p != a && a.get_is_peer(p));
    CHECK(handles.insert(a.get_raw_device()).second);
    // A cooperative view is a new view of the same accelerator.
    hc::accelerator_view coop = a.create_cooperative_view();
    CHECK(coop.get_accelerator() == a && coop != a.get_default_view());
  }
  hc::accelerator cpu = all[0];
  CHECK(cpu.get_profile() == hc::hcAgentProfileFull);
  CHECK(cpu.has_cpu_accessible_am());
  CHECK(cpu.get_hsa_agent() == nullptr);
  CHECK(cpu.get_hsa_finegrained_am_region() == nullptr);
  // The default accelerator is not the CPU when a GPU exists.
  hc::accelerator def;
  CHECK((all.size() > 1) == (def != cpu));
  // An array on any accelerator is read-write for the host.
  hc::array<int, 1> a(4);
  CHECK(a.get_cpu_access_type() == hc::access_type_read_write);
  a[0] = 1;
  CHECK(a[0] == 1);
  return 0;
}
