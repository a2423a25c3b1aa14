// hcc-bandwidth (hcBusBandwidth): copy bandwidth through the hc runtime's
// queues, as hc::copy, array_view transfers and am_copy use them. Pinned
// host memory comes from am_alloc(amHostPinned), pageable memory from
// malloc; unpinned copies take the strategy HCC_UNPINNED_COPY_MODE selects
// (--mode sets it; --mode all measures each mode in a process of its own,
// because the runtime reads the variable once). docs/host-memory.md.
#include "bandwidth_options.hpp"
#include "bandwidth_report.hpp"

#include "core/host_memory.hpp" // parallel_memcpy: the "host" rows
#include "hc/detail/am_runtime.hpp"
#include "hc/detail/runtime.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

using namespace hcc_bandwidth;
namespace rt = hc::detail;

namespace {

const char *mode_label(int mode) {
  switch (mode) {
  case 1: return "pin-in-place";
  case 2: return "staging";
  case 3: return "direct";
  default: return "auto";
  }
}

std::string narrow(const std::wstring &w) {
  std::string s;
  for (wchar_t c : w)
    s += (c > 0 && c < 128) ? static_cast<char>(c) : '?';
  return s;
}

// Seconds per copy: one warm-up, then copies until `min_seconds` passed.
// `copy` returns once its copy is done.
double time_copies(const std::function<void()> &copy, const options &o,
                   unsigned &iterations) {
  copy();
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  double elapsed = 0;
  iterations = 0;
  do {
    copy();
    ++iterations;
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < o.min_seconds && iterations < o.max_iterations);
  return elapsed / iterations;
}

struct host_buffer {
  char *data = nullptr;
  bool pinned = false;
  ~host_buffer() {
    if (pinned)
      rt::am_release(data);
    else
      std::free(data);
  }
};

std::vector<std::size_t> sizes(const options &o) {
  std::vector<std::size_t> s;
  for (std::size_t b = o.min_bytes; b <= o.max_bytes; b *= o.size_step) {
    s.push_back(b);
    if (b > o.max_bytes / o.size_step)
      break;
  }
  return s;
}

class bench {
public:
  bench(const options &o, rt::device &dev) : o_(o), dev_(dev) {
    q_ = dev.default_queue();
    dev_a_ = dev.allocate(o.max_bytes);
    dev_b_ = dev.allocate(o.max_bytes);
  }
  ~bench() {
    dev_.deallocate(dev_a_);
    dev_.deallocate(dev_b_);
  }

  // Host <-> device rows for one kind of host memory.
  bool host_rows(bool pinned, const std::string &strategy,
                 std::vector<row> &rows) {
    host_buffer host, check;
    if (pinned) {
      host.data = static_cast<char *>(
          rt::am_allocate(o_.max_bytes, dev_, rt::am_flag_host_pinned));
      host.pinned = host.data != nullptr;
      if (!host.data) {
        std::fprintf(stderr, "hcc-bandwidth: cannot pin %s of host memory\n",
                     format_size(o_.max_bytes).c_str());
        return false;
      }
    } else {
      host.data = static_cast<char *>(std::malloc(o_.max_bytes));
    }
    check.data = static_cast<char *>(std::malloc(o_.max_bytes));
    if (!host.data || !check.data) {
      std::fprintf(stderr, "hcc-bandwidth: out of host memory\n");
      return false;
    }
    for (std::size_t i = 0; i < o_.max_bytes; ++i) // touch every page
      host.data[i] = static_cast<char>(i * 13 + (i >> 12));
    const char *memory = pinned ? "pinned" : "unpinned";
    for (rt::copy_direction d : {rt::copy_direction::host_to_device,
                                 rt::copy_direction::device_to_host}) {
      bool h2d = d == rt::copy_direction::host_to_device;
      if (!wanted(h2d ? direction::h2d : direction::d2h))
        continue;
      if (!h2d) // the device holds the pattern for d2h
        q_->copy(dev_a_, host.data, o_.max_bytes,
                 rt::copy_direction::host_to_device, {})->wait();
      for (std::size_t bytes : sizes(o_)) {
        row r{h2d ? "h2d" : "d2h", memory, strategy, bytes, 0, 0};
        r.seconds = time_copies(
            [&] {
              (h2d ? q_->copy(dev_a_, host.data, bytes, d, {})
                   : q_->copy(host.data, dev_a_, bytes, d, {}))
                  ->wait();
            },
            o_, r.iterations);
        // The data arrived: read it back through the other direction.
        std::memset(check.data, 0, bytes);
        q_->copy(check.data, dev_a_, bytes, rt::copy_direction::device_to_host,
                 {})->wait();
        if (std::memcmp(check.data, host.data, bytes) != 0) {
          std::fprintf(stderr, "hcc-bandwidth: %s %s copy of %zu bytes "
                               "copied wrong data\n",
                       r.direction.c_str(), memory, bytes);
          return false;
        }
        emit(r, rows);
      }
    }
    return true;
  }

