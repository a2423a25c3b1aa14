// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: arithmetic: int uint float double x 2,3,4 components ok
// Constructors and every operator of int_N, uint_N, float_N and double_N
// (N = 2, 3, 4), computed in a kernel on hc::array elements and compared
// with the same operation on each scalar component on the host: + - * / %
// ^ | & << >>, their compound assignments, unary - and ~, ++/-- (both
// forms), == and !=, broadcast and component constructors, and conversions
// between component types (float to int truncates, int to unsigned wraps).
#include <hc.hpp>
#include <hc_short_vector.hpp>
#include <cstdio>
#include <type_traits>
#include <vector>

using namespace hc::short_vector;

// Component i of a vector (the scalar accessors, not the operators under test).
template <class V> static typename short_vector_traits<V>::value_type at(const V &v, int i) {
  switch (i) {
  case 0: return v.get_x();
  case 1: return v.get_y();
  case 2: if constexpr (V::size > 2) return v.get_z(); else break;
  default: if constexpr (V::size > 3) return v.get_w(); else break;
  }
  return 0;
}
template <class V> static V make(typename short_vector_traits<V>::value_type base, int step) {
  using T = typename short_vector_traits<V>::value_type;
  if constexpr (V::size == 2) return V(base, T(base + step));
  else if constexpr (V::size == 3) return V(base, T(base + step), T(base + 2 * step));
  else return V(base, T(base + step), T(base + 2 * step), T(base + 3 * step));
}

// Results of one (a, b) pair; slots unused by a type stay default.
template <class V> struct results {
  V add, sub, mul, div, neg, pre_inc, post_inc, pre_dec, post_dec, compound;
  V mod, bxor, bor, band, shl, shr, bnot;
  int eq_self, ne_self, eq_other;
};

template <class V> static results<V> compute(V a, V b) {
  using T = typename short_vector_traits<V>::value_type;
  results<V> r;
  r.add = a + b; r.sub = a - b; r.mul = a * b; r.div = a / b;
  if constexpr (!std::is_unsigned<T>::value) r.neg = -a;
  V c = a; r.pre_inc = ++c; r.post_inc = c++; r.pre_dec = c;
  V d = a; d--; r.post_dec = d; r.pre_dec = --d;
  V e = a; e += b; e *= b; e -= a; e /= b; r.compound = e;
  if constexpr (std::is_integral<T>::value) {
    r.mod = a % b; r.bxor = a ^ b; r.bor = a | b; r.band = a & b;
    V s(T(3)); r.shl = a << s; r.shr = a >> s; r.bnot = ~a;
    V f = a; f %= b; f ^= b; f |= s; f &= a; f <<= s; f >>= s; r.mod = r.mod + f - f;
    r.compound += f;
  }
  r.eq_self = a == a; r.ne_self = a != a; r.eq_other = a == b;
  return r;
}

// The same on each component, scalar by scalar.
template <class V> static bool check(const results<V> &r, V a, V b) {
  using T = typename short_vector_traits<V>::value_type;
  bool same = true;
  for (int i = 0; i < V::size; ++i) {
    const T x = at(a, i), y = at(b, i);
    same = same && x == y;
    T e = x; e += y; e *= y; e -= x; e /= y;
    bool ok = at(r.add, i) == T(x + y) && at(r.sub, i) == T(x - y) &&
              at(r.mul, i) == T(x * y) && at(r.div, i) == T(x / y) &&
              at(r.pre_inc, i) == T(x + 1) && at(r.post_inc, i) == T(x + 1) &&
              at(r.post_dec, i) == T(x - 1) && at(r.pre_dec, i) == T(x - 2);
    if constexpr (!std::is_unsigned<T>::value) ok = ok && at(r.neg, i) == T(-x);
    if constexpr (std::is_integral<T>::value) {
      ok = ok && at(r.mod, i) == T(x % y) && at(r.bxor, i) == T(x ^ y) &&
           at(r.bor, i) == T(x | y) && at(r.band, i) == T(x & y) &&
           at(r.shl, i) == T(x << 3) && at(r.shr, i) == T(x >> 3) && at(r.bnot, i) == T(~x);
      T f = x; f %= y; f ^= y; f |= 3; f &= x; f <<= 3; f >>= 3;
      e += f;
    }
    ok = ok && at(r.compound, i) == e;
    if (!ok) {
      std::fprintf(stderr, "FAILED %s component %d of (%g, %g)\n", __PRETTY_FUNCTION__, i, double(x), double(y));
      return false;
    }
  }
  if (r.eq_self != 1 || r.ne_self != 0 || r.eq_other != int(same)) {
    std::fprintf(stderr, "FAILED %s comparisons\n", __PRETTY_FUNCTION__);
    return false;
  }
  return true;
}

template <class V> static bool run() {
  using T = typename short_vector_traits<V>::value_type;
  constexpr int n = 64;
  std::vector<V> as(n), bs(n);
  for (int k = 0; k < n; ++k) {
    // Integers: mixed signs (for int), divisors never 0; floats: fractions.
    const int s = std::is_unsigned<T>::value ? 1 : (k % 2 ? -1 : 1);
    as[k] = make<V>(T(s * (k * 7 + 1)), std::is_floating_point<T>::value ? 3 : 5);
    bs[k] = make<V>(std::is_floating_point<T>::value ? T(0.25 * (k + 1)) : T(k % 5 + 1), 1);
  }
  as[3] = bs[3]; // one pair that compares equal
  hc::array<V, 1> a(n, as.begin()), b(n, bs.begin());
  hc::array<results<V>, 1> out(n);
  hc::parallel_for_each(hc::extent<1>(n), [&a, &b, &out](hc::index<1> i) [[hc]] {
    out[i] = compute(a[i], b[i]);
  }).wait();
  std::vector<results<V>> got = out;
  for (int k = 0; k < n; ++k)
    if (!check(got[k], as[k], bs[k]) || !check(compute(as[k], bs[k]), as[k], bs[k]))
      return false;
  return true;
}

template <int N> static bool conversions() {
  using F = typename short_vector<float, N>::type;
  using I = typename short_vector<int, N>::type;
  using U = typename short_vector<unsigned, N>::type;
  using D = typename short_vector<double, N>::type;
  std::vector<int> ok(1, 0);
  hc::array_view<int, 1> okv(1, ok);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    const F f = make<F>(-2.75f, 2);          // -2.75, -0.75, 1.25, 3.25
    const I i(f);                            // truncation: -2, 0, 1, 3
    const U u(I(-1));                        // wraps
    const D d(f);
    const F back(d);
    const I bcast(7);
    bool good = at(i, 0) == -2 && at(i, 1) == 0 && at(u, 0) == 0xFFFFFFFFu &&
                back == f && at(d, 1) == -0.75 && at(bcast, N - 1) == 7;
    if constexpr (N > 2) good = good && at(i, 2) == 1;
    if constexpr (N > 3) good = good && at(i, 3) == 3;
    okv[0] = good ? 1 : 0;
  }).wait();
  return okv[0] == 1;
}

int main() {
  const bool ok = run<int_2>() && run<int_3>() && run<int_4>() &&
                  run<uint_2>() && run<uint_3>() && run<uint_4>() &&
                  run<float_2>() && run<float_3>() && run<float_4>() &&
                  run<double_2>() && run<double_3>() && run<double_4>() &&
                  conversions<2>() && conversions<3>() && conversions<4>();
  if (!ok)
    return 1;
  std::printf("arithmetic: int uint float double x 2,3,4 components ok\n");
  return 0;
}
