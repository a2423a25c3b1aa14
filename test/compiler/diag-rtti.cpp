// typeid of a polymorphic object and dynamic_cast need the C++ run-time
// type information, which GPUs do not have: compile errors at the use,
// naming the kernel (not "calls '__dynamic_cast'").

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// (Errors come in the order the kernel's code is reached.)
#include <hc.hpp>

#include <typeinfo>

struct Base {
  virtual ~Base() {}
  virtual int id() const { return 1; }
};
struct Derived : Base {
  int id() const override { return 2; }
};

bool same(const Base &a, const Base &b) {
  // CHECK-DAG: diag-rtti.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' uses typeid of a polymorphic object; GPUs have no run-time type information; call chain: {{.*}} -> same(Base const&, Base const&)
  return &typeid(a) == &typeid(b);
}

int main() {
  hc::array_view<int, 1> v(16);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    Derived d;
    Base &b = d;
    // CHECK-DAG: diag-rtti.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' uses dynamic_cast; GPUs have no run-time type information; call chain: {{.*}}::operator()(hc::index<1>) const
    const Derived *p = dynamic_cast<const Derived *>(&b);
    // CHECK-DAG: diag-rtti.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' uses dynamic_cast; GPUs have no run-time type information
    const Derived &r = dynamic_cast<const Derived &>(b);
    v[i] = (p ? p->id() : 0) + r.id() + same(b, d);
  });
  return 0;
}
// CHECK-NOT: __dynamic_cast
// CHECK-NOT: __cxa_bad
// CHECK: 3 errors generated when compiling for sm_90.
