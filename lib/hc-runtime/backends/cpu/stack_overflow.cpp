#include "backends/cpu/stack_overflow.hpp"

#include "core/svm_mappings.hpp"

#include <csignal>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {
namespace {

// What the handler reads about the faulting thread. Thread-local, trivially
// destructible, and written only by the thread itself, outside the handler.
thread_local const char *running_kernel = nullptr;
thread_local const fiber_guards *watched_fiber_guards = nullptr;
thread_local const char *thread_stack_low = nullptr; // lowest usable byte
thread_local std::size_t thread_stack_bytes = 0;

// A fault this far below a stack's lowest usable byte is still an overflow
// of it: a large frame skips the guard page itself.
constexpr std::size_t below_stack_slack = 64 * 1024;

struct sigaction previous_action;

// Async-signal-safe output: the message is assembled in a fixed buffer.
class message {
public:
  message &operator<<(const char *text) {
    for (; text && *text && used_ < sizeof(buffer_); ++text)
      buffer_[used_++] = *text;
    return *this;
  }
  message &operator<<(std::size_t value) {
    char digits[24];
    int n = 0;
    do {
      digits[n++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value);
    while (n && used_ < sizeof(buffer_))
      buffer_[used_++] = digits[--n];
    return *this;
  }
  void write_to_stderr() const {
    ssize_t ignored = ::write(STDERR_FILENO, buffer_, used_);
    (void)ignored;
  }

private:
  char buffer_[1024];
  std::size_t used_ = 0;
};

// Whether `address` is in (or just below) a guard page of the thread's
// fiber stacks.
bool fiber_overflowed(const char *address) {
  const fiber_guards *g = watched_fiber_guards;
  if (!g)
    return false;
  for (const char *page : g->pages)
    if (address >= page - below_stack_slack && address < page + g->page_bytes)
      return true;
  return false;
}

bool thread_stack_overflowed(const char *address) {
  return thread_stack_low && address < thread_stack_low &&
         address >= thread_stack_low - below_stack_slack;
}

void pass_on(int signal, siginfo_t *info, void *context) {
  if (previous_action.sa_flags & SA_SIGINFO) {
    previous_action.sa_sigaction(signal, info, context);
    return;
  }
  if (previous_action.sa_handler != SIG_DFL &&
      previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(signal);
    return;
  }
  // The default action: returning runs the faulting instruction again,
  // which now ends the process with the same signal.
  sigaction(SIGSEGV, &previous_action, nullptr);
}

void on_segv(int signal, siginfo_t *info, void *context) {
  const char *address = static_cast<const char *>(info->si_addr);
  if (running_kernel) {
    message m;
    if (fiber_overflowed(address)) {
      m << "hcc: error: kernel " << running_kernel
        << " overflowed the stack of a work-item on the CPU backend ("
        << watched_fiber_guards->stack_bytes / 1024
        << " KiB per work-item of a tiled kernel; HCC_CPU_FIBER_STACK_KB "
           "sets it)\n";
      m.write_to_stderr();
    } else if (thread_stack_overflowed(address)) {
      m << "hcc: error: kernel " << running_kernel
        << " overflowed the stack of a CPU-backend thread ("
        << thread_stack_bytes / 1024
        << " KiB; work-items of non-tiled kernels, and of tiled kernels "
           "whose tiles run as loops, run on their thread's stack, as deep "
           "as `ulimit -s` allows)\n";
      m.write_to_stderr();
    }
  }
  pass_on(signal, info, context);
}

void install_handler() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_sigaction = on_segv;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigaction(SIGSEGV, &action, &previous_action);
}

// The calling thread's own signal stack (a fault on an overflowed stack
// cannot run the handler there) and its stack's bounds; once per thread.
// A signal stack someone else set up (a sanitizer's) is kept.
class thread_arming {
public:
  thread_arming() {
    stack_t current;
    if (sigaltstack(nullptr, &current) == 0 &&
        (current.ss_flags & SS_DISABLE)) {
      const std::size_t bytes = 64 * 1024;
      void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (memory != MAP_FAILED) {
        stack_t mine{};
        mine.ss_sp = memory;
        mine.ss_size = bytes;
        if (sigaltstack(&mine, nullptr) == 0) {
          own_ = memory;
          own_bytes_ = bytes;
        } else {
          munmap(memory, bytes);
        }
      }
    }
    std::uintptr_t begin = 0, end = 0;
    if (svm::current_thread_stack(begin, end)) {
      thread_stack_low = reinterpret_cast<const char *>(begin);
      thread_stack_bytes = end - begin;
    }
  }
  ~thread_arming() {
    if (!own_)
      return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    munmap(own_, own_bytes_);
  }

private:
  void *own_ = nullptr;
  std::size_t own_bytes_ = 0;
};

} // namespace

stack_overflow_watch::stack_overflow_watch(const char *kernel_name)
    : previous_(running_kernel) {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  thread_local thread_arming armed;
  (void)armed;
  running_kernel = kernel_name ? kernel_name : "(unnamed)";
}

stack_overflow_watch::~stack_overflow_watch() { running_kernel = previous_; }

void watch_fiber_guards(const fiber_guards *guards) {
  watched_fiber_guards = guards;
}

void unwatch_fiber_guards(const fiber_guards *guards) {
  if (watched_fiber_guards == guards)
    watched_fiber_guards = nullptr;
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
