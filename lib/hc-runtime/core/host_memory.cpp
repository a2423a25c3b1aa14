#include "core/host_memory.hpp"

#include "core/environment.hpp"
#include "hc/detail/exceptions.hpp"

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

// Helper threads for parallel_memcpy: each copy hands one slice to every
// helper and copies the first slice itself. One copy at a time uses the
// helpers (others copy alone rather than wait).
class memcpy_pool {
public:
  explicit memcpy_pool(unsigned helpers) : slices_(helpers) {
    for (unsigned i = 0; i < helpers; ++i)
      threads_.emplace_back([this, i] { run(i); });
    for (std::thread &t : threads_)
      t.detach(); // lives as long as the process
  }

  unsigned helpers() const { return static_cast<unsigned>(threads_.size()); }

  // False when another copy is using the helpers.
  bool copy(char *dst, const char *src, std::size_t bytes) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock())
      return false;
    unsigned parts = helpers() + 1;
    // Slices of whole cache lines.
    std::size_t slice = (bytes / parts + 63) & ~std::size_t(63);
    std::size_t mine = slice < bytes ? slice : bytes;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      std::size_t offset = mine;
      for (unsigned i = 0; i < helpers(); ++i) {
        std::size_t n = offset < bytes ? bytes - offset : 0;
        if (n > slice)
          n = slice;
        slices_[i] = {dst + offset, src + offset, n};
        offset += n;
      }
      remaining_ = helpers();
      ++generation_;
    }
    work_.notify_all();
    std::memcpy(dst, src, mine);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return remaining_ == 0; });
    return true;
  }

private:
  struct slice_job {
    char *dst;
    const char *src;
    std::size_t bytes;
  };

  void run(unsigned index) {
    unsigned long long seen = 0;
    for (;;) {
      slice_job job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        work_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        job = slices_[index];
      }
      if (job.bytes)
        std::memcpy(job.dst, job.src, job.bytes);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--remaining_ == 0)
        done_.notify_one();
    }
  }

  std::mutex busy_;
  std::mutex mutex_;
  std::condition_variable work_, done_;
  std::vector<slice_job> slices_;
  std::vector<std::thread> threads_;
  unsigned long long generation_ = 0;
  unsigned remaining_ = 0;
};

unsigned configured_threads() {
  unsigned cores = std::thread::hardware_concurrency();
  unsigned fallback = cores / 2 < 8 ? cores / 2 : 8;
  if (fallback == 0)
    fallback = 1;
  std::size_t n = env_size("HCC_COPY_THREADS", fallback);
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

unsigned memcpy_threads() {
  memcpy_pool *p = pool();
  return p ? p->helpers() + 1 : 1;
}

void parallel_memcpy(void *dst, const void *src, std::size_t bytes) {
  constexpr std::size_t parallel_from = 1 << 20;
  if (bytes >= parallel_from)
    if (memcpy_pool *p = pool())
      if (p->copy(static_cast<char *>(dst), static_cast<const char *>(src),
                  bytes))
        return;
  std::memcpy(dst, src, bytes);
}

} // namespace rt
} // namespace detail
} // namespace hc
