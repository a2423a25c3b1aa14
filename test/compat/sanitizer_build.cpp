// RUN: %hcc -hc %s -g -fno-omit-frame-pointer -fsanitize=undefined -fno-sanitize-recover=undefined -fno-sanitize=vptr -o %t && %t
// hc programs build and run with the undefined-behaviour sanitizer, as
// with hcc (the sanitizer runtimes come with libclang-rt-22-dev, which
// scripts/install-deps.sh installs).
#include <hc.hpp>

#include <cstdio>

int main() {
  hc::array_view<int, 1> v(256);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = i[0] * 3;
  });
  for (int i = 0; i < 256; ++i)
    if (v[i] != i * 3) {
      std::printf("FAILED at %d\n", i);
      return 1;
    }
  return 0;
}
