// For the kernel cache's unit tests: CacheDir, a GoogleTest fixture with a
// fresh directory under the system's temp dir (removed afterwards), and
// small file helpers.
#ifndef HCC_UNITTESTS_KERNEL_CACHE_DIR_HPP
#define HCC_UNITTESTS_KERNEL_CACHE_DIR_HPP

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

namespace hcc_test {

namespace fs = std::filesystem;

inline std::string read_file(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void write_file(const fs::path &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

inline std::vector<std::string> entries(const fs::path &dir) {
  std::vector<std::string> names;
  for (const fs::directory_entry &e : fs::directory_iterator(dir))
    names.push_back(e.path().filename().string());
  return names;
}

// A fresh directory under the system's temp dir, removed afterwards.
class CacheDir : public testing::Test {
protected:
  void SetUp() override {
    std::string name = (fs::temp_directory_path() / "hcc-kcache-XXXXXX").string();
    ASSERT_NE(mkdtemp(&name[0]), nullptr);
    root_ = name;
    dir_ = root_ / "kernels";
  }
  void TearDown() override {
    std::error_code ignored;
    fs::permissions(root_, fs::perms::owner_all, ignored);
    fs::remove_all(root_, ignored);
  }

  fs::path root_, dir_;
};

} // namespace hcc_test

#endif
