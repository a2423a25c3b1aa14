// The reading end of a device printf buffer (include/hc/detail/
// printf_record.h): prints the records GPU kernels wrote, in order, and
// frees their space for the writers. Independent of any backend, so the
// unit tests drive it with records written on the host.
#ifndef HC_RUNTIME_CORE_PRINTF_RING_HPP
#define HC_RUNTIME_CORE_PRINTF_RING_HPP

#include "hc/detail/printf_record.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace hc {
namespace detail {
namespace rt {

class printf_ring {
public:
  // `buffer`: the control block, followed by control->capacity bytes of
  // ring, all zero (initialise() does that). `label` names the device in
  // the overflow message.
  printf_ring(printf_record::control *buffer, std::string label,
              std::FILE *out = stdout, std::FILE *err = stderr);

  // Zeroes `bytes` of memory at `buffer` and makes it an empty buffer with
  // the largest ring that fits (a multiple of 16).
  static void initialise(void *buffer, std::size_t bytes);

  // Prints every published record, each with one fwrite (lines stay whole
  // however many threads print), flushes `out` if it printed anything, and
  // reports records lost since the last report on `err`. A record that is
  // claimed but not yet written (a kernel still running on another stream)
  // is waited for up to `patience`; with 0, printing stops there until the
  // next drain. Returns the number of records printed. Thread-safe.
  std::size_t drain(std::chrono::nanoseconds patience);

  // True when there may be something to print: a record claimed beyond the
  // read position, or records dropped and not reported. Lock-free.
  bool has_work() const;

private:
  std::size_t drain_locked(std::chrono::nanoseconds patience);

  printf_record::control *control_;
  char *ring_;
  std::uint64_t capacity_;
  std::string label_;
  std::FILE *out_, *err_;
  std::mutex mutex_;
  std::atomic<std::uint64_t> reported_drops_{0};
  std::string scratch_; // one record's bytes, unwrapped
};

} // namespace rt
} // namespace detail
} // namespace hc

#endif
