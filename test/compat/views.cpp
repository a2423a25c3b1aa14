// RUN: %hcc -hc %s -o %t && %t
// accelerator_views as hcc had them: each host thread has its own default
// view (TLS_QUEUE), get_all_views() lists the views in use in creation
// order, create_view(order, mode, priority) keeps what it was given, and
// the C++ AMP form create_view(queuing_mode) still works.
#include <hc.hpp>

#include <cstdio>
#include <thread>

#define CHECK(c) do { if (!(c)) { std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view def = acc.get_default_view();
  CHECK(def == acc.get_default_view()); // the same thread: the same view
  hc::accelerator_view high =
      acc.create_view(hc::execute_in_order, hc::queuing_mode_automatic,
                      hc::priority_high);
  hc::accelerator_view any = acc.create_view(hc::execute_any_order);
  hc::accelerator_view immediate = acc.create_view(hc::queuing_mode_immediate);
  CHECK(high.get_queue_priority() == hc::priority_high);
  CHECK(def.get_queue_priority() == hc::priority_normal);
  CHECK(any.get_execute_order() == hc::execute_any_order);
  CHECK(immediate.get_queuing_mode() == hc::queuing_mode_immediate);

  hc::accelerator_view other = def;
  std::thread t([&] { other = acc.get_default_view(); });
  t.join();
  CHECK(other != def);
  CHECK(other.get_accelerator() == acc);

  std::vector<hc::accelerator_view> views = acc.get_all_views();
  CHECK(views.size() == 5);
  CHECK(views[0] == def && views[1] == high && views[2] == any &&
        views[3] == immediate && views[4] == other);

  // Work on every view, high priority included.
  int results[4] = {0, 0, 0, 0};
  int *r = results;
  int k = 0;
  for (hc::accelerator_view v : {def, high, any, other}) {
    int slot = k++;
    hc::parallel_for_each(v, hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
      r[slot] = slot + 1;
    }).wait();
  }
  CHECK(results[0] == 1 && results[3] == 4);
  return 0;
}
