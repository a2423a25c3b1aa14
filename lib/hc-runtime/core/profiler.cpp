// HCC_PROFILE: recording commands and writing the summary and the trace at
// exit (profiler.hpp).
#include "core/profiler.hpp"

#include "core/environment.hpp"

#include <cxxabi.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>

namespace hc {
namespace detail {
namespace rt {
namespace profile {

namespace {

int read_level() {
  std::string v = env_string("HCC_PROFILE");
  if (v.empty() || v == "0")
    return 0;
  if (v == "1")
    return 1;
  if (v == "2")
    return 2;
  warn("HCC_PROFILE=" + v + " is not 0, 1 or 2; using 1 (summary table)");
  return 1;
}

// Events are kept until exit, when an atexit handler prints and writes
// them. Never destroyed: completion threads may still record while the
// process exits.
class recorder {
public:
  void add(event e) {
    std::lock_guard<std::mutex> lock(mutex_);
    events_.push_back(std::move(e));
  }
  void flush() noexcept;

private:
  std::mutex mutex_;
  std::vector<event> events_;
};

recorder &the_recorder() {
  static recorder *r = [] {
    auto *made = new recorder;
    std::atexit([] { the_recorder().flush(); });
    return made;
  }();
  return *r;
}

const char *kind_name(kind k) {
  switch (k) {
  case kind::kernel:
    return "kernel";
  case kind::copy:
    return "copy";
  case kind::marker:
    return "marker";
  case kind::wait:
    return "wait";
  }
  return "?";
}

std::string json_escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", u);
      out += buffer;
    } else {
      out += c;
    }
  }
  return out;
}

std::string format(const char *fmt, double a, double b = 0, double c = 0,
                   double d = 0) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, fmt, a, b, c, d);
  return buffer;
}

struct stats {
  std::size_t count = 0, bytes = 0;
  double total_us = 0, min_us = 0, max_us = 0;
  void add(double us, std::size_t n) {
    min_us = count ? std::min(min_us, us) : us;
    max_us = count ? std::max(max_us, us) : us;
    ++count;
    total_us += us;
    bytes += n;
  }
};

double duration_us(const event &e) {
  return e.end_ns > e.begin_ns ? (e.end_ns - e.begin_ns) / 1e3 : 0.0;
}

std::string pad(std::string s, std::size_t width) {
  if (s.size() > width)
    s = s.substr(0, width - 3) + "...";
  s.resize(width, ' ');
  return s;
}

void recorder::flush() noexcept {
  try {
    std::lock_guard<std::mutex> lock(mutex_);
    if (events_.empty())
      return;
    std::sort(
        events_.begin(), events_.end(),
        [](const event &a, const event &b) { return a.begin_ns < b.begin_ns; });
    std::string table = summary_table(events_);
    std::fwrite(table.data(), 1, table.size(), stderr);
    if (level() < 2)
      return;
    std::string path = env_string("HCC_PROFILE_TRACE");
    if (path.empty())
      path = "hcc-trace." + std::to_string(getpid()) + ".json";
    std::ofstream out(path);
    out << chrome_trace(events_);
    out.close();
    if (out)
      std::fprintf(stderr, "hcc profile: trace of %zu events written to %s\n",
                   events_.size(), path.c_str());
    else
      std::fprintf(stderr, "hcc profile: cannot write the trace to %s\n",
                   path.c_str());
  } catch (...) {
    // At exit: nothing sensible left to do.
  }
}

} // namespace

int level() noexcept {
  static const int value = read_level();
  return value;
}

std::string track_name(const std::string &kind, const void *queue) {
  char address[32];
  std::snprintf(address, sizeof address, "%p", queue);
  return kind + " " + address;
}

void record(event e) noexcept {
  if (!level())
    return;
  try {
    the_recorder().add(std::move(e));
  } catch (...) {
    // Out of memory while profiling: the event is lost, the program goes on.
  }
}

void record_command(const command_record &command,
                    const std::string &track_kind, const void *queue,
                    std::uint64_t begin_ns, std::uint64_t end_ns) noexcept {
  if (!level())
    return;
  try {
    event e;
    e.what = command.what;
    if (command.what != kind::marker && command.name)
      e.name = command.name;
    e.bytes = command.what == kind::copy ? command.bytes : 0;
    e.track = track_name(track_kind, queue);
    e.begin_ns = begin_ns;
    e.end_ns = end_ns;
    record(std::move(e));
  } catch (...) {
    // Profiling must never fail a command.
  }
}

