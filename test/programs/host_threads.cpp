// RUN: %hcc %s -o %t && %t
// Several host threads use the runtime at the same time: each creates its
// own data and views, launches kernels on the default view and on its own
// view, and waits; every result is right.
#include <hc.hpp>
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static std::atomic<int> errors(0);

static void worker(int id) {
  try {
    hc::accelerator acc;
    hc::accelerator_view own = acc.create_view();
    const int n = 4096;
    std::vector<int> data(n, id);
    hc::array_view<int, 1> v(n, data);
    for (int round = 0; round < 10; ++round) {
      hc::accelerator_view av = (round % 2) ? own : acc.get_default_view();
      hc::parallel_for_each(av, v.get_extent(), [=](hc::index<1> i) [[hc]] {
        v[i] += i[0] % 7;
      }).wait();
    }
    for (int i = 0; i < n; ++i)
      if (v[i] != id + 10 * (i % 7))
        errors.fetch_add(1);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "thread %d: %s\n", id, e.what());
    errors.fetch_add(1000000);
  }
}

int main() {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(worker, t);
  for (std::thread &t : threads)
    t.join();
  CHECK(errors.load() == 0);
  return 0;
}
