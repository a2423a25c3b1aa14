// Waits that cannot hang a test binary: an operation that does not answer
// within `patience` fails the test and ends the process (its thread cannot
// be joined, and a binary stuck until ctest's timeout would say less).
#ifndef HCC_UNITTESTS_BOUNDED_WAIT_HPP
#define HCC_UNITTESTS_BOUNDED_WAIT_HPP

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <future>
#include <thread>

namespace hcc_test {

constexpr std::chrono::seconds patience(20);

// Runs `body` on a thread of its own and gives it `patience`; its
// exception, if any, is rethrown here.
inline void within_patience(const std::function<void()> &body) {
  std::packaged_task<void()> task(body);
  std::future<void> done = task.get_future();
  std::thread runner(std::move(task));
  if (done.wait_for(patience) != std::future_status::ready) {
    ADD_FAILURE() << "hung: no answer within " << patience.count() << " s";
    std::fprintf(stderr, "an operation hung: ending the test binary\n");
    std::fflush(nullptr);
    std::_Exit(1);
  }
  runner.join();
  done.get();
}

} // namespace hcc_test

#endif
