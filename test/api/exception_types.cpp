// RUN: %hcc %s -o %t && %t
// The hc exception types: runtime_exception carries a message (what()) and
// an error code (get_error_code()); invalid_compute_domain and
// accelerator_view_removed derive from it, and all are std::exceptions.
#include <hc.hpp>
#include <cstdio>
#include <cstring>
#include <exception>
#include <type_traits>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static_assert(std::is_base_of<std::exception, hc::runtime_exception>::value, "");
static_assert(std::is_base_of<hc::runtime_exception, hc::invalid_compute_domain>::value, "");
static_assert(std::is_base_of<hc::runtime_exception, hc::accelerator_view_removed>::value, "");

int main() {
  try {
    throw hc::runtime_exception("something failed", 42);
  } catch (const std::exception &e) {
    CHECK(std::strcmp(e.what(), "something failed") == 0);
    const hc::runtime_exception *re = dynamic_cast<const hc::runtime_exception *>(&e);
    CHECK(re != nullptr);
    CHECK(re->get_error_code() == 42);
  }

  try {
    throw hc::invalid_compute_domain("bad domain");
  } catch (const hc::runtime_exception &e) {
    CHECK(std::strcmp(e.what(), "bad domain") == 0);
    CHECK(e.get_error_code() != 0);
  }

  hc::runtime_exception copy("copied", 7);
  hc::runtime_exception other(copy);
  CHECK(std::strcmp(other.what(), "copied") == 0);
  CHECK(other.get_error_code() == 7);

  try {
    throw hc::accelerator_view_removed("device lost", 3);
  } catch (const hc::runtime_exception &e) {
    CHECK(std::strcmp(e.what(), "device lost") == 0);
  }
  return 0;
}
