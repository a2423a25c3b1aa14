// RUN: %hcc %s -o %t && %t
// A producer/consumer pipeline over two accelerator_views: stage 1 runs on
// one view, stage 2 on another after a blocking marker on stage 1's future;
// results are checked against the CPU.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view producer = acc.create_view();
  hc::accelerator_view consumer = acc.create_view();
  const int n = 1 << 14, batches = 4;
  std::vector<std::vector<int>> raw(batches, std::vector<int>(n)),
      cooked(batches, std::vector<int>(n, 0));
  std::vector<hc::completion_future> done;
  std::vector<hc::array_view<int, 1>> results;
  for (int b = 0; b < batches; ++b) {
    hc::array_view<int, 1> r(n, raw[b]), c(n, cooked[b]);
    results.push_back(c);
    r.discard_data();
    hc::completion_future made = hc::parallel_for_each(
        producer, r.get_extent(), [=](hc::index<1> i) [[hc]] { r[i] = i[0] * (b + 1); });
    consumer.create_blocking_marker(made);
    done.push_back(hc::parallel_for_each(
        consumer, c.get_extent(), [=](hc::index<1> i) [[hc]] { c[i] = r[i] + b; }));
  }
  for (hc::completion_future &f : done)
    f.wait();
  for (int b = 0; b < batches; ++b)
    for (int i = 0; i < n; ++i)
      CHECK(results[b][i] == i * (b + 1) + b);
  return 0;
}
