// Host-side timing: steady_clock, medians, and ours/ref samples taken in
// alternation.
//
// Every figure is the median of several repetitions after warm-up ones: the
// median ignores the odd repetition that a page fault, a clock change of the
// GPU or another process on the machine made slow.
#ifndef HCC_BENCH_TIMING_HPP
#define HCC_BENCH_TIMING_HPP

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace bench {

using clock = std::chrono::steady_clock;

inline double micros(clock::duration d) {
  return std::chrono::duration<double, std::micro>(d).count();
}

// Microseconds that `f` took.
template <class F> double time_us(F &&f) {
  clock::time_point t0 = clock::now();
  f();
  return micros(clock::now() - t0);
}

inline double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct samples {
  std::vector<double> ours, ref;
};

// `warmup` unmeasured then `reps` measured calls of each side, ours and the
// reference taking turns, so that slow drifts (GPU clocks, other load) hit
// both alike. Each call returns one sample. `ref` may be empty (no
// reference available).
inline samples alternate(int warmup, int reps,
                         const std::function<double()> &ours,
                         const std::function<double()> &ref) {
  samples s;
  for (int i = 0; i < warmup; ++i) {
    ours();
    if (ref)
      ref();
  }
  for (int i = 0; i < reps; ++i) {
    s.ours.push_back(ours());
    if (ref)
      s.ref.push_back(ref());
  }
  return s;
}

} // namespace bench

#endif // HCC_BENCH_TIMING_HPP
