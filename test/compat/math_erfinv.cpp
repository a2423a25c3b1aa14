// RUN: %hcc -hc %s -o %t && %t
// erfinv and erfcinv (hc::precise_math, and global after <hc_math.hpp>, as
// in hcc): float and double, with the f-suffixed names, in a kernel and on
// the host, within 2 ulp (float) and 5 ulp (double) of a reference found
// by bisection on the host's long double erf / erfc; the edges (+-0, +-1,
// 0 and 2 for erfcinv, outside the domain, NaN) exactly.
#include <hc.hpp>
#include <hc_math.hpp>

#include "../math/Inputs/inverse_erf_reference.hpp"
#include "../math/Inputs/ulp.hpp"

#include <cstdio>
#include <vector>

namespace ref = inverse_erf_reference;

// Results per input: erfinv via precise_math (T overload), the f-suffixed
// or global name, erfcinv the same two ways.
template <typename T> struct results {
  T erfinv_qualified, erfinv_global, erfcinv_qualified, erfcinv_global;
};

template <typename T> results<T> compute(T y, T z) [[cpu, hc]] {
  results<T> r;
  r.erfinv_qualified = hc::precise_math::erfinv(y);
  r.erfcinv_qualified = hc::precise_math::erfcinv(z);
  if constexpr (sizeof(T) == 4) {
    r.erfinv_global = erfinvf(y);
    r.erfcinv_global = erfcinvf(z);
  } else {
    r.erfinv_global = erfinv(y);
    r.erfcinv_global = erfcinv(z);
  }
  return r;
}

template <typename T> int check(const char *type, double bound) {
  ulp_test::rng g;
  std::vector<T> ys = ulp_test::sweep<T>(g, 3000, -1, 1);
  std::vector<T> zs = ulp_test::sweep<T>(g, 3000, 0, 2);
  // Near the ends, where a careless formula loses everything.
  for (int k = 1; k < 60; ++k) {
    ys.push_back(T(1) - std::ldexp(T(1), -k));
    ys.push_back(std::ldexp(T(1), -k) - T(1));
    zs.push_back(std::ldexp(T(1), -4 * k));
    zs.push_back(T(2) - std::ldexp(T(1), -k));
  }
  const int n = int(ys.size());
  std::vector<results<T>> dev(n);
  hc::array_view<const T, 1> y_av(n, ys.data()), z_av(n, zs.data());
  hc::array_view<results<T>, 1> out(n, dev.data());
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    out[i] = compute(y_av[i], z_av[i]);
  });
  out.synchronize();

  ulp_test::row rows[] = {{"erfinv", type, bound}, {"erfcinv", type, bound}};
  for (int i = 0; i < n; ++i) {
    const results<T> host = compute(ys[i], zs[i]);
    const long double want_inv = ref::erfinv(ys[i]), want_cinv = ref::erfcinv(zs[i]);
    for (T got : {dev[i].erfinv_qualified, dev[i].erfinv_global,
                  host.erfinv_qualified, host.erfinv_global})
      ulp_test::note(rows[0], ulp_test::ulp_error<T>(got, want_inv), ys[i], 0, got, want_inv);
    for (T got : {dev[i].erfcinv_qualified, dev[i].erfcinv_global,
                  host.erfcinv_qualified, host.erfcinv_global})
      ulp_test::note(rows[1], ulp_test::ulp_error<T>(got, want_cinv), zs[i], 0, got, want_cinv);
  }
  return ulp_test::report({rows[0], rows[1]});
}

int main() {
  int failures = check<float>("float", 2) + check<double>("double", 5);
  // Edges, exactly.
  int bad = 0;
  bad += !(hc::precise_math::erfinv(1.0) == INFINITY && erfinv(-1.0f) == -INFINITY);
  bad += !(std::isnan(erfinv(1.5)) && std::isnan(erfinvf(NAN)) && std::isnan(erfcinv(-0.5)));
  bad += !(erfcinv(0.0) == INFINITY && erfcinvf(2.0f) == -INFINITY && erfcinv(1.0) == 0);
  bad += !(erfinv(0.0) == 0 && std::signbit(erfinv(-0.0)));
  // hc::half.
  bad += !(std::fabs(float(hc::precise_math::erfinv(_Float16(0.5f))) - 0.4769f) < 1e-3f);
  if (bad)
    std::printf("FAILED: %d edge checks\n", bad);
  return failures + bad ? 1 : 0;
}
