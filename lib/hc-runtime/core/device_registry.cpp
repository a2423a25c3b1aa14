// All devices of all backends, and the choice of the default device.
#include "core/device_registry.hpp"

#include "core/backend.hpp"
#include "core/environment.hpp"
#include "core/loaded_module.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <exception>
#include <mutex>

namespace hc {
namespace detail {

namespace rt {
namespace {

std::string lower(std::string text) {
  for (char &c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool is_gpu(const device *d) { return !d->info().is_cpu; }

device *first_gpu_or_cpu(const std::vector<device *> &devices) {
  for (device *d : devices)
    if (is_gpu(d))
      return d;
  for (device *d : devices)
    if (!is_gpu(d))
      return d;
  return nullptr;
}

device *the_cpu(const std::vector<device *> &devices) {
  for (device *d : devices)
    if (d->info().is_cpu)
      return d;
  return nullptr;
}

// Lives for the whole program; never destroyed (devices own threads that
// may still run while static destructors do).
struct registry {
  std::vector<std::unique_ptr<backend>> backends;
  std::vector<std::string> backend_names; // of every backend that started
  std::vector<device *> devices;     // what hc programs see
  std::vector<device *> amp_devices; // C++ AMP's model: the executor too
  device *amp_executor = nullptr;
  std::mutex mutex; // guards default_device_
  device *default_device_ = nullptr;
  bool default_chosen_by_program = false; // set_default_device() succeeded
  std::atomic<bool> default_locked{false};

  registry() {
    for (backend_factory make : backend_factories()) {
      // A backend that cannot even start (broken driver) loses its devices,
      // not the program: the CPU is always there.
      try {
        std::unique_ptr<backend> b = make();
        std::vector<device *> found = b->discover();
        devices.insert(devices.end(), found.begin(), found.end());
        backend_names.push_back(b->name());
        backends.push_back(std::move(b)); // kept as long as their devices
      } catch (const std::exception &e) {
        warn(std::string("a device backend failed to start: ") + e.what());
      }
    }
    // The CPU first, then the GPUs in backend order: the order of hcc's
    // accelerator::get_all(), which programs index (get_all()[1] for the
    // first GPU).
    std::stable_partition(devices.begin(), devices.end(),
                          [](const device *d) { return !is_gpu(d); });
    auto executor = std::find_if(devices.begin(), devices.end(),
                                 [](const device *d) {
                                   return d->info().amp_kernel_executor;
                                 });
    if (executor != devices.end()) {
      amp_executor = *executor;
      devices.erase(executor);
    }
    // C++ AMP's list: the CPU accelerator, its kernel executor, the GPUs.
    amp_devices = devices;
    if (amp_executor)
      amp_devices.insert(amp_devices.begin() + (devices.empty() ? 0 : 1),
                         amp_executor);
    default_device_ = select_default_device(
        devices, backend_names, env_string("HCC_DEFAULT_ACCELERATOR"));
  }
};

registry &the_registry() {
  static registry *instance = new registry;
  return *instance;
}

std::atomic<bool> amp_model{false};

} // namespace

device *select_default_device(const std::vector<device *> &devices,
                              const std::vector<std::string> &backend_names,
                              const std::string &setting) {
  if (setting.empty())
    return first_gpu_or_cpu(devices);
  std::string wanted = lower(setting);
  std::string choices;
  for (const std::string &name : backend_names)
    choices += name + ", ";
  for (const std::string &name : backend_names) {
    if (wanted != name)
      continue;
    for (device *d : devices)
      if (d->info().backend == name)
        return d;
    warn("HCC_DEFAULT_ACCELERATOR=" + setting + ": no " + wanted +
         " device found; using the CPU");
    return the_cpu(devices);
  }
  for (device *d : devices)
    if (narrow(d->info().device_path) == setting)
      return d;
  device *fallback = first_gpu_or_cpu(devices);
  warn("HCC_DEFAULT_ACCELERATOR=" + setting + " names no device (use " +
       choices + "or a device path such as cuda:0); using " +
       (fallback ? narrow(fallback->info().device_path) : std::string("none")));
  return fallback;
}

void note_kernel_submitted() noexcept {
  the_registry().default_locked.store(true, std::memory_order_relaxed);
}

} // namespace rt

const std::vector<device *> &all_devices() {
  rt::registry &r = rt::the_registry();
  return amp_device_model() ? r.amp_devices : r.devices;
}

namespace rt {
namespace {
// The default device; r.mutex held. In C++ AMP's model the CPU accelerator
// runs no kernel: where the runtime would pick it (no GPU,
// HCC_DEFAULT_ACCELERATOR=cpu), its executor is the default. A program
// that chose the CPU accelerator itself (accelerator::set_default) gets it.
device *effective_default(const registry &r) {
  if (amp_device_model() && r.amp_executor && !r.default_chosen_by_program &&
      r.default_device_->info().is_cpu)
    return r.amp_executor;
  return r.default_device_;
}
} // namespace
} // namespace rt

device &default_device() {
  rt::registry &r = rt::the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return *rt::effective_default(r);
}

void use_amp_device_model() noexcept {
  rt::amp_model.store(true, std::memory_order_release);
}

bool amp_device_model() noexcept {
  return rt::amp_model.load(std::memory_order_acquire);
}

bool set_default_device(const std::wstring &device_path) {
  rt::registry &r = rt::the_registry();
  device *d = find_device(device_path);
  if (!d)
    return false;
  std::lock_guard<std::mutex> lock(r.mutex);
  if (d == rt::effective_default(r))
    return true;
  if (r.default_locked.load(std::memory_order_relaxed))
    return false;
  r.default_device_ = d;
  r.default_chosen_by_program = true;
  return true;
}

device *find_device(const std::wstring &device_path) {
  if (device_path == L"default")
    return &default_device();
  for (device *d : all_devices())
    if (d->info().device_path == device_path)
      return d;
  return nullptr;
}

device &cpu_device() {
  for (device *d : all_devices())
    if (d->info().is_cpu)
      return *d;
  // The CPU backend is always compiled in; reaching this is a build error.
  throw Kalmar::runtime_exception("hc runtime: no CPU device registered",
                                  Kalmar::E_FAIL_CODE);
}

} // namespace detail
} // namespace hc
