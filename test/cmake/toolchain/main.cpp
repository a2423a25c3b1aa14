#include "kernels.hpp"
#include <cstdio>

int main() {
  std::vector<float> v(1000);
  for (int i = 0; i < 1000; ++i)
    v[i] = static_cast<float>(i);
  scale(v, 2.0f);
  double sum = reduce_sum(v);            // 2 * (0 + ... + 999)
  unsigned c = checksum(v.data(), 3);    // ((0 * 31) + 2) * 31 + 4
  bool ok = sum == 999000.0 && c == 66u;
  std::printf("toolchain_app: sum %.0f checksum %u: %s\n", sum, c,
              ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
