// Completion of GPU commands: cuda_state (one command) and the
// completion_worker thread that reports finished commands in order.
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_util.hpp"
#include <sys/prctl.h>

#include "core/device_heap_setup.hpp"
#include "core/environment.hpp"
#include "core/gpu_printf.hpp"
#include "core/image_registry.hpp"
#include "core/profiler.hpp"
#include "core/wait_util.hpp"
#include "hc/detail/exceptions.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// completion_future::wait() on a GPU command: busy-poll this long, then
// poll yielding the processor up to wait_yield, then sleep in the driver.
constexpr std::chrono::microseconds wait_spin(2000);
constexpr std::chrono::microseconds wait_yield(20000);

// The completion thread's polling period while commands are pending:
// the latency of then() callbacks and argument-block releases.
constexpr std::chrono::microseconds worker_poll(20);

// How long the completion thread keeps polling after its queue ran empty
// before it blocks (a blocked thread costs push() a futex wake-up).
constexpr std::chrono::microseconds poll_before_sleep(200);

// While commands are submitted back to back the completion thread keeps
// off the driver: its calls (recording an event on the stream, querying
// one) take the driver's locks and were measured to make the submitting
// thread's cuLaunchKernel 15-100% slower. It calls the driver once no
// command was pushed for `submit_quiet`, or when `backlog_limit` commands
// wait to be completed (which bounds the argument blocks kept alive and
// the delay of then() callbacks in a long burst).
constexpr std::uint64_t submit_quiet_ns = 20000;
constexpr std::size_t backlog_limit = 256;

// Timer slack of the completion thread: its 20 us polls would otherwise
// sleep for the default 50 us slack on top.
constexpr unsigned long worker_timer_slack_ns = 5000;

} // namespace

// ---------------------------------------------------------------------------
// cuda_state
// ---------------------------------------------------------------------------

cuda_state::~cuda_state() { device_.release_event(start_, false); }

void cuda_state::finish_success() noexcept {
  if (finishing_.exchange(true, std::memory_order_acq_rel))
    return;
  const driver_api &api = device_.api();
  std::uint64_t end = current_tick(), begin = submitted_ ? submitted_ : end;
  float ms = 0;
  if (start_ && api.cuEventElapsedTime &&
      api.cuEventElapsedTime(&ms, start_, end_.load()) == CUDA_SUCCESS &&
      ms > 0) {
    std::uint64_t ns = static_cast<std::uint64_t>(ms * 1e6);
    begin = ns < end ? end - ns : 0;
  }
  set_ticks(begin, end);
  std::vector<std::shared_ptr<cuda_state>> deps;
  deps.swap(deps_);
  for (std::shared_ptr<cuda_state> &d : deps) {
    d->finish_success();
    // Another thread (the dependency's own queue's completion thread) may
    // be finishing it: whoever sees this command finished must see it
    // finished too. That thread only completes it, it never waits for us.
    while (!d->wait_for(std::chrono::milliseconds(100))) {
    }
  }
  printf_after_command(device_); // kernels' printf output before wait() returns
  set_ready();
}

void cuda_state::finish_error(std::exception_ptr error) noexcept {
  if (finishing_.exchange(true, std::memory_order_acq_rel))
    return;
  deps_.clear();
  printf_after_command(
      device_); // what a failing kernel printed before it failed
  set_error(error);
}

CUevent cuda_state::end_event(CUresult *failure, const char **failed_call) {
  if (CUevent e = end_.load(std::memory_order_acquire))
    return e;
  if (std::shared_ptr<completion_worker> worker = worker_.lock()) {
    CUresult r = worker->record_pending(failed_call);
    if (failure)
      *failure = r;
  }
  return end_.load(std::memory_order_acquire);
}

