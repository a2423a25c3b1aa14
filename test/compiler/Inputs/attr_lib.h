// A library header in the original hcc's style, for attr-system-header.cpp:
// [[hc]] after parameter lists, included from a system include directory.
#ifndef HCC_TEST_ATTR_LIB_H
#define HCC_TEST_ATTR_LIB_H

inline float lib_scale(float x) [[hc]] { return 2.0f * x; }

struct LibAccumulator {
  float total = 0.0f;
  void add(float v) [[hc]] { total += v; }
  float get() const [[hc]] { return total; }
};

float lib_host_only(float);
inline float lib_bad(float x) [[hc]] {
  return lib_host_only(x);
}

#endif
