// RUN: %hcc %s -o %t && %t
// The visibility table of HIP's host-memory guide, hc's names: kernel
// writes to zero-copy host memory (am_alloc amHostCoherent /
// amHostNonCoherent) are visible to the host after
//   accelerator_view::wait          (system-scope release)  coherent+non
//   completion_future::wait         (system-scope release)  coherent+non
//   create_marker(system_scope)     (system-scope release)  coherent+non
//   create_marker(accelerator_scope)(device-scope release)  coherent
// and to a kernel of another view ordered after a marker
// (create_blocking_marker: hipStreamWaitEvent)               coherent
// Rows the guide marks "no"/"depends" are not asserted (our backends give
// the stronger guarantee; docs/host-memory.md).
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s (%s)\n", __FILE__, __LINE__, #c, what); return 1; } } while (0)

namespace {

const int n = 1 << 16;

hc::completion_future fill(hc::accelerator_view &av, int *h, int tag) {
  return hc::parallel_for_each(av, hc::extent<1>(n),
                               [=](hc::index<1> i) [[hc]] {
                                 h[i[0]] = tag + i[0];
                               });
}

bool filled(const int *h, int tag) {
  for (int i = 0; i < n; ++i)
    if (h[i] != tag + i)
      return false;
  return true;
}

enum sync_kind { view_wait, future_wait, system_marker, device_marker };

int row(hc::accelerator &acc, unsigned flags, sync_kind how, int tag,
        const char *what) {
  hc::accelerator_view av = acc.create_view();
  int *h = hc::am_alloc(n * sizeof(int), acc, flags);
  CHECK(h != nullptr);
  hc::completion_future k = fill(av, h, tag);
  switch (how) {
  case view_wait: av.wait(); break;
  case future_wait: k.wait(); break;
  case system_marker: av.create_marker(hc::system_scope).wait(); break;
  case device_marker: av.create_marker(hc::accelerator_scope).wait(); break;
  }
  CHECK(filled(h, tag));
  CHECK(hc::am_free(h) == AM_SUCCESS);
  return 0;
}

} // namespace

int main() {
  hc::accelerator acc;
  const unsigned coherent = amHostCoherent, noncoherent = amHostNonCoherent;
  if (row(acc, coherent, view_wait, 1, "coherent, view wait") ||
      row(acc, noncoherent, view_wait, 2, "non-coherent, view wait") ||
      row(acc, coherent, future_wait, 3, "coherent, future wait") ||
      row(acc, noncoherent, future_wait, 4, "non-coherent, future wait") ||
      row(acc, coherent, system_marker, 5, "coherent, system marker") ||
      row(acc, noncoherent, system_marker, 6, "non-coherent, system marker") ||
      row(acc, coherent, device_marker, 7, "coherent, device marker"))
    return 1;

  // Stream-wait-event: a kernel on view 2, after a marker of view 1, reads
  // what view 1's kernel wrote to coherent host memory.
  const char *what = "coherent, kernel after a marker of another view";
  hc::accelerator_view av1 = acc.create_view(), av2 = acc.create_view();
  int *h = hc::am_alloc(n * sizeof(int), acc, amHostCoherent);
  int *seen = hc::am_alloc(n * sizeof(int), acc, amHostCoherent);
  CHECK(h && seen);
  fill(av1, h, 8);
  hc::completion_future m = av1.create_marker(hc::accelerator_scope);
  av2.create_blocking_marker(m, hc::accelerator_scope);
  hc::parallel_for_each(av2, hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    seen[i[0]] = h[i[0]];
  });
  av2.wait();
  CHECK(filled(seen, 8));
  CHECK(hc::am_free(h) == AM_SUCCESS && hc::am_free(seen) == AM_SUCCESS);
  return 0;
}
