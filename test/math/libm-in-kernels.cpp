// Plain <cmath>/<math.h> calls in kernels: C names (sinf, expf), the global
// C++ overloads (::sin(float)), std:: (std::sin, std::pow(int, int),
// std::isnan), and the float overloads of the C99 functions, on the default
// accelerator, against the host. On a GPU these reach hcc's device math
// library instead of the host's libm (docs/math.md).

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: libm in kernels ok

#include <hc_math.hpp>

#include <cmath>
#include <cstdio>
#include <math.h>

using namespace hc;

// The expressions evaluated on both sides. Integer arguments select the
// double overloads, as in <cmath>.
#define EXPRS(X)                                                               \
  X(sqrtf(x) + std::sqrt(x) + ::sqrt(x))                                       \
  X(std::sin(x) + sinf(x) + std::cos(x) + ::tanf(x))                           \
  X(expf(x) + std::exp2(x) + std::expm1(x) + exp10f(x))                        \
  X(std::log(x + 1) + log2f(x + 1) + std::log10(x + 1) + std::log1p(x))        \
  X(std::pow(x, 1.5f) + powf(x, 0.5f) + float(std::pow(2, i % 30)))            \
  X(std::erf(x) + erfcf(x) + std::lgamma(x + 1) + std::tgamma(x + 1))          \
  X(std::cbrt(x) + std::hypot(x, 3.0f) + std::atan2(x, 2.0f) + asinhf(x))      \
  X(std::fmod(x, 0.7f) + std::remainder(x, 0.7f) + std::fma(x, x, 1.0f))       \
  X(std::floor(x) + ceilf(x) + std::round(x) + std::trunc(x) + rintf(x))       \
  X(float(std::isnan(x) + std::isinf(x) + std::signbit(-x) + std::ilogb(x + 1)))\
  X(std::copysign(x, -1.0f) + std::nextafter(x, 0.0f) + std::fdim(x, 1.0f))    \
  X(std::ldexp(x, 3) + std::scalbn(x, -2) + std::frexp(x + 1, &e) + float(e))  \
  X(std::modf(x * 3, &ip) + ip + std::remquo(x * 5, 1.5f, &e) + float(e & 7))  \
  X(float(std::sin(double(x)) + ::cos(double(x)) + std::exp(double(x))))       \
  X(float(std::atanh(double(x) / 8) + std::cosh(x) + std::tanh(x)))

int main() {
  constexpr int n = 256;
  constexpr int nexpr = 15;
  array_view<float, 2> out(nexpr, n);
  parallel_for_each(extent<1>(n), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    float x = 0.03125f * float(i);
    int e = 0;
    float ip = 0;
    int k = 0;
#define STORE(expr) out(k++, i) = (expr);
    EXPRS(STORE)
  });
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float x = 0.03125f * float(i);
    int e = 0;
    float ip = 0;
    int k = 0;
#define COMPARE(expr)                                                          \
  {                                                                            \
    float want = (expr);                                                       \
    float got = out(k, i);                                                     \
    if (!(std::fabs(got - want) <= 1e-5f * (1 + std::fabs(want)))) {           \
      std::printf("expression %d, x=%g: device %.9g host %.9g\n", k, x, got,   \
                  want);                                                       \
      ++bad;                                                                   \
    }                                                                          \
    ++k;                                                                       \
  }
    EXPRS(COMPARE)
  }
  if (bad)
    return 1;
  std::printf("libm in kernels ok\n");
}
