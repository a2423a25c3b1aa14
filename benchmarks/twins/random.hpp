// The twins' inputs: a small deterministic generator, so that every run
// (and both sides) works on the same data, whatever the C++ library.
#ifndef HCC_BENCH_TWINS_RANDOM_HPP
#define HCC_BENCH_TWINS_RANDOM_HPP

#include <cstdint>

namespace twin {

// splitmix64: one multiply-xorshift mix of a counter; good enough for test
// data, and the same sequence on every platform.
class random {
public:
  explicit random(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound).
  std::uint32_t below(std::uint32_t bound) {
    return static_cast<std::uint32_t>((next() >> 32) * bound >> 32);
  }
  // Uniform in [lo, hi), 24 bits of resolution (a float's mantissa).
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(next() >> 40) * 0x1p-24f;
  }

private:
  std::uint64_t state_;
};

} // namespace twin

#endif // HCC_BENCH_TWINS_RANDOM_HPP
