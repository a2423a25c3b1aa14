// RUN: %hcc %s -o %t && %t
// Constructing an accelerator from an unknown device path throws
// hc::runtime_exception with a message.
#include <hc.hpp>
#include <cstdio>
#include <cstring>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  bool thrown = false;
  try {
    hc::accelerator acc(L"no-such-device-path");
    std::fprintf(stderr, "got %ls\n", acc.get_device_path().c_str());
  } catch (const hc::runtime_exception &e) {
    thrown = true;
    CHECK(e.what() != nullptr && std::strlen(e.what()) > 0);
  }
  CHECK(thrown);
  return 0;
}
