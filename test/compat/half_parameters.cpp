// RUN: %hcc -hc %s -o %t && %t
//
// hc::half (__fp16) as a parameter and return type, on the host and in
// kernels, as hcc's Clang allowed (hcc's BLAS library declares its
// half-precision entry points so): stock Clang rejects it outside the
// targets whose ABI defines it.
#include "../Inputs/checks.hpp"
#include <hc.hpp>

static hc::half scaled(hc::half x, hc::half a) [[hc, cpu]] {
  return static_cast<hc::half>(static_cast<float>(x) * static_cast<float>(a));
}

static void axpy(int n, hc::half alpha, const hc::half *x, hc::half *y) {
  hc::array_view<const hc::half, 1> xv(n, x);
  hc::array_view<hc::half, 1> yv(n, y);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    yv[i] = static_cast<hc::half>(static_cast<float>(scaled(xv[i], alpha)) +
                                  static_cast<float>(yv[i]));
  });
  yv.synchronize();
}

int main() {
  const int n = 64;
  hc::half x[n], y[n];
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<hc::half>(i * 0.5f);
    y[i] = static_cast<hc::half>(1.0f);
  }
  axpy(n, static_cast<hc::half>(2.0f), x, y);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += static_cast<float>(y[i]) != i + 1.0f;
  CHECK(wrong == 0);
  CHECK(static_cast<float>(scaled(static_cast<hc::half>(3.0f),
                                  static_cast<hc::half>(0.5f))) == 1.5f);
  std::printf(hcc_test::failures ? "failed\n" : "ok\n");
  return hcc_test::failures != 0;
}
