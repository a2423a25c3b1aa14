// The accelerator_views of each device: each host thread's default view of
// it, and the list of views in creation order for
// accelerator::get_all_views(). Backends create queues; the core remembers
// the ones created for views (weakly: a view nobody holds any more is gone
// from the list).
#include "hc/detail/runtime.hpp"

#include <algorithm>
#include <map>
#include <mutex>

namespace hc {
namespace detail {
namespace {

struct view_registry {
  std::mutex mutex;
  std::map<const device *, std::vector<std::weak_ptr<queue>>> views;
};

view_registry &registry() {
  // Never destroyed: views may be created or listed from static destructors.
  static view_registry *instance = new view_registry;
  return *instance;
}

} // namespace

namespace {

// Remembers `q` (weakly) among `dev`'s views.
queue_ptr remember_view(device &dev, queue_ptr q) {
  view_registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::weak_ptr<queue>> &list = r.views[&dev];
  // Forget views that are gone, so a program creating views in a loop does
  // not grow the list.
  list.erase(std::remove_if(list.begin(), list.end(),
                            [](const std::weak_ptr<queue> &w) {
                              return w.expired();
                            }),
             list.end());
  list.push_back(q);
  return q;
}

} // namespace

queue_ptr create_view_queue(device &dev, execute_order order,
                            queue_priority priority) {
  return remember_view(dev, dev.create_queue(order, priority));
}

queue_ptr wrap_view_queue(device &dev, void *native) {
  return remember_view(dev, dev.wrap_native_queue(native));
}

queue_ptr thread_default_queue(device &dev) {
  // As hcc's runtime (TLS_QUEUE): each host thread has a default view of
  // each accelerator, so threads that launch on their default views do
  // not wait for each other. Released when the thread ends.
  thread_local std::vector<std::pair<device *, queue_ptr>> defaults;
  for (auto &entry : defaults)
    if (entry.first == &dev)
      return entry.second;
  queue_ptr q =
      create_view_queue(dev, execute_order::in_order, queue_priority::normal);
  defaults.emplace_back(&dev, q);
  return q;
}

std::vector<queue_ptr> device_views(device &dev) {
  std::vector<queue_ptr> result;
  view_registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.views.find(&dev);
  if (it == r.views.end())
    return result;
  for (const std::weak_ptr<queue> &w : it->second)
    if (queue_ptr q = w.lock())
      result.push_back(std::move(q));
  return result;
}

} // namespace detail
} // namespace hc
