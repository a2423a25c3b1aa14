// Small helpers shared by the runtime unit tests.
#ifndef HCC_UNITTESTS_TEST_ENV_HPP
#define HCC_UNITTESTS_TEST_ENV_HPP

#include <cstdlib>
#include <string>

namespace hcc_test {

// Sets (or, with a null value, unsets) an environment variable for the
// scope, then restores it.
class scoped_env {
public:
  scoped_env(const char *name, const char *value) : name_(name) {
    const char *old = std::getenv(name);
    had_ = old != nullptr;
    if (had_)
      old_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~scoped_env() {
    if (had_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }
  scoped_env(const scoped_env &) = delete;
  scoped_env &operator=(const scoped_env &) = delete;

private:
  const char *name_;
  bool had_;
  std::string old_;
};

inline bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace hcc_test

#endif
