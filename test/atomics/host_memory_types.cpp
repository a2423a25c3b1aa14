// Every kind of std::atomic a kernel may use on host memory, from 4096
// work-items at once, each result checked by the host afterwards: int
// (seq_cst), unsigned (wrapping), long long (beyond 32 bits), 8- and 16-bit
// read-modify-writes next to bytes that must stay untouched, float and
// double fetch_add (C++20), atomic<T*>, atomic<bool> exchange (exactly one
// winner), a compare-exchange loop, an atomic_flag spin lock guarding a
// plain counter, and hc's own atomic_* functions on the same memory.
// On a GPU this exercises every instruction form PlatformAtomics emits
// (atom/red with .sys, widened 8/16-bit and/or/xor, compare-exchange loops);
// docs/platform-atomics.md. The host gives up after 60 s (the lock's
// spinners watch an abort word), so a bug fails instead of hanging.

// RUN: %hcc -std=c++20 %s -o %t && %t | FileCheck %s
// CHECK: host_memory_types: all correct

#include <hc.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>

struct state {
  std::atomic<int> counter{0};
  std::atomic<unsigned> wrapping{0xFFFFFF00u};
  std::atomic<long long> wide{1LL << 40};
  std::atomic<unsigned char> bytes[4];
  std::atomic<short> shorts[3];
  std::atomic<float> f{0.0f};
  std::atomic<double> d{0.0};
  std::atomic<int *> cursor{nullptr};
  std::atomic<bool> taken{false};
  std::atomic<int> winners{0};
  std::atomic<int> maximum{-1};
  std::atomic_flag lock = ATOMIC_FLAG_INIT;
  int guarded = 0; // plain: only under `lock`
  std::atomic<int> abort{0};
  int hc_sum = 0;  // hc::atomic_fetch_add
  int hc_max = -1; // hc::atomic_fetch_max
};

int main() {
  constexpr int n = 4096, lockers = 64;
  static int array[n + 1];
  state s;
  s.bytes[0].store(0x5A);
  s.bytes[1].store(0);
  s.bytes[2].store(0xFF);
  s.bytes[3].store(0xA5);
  s.shorts[0].store(0x1234);
  s.shorts[1].store(0);
  s.shorts[2].store(0x4321);
  s.cursor.store(&array[0]);
  state *p = &s;

  hc::completion_future done = hc::parallel_for_each(
      hc::extent<1>(n), [=](hc::index<1> idx) [[hc]] {
        int i = idx[0];
        p->counter.fetch_add(1);
        p->wrapping.fetch_add(1u, std::memory_order_relaxed);
        p->wide.fetch_add(1LL << 20, std::memory_order_acq_rel);
        p->bytes[1].fetch_or((unsigned char)(1u << (i % 8)),
                             std::memory_order_release);
        p->bytes[2].fetch_and((unsigned char)~(1u << (i % 8)));
        if (i < 1000)
          p->shorts[1].fetch_add(1, std::memory_order_relaxed);
        p->f.fetch_add(0.5f);
        p->d.fetch_add(0.25, std::memory_order_relaxed);
        p->cursor.fetch_add(1);
        if (!p->taken.exchange(true))
          p->winners.fetch_add(1);
        int seen = p->maximum.load(std::memory_order_relaxed);
        while (seen < i &&
               !p->maximum.compare_exchange_weak(seen, i,
                                                 std::memory_order_acq_rel,
                                                 std::memory_order_relaxed)) {
        }
        if (i < lockers) {
          bool gave_up = false;
          while (p->lock.test_and_set(std::memory_order_acquire))
            if (p->abort.load(std::memory_order_relaxed)) {
              gave_up = true;
              break;
            }
          if (!gave_up) {
            p->guarded = p->guarded + 1;
            p->lock.clear(std::memory_order_release);
          }
        }
        hc::atomic_fetch_add(&p->hc_sum, 2);
        hc::atomic_fetch_max(&p->hc_max, i);
      });
  if (done.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    std::printf("FAIL: timeout: the kernel did not finish in 60 s\n");
    s.abort.store(1);
    done.wait();
    return 1;
  }

  int errors = 0;
  auto expect = [&](const char *what, long long got, long long want) {
    if (got != want) {
      std::printf("FAIL: %s = %lld (0x%llx), expected %lld (0x%llx)\n", what,
                  got, (unsigned long long)got, want, (unsigned long long)want);
      ++errors;
    }
  };
  expect("atomic<int> counter", s.counter.load(), n);
  expect("atomic<unsigned> wrapping", s.wrapping.load(), 0xF00);
  expect("atomic<long long> wide", s.wide.load(),
         (1LL << 40) + ((long long)n << 20));
  expect("bytes[0] (untouched)", s.bytes[0].load(), 0x5A);
  expect("bytes[1] (fetch_or)", s.bytes[1].load(), 0xFF);
  expect("bytes[2] (fetch_and)", s.bytes[2].load(), 0);
  expect("bytes[3] (untouched)", s.bytes[3].load(), 0xA5);
  expect("shorts[0] (untouched)", s.shorts[0].load(), 0x1234);
  expect("shorts[1] (fetch_add)", s.shorts[1].load(), 1000);
  expect("shorts[2] (untouched)", s.shorts[2].load(), 0x4321);
  expect("atomic<float> sum * 2", (long long)(s.f.load() * 2), n);
  expect("atomic<double> sum * 4", (long long)(s.d.load() * 4), n);
  expect("atomic<int*> advance", s.cursor.load() - &array[0], n);
  expect("atomic<bool> exchange winners", s.winners.load(), 1);
  expect("compare_exchange maximum", s.maximum.load(), n - 1);
  expect("atomic_flag-guarded counter", s.guarded, lockers);
  expect("hc::atomic_fetch_add", s.hc_sum, 2 * n);
  expect("hc::atomic_fetch_max", s.hc_max, n - 1);
  if (errors)
    return 1;
  std::printf("host_memory_types: all correct\n");
  return 0;
}
