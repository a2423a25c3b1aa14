// RUN: %hcc %s -o %t && %t
// completion_future::then() on an operation that has already completed
// still runs the callback, once.
#include <hc.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> data(32, 0);
  hc::array_view<int, 1> v(32, data);
  hc::completion_future f = hc::parallel_for_each(
      v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] = i[0]; });
  f.wait();
  CHECK(f.is_ready());

  std::atomic<int> calls(0);
  f.then([&calls]() { calls.fetch_add(1); });
  for (int k = 0; k < 1000 && calls.load() == 0; ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(calls.load() == 1);
  return 0;
}