void cuda_state::backend_wait() {
  const driver_api &api = device_.api();
  std::shared_ptr<completion_worker> worker = worker_.lock();
  try {
    device_.make_current();
  } catch (...) {
  }
  // The newest command of its stream with no event yet (a kernel waited
  // for right after its launch, the common case): an idle stream says as
  // much, without the cost of recording an event.
  bool by_stream = worker && api.cuStreamQuery &&
                   !end_.load(std::memory_order_acquire) &&
                   worker->is_newest(this);
  CUevent end = by_stream ? nullptr : end_event();
  if (!by_stream && !end)
    return;
  auto query = [&] {
    return by_stream ? api.cuStreamQuery(stream_) : api.cuEventQuery(end);
  };
  // Poll first, as the CUDA runtime's default scheduling does: sleeping in
  // the driver (the event uses blocking synchronization) costs tens of
  // microseconds of wake-up latency, which would dominate kernels of a few
  // hundred microseconds. Busy-poll for wait_spin, then poll yielding the
  // processor for wait_yield, then sleep.
  // While this thread busy-polls, the completion thread keeps off the
  // driver: its cuEventQuery calls take the driver's locks too, and with
  // both polling a pinned copy of 1-16 MiB measured ~5 us slower than the
  // driver's own cudaMemcpy (H100, 2026-11-22, before aba007e). It resumes
  // when the spin phase ends, so then() callbacks of earlier commands are
  // not held up behind a long wait.
  struct spin_phase {
    completion_worker *worker;
    explicit spin_phase(completion_worker *w) : worker(w) {
      if (worker)
        worker->begin_spin_wait();
    }
    void end() {
      if (worker)
        worker->end_spin_wait();
      worker = nullptr;
    }
    ~spin_phase() { end(); }
  } spinning(worker.get());
  CUresult r = query();
  auto begin = std::chrono::steady_clock::now();
  while (r == CUDA_ERROR_NOT_READY) {
    auto waited = std::chrono::steady_clock::now() - begin;
    if (waited >= wait_yield)
      break;
    if (waited >= wait_spin) {
      spinning.end();
      std::this_thread::yield();
    } else {
      cpu_relax();
    }
    r = query();
  }
  spinning.end();
  const char *call = by_stream ? "cuStreamQuery" : "cuEventQuery";
  if (r == CUDA_ERROR_NOT_READY) {
    call = by_stream ? "cuStreamSynchronize" : "cuEventSynchronize";
    r = by_stream ? api.cuStreamSynchronize(stream_)
                  : api.cuEventSynchronize(end);
  }
  // Complete this command (and those before it) here rather than waiting
  // for the completion thread to wake up.
  if (worker)
    worker->drain_known(this, r, call);
}

// ---------------------------------------------------------------------------
// completion_worker
// ---------------------------------------------------------------------------

completion_worker::~completion_worker() {
  // Only reached with entries left when no thread could be started and the
  // queue is gone: complete them so nobody waits forever.
  const driver_api &api = device_.api();
  for (entry &e : entries_) {
    CUevent end = e.state->end_.load();
    CUresult r = end ? api.cuEventSynchronize(end) : CUDA_ERROR_INVALID_HANDLE;
    complete(e, r, "cuEventSynchronize");
  }
}

void completion_worker::share_event_locked(
    const std::shared_ptr<CUevent_st> &event, const cuda_state *last) {
  // Commands without an event form a suffix of entries_ (see push), so
  // walk back from `last` while they lack one.
  auto it = entries_.end();
  while (it != entries_.begin() && std::prev(it)->state.get() != last)
    --it;
  while (it != entries_.begin()) {
    cuda_state &s = *std::prev(it)->state;
    if (s.end_.load(std::memory_order_relaxed) && &s != last)
      break;
    if (!s.end_.load(std::memory_order_relaxed)) {
      s.end_owner_ = event;
      s.end_.store(event.get(), std::memory_order_release);
    }
    --it;
  }
}

CUresult completion_worker::record_pending(const char **failed_call) noexcept {
  std::lock_guard<std::mutex> recording(record_mutex_);
  const cuda_state *last = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (entries_.empty() || entries_.back().state->end_.load())
      return CUDA_SUCCESS;
    // Every command pushed so far was enqueued on the stream before the
    // event recorded below: it covers them all.
    last = entries_.back().state.get();
  }
  // The driver's own result and call on failure: the commands fail with
  // them (a bare CUDA_ERROR_UNKNOWN named nothing the user could act on).
  CUevent event = nullptr;
  const char *call = "cuCtxSetCurrent";
  CUresult r = CUDA_ERROR_UNKNOWN;
  try {
    device_.make_current();
    call = "cuEventCreate";
    r = device_.try_acquire_event(true, event);
    if (r == CUDA_SUCCESS) {
      call = "cuEventRecord";
      r = device_.api().cuEventRecord(event, stream_);
    }
  } catch (...) {
    r = CUDA_ERROR_UNKNOWN;
  }
  if (r != CUDA_SUCCESS) {
    device_.release_event(event, true);
    if (failed_call)
      *failed_call = call;
    return r;
  }
  try {
    std::shared_ptr<CUevent_st> owner = device_.own_end_event(event);
    std::lock_guard<std::mutex> lock(mutex_);
    share_event_locked(owner, last);
  } catch (...) {
    device_.release_event(event, true);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  return CUDA_SUCCESS;
}

