#include "core/host_memory.hpp"

#include "core/environment.hpp"
#include "hc/detail/exceptions.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
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

// Helper threads for parallel_memcpy: each copy hands one slice to each
// helper it uses and copies the first slice itself. One copy at a time uses
// the helpers (others copy alone rather than wait). Between copies the
// helpers spin for a while before they sleep: a staged copy hands them a
// chunk every few tens of microseconds, and a futex wake-up per chunk
// would cost as much as the copy of a small chunk.
class memcpy_pool {
public:
  explicit memcpy_pool(unsigned helpers) : slices_(helpers) {
    for (unsigned i = 0; i < helpers; ++i)
      std::thread([this, i] { run(i); }).detach(); // live as long as the process
  }

  unsigned helpers() const { return static_cast<unsigned>(slices_.size()); }

  // False when another copy is using the helpers.
  bool copy(char *dst, const char *src, std::size_t bytes,
            copy_stores stores) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock())
      return false;
    // Slices of at least min_slice bytes, whole cache lines.
    std::size_t parts = bytes / min_slice;
    if (parts > helpers() + 1)
      parts = helpers() + 1;
    if (parts < 2)
      return false;
    // Rounded up twice (division, then to whole cache lines) so that the
    // `parts` slices cover all the bytes.
    std::size_t slice = ((bytes + parts - 1) / parts + 63) & ~std::size_t(63);
    std::size_t offset = slice;
    for (unsigned i = 0; i < helpers(); ++i) {
      std::size_t n = 0;
      if (i + 1 < parts && offset < bytes)
        n = bytes - offset < slice ? bytes - offset : slice;
      slices_[i] = {dst + offset, src + offset, n, stores};
      offset += n;
    }
    remaining_.store(helpers(), std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      generation_.fetch_add(1, std::memory_order_release);
    }
    work_.notify_all();
    copy_slice({dst, src, slice < bytes ? slice : bytes, stores});
    while (remaining_.load(std::memory_order_acquire) != 0)
      relax();
    return true;
  }

private:
  static constexpr std::size_t min_slice = 64 << 10;
  struct slice_job {
    char *dst;
    const char *src;
    std::size_t bytes;
    copy_stores stores;
  };

  static void copy_slice(const slice_job &job) {
    copy_with(job.stores, job.dst, job.src, job.bytes);
  }

  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
  }

  void run(unsigned index) {
    unsigned long long seen = 0;
    for (;;) {
      // Spin ~100 us for the next chunk, then sleep.
      auto spin_until =
          std::chrono::steady_clock::now() + std::chrono::microseconds(100);
      while (generation_.load(std::memory_order_acquire) == seen &&
             std::chrono::steady_clock::now() < spin_until)
        relax();
      if (generation_.load(std::memory_order_acquire) == seen) {
        std::unique_lock<std::mutex> lock(mutex_);
        work_.wait(lock, [&] {
          return generation_.load(std::memory_order_acquire) != seen;
        });
      }
      seen = generation_.load(std::memory_order_acquire);
      slice_job job = slices_[index];
      if (job.bytes)
        copy_slice(job);
      remaining_.fetch_sub(1, std::memory_order_acq_rel);
    }
  }

  std::mutex busy_;
  std::mutex mutex_;
  std::condition_variable work_;
  std::vector<slice_job> slices_;
  std::atomic<unsigned long long> generation_{0};
  std::atomic<unsigned> remaining_{0};
};

unsigned configured_threads() {
  std::size_t n = env_size("HCC_COPY_THREADS",
                           default_copy_threads(
                               std::thread::hardware_concurrency()));
  return n > 64 ? 64 : static_cast<unsigned>(n);
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
