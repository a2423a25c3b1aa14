// Forward progress of spinning work-items on the CPU backend.
//
// A GPU runs the work-items of a launch side by side: one may wait (spin on
// a flag in memory) for another work-item or for a host thread, and the
// other still runs. The CPU backend runs the work-items of a non-tiled
// range one after another on a worker thread, and the work-items of a tile
// as fibers of one thread; a spinning work-item would keep the rest from
// ever starting. The compiler puts a yield point into every kernel loop that
// reads memory other threads write (llvm-passes/cpu/CpuKernelYieldPoints.h);
// the headers ask the runtime at one call in 1024 (cpu_spin_point). A
// work-item that has been at yield points for longer than a spin slice
// (1 ms) is taken to wait for someone:
//
//   * non-tiled: the rest of its range (the work-items after it) moves to a
//     new thread, which can split again in turn; the spinning work-item
//     keeps its own thread. The launch ends when every such thread has.
//   * tiled: the other work-items of its tile run (tile_runner::yield), and
//     it yields again at each later slow call while it still spins.
//
// Work-items that finish quickly, and loops that are busy but not waiting,
// never reach a slice: they pay a thread-local increment per iteration.
#ifndef HC_RUNTIME_CPU_SPIN_POINTS_HPP
#define HC_RUNTIME_CPU_SPIN_POINTS_HPP

#include "hc/detail/runtime.hpp"

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

// A non-tiled launch on the CPU: its work-items in chunks of consecutive
// ones, which the pool's threads claim (drain) and the threads that
// waiting work-items hand over to claim as well.
class flat_launch {
public:
  // `run` runs [begin, end) of the kernel on the calling thread.
  using range_fn = void (*)(const kernel_launch &k, std::size_t begin,
                            std::size_t end);
  flat_launch(const kernel_launch &k, range_fn run, std::size_t total,
              std::size_t per_chunk)
      : kernel_(k), run_(run), total_(total), per_chunk_(per_chunk),
        chunks_((total + per_chunk - 1) / per_chunk) {}
  flat_launch(const flat_launch &) = delete;
  flat_launch &operator=(const flat_launch &) = delete;
  ~flat_launch() { join_helpers(); }

  std::size_t chunks() const { return chunks_; }

  // Claims chunks and runs them until none is left (or a work-item threw:
  // the exception propagates, and nobody claims more).
  void drain();
  // Waits for the threads work-items handed over to; rethrows the first
  // exception one of them ended with.
  void finish();

  // The launch whose work-items the calling thread runs; null elsewhere.
  static flat_launch *current();
  // For a work-item that waits: a new thread runs [begin, end) (the rest of
  // the work-item's range; may be empty), then claims chunks. False when
  // there is nothing to hand over or no thread could be made.
  bool hand_over(std::size_t begin, std::size_t end);

private:
  void run_range(std::size_t begin, std::size_t end);
  void join_helpers() noexcept;

  const kernel_launch &kernel_;
  range_fn run_;
  const std::size_t total_, per_chunk_, chunks_;
  std::atomic<std::size_t> next_chunk_{0};
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::vector<std::thread> helpers_;
  std::exception_ptr helper_error_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
