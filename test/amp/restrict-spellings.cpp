// Every spelling and position of C++ AMP's restriction specifiers compiles
// without a warning in C++ AMP mode and runs: free functions, members,
// const members, constructors, operators, templates, trailing return
// types, lambdas (mutable too), any order and spacing, line breaks inside.

// RUN: %hcc -std=c++amp -Werror %s -o %t && %t | FileCheck %s
// CHECK: spellings: 1 2 3 4 5 6 7 8 9 10 11

#include <amp.h>
#include <cstdio>
using namespace concurrency;

int amp_only(int x) restrict(amp) { return x + 1; }
int both(int x) restrict(amp, cpu) { return x + 2; }
int both_reversed(int x) restrict( cpu ,amp ) { return x + 3; }
int spread(int x) restrict(
    amp,
    cpu) { return x + 4; }
auto trailing(int x) restrict(amp) -> int { return x + 5; }
template <class T> T tmpl(T x) restrict(amp) { return x + 6; }

struct Point {
  int v;
  Point(int x) restrict(amp, cpu) : v(x) {}
  int get() const restrict(amp) { return v + 7; }
  Point operator+(const Point &o) const restrict(amp, cpu) {
    return Point(v + o.v);
  }
  static int twice(int x) restrict(amp) { return 2 * x; }
};

int main() {
  int out[11] = {};
  array_view<int, 1> av(11, out);
  parallel_for_each(av.get_extent(), [=](index<1> i) restrict(amp) {
    int k = i[0];
    int r = 0;
    switch (k) {
    case 0: r = amp_only(0); break;
    case 1: r = both(0); break;
    case 2: r = both_reversed(0); break;
    case 3: r = spread(0); break;
    case 4: r = trailing(0); break;
    case 5: r = tmpl(0); break;
    case 6: r = Point(0).get(); break;
    case 7: r = (Point(3) + Point(5)).v; break;
    case 8: r = Point::twice(4) + 1; break;
    case 9: {
      int n = 9;
      auto bump = [=]() mutable restrict(amp) { return ++n; };
      r = bump();
      break;
    }
    case 10: {
      auto ten = [](int x) restrict(amp,cpu) -> int { return x + 10; };
      r = ten(1);
      break;
    }
    }
    av[i] = r;
  });
  std::printf("spellings:");
  for (int k = 0; k < 11; ++k)
    std::printf(" %d", av[k]);
  std::printf("\n");
  return 0;
}
