#include "core/copy_strategy.hpp"

#include "core/environment.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>

namespace hc {
namespace detail {
namespace rt {

const char *copy_strategy_name(copy_strategy s) {
  switch (s) {
  case copy_strategy::direct: return "direct";
  case copy_strategy::staging: return "staging";
  case copy_strategy::pin_in_place: return "pin-in-place";
  }
  return "?";
}

namespace {

// A non-negative decimal integer (no sign, no suffix, no overflow).
bool parse_unsigned(const std::string &text, unsigned long long &value) {
  if (text.empty() || text[0] < '0' || text[0] > '9')
    return false;
  errno = 0;
  char *end = nullptr;
  value = std::strtoull(text.c_str(), &end, 10);
  return errno == 0 && end && *end == '\0';
}

} // namespace

copy_settings
parse_copy_settings(const std::function<std::string(const char *)> &lookup,
                    const std::function<void(const std::string &)> &report) {
  copy_settings s;
  unsigned long long v = 0;
  std::string mode = lookup("HCC_UNPINNED_COPY_MODE");
  if (!mode.empty()) {
    if (parse_unsigned(mode, v) && v <= 3)
      s.mode = static_cast<unpinned_copy_mode>(v);
    else
      report("HCC_UNPINNED_COPY_MODE='" + mode +
             "' is not 0 (auto), 1 (pin-in-place), 2 (staging) or 3 "
             "(direct); using 0");
  }
  struct threshold {
    const char *name;
    std::size_t *bytes;
  } thresholds[] = {
      {"HCC_H2D_STAGING_THRESHOLD", &s.h2d_staging_threshold},
      {"HCC_H2D_PININPLACE_THRESHOLD", &s.h2d_pin_in_place_threshold},
      {"HCC_D2H_PININPLACE_THRESHOLD", &s.d2h_pin_in_place_threshold},
      {"HCC_D2H_STAGING_THRESHOLD", &s.d2h_staging_threshold}};
  for (const threshold &t : thresholds) {
    std::string text = lookup(t.name);
    if (text.empty())
      continue;
    const unsigned long long limit = (~0ull) >> 11; // KB -> bytes fits
    if (text == "off")
      *t.bytes = copy_threshold_off;
    else if (parse_unsigned(text, v) && v <= limit)
      *t.bytes = static_cast<std::size_t>(v) * 1024;
    else
      report(std::string(t.name) + "='" + text +
             "' is not a size in KB or off; using " +
             (*t.bytes == copy_threshold_off ? std::string("off")
                                             : std::to_string(*t.bytes / 1024)));
  }
  return s;
}

const copy_settings &process_copy_settings() {
  static const copy_settings settings = parse_copy_settings(
      [](const char *name) { return env_string(name); },
      [](const std::string &message) { warn(message); });
  return settings;
}

copy_strategy choose_copy_strategy(bool host_to_device, std::size_t bytes,
                                   const copy_settings &settings,
                                   const copy_capabilities &caps) {
  auto possible = [&](copy_strategy s) {
    switch (s) {
    case copy_strategy::direct:
      return host_to_device ? caps.direct_h2d : caps.direct_d2h;
    case copy_strategy::pin_in_place:
      return caps.pin_in_place;
    case copy_strategy::staging:
      return true;
    }
    return false;
  };
  switch (settings.mode) {
  case unpinned_copy_mode::pin_in_place:
    if (possible(copy_strategy::pin_in_place))
      return copy_strategy::pin_in_place;
    break;
  case unpinned_copy_mode::staging:
    return copy_strategy::staging;
  case unpinned_copy_mode::direct:
    if (possible(copy_strategy::direct))
      return copy_strategy::direct;
    break;
  case unpinned_copy_mode::automatic:
    break;
  }
  // Below the threshold; "off" is above every size.
  auto below = [bytes](std::size_t threshold) {
    return threshold == copy_threshold_off || bytes < threshold;
  };
  copy_strategy s;
  if (host_to_device)
    s = below(settings.h2d_staging_threshold)        ? copy_strategy::direct
        : below(settings.h2d_pin_in_place_threshold) ? copy_strategy::staging
                                                     : copy_strategy::pin_in_place;
  else
    s = below(settings.d2h_staging_threshold) && caps.direct_d2h
            ? copy_strategy::direct
        : below(settings.d2h_pin_in_place_threshold)
            ? copy_strategy::staging
            : copy_strategy::pin_in_place;
  return possible(s) ? s : copy_strategy::staging;
}

std::size_t chunk_count(std::size_t bytes, std::size_t chunk) {
  return chunk ? (bytes + chunk - 1) / chunk : 0;
}

copy_chunk chunk_at(std::size_t bytes, std::size_t chunk, std::size_t index) {
  std::size_t offset = index * chunk;
  std::size_t size = offset < bytes ? bytes - offset : 0;
  return {offset, size < chunk ? size : chunk};
}

page_range enclosing_pages(const void *ptr, std::size_t bytes,
                           std::size_t page_size) {
  auto begin = reinterpret_cast<std::uintptr_t>(ptr);
  std::uintptr_t first = begin & ~(std::uintptr_t(page_size) - 1);
  std::uintptr_t end = (begin + bytes + page_size - 1) &
                       ~(std::uintptr_t(page_size) - 1);
  return {reinterpret_cast<void *>(first), static_cast<std::size_t>(end - first)};
}

} // namespace rt
} // namespace detail
} // namespace hc
