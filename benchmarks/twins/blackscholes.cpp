// Black-Scholes prices of European call and put options, one option per
// work-item: logf, sqrtf, expf and the cumulative normal distribution by
// the polynomial of Abramowitz and Stegun (26.2.17), which needs another
// expf. Math-bound. Twin: blackscholes.cu.
//
//   twin.blackscholes.goptions   options priced / median time of one pass,
//                                in 1e9 per second
//
// Both sides are checked against the same formulas in double precision on
// the CPU (a sample of options), and against each other (all of them).
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

#include <cmath>

namespace {

constexpr float RATE = 0.02f, VOLATILITY = 0.30f;

// The cumulative normal distribution, to within 7.5e-8. A template, so
// that the CPU check runs the same formula in double precision.
template <class T> T cnd(T d) [[hc, cpu]] {
  const T k = T(1) / (T(1) + T(0.2316419) * (d < 0 ? -d : d));
  const T poly =
      k *
      (T(0.319381530) +
       k * (T(-0.356563782) +
            k * (T(1.781477937) + k * (T(-1.821255978) + k * T(1.330274429)))));
  const T tail = T(0.3989422804014327) * std::exp(T(-0.5) * d * d) * poly;
  return d > 0 ? T(1) - tail : tail;
}

void price(const hc::accelerator_view &view,
           const hc::array_view<const float, 1> &spot,
           const hc::array_view<const float, 1> &strike,
           const hc::array_view<const float, 1> &years,
           const hc::array_view<float, 1> &call,
           const hc::array_view<float, 1> &put) {
  hc::parallel_for_each(view, spot.get_extent(), [=](hc::index<1> i) [[hc]] {
    const float s = spot[i], x = strike[i], t = years[i];
    const float sqrt_t = sqrtf(t);
    const float d1 =
        (logf(s / x) + (RATE + 0.5f * VOLATILITY * VOLATILITY) * t) /
        (VOLATILITY * sqrt_t);
    const float d2 = d1 - VOLATILITY * sqrt_t;
    const float discounted = x * expf(-RATE * t);
    call[i] = s * cnd(d1) - discounted * cnd(d2);
    put[i] = discounted * cnd(-d2) - s * cnd(-d1);
  }).wait();
}

int run(twin::harness &h) {
  int n = static_cast<int>(h.size(1 << 24, 100000));
  bench::note("%d options, median of %d passes", n, h.reps());

  twin::random rng(8);
  std::vector<float> hspot(n), hstrike(n), hyears(n);
  for (int i = 0; i < n; ++i) {
    hspot[i] = rng.uniform(5, 30);
    hstrike[i] = rng.uniform(1, 100);
    hyears[i] = rng.uniform(0.25f, 10);
  }

  hc::accelerator_view view = h.view();
  hc::array<float, 1> spot_data(n, hspot.begin(), view),
      strike_data(n, hstrike.begin(), view),
      years_data(n, hyears.begin(), view), call_data(n, view),
      put_data(n, view);
  hc::array_view<const float, 1> spot(spot_data), strike(strike_data),
      years(years_data);
  hc::array_view<float, 1> call(call_data), put(put_data);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rspot = 0, rstrike = 0, ryears = 0, rcall = 0, rput = 0;
  if (ref) {
    kernel = ref->function("black_scholes");
    rspot = h.upload(hspot);
    rstrike = h.upload(hstrike);
    ryears = h.upload(hyears);
    rcall = h.alloc<float>(n);
    rput = h.alloc<float>(n);
  }
  void *params[] = {&n, &rspot, &rstrike, &ryears, &rcall, &rput};
  const unsigned block = 256;

  h.time([&] { price(view, spot, strike, years, call, put); },
         [&] {
           ref->launch(kernel, (n + block - 1) / block, 1, block, 1, params);
         });

  // Prices are up to 100; single precision through logf and expf keeps a
  // few ulps of that, hence 1e-4 of max(price, 1).
  std::vector<float> ours_call(n), ours_put(n);
  hc::copy(call_data, ours_call.begin());
  hc::copy(put_data, ours_put.begin());
  const std::vector<std::size_t> at = twin::sample(n, 100000);
  std::vector<double> want_call, want_put;
  for (std::size_t i : at) {
    const double s = hspot[i], x = hstrike[i], t = hyears[i];
    const double v = VOLATILITY, r = RATE;
    const double d1 =
        (std::log(s / x) + (r + 0.5 * v * v) * t) / (v * std::sqrt(t));
    const double d2 = d1 - v * std::sqrt(t);
    const double discounted = x * std::exp(-r * t);
    want_call.push_back(s * cnd(d1) - discounted * cnd(d2));
    want_put.push_back(discounted * cnd(-d2) - s * cnd(-d1));
  }
  twin::expect_close("ours (calls) against the CPU", twin::pick(ours_call, at),
                     want_call, 1e-4);
  twin::expect_close("ours (puts) against the CPU", twin::pick(ours_put, at),
                     want_put, 1e-4);
  if (ref) {
    twin::expect_close("ref (calls) against ours", h.download<float>(rcall, n),
                       ours_call, 1e-4);
    twin::expect_close("ref (puts) against ours", h.download<float>(rput, n),
                       ours_put, 1e-4);
  }

  h.report("twin.blackscholes.goptions", n, 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "blackscholes", "[--size OPTIONS]", run);
}