void completion_worker::push(entry e) {
  std::lock_guard<std::mutex> lock(mutex_);
  last_ = e.state;
  // A command with its own event (copies, markers, profiled kernels) also
  // tells when the lazy commands before it finished.
  bool has_event = e.state->end_.load(std::memory_order_relaxed) != nullptr;
  entries_.push_back(std::move(e));
  if (has_event)
    share_event_locked(entries_.back().state->end_owner_,
                       entries_.back().state.get());
  queued_.store(entries_.size(), std::memory_order_release);
  last_push_ns_.store(entries_.back().state->submitted_,
                      std::memory_order_relaxed);
  // A thread that is awake (spinning or waiting for an event) finds the
  // entry by itself: only a sleeping one needs the (costly) wake-up.
  if (!thread_running_)
    start_thread_locked();
  else if (sleeping_)
    work_.notify_one();
}

void completion_worker::start_thread_locked() {
  try {
    std::thread([self = shared_from_this()] { self->loop(); }).detach();
    thread_running_ = true;
  } catch (...) {
    // Commands still complete when someone waits for them (backend_wait
    // drains); only then() callbacks are delayed until then.
    note(device_.label() +
         ": cannot start a completion thread; commands complete on wait");
  }
}

void completion_worker::stop() noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  stopping_ = true;
  work_.notify_all();
}

bool completion_worker::may_call_driver() const {
  // Atomics only, no mutex_: during a burst of submissions this thread
  // then touches one cache line of the submitter's (see the members).
  if (spin_waiters_.load(std::memory_order_relaxed) > 0)
    return false; // the waiter completes what it waited for
  if (queued_.load(std::memory_order_relaxed) >= backlog_limit)
    return true;
  std::uint64_t last = last_push_ns_.load(std::memory_order_relaxed);
  return current_tick() - last >= submit_quiet_ns;
}

void completion_worker::loop() noexcept {
#ifdef PR_SET_TIMERSLACK
  prctl(PR_SET_TIMERSLACK, worker_timer_slack_ns, 0, 0, 0);
#endif
  const driver_api &api = device_.api();
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (entries_.empty()) {
      if (stopping_)
        break;
      // Poll a little before blocking: commands submitted back to back
      // then find the thread awake and push() needs no wake-up, which
      // costs microseconds per command in virtualised kernels. Polling
      // with sleeps, not spinning, keeps this thread off the cache lines
      // the submitting thread writes.
      lock.unlock();
      auto poll_until = std::chrono::steady_clock::now() + poll_before_sleep;
      while (queued_.load(std::memory_order_acquire) == 0 &&
             std::chrono::steady_clock::now() < poll_until)
        std::this_thread::sleep_for(worker_poll);
      lock.lock();
      if (!entries_.empty() || stopping_)
        continue;
      // Idle for a second: end the thread; push() starts a new one.
      sleeping_ = true;
      bool woken = work_.wait_for(lock, std::chrono::seconds(1), [this] {
        return !entries_.empty() || stopping_;
      });
      sleeping_ = false;
      if (!woken)
        break;
      continue;
    }
    if (!may_call_driver()) {
      lock.unlock();
      do
        std::this_thread::sleep_for(worker_poll);
      while (!may_call_driver());
      lock.lock();
      continue;
    }
    std::shared_ptr<cuda_state> front = entries_.front().state;
    lock.unlock();
    try {
      device_.make_current();
    } catch (...) {
    }
    if (!front->end_.load(std::memory_order_acquire)) {
      const char *call = nullptr;
      CUresult recorded = record_pending(&call);
      if (recorded != CUDA_SUCCESS) {
        // No event can tell when these finished: report the failure on
        // them (the stream is broken) rather than leave them pending.
        drain_known(front.get(), recorded, call);
        front.reset();
        lock.lock();
        continue;
      }
    }
    // One query per round, then a short sleep: a thread blocked in
    // cuEventSynchronize contends with the submitting thread (measured:
    // launches several times slower at times on the H200), and between
    // rounds a new burst of submissions keeps this thread off the driver.
    CUevent end = front->end_.load(std::memory_order_acquire);
    if (!end) {
      // Still no event after record_pending(): the command is no longer
      // queued (a waiting thread completed it, and what it left has an
      // event or nothing is left). Look at the queue again. (Querying the
      // null event crashed cuda_fake_driver_test in ~1 run of 20.)
      front.reset();
      lock.lock();
      continue;
    }
    CUresult r = api.cuEventQuery(end);
    if (r == CUDA_ERROR_NOT_READY) {
      front.reset();
      std::this_thread::sleep_for(worker_poll);
      lock.lock();
      continue;
    }
    drain_known(front.get(), r, "cuEventQuery");
    front.reset();
    lock.lock();
  }
  thread_running_ = false;
}

void completion_worker::drain() noexcept { drain_known(nullptr, CUDA_SUCCESS); }

