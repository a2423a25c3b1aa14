// Each device's default CPU access type for new arrays
// (accelerator::set_default_cpu_access_type, runtime.hpp). A setting belongs
// to the device, not to the accelerator object that made it: C++ AMP code
// sets it through a temporary `accelerator(accelerator::default_accelerator)`.
#include "hc/detail/runtime.hpp"

#include <mutex>
#include <unordered_map>

namespace hc {
namespace detail {

namespace {

struct defaults {
  std::mutex mutex;
  std::unordered_map<const device *, Kalmar::enums::access_type> by_device;
};

defaults &the_defaults() {
  static defaults *d = new defaults; // never destroyed: arrays die at exit
  return *d;
}

} // namespace

Kalmar::enums::access_type default_cpu_access(const device &dev) {
  defaults &d = the_defaults();
  std::lock_guard<std::mutex> lock(d.mutex);
  auto it = d.by_device.find(&dev);
  return it == d.by_device.end() ? Kalmar::enums::access_type_auto
                                 : it->second;
}

void set_default_cpu_access(const device &dev,
                            Kalmar::enums::access_type type) {
  defaults &d = the_defaults();
  std::lock_guard<std::mutex> lock(d.mutex);
  d.by_device[&dev] = type;
}

} // namespace detail
} // namespace hc
