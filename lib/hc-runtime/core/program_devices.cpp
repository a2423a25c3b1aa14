// The owner of every device a backend made (core/backend.hpp).
#include "core/backend.hpp"

#include <mutex>

namespace hc {
namespace detail {
namespace rt {

namespace {

struct program_devices {
  std::mutex mutex;
  std::vector<std::unique_ptr<device_impl>> all;
};

program_devices &the_devices() {
  // Never destroyed (see keep_for_program), yet reachable: a leak checker
  // sees the devices as owned, not lost.
  static program_devices *devices = new program_devices;
  return *devices;
}

} // namespace

device *keep_for_program(std::unique_ptr<device_impl> d) {
  program_devices &devices = the_devices();
  std::lock_guard<std::mutex> lock(devices.mutex);
  devices.all.push_back(std::move(d));
  return devices.all.back().get();
}

} // namespace rt
} // namespace detail
} // namespace hc
