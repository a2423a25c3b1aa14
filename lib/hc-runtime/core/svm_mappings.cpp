#include "core/svm_mappings.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

std::size_t page_size() noexcept {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

std::uintptr_t page_floor(std::uintptr_t addr) noexcept {
  return addr & ~(static_cast<std::uintptr_t>(page_size()) - 1);
}

std::uintptr_t page_ceil(std::uintptr_t addr) noexcept {
  return page_floor(addr + page_size() - 1);
}

bool is_mapped(std::uintptr_t addr) noexcept {
  unsigned char resident = 0;
  // ENOMEM: no mapping there. Any other outcome means something is mapped.
  return mincore(reinterpret_cast<void *>(page_floor(addr)), 1, &resident) ==
             0 ||
         errno != ENOMEM;
}

namespace {

// Parses one line: "begin-end perms offset dev inode   path".
bool parse_line(const char *line, host_mapping &m) {
  unsigned long long begin = 0, end = 0;
  char perms[8] = {};
  int consumed = 0;
  if (std::sscanf(line, "%llx-%llx %7s %*s %*s %*s%n", &begin, &end, perms,
                  &consumed) < 3)
    return false;
  m.begin = static_cast<std::uintptr_t>(begin);
  m.end = static_cast<std::uintptr_t>(end);
  m.readable = perms[0] == 'r';
  m.writable = perms[1] == 'w';
  m.executable = perms[2] == 'x';
  const char *path = line + consumed;
  while (*path == ' ')
    ++path;
  m.path.assign(path);
  while (!m.path.empty() && (m.path.back() == '\n' || m.path.back() == ' '))
    m.path.pop_back();
  return true;
}

} // namespace

namespace {

// Calls stop(mapping) for each line of /proc/self/maps until it returns
// true; false when the file cannot be read or nothing stopped the walk.
template <typename Fn> bool walk_mappings(Fn &&stop) {
  FILE *maps = std::fopen("/proc/self/maps", "re");
  if (!maps)
    return false;
  char line[4096 + 128];
  bool stopped = false;
  while (!stopped && std::fgets(line, sizeof line, maps)) {
    host_mapping m;
    if (parse_line(line, m))
      stopped = stop(m);
  }
  std::fclose(maps);
  return stopped;
}

} // namespace

bool find_mapping(std::uintptr_t addr, host_mapping &out) {
  return walk_mappings([&](host_mapping &m) {
    if (addr < m.begin || addr >= m.end)
      return false;
    out = std::move(m);
    return true;
  });
}

std::vector<host_mapping> read_mappings() {
  std::vector<host_mapping> all;
  walk_mappings([&](host_mapping &m) {
    all.push_back(std::move(m));
    return false;
  });
  return all;
}

namespace {

bool query_thread_stack(std::uintptr_t &begin, std::uintptr_t &end) noexcept {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return false;
  void *base = nullptr;
  std::size_t size = 0;
  bool ok = pthread_attr_getstack(&attr, &base, &size) == 0;
  pthread_attr_destroy(&attr);
  if (!ok)
    return false;
  begin = reinterpret_cast<std::uintptr_t>(base);
  end = begin + size;
  return true;
}

} // namespace

bool current_thread_stack(std::uintptr_t &begin, std::uintptr_t &end) noexcept {
  // Asked once per thread: for the main thread glibc reads /proc/self/maps
  // to answer, which would double the cost of a first launch.
  struct bounds {
    bool known = false, ok = false;
    std::uintptr_t begin = 0, end = 0;
  };
  thread_local bounds mine;
  if (!mine.known) {
    mine.ok = query_thread_stack(mine.begin, mine.end);
    mine.known = true;
  }
  begin = mine.begin;
  end = mine.end;
  return mine.ok;
}

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc
