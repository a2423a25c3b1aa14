// Division of 32-bit unsigned numbers by a divisor known only at run time,
// as a multiply-high, an add and a shift (Granlund and Montgomery, "Division
// by invariant integers using multiplication", PLDI 1994). GPUs have no
// integer divide instruction: a `/` or `%` by a variable is a sequence of
// some twenty instructions (more for 64 bits), which a non-tiled kernel of
// rank 2 or more would pay for every work-item to turn its linear id into an
// index. With the divisor fixed for the whole launch, each division is three
// instructions after a set-up done once per thread.
#ifndef HC_DETAIL_FAST_DIVIDE_HPP
#define HC_DETAIL_FAST_DIVIDE_HPP

#include "hc/detail/config.hpp"

#include <cstdint>

namespace hc {
namespace detail {

class fast_divider {
public:
  fast_divider() = default;
  // `divisor` from 1 to 2^31 - 1 (an extent).
  HC_INLINE HC_HOST_DEVICE explicit fast_divider(std::uint32_t divisor) {
    // shift = ceil(log2(divisor)); magic = floor(2^32 (2^shift - divisor) /
    // divisor) + 1, which fits in 32 bits because 2^shift < 2 divisor.
    shift_ = 0;
    while ((std::uint64_t(1) << shift_) < divisor)
      ++shift_;
    magic_ = static_cast<std::uint32_t>(
        (((std::uint64_t(1) << shift_) - divisor) << 32) / divisor + 1);
  }

  // n / divisor, exact for every 32-bit n.
  HC_INLINE HC_HOST_DEVICE std::uint32_t divide(std::uint32_t n) const {
    auto high = static_cast<std::uint32_t>((std::uint64_t(magic_) * n) >> 32);
    return static_cast<std::uint32_t>((std::uint64_t(high) + n) >> shift_);
  }

private:
  std::uint32_t magic_ = 1;
  std::uint32_t shift_ = 0;
};

} // namespace detail
} // namespace hc

#endif
