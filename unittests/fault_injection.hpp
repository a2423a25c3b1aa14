// Fault injection for the fake drivers (cuda_fake_driver.hpp,
// hsa_fake_runtime.hpp): a test names a driver entry point by the symbol
// the runtime looks up ("cuMemAlloc_v2", "hsa_amd_memory_pool_allocate")
// and the error it should return, on its Nth call from now or on every call
// from the Nth on:
//
//   faults.fail_nth("cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY); // next call
//   faults.fail_from("cuLaunchKernel", CUDA_ERROR_LAUNCH_FAILED, 2); // 2nd+
//
// A failing call returns the error without calling the fake's own function
// (so it has no effect, as a failed driver call has none). Each fake hands
// the runtime entry points that ask the plan first (its with_faults()); the
// plan counts the calls of armed symbols, so a test can tell that the
// runtime really reached the entry point it meant to fail.
#ifndef HCC_UNITTESTS_FAULT_INJECTION_HPP
#define HCC_UNITTESTS_FAULT_INJECTION_HPP

#include <atomic>
#include <map>
#include <mutex>
#include <string>

namespace fault_injection {

class plan {
public:
  // `symbol` fails once, with `result`, on its `nth` call from now (1: the
  // next call).
  void fail_nth(const std::string &symbol, int result, unsigned nth = 1) {
    arm(symbol, result, nth, false);
  }
  // `symbol` fails with `result` on its `nth` call from now and every call
  // after it, until clear().
  void fail_from(const std::string &symbol, int result, unsigned nth = 1) {
    arm(symbol, result, nth, true);
  }
  // Every entry point succeeds again; the counts start over.
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    rules_.clear();
    armed_.store(false, std::memory_order_release);
  }
  // Calls of an armed `symbol` since it was armed, and how many failed.
  unsigned calls(const std::string &symbol) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = rules_.find(symbol);
    return it == rules_.end() ? 0 : it->second.calls;
  }
  unsigned failures(const std::string &symbol) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = rules_.find(symbol);
    return it == rules_.end() ? 0 : it->second.failures;
  }

  // For the fakes' entry points: true, with the error in `result`, when
  // this call of `symbol` is to fail.
  bool fire(const char *symbol, int &result) {
    // Unarmed (every test but the fault-injection ones): one atomic load.
    if (!armed_.load(std::memory_order_acquire))
      return false;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = rules_.find(symbol);
    if (it == rules_.end())
      return false;
    rule &r = it->second;
    ++r.calls;
    if (r.calls < r.nth || (!r.every && r.calls > r.nth))
      return false;
    ++r.failures;
    result = r.result;
    return true;
  }

private:
  struct rule {
    int result = 0;
    unsigned nth = 1;
    bool every = false;
    unsigned calls = 0, failures = 0;
  };

  void arm(const std::string &symbol, int result, unsigned nth, bool every) {
    std::lock_guard<std::mutex> lock(mutex_);
    rule r;
    r.result = result;
    r.nth = nth ? nth : 1;
    r.every = every;
    rules_[symbol] = r;
    armed_.store(true, std::memory_order_release);
  }

  std::atomic<bool> armed_{false};
  mutable std::mutex mutex_;
  std::map<std::string, rule> rules_;
};

} // namespace fault_injection

#endif
