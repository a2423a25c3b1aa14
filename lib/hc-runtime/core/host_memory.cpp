#include "core/host_memory.hpp"

#include "core/environment.hpp"
#include "hc/detail/exceptions.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

void *allocate_host(std::size_t bytes) {
  constexpr std::size_t alignment = 64;
  void *ptr = nullptr;
  if (posix_memalign(&ptr, alignment, bytes ? bytes : alignment) != 0 || !ptr)
    throw Kalmar::out_of_memory("hc runtime: cannot allocate " +
                                std::to_string(bytes) + " bytes of host memory");
  return ptr;
}

void free_host(void *ptr) noexcept { std::free(ptr); }

namespace {

void copy_with(copy_stores stores, void *dst, const void *src,
               std::size_t bytes) {
  if (stores == copy_stores::streaming)
    streaming_memcpy(dst, src, bytes);
  else
    std::memcpy(dst, src, bytes);
}

// Helper threads for parallel_memcpy. A copy is cut into pieces, several
// per thread, that the caller and the helpers claim one at a time (an
// atomic counter): a thread that wakes late, or whose core the host (a VM's
// hypervisor) takes away for a while, then delays the copy by at most the
// piece it holds, while the others take the rest. With one fixed slice per
// thread the whole copy waited for the slowest thread. One copy at a time
// uses the helpers (others copy alone rather than wait). Between copies
// the helpers spin for a while before they sleep: a staged copy hands them
// a chunk every few tens of microseconds, and a futex wake-up per chunk
// would cost as much as the copy of a small chunk.
class memcpy_pool {
public:
  explicit memcpy_pool(unsigned helpers) : helpers_(helpers) {
    for (unsigned i = 0; i < helpers; ++i)
      std::thread([this] { run(); }).detach(); // live as long as the process
  }

  unsigned helpers() const { return helpers_; }

  // False when another copy is using the helpers, or the copy is too small
  // to share.
  bool copy(char *dst, const char *src, std::size_t bytes,
            copy_stores stores) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock())
      return false;
    std::size_t threads = helpers_ + 1;
    // Whole cache lines, at least min_piece.
    std::size_t piece =
        (bytes / (threads * pieces_per_thread) + 63) & ~std::size_t(63);
    if (piece < min_piece)
      piece = min_piece;
    std::size_t pieces = (bytes + piece - 1) / piece;
    if (pieces < 2)
      return false;
    // The job's fields change only while no piece of the previous job can
    // be claimed any more (it is closed, below), so a helper that read them
    // and then claimed a piece read this job's.
    dst_.store(dst, std::memory_order_relaxed);
    src_.store(src, std::memory_order_relaxed);
    bytes_.store(bytes, std::memory_order_relaxed);
    piece_.store(piece, std::memory_order_relaxed);
    pieces_.store(pieces, std::memory_order_relaxed);
    stores_.store(stores, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
    std::uint32_t job = ++jobs_; // wraps: compared as 32 bits throughout
    {
      std::lock_guard<std::mutex> lock(mutex_);
      claim_.store(std::uint64_t(job) << 32, std::memory_order_release);
    }
    work_.notify_all();
    copy_pieces(job);
    while (done_.load(std::memory_order_acquire) != pieces)
      relax();
    // Closed: a helper that read the claim word when the last piece had
    // been taken, (job, pieces), could otherwise still claim "piece
    // `pieces`" with the next job's fields once they are written (found by
    // ParallelMemcpy.BackToBackCopiesWithLateHelpers: hangs, wrong data).
    claim_.store((std::uint64_t(job) << 32) | closed, std::memory_order_release);
    return true;
  }

private:
  static constexpr std::size_t min_piece = 64 << 10;
  static constexpr std::size_t pieces_per_thread = 4;
  static constexpr std::uint64_t closed = 0xffffffffu; // as the next piece

  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
  }

  // Claims and copies pieces of job `job` until none is left. The claim
  // word holds the job number (high 32 bits) and the next piece.
  void copy_pieces(std::uint32_t job) {
    for (;;) {
      std::uint64_t claim = claim_.load(std::memory_order_acquire);
      if (std::uint32_t(claim >> 32) != job)
        return;
      std::size_t index = claim & 0xffffffffu;
      char *dst = dst_.load(std::memory_order_relaxed);
      const char *src = src_.load(std::memory_order_relaxed);
      std::size_t bytes = bytes_.load(std::memory_order_relaxed);
      std::size_t piece = piece_.load(std::memory_order_relaxed);
      copy_stores stores = stores_.load(std::memory_order_relaxed);
      if (index >= pieces_.load(std::memory_order_relaxed))
        return;
      if (!claim_.compare_exchange_weak(claim, claim + 1,
                                        std::memory_order_acq_rel,
                                        std::memory_order_acquire))
        continue;
      std::size_t offset = index * piece;
      std::size_t n = bytes - offset < piece ? bytes - offset : piece;
      copy_with(stores, dst + offset, src + offset, n);
      done_.fetch_add(1, std::memory_order_release);
    }
  }

  void run() {
    std::uint32_t seen = 0;
    auto current = [&] {
      return std::uint32_t(claim_.load(std::memory_order_acquire) >> 32);
    };
    for (;;) {
      // Spin ~100 us for the next job, then sleep.
      auto spin_until =
          std::chrono::steady_clock::now() + std::chrono::microseconds(100);
      while (current() == seen && std::chrono::steady_clock::now() < spin_until)
        relax();
      if (current() == seen) {
        std::unique_lock<std::mutex> lock(mutex_);
        work_.wait(lock, [&] { return current() != seen; });
      }
      seen = current();
      copy_pieces(seen);
    }
  }

  const unsigned helpers_;
  std::mutex busy_;  // one copy at a time
  std::mutex mutex_; // with work_: helpers sleeping between jobs
  std::condition_variable work_;
  std::uint32_t jobs_ = 0; // under busy_
  std::atomic<std::uint64_t> claim_{0};
  std::atomic<char *> dst_{nullptr};
  std::atomic<const char *> src_{nullptr};
  std::atomic<std::size_t> bytes_{0}, piece_{0}, pieces_{0};
  std::atomic<copy_stores> stores_{copy_stores::cached};
  std::atomic<std::size_t> done_{0};
};

unsigned configured_threads() {
  return static_cast<unsigned>(
      env_integer(settings::copy_threads,
                  default_copy_threads(std::thread::hardware_concurrency())));
}

memcpy_pool *pool() {
  // Never destroyed (detached threads use it until the process ends).
  static memcpy_pool *p =
      configured_threads() > 1 ? new memcpy_pool(configured_threads() - 1)
                               : nullptr;
  return p;
}

} // namespace

unsigned default_copy_threads(unsigned cores) {
  unsigned n = cores / 4 * 3 + cores % 4 * 3 / 4; // 3/4, no overflow
  if (n > 12)
    n = 12;
  return n ? n : 1;
}

unsigned memcpy_threads() {
  memcpy_pool *p = pool();
  return p ? p->helpers() + 1 : 1;
}

void parallel_memcpy(void *dst, const void *src, std::size_t bytes,
                     copy_stores stores) {
  constexpr std::size_t parallel_from = 128 << 10;
  if (bytes >= parallel_from)
    if (memcpy_pool *p = pool())
      if (p->copy(static_cast<char *>(dst), static_cast<const char *>(src),
                  bytes, stores))
        return;
  copy_with(stores, dst, src, bytes);
}

} // namespace rt
} // namespace detail
} // namespace hc