void completion_worker::drain_known(const cuda_state *known,
                                    CUresult known_result,
                                    const char *known_call) noexcept {
  const driver_api &api = device_.api();
  std::lock_guard<std::recursive_mutex> order(completing_);
  // `known` finished: so did every command before it on the stream, also
  // those without an event of their own.
  bool known_queued = false;
  if (known) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const entry &e : entries_)
      known_queued = known_queued || e.state.get() == known;
  }
  for (;;) {
    cuda_state *front;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (entries_.empty())
        return;
      front = entries_.front().state.get();
    }
    const char *call = known_call;
    CUresult r = known_result;
    if (front != known) {
      call = "cuEventQuery";
      CUevent end = front->end_.load(std::memory_order_acquire);
      if (!end && !known_queued)
        return; // not covered by an event yet: the worker records one
      r = end ? api.cuEventQuery(end) : known_result;
      if (r == CUDA_ERROR_NOT_READY)
        return;
    }
    entry e;
    {
      // Only this thread pops (completing_ is held): still the same entry.
      std::lock_guard<std::mutex> lock(mutex_);
      e = std::move(entries_.front());
      entries_.pop_front();
      queued_.store(entries_.size(), std::memory_order_release);
    }
    complete(e, r, call);
    if (front == known) {
      // Commands after `known` have finished only if their own (possibly
      // shared) event says so: one without an event is not covered any
      // more. (Before 012d43b it was completed with `known`'s result, so
      // wait() on a kernel launched right after a copy or marker could
      // return while the kernel still ran.)
      known = nullptr;
      known_queued = false;
    }
  }
}

void completion_worker::complete(entry &e, CUresult r,
                                 const char *call) noexcept {
  const driver_api &api = device_.api();
  cuda_state &state = *e.state;
  // What the command kept alive (a copy's pinned pages; a kernel's argument
  // block is kept by its state, see async_state::keep_until_done) goes
  // first: whoever sees the command finished sees it released. May free
  // storages, even the queue: no lock is held.
  try {
    e.keep_alive.reset();
  } catch (...) {
  }
  // A kernel that misused the device heap ran to the end but failed
  // (docs/device-heap.md). Only a kernel takes the heap's error: a copy
  // queued before it but completed after it finished would otherwise take
  // it, and the kernel would seem to have run clean (H100, 958e241: with
  // the completion thread off the driver during waits, 22 of 25 runs of
  // test/device-heap/check_mode.cpp lost the error that way).
  std::exception_ptr heap_error;
  if (r == CUDA_SUCCESS && e.kind == profile::kind::kernel)
    heap_error = device_heap_after_command(device_, e.name);
  if (r == CUDA_SUCCESS && !heap_error) {
    state.finish_success();
    if (profile::level())
      record_profile(e);
  } else {
    std::exception_ptr error = heap_error;
    if (!error) {
      try {
        std::string message = error_message(
            api, call, r,
            device_.label() + ": " + e.what +
                (e.name ? std::string(" ") + e.name : std::string()));
        // A trap: on a GPU that cannot do atomics on host memory, the
        // usual cause in hc programs is one (docs/platform-atomics.md).
        if (r == CUDA_ERROR_ILLEGAL_INSTRUCTION &&
            !device_.info().platform_atomics)
          message += "; this GPU cannot do atomic operations on host memory "
                     "(no PCIe atomics to the host and no pageable memory "
                     "access), and a kernel's atomic on host memory traps: "
                     "use device memory (hc::array, array_view data, "
                     "am_alloc without host flags) for atomics";
        error = std::make_exception_ptr(
            Kalmar::runtime_exception(message, Kalmar::E_FAIL_CODE));
      } catch (...) {
        error = std::current_exception();
      }
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!unreported_)
        unreported_ = error;
    }
    state.finish_error(error);
  }
  e.state.reset();
}

void completion_worker::record_profile(const entry &e) const noexcept {
  profile::command_record r;
  r.what = e.kind;
  r.name = e.kind == profile::kind::kernel ? e.name : e.what;
  r.bytes = e.bytes;
  try {
    profile::record_command(r, device_.label() + " stream", stream_,
                            e.state->begin_tick(), e.state->end_tick());
  } catch (...) {
    // Profiling must never fail a command (the track's name may throw).
  }
}

std::size_t completion_worker::pending() const {
  // Entries a command of another queue has already finished (see
  // cuda_state::finish_success) are not pending any more.
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t count = 0;
  for (const entry &e : entries_)
    count += e.state->is_ready() ? 0 : 1;
  return count;
}

bool completion_worker::is_newest(const cuda_state *state) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !entries_.empty() && entries_.back().state.get() == state;
}

async_ptr completion_worker::last() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_;
}

std::exception_ptr completion_worker::take_error() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::exception_ptr error = unreported_;
  unreported_ = nullptr;
  return error;
}

// ---------------------------------------------------------------------------
// cuda_queue
// ---------------------------------------------------------------------------

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
