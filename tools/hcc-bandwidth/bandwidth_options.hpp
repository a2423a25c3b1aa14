// Command line of hcc-bandwidth.
#ifndef HCC_BANDWIDTH_OPTIONS_HPP
#define HCC_BANDWIDTH_OPTIONS_HPP

#include <cstddef>
#include <string>
#include <vector>

namespace hcc_bandwidth {

// host: memcpy between two pageable host buffers (no device), the ceiling
// of staged copies' CPU side.
enum class direction { h2d, d2h, d2d, peer, host };
const char *direction_name(direction d);

struct options {
  std::vector<direction> directions; // default: all
  bool pinned = true, unpinned = true;
  // HCC_UNPINNED_COPY_MODE values to measure unpinned copies with
  // ("all" = 0..3); empty: the environment's (default auto).
  std::vector<int> modes;
  std::size_t min_bytes = 4 << 10, max_bytes = std::size_t(1) << 30;
  unsigned size_step = 4;       // sizes min, min*step, ... max
  double min_seconds = 0.05;    // per measurement (after one warm-up copy)
  unsigned max_iterations = 1000;
  std::string device;           // device path; default: the first GPU
  std::string csv, png;         // output files
  std::string plot_only;        // --plot CSV: only plot that file
  bool child = false;           // internal: one mode, CSV rows on stdout
};

// Parses argv; on error or --help prints to stderr and returns false with
// `status` set (0 for --help, 2 for a bad argument).
bool parse_options(int argc, char **argv, options &o, int &status);

// "4K", "1M", "1G", "4096": bytes; false if malformed.
bool parse_size(const std::string &text, std::size_t &bytes);
std::string format_size(std::size_t bytes);

} // namespace hcc_bandwidth

#endif
