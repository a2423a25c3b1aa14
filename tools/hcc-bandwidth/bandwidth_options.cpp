#include "bandwidth_options.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hcc_bandwidth {

const char *direction_name(direction d) {
  switch (d) {
  case direction::h2d: return "h2d";
  case direction::d2h: return "d2h";
  case direction::d2d: return "d2d";
  case direction::peer: return "peer";
  case direction::host: return "host";
  }
  return "?";
}

bool parse_size(const std::string &text, std::size_t &bytes) {
  if (text.empty() || text[0] < '0' || text[0] > '9')
    return false;
  char *end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  std::string suffix = end;
  unsigned shift = 0;
  if (suffix == "K" || suffix == "KiB" || suffix == "k")
    shift = 10;
  else if (suffix == "M" || suffix == "MiB")
    shift = 20;
  else if (suffix == "G" || suffix == "GiB")
    shift = 30;
  else if (!suffix.empty())
    return false;
  if (v == 0 || v > (~0ull >> (shift + 1)))
    return false;
  bytes = static_cast<std::size_t>(v << shift);
  return true;
}

std::string format_size(std::size_t bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB"};
  int u = 0;
  while (u < 3 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++u;
  }
  return std::to_string(bytes) + " " + units[u];
}

namespace {

const char usage[] =
    "usage: hcc-bandwidth [options]   (also installed as hcBusBandwidth)\n"
    "Measures copy bandwidth through the hc runtime: host->device (h2d),\n"
    "device->host (d2h), within a device (d2d) and between two GPUs (peer).\n"
    "\n"
    "  --h2d --d2h --d2d --peer   directions to measure (default: all)\n"
    "  --host                     also the host's own pageable-to-pageable\n"
    "                             memcpy through the staging copy threads\n"
    "                             (with unpinned rows; part of the default)\n"
    "  --pinned                   only pinned host memory (am_alloc amHostPinned)\n"
    "  --unpinned                 only pageable host memory (default: both)\n"
    "  --mode M                   strategy for unpinned copies: auto (0),\n"
    "                             pin (1), staging (2), direct (3), or all\n"
    "                             (each in its own process; default: as\n"
    "                             HCC_UNPINNED_COPY_MODE says, else auto)\n"
    "  --min SIZE --max SIZE      size range (default 4K .. 1G; K, M, G suffixes)\n"
    "  --step N                   size factor between rows (default 4)\n"
    "  --quick                    4K .. 16M, 10 ms per measurement\n"
    "  --device PATH              accelerator (default: the first GPU;\n"
    "                             'cpu' measures the CPU's host copies)\n"
    "  --csv FILE                 also write the rows as CSV\n"
    "  --png FILE                 plot GB/s against size, one line per\n"
    "                             direction, memory and strategy (needs\n"
    "                             gnuplot; without it FILE.gp is written)\n"
    "  --plot CSV                 with --png: only plot the rows of CSV (e.g.\n"
    "                             merged with raw_cuda_copy's), measure nothing\n"
    "\n"
    "Exit status: 0, 1 when there is no GPU (and no --device), 2 for bad\n"
    "arguments, 3 when a copy failed or copied wrong data.\n";

int mode_value(const std::string &m) {
  if (m == "auto" || m == "0") return 0;
  if (m == "pin" || m == "pin-in-place" || m == "1") return 1;
  if (m == "staging" || m == "2") return 2;
  if (m == "direct" || m == "3") return 3;
  return -1;
}

} // namespace

bool parse_options(int argc, char **argv, options &o, int &status) {
  auto fail = [&](const std::string &message) {
    std::fprintf(stderr, "hcc-bandwidth: %s\n%s", message.c_str(), usage);
    status = 2;
    return false;
  };
  bool only_pinned = false, only_unpinned = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string &out) {
      if (i + 1 >= argc)
        return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-h") {
      std::fputs(usage, stderr);
      status = 0;
      return false;
    } else if (a == "--h2d") {
      o.directions.push_back(direction::h2d);
    } else if (a == "--d2h") {
      o.directions.push_back(direction::d2h);
    } else if (a == "--d2d") {
      o.directions.push_back(direction::d2d);
    } else if (a == "--peer") {
      o.directions.push_back(direction::peer);
    } else if (a == "--host") {
      o.directions.push_back(direction::host);
    } else if (a == "--pinned") {
      only_pinned = true;
    } else if (a == "--unpinned") {
      only_unpinned = true;
    } else if (a == "--mode") {
      if (!value(v))
        return fail("--mode needs a value");
      if (v == "all") {
        o.modes = {0, 1, 2, 3};
      } else {
        int m = mode_value(v);
        if (m < 0)
          return fail("unknown --mode '" + v + "'");
        o.modes = {m};
      }
    } else if (a == "--min" || a == "--max") {
      std::size_t bytes = 0;
      if (!value(v) || !parse_size(v, bytes))
        return fail(a + " needs a size such as 4K, 16M or 1G");
      (a == "--min" ? o.min_bytes : o.max_bytes) = bytes;
    } else if (a == "--step") {
      if (!value(v) || std::atoi(v.c_str()) < 2)
        return fail("--step needs an integer >= 2");
      o.size_step = static_cast<unsigned>(std::atoi(v.c_str()));
    } else if (a == "--quick") {
      o.max_bytes = 16 << 20;
      o.min_seconds = 0.01;
    } else if (a == "--device") {
      if (!value(o.device))
        return fail("--device needs a device path");
    } else if (a == "--csv") {
      if (!value(o.csv))
        return fail("--csv needs a file name");
    } else if (a == "--png") {
      if (!value(o.png))
        return fail("--png needs a file name");
    } else if (a == "--plot") {
      if (!value(o.plot_only))
        return fail("--plot needs a CSV file");
    } else if (a == "--child") {
      o.child = true;
    } else {
      return fail("unknown argument '" + a + "'");
    }
  }
  if (only_pinned && !only_unpinned)
    o.unpinned = false;
  if (only_unpinned && !only_pinned)
    o.pinned = false;
  if (o.directions.empty())
    o.directions = {direction::h2d, direction::d2h, direction::d2d,
                    direction::peer, direction::host};
  if (!o.plot_only.empty() && o.png.empty())
    return fail("--plot needs --png FILE");
  if (o.min_bytes > o.max_bytes)
    return fail("--min is larger than --max");
  return true;
}

} // namespace hcc_bandwidth
