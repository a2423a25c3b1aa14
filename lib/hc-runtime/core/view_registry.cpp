// The accelerator_views of each device, in creation order, for
// accelerator::get_all_views(). Backends create queues; the core remembers
// the ones created through create_view() (weakly: a view nobody holds any
// more is gone from the list) and puts the device's default queue first.
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

queue_ptr create_view_queue(device &dev, execute_order order,
                            queue_priority priority) {
  queue_ptr q = dev.create_queue(order, priority);
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

std::vector<queue_ptr> device_views(device &dev) {
  std::vector<queue_ptr> result{dev.default_queue()};
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
