// Runs the work-items of one tile as fibers of the calling thread, so that
// a tile barrier can suspend a work-item and let the others catch up.
//
// Work-items run one after another on a single fiber as long as none of
// them waits at a barrier; only a work-item that blocks keeps its fiber,
// and the next work-item starts on a fresh one. A barrier-free tile thus
// costs one fiber switch, not one fiber per work-item. See docs/runtime.md
// ("Tiles and barriers") for the semantics.
#ifndef HC_RUNTIME_CPU_TILE_RUNNER_HPP
#define HC_RUNTIME_CPU_TILE_RUNNER_HPP

#include "backends/cpu/fiber_stack_pool.hpp"

#include <boost/context/fiber.hpp>

#include <cstddef>
#include <deque>
#include <exception>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class tile_runner {
public:
  using item_fn = void (*)(void *context, std::size_t item);

  explicit tile_runner(fiber_stack_pool &stacks) : stacks_(stacks) {}
  tile_runner(const tile_runner &) = delete;
  tile_runner &operator=(const tile_runner &) = delete;

  // Runs item(context, i) for i in [0, items); returns when all returned.
  // The first exception of a work-item ends the tile: suspended work-items
  // are unwound, unstarted ones skipped, and the exception is rethrown.
  void run(std::size_t items, item_fn item, void *context);

  // Barrier of the tile running on this thread: returns once every
  // work-item of the tile that has not finished has arrived. Outside a
  // tile it returns at once.
  static void barrier();

  // A work-item of the tile running on this thread that spins
  // (spin_points.hpp): the tile's other work-items run, then it goes on.
  // Outside a tile, or when no other work-item can run, it returns at once.
  static void yield();

  // The runner of the calling thread (one per thread, reused).
  static tile_runner &for_this_thread();

private:
  // What the continuation handed over by a switch stands for.
  enum class handoff { scheduler, waiting, yielding };

  boost::context::fiber fiber_main(boost::context::fiber &&from);
  boost::context::fiber new_fiber();
  // Stores the continuation received after a switch (see handoff_).
  void accept(boost::context::fiber &&from);
  void arrive();
  void yield_current();
  // Files the continuation of a fiber that switched away (handoff_).
  void file(boost::context::fiber &&suspended);
  void release_waiting();
  bool everyone_arrived() const {
    return arrived_ > 0 && arrived_ == items_ - finished_;
  }

  fiber_stack_pool &stacks_;
  std::size_t items_ = 0;
  item_fn item_ = nullptr;
  void *context_ = nullptr;
  std::size_t next_ = 0;     // first work-item not started
  std::size_t finished_ = 0; // work-items that returned
  std::size_t arrived_ = 0;  // work-items waiting at the current barrier
  std::exception_ptr error_;
  handoff handoff_ = handoff::scheduler; // set by whoever switches
  boost::context::fiber scheduler_;      // run()'s continuation, while away
  std::deque<boost::context::fiber> waiting_;  // suspended at the barrier
  std::deque<boost::context::fiber> runnable_; // released or yielding
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
