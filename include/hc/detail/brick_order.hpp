// The order in which GPUs run the work-items of a non-tiled rank-3 launch.
//
// Row-major order gives a work-group of 256 work-items a piece of one row:
// a stencil's neighbours in the rows above and below and in the planes
// before and after are then all read by other work-groups, usually on other
// compute units, so each point comes through the L2 cache about seven
// times. Numbered brick by brick instead -- 32 x 4 x 2 work-items (x, the
// fastest dimension, along warps, as CUDA programs shape their blocks) --
// most neighbours are read by the same work-group and come from its L1.
// Each brick's work-items are consecutive linear ids, so one work-group of
// 256 (the backends' non-tiled size) runs one brick.
//
// A brick is smaller where the extent is: its sides are powers of two no
// larger than needed, so a thin domain does not run mostly idle
// work-items. Work-items of bricks that stick out of the domain do not run
// the kernel. Launches of 2^32 work-items or more (after rounding up to
// whole bricks) keep row-major order.
#ifndef HC_DETAIL_BRICK_ORDER_HPP
#define HC_DETAIL_BRICK_ORDER_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/fast_divide.hpp"
#include "hc/detail/index.hpp"

#include <cstdint>

namespace hc {
namespace detail {

class brick_order {
public:
  brick_order() = default;

  // Set up on the host, once per launch.
  explicit brick_order(const extent<3> &ext) {
    // At most 256 work-items: up to 32 along x, then y, keeping one
    // doubling for z when the domain has more than one plane.
    log_x_ = ceil_log2(ext[2], 5);
    const unsigned rest = 8 - log_x_;
    log_y_ = ceil_log2(ext[1], ext[0] > 1 ? rest - 1 : rest);
    log_z_ = ceil_log2(ext[0], rest - log_y_);
    bricks_x_ = (static_cast<std::uint32_t>(ext[2]) >> log_x_) +
                ((ext[2] & ((1 << log_x_) - 1)) != 0);
    bricks_y_ = (static_cast<std::uint32_t>(ext[1]) >> log_y_) +
                ((ext[1] & ((1 << log_y_) - 1)) != 0);
    std::uint64_t bricks_z = (static_cast<std::uint64_t>(ext[0]) >> log_z_) +
                             ((ext[0] & ((1 << log_z_) - 1)) != 0);
    std::uint64_t items = (bricks_z * bricks_y_ * bricks_x_)
                          << (log_x_ + log_y_ + log_z_);
    if (ext[0] <= 0 || ext[1] <= 0 || ext[2] <= 0 || items > 0xffffffffu)
      return; // items_ stays 0: row-major order
    items_ = static_cast<std::uint32_t>(items);
    by_bricks_x_ = fast_divider(bricks_x_);
    by_bricks_y_ = fast_divider(bricks_y_);
  }

  // Linear ids the kernel walks (whole bricks); 0 when not in use.
  HC_INLINE HC_HOST_DEVICE std::uint32_t items() const { return items_; }

  // The position of work-item `linear` (below items()), which may lie
  // outside the domain.
  HC_INLINE HC_HOST_DEVICE index<3> position(std::uint32_t linear) const {
    const unsigned volume_log = log_x_ + log_y_ + log_z_;
    const std::uint32_t in_brick = linear & ((1u << volume_log) - 1);
    std::uint32_t brick = linear >> volume_log;
    const std::uint32_t above = by_bricks_x_.divide(brick);
    const std::uint32_t brick_x = brick - above * bricks_x_;
    const std::uint32_t brick_z = by_bricks_y_.divide(above);
    const std::uint32_t brick_y = above - brick_z * bricks_y_;
    const std::uint32_t x = in_brick & ((1u << log_x_) - 1);
    const std::uint32_t y = (in_brick >> log_x_) & ((1u << log_y_) - 1);
    const std::uint32_t z = in_brick >> (log_x_ + log_y_);
    return index<3>(static_cast<int>((brick_z << log_z_) + z),
                    static_cast<int>((brick_y << log_y_) + y),
                    static_cast<int>((brick_x << log_x_) + x));
  }

private:
  // The smallest l <= most with 2^l >= n.
  static unsigned ceil_log2(int n, unsigned most) {
    unsigned l = 0;
    while (l < most && (1 << l) < n)
      ++l;
    return l;
  }

  std::uint32_t items_ = 0;
  std::uint32_t log_x_ = 0, log_y_ = 0, log_z_ = 0;
  std::uint32_t bricks_x_ = 1, bricks_y_ = 1;
  fast_divider by_bricks_x_, by_bricks_y_;
};

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_BRICK_ORDER_HPP
