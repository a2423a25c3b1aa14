// RUN: %hcc -hc %s -o %t && %t
//
// hcc's error-code names: Kalmar::HRESULT (the type of
// runtime_exception's codes) and the E_FAIL macro.
#include <hc.hpp>

#include <cstdio>
#include <type_traits>

int main() {
  static_assert(std::is_same<Kalmar::HRESULT, int>::value,
                "Kalmar::HRESULT is int, as in hcc");
  int failures = 0;
  try {
    throw hc::runtime_exception("failed", E_FAIL);
  } catch (const hc::runtime_exception &e) {
    Kalmar::HRESULT code = e.get_error_code();
    if (code != static_cast<Kalmar::HRESULT>(0x80004005u)) {
      std::printf("FAIL get_error_code() = %#x\n", static_cast<unsigned>(code));
      ++failures;
    }
  }
  return failures;
}
