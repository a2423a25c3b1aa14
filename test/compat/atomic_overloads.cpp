// RUN: %hcc -hc %s -o %t && %t
//
// hc's atomic functions are overloads per element type, as in hcc, so the
// value converts to the pointee's type (atomic_fetch_add(&u, 1) with an
// unsigned u, atomic_exchange(&f, 2) with a float f, ...), on global and
// tile_static memory; 64-bit and floating-point forms included.
#include <hc.hpp>

#include <cstdint>
#include <cstdio>

int main() {
  hc::array_view<unsigned, 1> u(8);
  hc::array_view<float, 1> f(2);
  hc::array_view<std::uint64_t, 1> w(2);
  hc::array_view<int, 1> i(4);
  for (int k = 0; k < 8; ++k)
    u[k] = 0;
  f[0] = f[1] = 0.0f;
  w[0] = w[1] = 0;
  i[0] = i[1] = i[2] = i[3] = 0;
  const int n = 64;
  hc::parallel_for_each(hc::extent<1>(n).tile(16),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static unsigned local_sum;
    if (t.local[0] == 0)
      local_sum = 0;
    t.barrier.wait();
    hc::atomic_fetch_add(&local_sum, 1);       // int 1 -> unsigned
    t.barrier.wait();
    if (t.local[0] == 0)
      hc::atomic_fetch_add(&u[0], local_sum);
    hc::atomic_fetch_add(&u[1], 2);
    hc::atomic_fetch_sub(&u[2], 1);            // wraps from 0
    hc::atomic_fetch_or(&u[3], 1 << (t.global[0] % 32));
    hc::atomic_fetch_max(&u[4], t.global[0]);  // int -> unsigned
    hc::atomic_fetch_inc(&u[5]);
    hc::atomic_exchange(&u[6], 7);
    unsigned expected = 0;
    hc::atomic_compare_exchange(&u[7], &expected, 5); // only the first
    hc::atomic_fetch_add(&f[0], 1);            // int -> float
    hc::atomic_fetch_max(&f[1], 0.5f * t.global[0]);
    hc::atomic_fetch_add(&w[0], 1);            // int -> uint64_t
    hc::atomic_fetch_xor(&w[1], std::uint64_t(1) << 40);
    hc::atomic_fetch_min(&i[0], -t.global[0]);
    hc::atomic_fetch_dec(&i[1]);
  }).wait();
  int failures = 0;
  auto expect = [&](const char *what, double got, double want) {
    if (got != want && failures++ < 20)
      std::printf("FAIL %s: %g, expected %g\n", what, got, want);
  };
  expect("tile_static add", u[0], n);
  expect("add", u[1], 2 * n);
  expect("sub", u[2], static_cast<unsigned>(-n));
  expect("or", u[3], 0xFFFFFFFFu);
  expect("max", u[4], n - 1);
  expect("inc", u[5], n);
  expect("exchange", u[6], 7);
  expect("compare_exchange", u[7], 5);
  expect("float add", f[0], n);
  expect("float max", f[1], 0.5 * (n - 1));
  expect("uint64 add", static_cast<double>(w[0]), n);
  expect("uint64 xor", static_cast<double>(w[1]), 0); // an even count
  expect("int min", i[0], -(n - 1));
  expect("int dec", i[1], -n);
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
