// Virtual calls in kernels: no [[hc]] needed on the virtual functions (hcc
// compiles what a kernel's virtual calls can reach for the device, like any
// other function), overrides through two levels and a base class function
// that is not overridden, a call through a base in a helper function, and
// an unrelated virtual function of the same classes that only the host can
// run (it prints with std::cout) and no kernel calls
// (test/compiler/diag-virtual.cpp: such a function is not even reached).

// describe() stays in the device vtables with a body that traps (no kernel
// can call it; test/compiler/vtable-trapping-slots.cpp), so the image has no
// undefined references to std::ostream that the CUDA JIT would refuse.
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: virtual calls: ok
#include <hc.hpp>

#include <cstdio>
#include <iostream>

struct Shape {
  virtual ~Shape() {}
  virtual int area() const { return 0; }
  virtual int kind() const { return 1; }
  virtual void describe() const { std::cout << "shape " << area() << "\n"; }
};

struct Rect : Shape {
  int w, h;
  Rect(int w, int h) : w(w), h(h) {}
  int area() const override { return w * h; }
  int kind() const override { return 2; }
};

struct Square : Rect {
  explicit Square(int s) : Rect(s, s) {}
  int kind() const override { return 3; }
};

struct Dot : Shape {}; // area() and kind() from Shape

int measure(const Shape &s) { return s.area() * 10 + s.kind(); }

int main() {
  const int n = 64;
  hc::array_view<int, 1> v(n);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    int k = i[0];
    Rect r(k, 2);
    Square sq(k);
    Dot d;
    const Shape *shapes[3] = {&r, &sq, &d};
    v[i] = measure(*shapes[k % 3]);
  });
  for (int k = 0; k < n; ++k) {
    int expected = k % 3 == 0 ? k * 2 * 10 + 2 : k % 3 == 1 ? k * k * 10 + 3 : 1;
    if (v[k] != expected) {
      std::printf("v[%d] = %d, expected %d\n", k, v[k], expected);
      return 1;
    }
  }
  Dot().describe();
  std::printf("virtual calls: ok\n");
  return 0;
}
