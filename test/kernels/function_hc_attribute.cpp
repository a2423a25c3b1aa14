// RUN: %hcc %s -o %t && %t
// Functions annotated the hcc ways can be called from kernels:
// [[hc]] after the parameter list, __attribute__((hc)) before or after,
// [[cpu]] [[hc]] (callable from both sides), and on member functions.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int f1(int x) [[hc]] { return x + 1; }
__attribute__((hc)) int f2(int x) { return x + 2; }
int f3(int x) __attribute__((hc)) { return x + 3; }
int f4(int x) [[cpu]] [[hc]] { return x + 4; }
int f5(int x) __CPU__ __HC__ { return x + 5; }

struct S {
  int k;
  int get(int x) const [[hc]] { return x * k; }
};

int main() {
  // Functions that are also [[cpu]] run on the host as well.
  CHECK(f4(1) == 5);
  CHECK(f5(1) == 6);
  std::vector<int> out(128, 0);
  hc::array_view<int, 1> v(128, out);
  S s{3};
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    int x = i[0];
    v[i] = f1(x) + f2(x) + f3(x) + f4(x) + f5(x) + s.get(x);
  });
  for (int i = 0; i < 128; ++i)
    CHECK(v[i] == 5 * i + 15 + 3 * i);
  return 0;
}
