// An integer division by zero (or INT_MIN / -1) in a kernel gives a value
// and the kernel goes on, as on a GPU, instead of SIGFPE killing the
// program on the CPU backend, whose kernels are host code. There x / 0 is
// all bits set and x % 0 is x, INT_MIN / -1 is INT_MIN and INT_MIN % -1 is
// 0; the other lanes divide as usual everywhere.

// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -hc -O0 %s -o %t.O0 && %t.O0
// RUN: %hcc -std=c++amp %s -o %t.amp && %t.amp

#include <hc.hpp>
#include <climits>
#include <cstdio>

// Called by the kernel and the host alike (one body for both).
int quotient(int a, int b) [[hc, cpu]] { return a / b; }
unsigned remainder_of(unsigned a, unsigned b) [[hc, cpu]] { return a % b; }

int main() {
  const int n = 4;
  int dividend[n] = {7, 9, INT_MIN, INT_MIN};
  int divisor[n] = {0, 2, -1, 3};
  int q[n] = {}, r[n] = {};
  unsigned uq[n] = {}, ur[n] = {};
  hc::array_view<const int, 1> a(n, dividend), b(n, divisor);
  hc::array_view<int, 1> qv(n, q), rv(n, r);
  hc::array_view<unsigned, 1> uqv(n, uq), urv(n, ur);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    qv[i] = quotient(a[i], b[i]);
    rv[i] = a[i] % b[i];
    uqv[i] = static_cast<unsigned>(a[i]) / static_cast<unsigned>(b[i]);
    urv[i] = remainder_of(static_cast<unsigned>(a[i]),
                          static_cast<unsigned>(b[i]));
  });
  qv.synchronize();
  rv.synchronize();
  uqv.synchronize();
  urv.synchronize();

  int failures = 0;
  // Ordinary divisions, every backend.
  failures += q[1] != 4 || r[1] != 1 || uq[1] != 4 || ur[1] != 1;
  failures += q[3] != INT_MIN / 3 || r[3] != INT_MIN % 3;
  // The special divisors, where the values are this backend's.
  bool cpu = hc::accelerator().get_device_path() == L"cpu";
  if (cpu) {
    failures += q[0] != -1 || r[0] != 7 || uq[0] != 0xffffffffu || ur[0] != 7;
    failures += q[2] != INT_MIN || r[2] != 0;
    // The host calling the same functions gets the same values.
    volatile int zero = 0;
    failures += quotient(5, zero) != -1 || remainder_of(5, zero) != 5;
  }
  if (failures) {
    std::printf("FAILED: %d checks (q %d %d %d %d, r %d %d %d %d)\n", failures,
                q[0], q[1], q[2], q[3], r[0], r[1], r[2], r[3]);
    return 1;
  }
  return 0;
}
