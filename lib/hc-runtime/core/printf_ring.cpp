#include "core/printf_ring.hpp"

#include "core/printf_format.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

namespace hc {
namespace detail {
namespace rt {

namespace pr = printf_record;

namespace {

pr::u64 load(const pr::u64 *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

} // namespace

printf_ring::printf_ring(pr::control *buffer, std::string label,
                         std::FILE *out, std::FILE *err)
    : control_(buffer), ring_(reinterpret_cast<char *>(buffer) + sizeof(pr::control)),
      capacity_(buffer->capacity), label_(std::move(label)), out_(out),
      err_(err) {}

void printf_ring::initialise(void *buffer, std::size_t bytes) {
  std::memset(buffer, 0, bytes);
  auto *control = static_cast<pr::control *>(buffer);
  control->capacity = (bytes - sizeof(pr::control)) / 16 * 16;
}

bool printf_ring::has_work() const {
  return load(&control_->reserved) != load(&control_->consumed) ||
         load(&control_->dropped) !=
             reported_drops_.load(std::memory_order_relaxed);
}

std::size_t printf_ring::drain(std::chrono::nanoseconds patience) {
  std::lock_guard<std::mutex> lock(mutex_);
  return drain_locked(patience);
}

std::size_t printf_ring::drain_locked(std::chrono::nanoseconds patience) {
  pr::u64 *reserved = &control_->reserved;
  pr::u64 *consumed = &control_->consumed;
  pr::u64 pos = *consumed; // only this reader writes it
  std::size_t printed = 0;
  auto deadline = std::chrono::steady_clock::time_point::max();
  while (pos != load(reserved)) {
    auto *head = reinterpret_cast<pr::header *>(ring_ + pos % capacity_);
    const std::uint32_t size = __atomic_load_n(&head->size, __ATOMIC_ACQUIRE);
    if (size == 0) {
      // Claimed, not yet published: its writer is between its fetch-add and
      // its last store.
      if (patience.count() == 0)
        break;
      const auto now = std::chrono::steady_clock::now();
      if (deadline == std::chrono::steady_clock::time_point::max())
        deadline = now + patience;
      else if (now > deadline)
        break;
      std::this_thread::yield();
      continue;
    }
    deadline = std::chrono::steady_clock::time_point::max();
    // Unwrap the record, then zero its bytes in the ring: a later header
    // may land anywhere in them and must read 0 until published.
    scratch_.resize(size);
    const std::uint64_t at = pos % capacity_;
    const std::uint64_t first = std::min<std::uint64_t>(size, capacity_ - at);
    std::memcpy(&scratch_[0], ring_ + at, first);
    std::memcpy(&scratch_[first], ring_, size - first);
    std::memset(ring_ + at, 0, first);
    std::memset(ring_, 0, size - first);
    pr::header h;
    std::memcpy(&h, scratch_.data(), sizeof h);
    const std::size_t body = size - sizeof h;
    const std::size_t fsize = std::min<std::size_t>(h.format_size, body);
    const std::size_t asize = std::min<std::size_t>(h.args_size, body - fsize);
    const std::size_t ssize =
        std::min<std::size_t>(h.strings_size, body - fsize - asize);
    const char *p = scratch_.data() + sizeof h;
    const std::string line = format_printf(
        p, fsize, reinterpret_cast<const unsigned char *>(p + fsize), asize,
        p + fsize + asize, ssize);
    if (!line.empty())
      std::fwrite(line.data(), 1, line.size(), out_);
    ++printed;
    pos += size;
    __atomic_store_n(consumed, pos, __ATOMIC_RELEASE);
  }
  if (printed)
    std::fflush(out_);
  const pr::u64 dropped = load(&control_->dropped);
  const pr::u64 reported = reported_drops_.load(std::memory_order_relaxed);
  if (dropped != reported) {
    std::fprintf(err_,
                 "hcc: warning: %s: %llu line(s) of kernel printf output lost: "
                 "a record larger than the whole printf buffer (%llu bytes; "
                 "raise HCC_PRINTF_BUFFER_SIZE)\n",
                 label_.c_str(),
                 static_cast<unsigned long long>(dropped - reported),
                 static_cast<unsigned long long>(capacity_));
    std::fflush(err_);
    reported_drops_.store(dropped, std::memory_order_relaxed);
  }
  return printed;
}

} // namespace rt
} // namespace detail
} // namespace hc
