// The syscall sample of hcc's wiki page "HSA Features": work-items ask a CPU
// service thread to make system calls for them and get the return values back.
// Each work-item fills its request slot in host memory (plain stores),
// publishes it with a release store of the slot's state, and spins (acquire)
// until the service thread has run the call -- getpid(2) for even work-items,
// write(2) of a line prepared in host memory for odd ones -- and stored the
// result.
//
// Forward progress: a work-item waits only for the service thread, never
// for another work-item, so any execution order works (the CPU backend's
// thread pool, a GPU). The service thread gives up after 60 s and raises
// `abort`, which the work-items watch, so a bug fails instead of hanging.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK-DAG: syscall: hello from work-item 1
// CHECK-DAG: syscall: hello from work-item 3
// CHECK-DAG: syscall: hello from work-item 5
// CHECK-DAG: syscall: hello from work-item 7
// CHECK: syscall: 8 requests served, results correct

#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <unistd.h>

enum { idle = 0, requested = 1, served = 2 };
enum { call_getpid = 1, call_write = 2 };

struct request {
  std::atomic_int state;
  int call;
  int fd;
  const char *buffer;
  long length;
  long result;
};

int main() {
  constexpr int n = 8;
  request slots[n];
  char lines[n][48];
  long results[n];
  for (int i = 0; i < n; ++i) {
    slots[i].state.store(idle);
    std::snprintf(lines[i], sizeof lines[i], "syscall: hello from work-item %d\n",
                  i);
    results[i] = -1;
  }
  std::atomic_int abort_flag(0);
  request *p_slots = &slots[0];
  char(*p_lines)[48] = lines;
  long *p_results = &results[0];
  std::atomic_int *p_abort = &abort_flag;
  std::fflush(stdout);

  // The service thread: polls the slots, performs the calls.
  std::thread service([&] {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    int remaining = n;
    while (remaining > 0) {
      for (int i = 0; i < n; ++i) {
        request &r = slots[i];
        if (r.state.load(std::memory_order_acquire) != requested)
          continue;
        if (r.call == call_getpid)
          r.result = getpid();
        else if (r.call == call_write)
          r.result = write(r.fd, r.buffer, r.length);
        r.state.store(served, std::memory_order_release);
        --remaining;
      }
      if (std::chrono::steady_clock::now() > deadline) {
        std::printf("FAIL: timeout, %d requests never came\n", remaining);
        abort_flag.store(1);
        return;
      }
    }
  });

  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    request &r = p_slots[i];
    if (i % 2 == 0) {
      r.call = call_getpid;
    } else {
      r.call = call_write;
      r.fd = 1;
      r.buffer = p_lines[i];
      int length = 0;
      while (p_lines[i][length])
        ++length;
      r.length = length;
    }
    r.state.store(requested, std::memory_order_release);
    while (r.state.load(std::memory_order_acquire) != served)
      if (p_abort->load(std::memory_order_relaxed))
        return;
    p_results[i] = r.result;
  }).wait();
  service.join();
  if (abort_flag.load())
    return 1;

  for (int i = 0; i < n; ++i) {
    long expected = i % 2 == 0 ? long(getpid()) : long(std::strlen(lines[i]));
    if (results[i] != expected) {
      std::printf("FAIL: work-item %d got %ld, expected %ld\n", i, results[i],
                  expected);
      return 1;
    }
  }
  std::printf("syscall: %d requests served, results correct\n", n);
  return 0;
}