  bool device_rows(std::vector<row> &rows) {
    if (!wanted(direction::d2d))
      return true;
    for (std::size_t bytes : sizes(o_)) {
      row r{"d2d", "device", "device", bytes, 0, 0};
      r.seconds = time_copies(
          [&] {
            q_->copy(dev_b_, dev_a_, bytes,
                     rt::copy_direction::device_to_device, {})
                ->wait();
          },
          o_, r.iterations);
      emit(r, rows);
    }
    return true;
  }

  bool peer_rows(std::vector<row> &rows) {
    if (!wanted(direction::peer))
      return true;
    rt::device *peer = nullptr;
    for (rt::device *d : rt::all_devices())
      if (d != &dev_ && d->info().backend == dev_.info().backend &&
          !d->info().is_host_memory) {
        peer = d;
        break;
      }
    if (!peer) {
      std::printf("# peer: skipped, no second accelerator like %s\n",
                  narrow(dev_.info().device_path).c_str());
      return true;
    }
    void *remote = peer->allocate(o_.max_bytes);
    rt::queue_ptr pq = peer->default_queue();
    bool ok = true;
    for (std::size_t bytes : sizes(o_)) {
      row r{"peer", "device", "device", bytes, 0, 0};
      rt::async_ptr probe = pq->copy_from_peer(remote, dev_, dev_a_, bytes, {});
      if (!probe) {
        std::printf("# peer: skipped, no peer copies between %s and %s\n",
                    narrow(dev_.info().device_path).c_str(),
                    narrow(peer->info().device_path).c_str());
        break;
      }
      probe->wait();
      r.seconds = time_copies(
          [&] { pq->copy_from_peer(remote, dev_, dev_a_, bytes, {})->wait(); },
          o_, r.iterations);
      emit(r, rows);
    }
    peer->deallocate(remote);
    return ok;
  }

  // The host's own copy bandwidth, pageable to pageable memory, through the
  // copy threads a staged copy uses: the ceiling of the CPU side of
  // staging, measured in the same run (on a shared host it varies from run
  // to run, and with it the unpinned rows; docs/host-memory.md).
  bool host_memcpy_rows(std::vector<row> &rows) {
    if (!wanted(direction::host))
      return true;
    host_buffer from, to;
    from.data = static_cast<char *>(std::malloc(o_.max_bytes));
    to.data = static_cast<char *>(std::malloc(o_.max_bytes));
    if (!from.data || !to.data) {
      std::fprintf(stderr, "hcc-bandwidth: out of host memory\n");
      return false;
    }
    std::memset(from.data, 1, o_.max_bytes); // touch every page
    std::memset(to.data, 2, o_.max_bytes);
    std::string strategy =
        "memcpy-" + std::to_string(rt::rt::memcpy_threads()) + "t";
    for (std::size_t bytes : sizes(o_)) {
      row r{"host", "unpinned", strategy, bytes, 0, 0};
      r.seconds = time_copies(
          [&] { rt::rt::parallel_memcpy(to.data, from.data, bytes); }, o_,
          r.iterations);
      emit(r, rows);
    }
    return true;
  }

private:
  bool wanted(direction d) const {
    for (direction x : o_.directions)
      if (x == d)
        return true;
    return false;
  }
  void emit(const row &r, std::vector<row> &rows) {
    rows.push_back(r);
    if (o_.child) { // the parent collects the rows from stdout
      std::printf("%s\n", csv_line(r).c_str());
      std::fflush(stdout);
    }
  }

