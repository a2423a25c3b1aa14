// Rows of hcc-bandwidth and their outputs: table, CSV, gnuplot plot.
#ifndef HCC_BANDWIDTH_REPORT_HPP
#define HCC_BANDWIDTH_REPORT_HPP

#include <cstddef>
#include <string>
#include <vector>

namespace hcc_bandwidth {

struct row {
  std::string direction; // h2d d2h d2d peer
  std::string memory;    // pinned, unpinned, device
  std::string strategy;  // pinned | auto | pin-in-place | staging | direct | device
  std::size_t bytes = 0;
  unsigned iterations = 0;
  double seconds = 0; // per copy
  double gbps() const { return seconds > 0 ? bytes / seconds / 1e9 : 0; }
};

void print_table(const std::vector<row> &rows, const std::string &device);
std::string csv_header();
std::string csv_line(const row &r);
// Parses a line of csv_line(); false for anything else.
bool parse_csv_line(const std::string &line, row &r);
bool write_csv(const std::string &path, const std::vector<row> &rows);
// The rows of a CSV file written by write_csv (or raw_cuda_copy).
bool read_csv(const std::string &path, std::vector<row> &rows);
// Writes `png`.gp plotting `csv` (one line per direction/strategy) and runs
// gnuplot on it if there is one. Returns a line for the user.
std::string plot(const std::string &csv, const std::string &png,
                 const std::vector<row> &rows);

} // namespace hcc_bandwidth

#endif
