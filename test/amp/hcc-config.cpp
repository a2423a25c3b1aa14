// `hcc `hcc-config --cxxflags --ldflags --amp`` builds and runs a C++ AMP
// program.

// RUN: sh -c '%hcc `%hcc-config --cxxflags --ldflags --amp` %s -o %t'
// RUN: %t | FileCheck %s
// CHECK: amp: 42

#include <amp.h>
#include <cstdio>

int main() {
  int v = 0;
  concurrency::array_view<int, 1> av(1, &v);
  concurrency::parallel_for_each(av.get_extent(),
                                 [=](concurrency::index<1> i) restrict(amp) {
                                   av[i] = 42;
                                 });
  std::printf("amp: %d\n", av[0]);
  return 0;
}