  const options &o_;
  rt::device &dev_;
  rt::queue_ptr q_;
  void *dev_a_ = nullptr, *dev_b_ = nullptr;
};

// Runs this program again for one unpinned-copy mode; collects its rows.
bool run_child(int argc, char **argv, const options &o, int mode,
               std::vector<row> &rows) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return false;
  self[n] = '\0';
  std::string command = "HCC_UNPINNED_COPY_MODE=" + std::to_string(mode) +
                        " '" + self + "' --child --unpinned";
  for (direction d : o.directions)
    if (d == direction::h2d || d == direction::d2h)
      command += std::string(" --") + direction_name(d);
  command += " --min " + std::to_string(o.min_bytes) + " --max " +
             std::to_string(o.max_bytes) + " --step " +
             std::to_string(o.size_step) + " --mode " + std::to_string(mode);
  if (o.min_seconds < 0.05)
    command += " --quick --max " + std::to_string(o.max_bytes);
  if (!o.device.empty())
    command += " --device '" + o.device + "'";
  (void)argc, (void)argv;
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe)
    return false;
  char line[512];
  while (std::fgets(line, sizeof line, pipe)) {
    std::string text(line);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
      text.pop_back();
    row r;
    if (parse_csv_line(text, r))
      rows.push_back(r);
  }
  return pclose(pipe) == 0;
}

} // namespace

int main(int argc, char **argv) {
  options o;
  int status = 0;
  if (!parse_options(argc, argv, o, status))
    return status;
  if (!o.plot_only.empty()) {
    std::vector<row> rows;
    if (!read_csv(o.plot_only, rows) || rows.empty()) {
      std::fprintf(stderr, "hcc-bandwidth: no rows in %s\n",
                   o.plot_only.c_str());
      return 2;
    }
    std::printf("# %s\n", plot(o.plot_only, o.png, rows).c_str());
    return 0;
  }

  // With one mode, this process measures it: the runtime reads the
  // variable on the first unpinned copy, after this.
  int own_mode = -1;
  if (o.modes.size() == 1) {
    own_mode = o.modes[0];
    setenv("HCC_UNPINNED_COPY_MODE", std::to_string(own_mode).c_str(), 1);
  } else if (o.modes.empty()) {
    // As the environment says (the runtime warns about bad values).
    const char *env = std::getenv("HCC_UNPINNED_COPY_MODE");
    std::string value = env ? env : "";
    own_mode = value.size() == 1 && value[0] >= '0' && value[0] <= '3'
                   ? value[0] - '0'
                   : 0;
  }

  rt::device *dev = nullptr;
  try {
    if (!o.device.empty()) {
      dev = rt::find_device(std::wstring(o.device.begin(), o.device.end()));
      if (!dev) {
        std::fprintf(stderr, "hcc-bandwidth: no accelerator '%s'\n",
                     o.device.c_str());
        return 2;
      }
    } else {
      for (rt::device *d : rt::all_devices())
        if (!d->info().is_host_memory) {
          dev = d;
          break;
        }
      if (!dev) {
        std::fprintf(stderr,
                     "hcc-bandwidth: no GPU found (only the CPU); nothing to "
                     "measure. '--device cpu' measures the CPU's host "
                     "copies instead.\n");
        return 1;
      }
    }
    std::string name = narrow(dev->info().device_path) + " (" +
                       narrow(dev->info().description) + ")";
    std::vector<row> rows;
    bool ok = true;
    {
      bench b(o, *dev);
      if (o.pinned && !o.child)
        ok = b.host_rows(true, "pinned", rows) && ok;
      if (o.unpinned) {
        if (own_mode >= 0 || o.child) {
          ok = b.host_rows(false, mode_label(own_mode), rows) && ok;
        } else {
          for (int mode : o.modes)
            ok = run_child(argc, argv, o, mode, rows) && ok;
        }
      }
      if (!o.child) {
        ok = b.device_rows(rows) && ok;
        ok = b.peer_rows(rows) && ok;
        if (o.unpinned)
          ok = b.host_memcpy_rows(rows) && ok;
      }
    }
    if (o.child)
      return ok ? 0 : 3;
    print_table(rows, name);
    std::string csv = o.csv;
    if (!o.png.empty() && csv.empty())
      csv = o.png + ".csv";
    if (!csv.empty()) {
      if (!write_csv(csv, rows)) {
        std::fprintf(stderr, "hcc-bandwidth: cannot write %s\n", csv.c_str());
        return 2;
      }
      std::printf("# wrote %s\n", csv.c_str());
    }
    if (!o.png.empty())
      std::printf("# %s\n", plot(csv, o.png, rows).c_str());
    return ok ? 0 : 3;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hcc-bandwidth: %s\n", e.what());
    return 3;
  }
}
