// A virtual call in a kernel whose possible targets include a function
// with no device body is a compile error at the call, naming the virtual
// function and the kernel (Clang alone would leave a null vtable slot that
// faults at run time). Only the slots the kernel's calls can select count:
// Shape::describe() prints with std::cout but no kernel calls it.

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK-NOT: describe
// CHECK-NOT: Stack dump
#include <hc.hpp>

#include <cstdio>
#include <iostream>

struct Shape {
  virtual ~Shape() {}
  virtual int area() const { return 0; }
  virtual int corners() const { return 0; }
  virtual void describe() const { std::cout << "shape\n"; }
};

struct Square : Shape {
  int side = 2;
  int area() const override { return side * side; }
  int corners() const override {
    // (stdout itself is the host's variable, docs/svm.md; fflush is not.)
    // CHECK-DAG: diag-virtual.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' calls 'fflush', which has no definition for the device; call chain: {{.*}}::operator()(hc::index<1>) const -> Square::corners() const -> fflush
    std::fflush(stdout);
    return 4;
  }
};

// Measured on the host only.
struct Field : Shape {
  int area() const override [[cpu]] { return 100; }
};

int total(const Shape &s) {
  // CHECK-DAG: diag-virtual.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' calls virtual function 'Field::area() const', which has no definition for the device; call chain: {{.*}}::operator()(hc::index<1>) const -> total(Shape const&) -> Field::area() const
  return s.area();
}

int main() {
  hc::array_view<int, 1> v(16);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    Square sq;
    Field f;
    const Shape &s = sq;
    v[i] = total(sq) + total(f) + s.corners();
  });
  return 0;
}
// CHECK: 2 errors generated when compiling for sm_90.
