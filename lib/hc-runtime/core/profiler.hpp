// HCC_PROFILE: what the runtime records about every command, and what it
// prints at exit (docs/profiling.md).
//
//   HCC_PROFILE=1  a summary table on stderr at exit: per kernel launches and
//                  total/avg/min/max time, per copy direction bytes, time
//                  and GB/s. The CUDA backend also times every command with
//                  GPU events (cuda_util.hpp).
//   HCC_PROFILE=2  the same, plus a Chrome/Perfetto trace (JSON) of kernels,
//                  copies, markers and waits, one track per accelerator_view
//                  and one per waiting host thread, written to
//                  HCC_PROFILE_TRACE (default hcc-trace.<pid>.json).
//
// With HCC_PROFILE unset nothing is recorded: every hook is one test of a
// flag read once.
#ifndef HC_RUNTIME_CORE_PROFILER_HPP
#define HC_RUNTIME_CORE_PROFILER_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace profile {

// 0 (off), 1 (summary) or 2 (summary and trace), from HCC_PROFILE.
int level() noexcept;

enum class kind { kernel, copy, marker, wait };

struct event {
  kind what = kind::kernel;
  // Kernels: the device-side (mangled) name; copies: the direction
  // ("host to device", ...); markers and waits: empty.
  std::string name;
  // The accelerator_view (or host thread, for waits) the event belongs to.
  std::string track;
  std::size_t bytes = 0;      // copies only
  std::uint64_t begin_ns = 0; // current_tick() clock
  std::uint64_t end_ns = 0;
};

// The track of a queue's events: "<kind> <address of the queue's object>".
std::string track_name(const std::string &kind, const void *queue);

// Adds an event (any thread). Does nothing when level() is 0.
void record(event e) noexcept;

// One finished command of a queue, as every backend records it: `name` is
// the kernel's device-side name (kernels) or the copy's direction (copies),
// ignored for markers; the track is track_name(track_kind, queue).
struct command_record {
  kind what = kind::kernel;
  const char *name = nullptr;
  std::size_t bytes = 0; // copies
};
void record_command(const command_record &command,
                    const std::string &track_kind, const void *queue,
                    std::uint64_t begin_ns, std::uint64_t end_ns) noexcept;

// The readable name of a kernel from its mangled device-side name: the
// functor's type for hcc's kernel templates (main::{lambda(hc::index<1>)#1}),
// else the demangled name, else the name itself.
std::string kernel_display_name(const char *mangled);

// The summary table and the trace of `events`, as written at exit
// (separate from the recording for the unit tests).
std::string summary_table(const std::vector<event> &events);
std::string chrome_trace(const std::vector<event> &events);

} // namespace profile
} // namespace rt
} // namespace detail
} // namespace hc

#endif
