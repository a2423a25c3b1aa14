// RUN: %hcc -hc %s -o %t && %t
//
// A kernel that uses the launching thread's stack through captured
// pointers or references: when its completion_future is discarded, the
// launch has finished by the end of the statement (the frame is alive for
// the kernel and the host sees its results, as hcc code without a wait
// expects); when the program keeps the future, the launch stays
// asynchronous until the future's last copy goes away.
#include <hc.hpp>

#include <atomic>
#include <cstdio>

static int failures = 0;
#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("FAIL line %d: %s\n", __LINE__, #c);                         \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

// Work enough that an unfinished kernel would be seen.
static int slow_value(int i) [[hc]] {
  int v = i;
  for (int k = 0; k < 20000; ++k)
    v = (v * 7 + k) % 1000003;
  return v;
}

static void discarded_future_pointer() {
  const int n = 4096;
  int out[n];
  for (int i = 0; i < n; ++i)
    out[i] = -1;
  int *p = out;
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    p[i[0]] = slow_value(i[0]);
  });
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != slow_value(i);
  CHECK(wrong == 0);
}

static void discarded_future_reference() {
  const int n = 1024;
  int out[n] = {};
  int scale = 3;
  hc::parallel_for_each(hc::extent<1>(n), [&](hc::index<1> i) [[hc]] {
    out[i[0]] = scale * slow_value(i[0]);
  });
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != 3 * slow_value(i);
  CHECK(wrong == 0);
}

// The kernel waits for the host: only an asynchronous launch lets the host
// go on to release it.
static void kept_future_stays_asynchronous() {
  std::atomic<int> go{0}, seen{0};
  std::atomic<int> *pgo = &go, *pseen = &seen;
  {
    hc::completion_future f =
        hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
          while (pgo->load(std::memory_order_acquire) == 0) {
          }
          pseen->store(1, std::memory_order_release);
        });
    CHECK(seen.load() == 0);
    go.store(1, std::memory_order_release);
    f.wait();
    CHECK(seen.load() == 1);
  }
  // Copies of the future: only the last one's destruction waits.
  go.store(0);
  seen.store(0);
  hc::completion_future *kept = new hc::completion_future;
  {
    hc::completion_future f =
        hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
          while (pgo->load(std::memory_order_acquire) == 0) {
          }
          pseen->store(1, std::memory_order_release);
        });
    *kept = f;
  } // not the last copy: no wait here (the kernel waits for `go`)
  CHECK(seen.load() == 0);
  go.store(1, std::memory_order_release);
  delete kept; // the last copy: waits
  CHECK(seen.load() == 1);
}

int main() {
  discarded_future_pointer();
  discarded_future_reference();
  kept_future_stays_asynchronous();
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
