// RUN: %hcc -hc %s -o %t && %t
//
// A kernel that uses the program's host memory other than the launching
// thread's stack (new/malloc memory, a large malloc chunk, global data,
// another thread's stack): when its completion_future is discarded, the
// launch has finished by the end of the statement, so the host may read
// and free the memory at once (hcc programs do, without a wait). Kernels
// on array_views and am_alloc memory stay asynchronous.
#include "../Inputs/checks.hpp"
#include <hc.hpp>
#include <hc_am.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <vector>

using hcc_test::failures;

// Work enough that an unfinished kernel would be seen.
static int slow_value(int i) [[hc]] {
  int v = i;
  for (int k = 0; k < 20000; ++k)
    v = (v * 7 + k) % 1000003;
  return v;
}

static int wrong_values(const int *out, int n, int scale = 1) {
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != scale * slow_value(i);
  return wrong;
}

static void heap_memory_read_and_freed() {
  const int n = 2048;
  int *out = new int[n];
  std::atomic<long> *sum = new std::atomic<long>(0);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    out[i[0]] = slow_value(i[0]);
    sum->fetch_add(1);
  });
  CHECK(wrong_values(out, n) == 0);
  CHECK(sum->load() == n);
  delete[] out; // the kernel is done with it
  delete sum;
}

static void large_malloc_chunk() {
  const int n = 1 << 18; // 1 MiB: a mapping of its own
  int *out = static_cast<int *>(std::malloc(n * sizeof(int)));
  hc::parallel_for_each(hc::extent<1>(1024), [=](hc::index<1> i) [[hc]] {
    out[i[0] * 256] = slow_value(i[0]);
  });
  int wrong = 0;
  for (int i = 0; i < 1024; ++i)
    wrong += out[i * 256] != slow_value(i);
  CHECK(wrong == 0);
  std::free(out);
}

static int global_out[1024];

static void global_data() {
  int *out = global_out;
  hc::parallel_for_each(hc::extent<1>(1024), [=](hc::index<1> i) [[hc]] {
    out[i[0]] = slow_value(i[0]);
  });
  CHECK(wrong_values(global_out, 1024) == 0);
}

// Launched from a callback thread on the main thread's stack memory: the
// callback's next step (setting the promise) comes after the kernel.
static void another_threads_stack() {
  const int n = 1024;
  int out[n] = {};
  int *p = out;
  std::promise<void> done;
  hc::completion_future first =
      hc::parallel_for_each(hc::extent<1>(1), [](hc::index<1>) [[hc]] {});
  first.then([p, &done] {
    hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
      p[i[0]] = 2 * slow_value(i[0]);
    });
    done.set_value();
  });
  done.get_future().wait();
  CHECK(wrong_values(out, n, 2) == 0);
}

// The kernel waits for the host: only an asynchronous launch lets the host
// go on to release it.
static void kept_future_stays_asynchronous() {
  std::atomic<int> *go = new std::atomic<int>(0);
  std::atomic<int> *seen = new std::atomic<int>(0);
  hc::completion_future f =
      hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
        while (go->load(std::memory_order_acquire) == 0) {
        }
        seen->store(1, std::memory_order_release);
      });
  CHECK(seen->load() == 0);
  go->store(1, std::memory_order_release);
  f.wait();
  CHECK(seen->load() == 1);
  delete go;
  delete seen;
}

// Data the runtime tracks stays asynchronous: a discarded launch on an
// array_view or on am_alloc memory returns before the kernel ends (the
// kernel waits for a flag the host sets afterwards).
static void tracked_data_stays_asynchronous() {
  hc::accelerator acc;
  std::atomic<int> *go = static_cast<std::atomic<int> *>(
      hc::am_alloc(sizeof(std::atomic<int>), acc, amHostPinned));
  new (go) std::atomic<int>(0);
  std::vector<int> data(64, 0);
  hc::array_view<int, 1> view(64, data);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    while (go->load(std::memory_order_acquire) == 0) {
    }
    view[0] = 7;
  });
  go->store(1, std::memory_order_release);
  CHECK(view[0] == 7);
  hc::am_free(go);
}

int main() {
  heap_memory_read_and_freed();
  large_malloc_chunk();
  global_data();
  another_threads_stack();
  kept_future_stays_asynchronous();
  tracked_data_stays_asynchronous();
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
