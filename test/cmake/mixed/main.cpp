#ifdef __HCC__
#error "main.cpp must be compiled by the project's own compiler, not hcc"
#endif
#include "saxpy.hpp"
#include <cstdio>

int main() {
  std::vector<float> x(4096), y(4096);
  for (int i = 0; i < 4096; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  saxpy(3.0f, x, y);  // y = 2 * 3 * x + 1
  for (int i = 0; i < 4096; ++i)
    if (y[i] != 6.0f * static_cast<float>(i) + 1.0f) {
      std::printf("mixed: FAILED at %d: %f\n", i, y[i]);
      return 1;
    }
  std::printf("mixed: PASSED\n");
  return 0;
}
