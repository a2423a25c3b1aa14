#include "core/callback_executor.hpp"

#include "core/environment.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace {

class callback_executor {
public:
  void post(std::function<void()> task) {
    std::unique_lock<std::mutex> lock(mutex_);
    tasks_.push_back(std::move(task));
    if (idle_ == 0 && threads_ < max_threads) {
      try {
        std::thread(&callback_executor::worker, this).detach();
        ++threads_;
        ++idle_; // counted idle until it takes a task
      } catch (const std::system_error &) {
        if (threads_ == 0) {
          // No thread at all: run here rather than never.
          std::function<void()> own = std::move(tasks_.back());
          tasks_.pop_back();
          lock.unlock();
          run(own);
          return;
        }
      }
    }
    lock.unlock();
    ready_.notify_one();
  }

private:
  static constexpr int max_threads = 4;

  static void run(std::function<void()> &task) {
    try {
      task();
    } catch (const std::exception &e) {
      // A callback has nobody to report to; std::terminate would be harsh.
      warn(std::string("exception in a completion callback: ") + e.what());
    } catch (...) {
      warn("unknown exception in a completion callback");
    }
  }

  void worker() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      ready_.wait(lock, [this] { return !tasks_.empty(); });
      std::function<void()> task = std::move(tasks_.front());
      tasks_.pop_front();
      --idle_;
      lock.unlock();
      run(task);
      task = nullptr; // destroy captured state outside the lock too
      lock.lock();
      ++idle_;
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  int threads_ = 0;
  int idle_ = 0;
};

// Never destroyed: its detached threads may still wait on it while static
// destructors run at exit.
callback_executor &executor() {
  static callback_executor *instance = new callback_executor;
  return *instance;
}

} // namespace

void post_callback(std::function<void()> task) {
  executor().post(std::move(task));
}

} // namespace rt
} // namespace detail
} // namespace hc
