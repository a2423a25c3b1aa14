// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: clock/cycle: ok
// hc::__clock_u64() (nanoseconds) and hc::__cycle_u64() (a cycle count) in
// kernels: both never go backwards within a work-item; a work-item that
// spins until __clock_u64() advanced 20 ms makes the kernel take at least
// 20 ms of host time and well under a second (so the unit is nanoseconds,
// not cycles or microseconds), and meanwhile __cycle_u64() advanced by
// between 100 MHz and 10 GHz worth of cycles. On the CPU backend
// __clock_u64() is the host's steady clock, so its values also lie between
// host readings taken before and after the kernel.
#include <hc.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

using u64 = std::uint64_t;

static u64 host_ns() {
  return static_cast<u64>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                              std::chrono::steady_clock::now().time_since_epoch())
                              .count());
}

// One work-item spins for `ns` nanoseconds of __clock_u64; out[0..3] =
// clock before, clock after, cycles before, cycles after.
static void spin(hc::array_view<u64, 1> out, u64 ns) {
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    const u64 c0 = hc::__cycle_u64(), t0 = hc::__clock_u64();
    u64 t = t0;
    // Bounded, so a clock that does not advance fails instead of hanging.
    for (u64 i = 0; i < (u64(1) << 40) && t - t0 < ns; ++i)
      t = hc::__clock_u64();
    const u64 c1 = hc::__cycle_u64();
    out[0] = t0; out[1] = t; out[2] = c0; out[3] = c1;
  }).wait();
}

int main() {
  const bool cpu = hc::accelerator().get_device_path() == L"cpu";

  // Monotone within each work-item.
  const int n = 4096;
  std::vector<u64> v(4 * n);
  hc::array_view<u64, 1> av(4 * n, v);
  const u64 before = host_ns();
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    const u64 t0 = hc::__clock_u64(), c0 = hc::__cycle_u64();
    const u64 c1 = hc::__cycle_u64(), t1 = hc::__clock_u64();
    av[4 * i[0]] = t0; av[4 * i[0] + 1] = t1;
    av[4 * i[0] + 2] = c0; av[4 * i[0] + 3] = c1;
  }).wait();
  av.synchronize();
  const u64 after = host_ns();
  for (int i = 0; i < n; ++i) {
    CHECK(v[4 * i + 1] >= v[4 * i]);
    CHECK(v[4 * i + 3] >= v[4 * i + 2]);
    if (cpu)
      CHECK(v[4 * i] >= before && v[4 * i + 1] <= after);
  }

  // Units.
  std::vector<u64> s(4);
  hc::array_view<u64, 1> sv(4, s);
  spin(sv, 0);  // warm-up: loads the kernel on a GPU
  const u64 ns = 20000000;
  const u64 w0 = host_ns();
  spin(sv, ns);
  sv.synchronize();
  const u64 wall = host_ns() - w0;
  const u64 clock = s[1] - s[0], cycles = s[3] - s[2];
  std::printf("spin: clock %llu ns, %llu cycles, host %llu ns\n",
              (unsigned long long)clock, (unsigned long long)cycles,
              (unsigned long long)wall);
  CHECK(clock >= ns);
  CHECK(wall >= ns && wall < 50 * ns);
  CHECK(cycles >= ns / 10 && cycles <= wall * 10);
  std::printf("clock/cycle: ok\n");
  return 0;
}
