#ifdef __HCC__
#error "host_part.cpp must be compiled by the project's own compiler"
#endif
#include "saxpy.hpp"
#include <cstdio>

int main() {
  const int n = 1000;
  long long expected = 0;
  for (long long i = 0; i < n; ++i)
    expected += i * i;
  long long got = sum_of_squares(n);
  std::printf("mixed_sources: %lld (expected %lld): %s\n", got, expected,
              got == expected ? "PASSED" : "FAILED");
  return got == expected ? 0 : 1;
}
