// RUN: %hcc %s -o %t && %t | FileCheck %s
// hcc's predefined macros: __HCC__ is 1, the version macros are set and
// __hcc_version__ is a string made of them, __KALMAR_HC__ is 1 in hc mode,
// and exactly one of __KALMAR_CPU__ / __KALMAR_ACCELERATOR__ is defined in
// each compilation pass.
#include <hc.hpp>
#include <cstdio>
#include <cstring>
#include <string>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#ifndef __HCC__
#error "__HCC__ is not defined"
#endif
#if __HCC__ != 1
#error "__HCC__ is not 1"
#endif
#if !defined(__hcc_major__) || !defined(__hcc_minor__) || !defined(__hcc_patchlevel__)
#error "hcc version macros missing"
#endif
#ifndef __hcc_version__
#error "__hcc_version__ is not defined"
#endif
#if !defined(__KALMAR_HC__) || __KALMAR_HC__ != 1
#error "__KALMAR_HC__ is not 1"
#endif
#if defined(__KALMAR_AMP__) && __KALMAR_AMP__
#error "__KALMAR_AMP__ set in hc mode"
#endif
#if defined(__KALMAR_CPU__) && defined(__KALMAR_ACCELERATOR__)
#error "both __KALMAR_CPU__ and __KALMAR_ACCELERATOR__ are defined"
#endif
#if !defined(__KALMAR_CPU__) && !defined(__KALMAR_ACCELERATOR__)
#error "neither __KALMAR_CPU__ nor __KALMAR_ACCELERATOR__ is defined"
#endif

int main() {
#ifndef __KALMAR_CPU__
  // main() runs as code of the host pass.
  std::fprintf(stderr, "FAILED: host code compiled without __KALMAR_CPU__\n");
  return 1;
#endif
  CHECK(__HCC__ == 1);
  int major = __hcc_major__, minor = __hcc_minor__;
  CHECK(major >= 0 && minor >= 0);
  const char *version = __hcc_version__;
  std::string prefix = std::to_string(major) + "." + std::to_string(minor);
  CHECK(std::strncmp(version, prefix.c_str(), prefix.size()) == 0);
  std::printf("hcc version %s\n", version);
  return 0;
}
// CHECK: hcc version {{[0-9]+\.[0-9]+}}
