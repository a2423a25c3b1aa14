// RUN: %hcc %s -o %t && %t | FileCheck %s
// A chain of kernels driven by completion_future::then(): each callback
// launches the next kernel, the last one signals the host. Each stage sees
// the previous stage's results.
#include <hc.hpp>
#include <chrono>
#include <cstdio>
#include <future>
#include <memory>
#include <mutex>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

struct Chain : std::enable_shared_from_this<Chain> {
  hc::array_view<int, 1> v;
  int remaining;
  std::mutex m;
  std::vector<hc::completion_future> futures;  // keeps every stage alive
  std::promise<int> done;
  int stages = 0;

  explicit Chain(hc::array_view<int, 1> view, int n) : v(view), remaining(n) {}

  void launch() {
    hc::array_view<int, 1> view = v;
    hc::completion_future f = hc::parallel_for_each(
        view.get_extent(), [=](hc::index<1> i) [[hc]] { view[i] = view[i] * 2 + 1; });
    {
      std::lock_guard<std::mutex> lock(m);
      futures.push_back(f);
    }
    // The callback may run at once (kernel already done) or on another
    // thread; it keeps the chain alive.
    std::shared_ptr<Chain> self = shared_from_this();
    f.then([self]() { self->next(); });
  }

  void next() {
    bool last;
    {
      std::lock_guard<std::mutex> lock(m);
      ++stages;
      last = --remaining == 0;
    }
    if (last)
      done.set_value(stages);
    else
      launch();
  }
};

int main() {
  const int n = 1000, stages = 8;
  std::vector<int> data(n, 0);
  hc::array_view<int, 1> v(n, data);
  auto chain = std::make_shared<Chain>(v, stages);
  std::future<int> finished = chain->done.get_future();
  chain->launch();
  if (finished.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    std::fprintf(stderr, "FAILED: the chain did not finish\n");
    return 1;
  }
  int ran = finished.get();
  std::printf("stages run: %d\n", ran);
  CHECK(ran == stages);
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == (1 << stages) - 1);
  return 0;
}
// CHECK: stages run: 8