std::string kernel_display_name(const char *mangled) {
  if (!mangled || !*mangled)
    return "(unnamed kernel)";
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> demangled(
      abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
  if (status != 0 || !demangled)
    return mangled;
  std::string name = demangled.get();
  // hcc's kernel templates: hc_kernel<Functor, N>(...) and
  // hc_tiled_kernel<Functor, N>(...), and their 32-bit-offset entry points
  // hc_kernel32<...>, hc_tiled_kernel32<...> and hc_tiled_kernel32_whole<...>:
  // the functor says which kernel it is.
  for (const char *wrapper :
       {"hc_tiled_kernel<", "hc_kernel<", "hc_tiled_kernel32<", "hc_kernel32<",
        "hc_tiled_kernel32_whole<"}) {
    std::size_t at = name.find(wrapper);
    if (at == std::string::npos)
      continue;
    std::size_t begin = at + std::char_traits<char>::length(wrapper);
    int depth = 0;
    for (std::size_t i = begin; i < name.size(); ++i) {
      char c = name[i];
      if (c == '<' || c == '(' || c == '{' || c == '[')
        ++depth;
      else if (c == '>' || c == ')' || c == '}' || c == ']')
        --depth;
      if (depth == 0 && c == ',')
        return name.substr(begin, i - begin);
      if (depth < 0)
        break;
    }
  }
  return name;
}

std::string summary_table(const std::vector<event> &events) {
  std::map<std::string, stats> kernels, copies;
  stats markers, waits;
  for (const event &e : events) {
    double us = duration_us(e);
    switch (e.what) {
    case kind::kernel:
      kernels[kernel_display_name(e.name.c_str())].add(us, 0);
      break;
    case kind::copy:
      copies[e.name].add(us, e.bytes);
      break;
    case kind::marker:
      markers.add(us, 0);
      break;
    case kind::wait:
      waits.add(us, 0);
      break;
    }
  }
  std::string out =
      "hcc profile (HCC_PROFILE): " + std::to_string(events.size()) +
      " commands\n";
  if (!kernels.empty()) {
    out += pad("kernel", 48) +
           "  launches    total ms      avg us      min us      max us\n";
    for (const auto &k : kernels)
      out += pad(k.first, 48) + format("  %8.0f", double(k.second.count)) +
             format("  %10.3f  %10.2f  %10.2f  %10.2f", k.second.total_us / 1e3,
                    k.second.total_us / double(k.second.count), k.second.min_us,
                    k.second.max_us) +
             "\n";
  }
  if (!copies.empty()) {
    out += pad("copy", 48) + "    copies       bytes    total ms        GB/s\n";
    for (const auto &c : copies) {
      double gbs = c.second.total_us > 0
                       ? double(c.second.bytes) / (c.second.total_us * 1e3)
                       : 0.0;
      out += pad(c.first, 48) + format("  %8.0f", double(c.second.count)) +
             format("  %10.0f  %10.3f  %10.2f", double(c.second.bytes),
                    c.second.total_us / 1e3, gbs) +
             "\n";
    }
  }
  if (markers.count)
    out += format("markers: %.0f, %.3f ms in all\n", double(markers.count),
                  markers.total_us / 1e3);
  if (waits.count)
    out += format("host waits: %.0f, %.3f ms in all\n", double(waits.count),
                  waits.total_us / 1e3);
  return out;
}

std::string chrome_trace(const std::vector<event> &events) {
  // One "thread" of the trace per track, numbered in order of appearance;
  // timestamps in microseconds from the earliest event.
  std::map<std::string, int> tracks;
  std::uint64_t origin = UINT64_MAX;
  for (const event &e : events) {
    tracks.emplace(e.track, 0);
    origin = std::min(origin, e.begin_ns);
  }
  int next = 1;
  for (auto &t : tracks)
    t.second = next++;
  std::string out = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  bool first = true;
  auto emit = [&](const std::string &json) {
    out += first ? "" : ",\n";
    out += json;
    first = false;
  };
  for (const auto &t : tracks)
    emit("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" +
         std::to_string(t.second) + ",\"args\":{\"name\":\"" +
         json_escape(t.first) + "\"}}");
  for (const event &e : events) {
    std::string name = e.what == kind::kernel
                           ? kernel_display_name(e.name.c_str())
                       : e.name.empty() ? kind_name(e.what)
                                        : e.name;
    std::string args =
        e.what == kind::copy
            ? ",\"args\":{\"bytes\":" + std::to_string(e.bytes) + "}"
            : std::string();
    emit("{\"name\":\"" + json_escape(name) + "\",\"cat\":\"" +
         kind_name(e.what) + "\",\"ph\":\"X\",\"pid\":1,\"tid\":" +
         std::to_string(tracks[e.track]) +
         format(",\"ts\":%.3f,\"dur\":%.3f", (e.begin_ns - origin) / 1e3,
                duration_us(e)) +
         args + "}");
  }
  out += "\n]}\n";
  return out;
}

} // namespace profile
} // namespace rt
} // namespace detail
} // namespace hc
