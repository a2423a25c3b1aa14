// Division of 32-bit unsigned numbers by a divisor known only at run time,
// as a multiply-high, a few 32-bit adds and shifts (Granlund and Montgomery,
// "Division by invariant integers using multiplication", PLDI 1994). GPUs have
// no integer divide instruction: a `/` or `%` by a variable is a sequence of
// some twenty instructions (more for 64 bits), which a non-tiled kernel of
// rank 2 or more would pay for every work-item to turn its linear id into an
// index. With the divisor fixed for the whole launch, each division is five
// instructions after a set-up done once, on the host.
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
    unsigned shift = 0;
    while ((std::uint64_t(1) << shift) < divisor)
      ++shift;
    magic_ = static_cast<std::uint32_t>(
        (((std::uint64_t(1) << shift) - divisor) << 32) / divisor + 1);
    pre_shift_ = shift == 0 ? 0 : 1;
    post_shift_ = shift == 0 ? 0 : shift - 1;
  }

  // n / divisor, exact for every 32-bit n: (high + n) >> shift, where the
  // sum needs 33 bits, as (high + ((n - high) >> 1)) >> (shift - 1) (high
  // <= n). A divisor of 1 has shift 0 and high 0: both shifts are 0.
  //
  // Everything after the multiply-high is 32-bit arithmetic on purpose:
  // an index computed as a truncated 64-bit value would let the optimiser
  // rewrite the kernel's `sext(i - 1)` into shifts of the 64-bit value,
  // losing the no-overflow fact that lets neighbouring elements share one
  // address computation (llvm-passes/optimize/ExtendedIndexOffsets.h).
  HC_INLINE HC_HOST_DEVICE std::uint32_t divide(std::uint32_t n) const {
#if HC_DEVICE_PASS && defined(__NVPTX__)
    // One mul.hi.u32: the 64-bit form below is selected as a full 64-bit
    // multiply when the magic number was extended outside the loop.
    std::uint32_t high = __nvvm_mulhi_ui(magic_, n);
#else
    auto high = static_cast<std::uint32_t>((std::uint64_t(magic_) * n) >> 32);
#endif
    return (high + ((n - high) >> pre_shift_)) >> post_shift_;
  }

private:
  std::uint32_t magic_ = 1;
  std::uint32_t pre_shift_ = 0;
  std::uint32_t post_shift_ = 0;
};

} // namespace detail
} // namespace hc

#endif
