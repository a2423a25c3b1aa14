#include "bandwidth_report.hpp"
#include "bandwidth_options.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace hcc_bandwidth {

void print_table(const std::vector<row> &rows, const std::string &device) {
  std::printf("# hcc-bandwidth on %s (GB/s = 1e9 bytes/s; each copy is "
              "enqueued and waited for)\n",
              device.c_str());
  std::printf("%-5s %-9s %-13s %10s %8s %12s %9s\n", "dir", "memory",
              "strategy", "size", "iters", "us/copy", "GB/s");
  for (const row &r : rows)
    std::printf("%-5s %-9s %-13s %10s %8u %12.2f %9.2f\n",
                r.direction.c_str(), r.memory.c_str(), r.strategy.c_str(),
                format_size(r.bytes).c_str(), r.iterations, r.seconds * 1e6,
                r.gbps());
  std::fflush(stdout);
}

std::string csv_header() {
  return "direction,memory,strategy,bytes,iterations,us_per_copy,gb_per_s";
}

std::string csv_line(const row &r) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, "%s,%s,%s,%zu,%u,%.3f,%.3f",
                r.direction.c_str(), r.memory.c_str(), r.strategy.c_str(),
                r.bytes, r.iterations, r.seconds * 1e6, r.gbps());
  return buffer;
}

bool parse_csv_line(const std::string &line, row &r) {
  std::vector<std::string> f;
  std::stringstream s(line);
  std::string field;
  while (std::getline(s, field, ','))
    f.push_back(field);
  if (f.size() != 7 || f[3].empty() || f[3][0] < '0' || f[3][0] > '9')
    return false;
  r.direction = f[0];
  r.memory = f[1];
  r.strategy = f[2];
  r.bytes = std::strtoull(f[3].c_str(), nullptr, 10);
  r.iterations = static_cast<unsigned>(std::strtoul(f[4].c_str(), nullptr, 10));
  r.seconds = std::strtod(f[5].c_str(), nullptr) / 1e6;
  return true;
}

bool write_csv(const std::string &path, const std::vector<row> &rows) {
  std::ofstream out(path);
  out << csv_header() << "\n";
  for (const row &r : rows)
    out << csv_line(r) << "\n";
  return static_cast<bool>(out.flush());
}

bool read_csv(const std::string &path, std::vector<row> &rows) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::string line;
  while (std::getline(in, line)) {
    row r;
    if (parse_csv_line(line, r))
      rows.push_back(r);
  }
  return true;
}

std::string plot(const std::string &csv, const std::string &png,
                 const std::vector<row> &rows) {
  // One line per direction, memory and strategy.
  std::set<std::vector<std::string>> series;
  for (const row &r : rows)
    series.insert({r.direction, r.memory, r.strategy});
  std::string script = png + ".gp";
  {
    std::ofstream gp(script);
    gp << "# gnuplot script written by hcc-bandwidth: gnuplot " << script
       << "\n"
       << "set terminal pngcairo size 1100,700\n"
       << "set output '" << png << "'\n"
       << "set datafile separator ','\n"
       << "set logscale x 2\n"
       << "set format x '%.0b%B'\n"
       << "set xlabel 'copy size (bytes)'\n"
       << "set ylabel 'GB/s'\n"
       << "set key left top\n"
       << "set grid\n"
       << "set title 'hc runtime copy bandwidth'\n"
       << "plot \\\n";
    std::size_t i = 0;
    for (const auto &s : series) {
      std::string title = s[0] + " " + s[1];
      if (s[2] != s[1])
        title += " " + s[2];
      gp << "  '" << csv << "' using ((strcol(1) eq '" << s[0]
         << "' && strcol(2) eq '" << s[1] << "' && strcol(3) eq '" << s[2]
         << "') ? $4 : 1/0):7 with linespoints title '" << title << "'"
         << (++i < series.size() ? ", \\\n" : "\n");
    }
  }
  if (std::system("command -v gnuplot >/dev/null 2>&1") == 0) {
    std::string command = "gnuplot '" + script + "'";
    if (std::system(command.c_str()) == 0)
      return "wrote " + png + " (gnuplot script: " + script + ")";
    return "gnuplot failed on " + script + "; no " + png;
  }
  return "gnuplot not found: wrote " + script + " for " + csv +
         "; run 'gnuplot " + script + "' where gnuplot is installed";
}

} // namespace hcc_bandwidth
