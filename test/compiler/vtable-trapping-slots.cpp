// Device vtables keep every slot, but a slot no kernel's virtual call can
// select gets a body that traps instead of the function's own: that body
// may not compile for the device (Shape::describe() prints with std::cout,
// Shape::log() is [[cpu]]), and an undefined reference to it or to what it
// calls would make the CUDA JIT refuse the whole image and ld.lld the
// AMDGPU one. Slots a kernel can call keep their bodies; a callable slot
// without a device body is a compile error (diag-virtual.cpp).

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90,gfx90a -c %s -o %t/out.o
// RUN: FileCheck --check-prefix=PTX %s < %t/vtable-trapping-slots-hcc-sm_90.ptx
// RUN: llvm-readelf --syms %t/vtable-trapping-slots-hcc-gfx90a.hsaco | FileCheck --check-prefix=HSACO %s
// RUN: FileCheck --check-prefix=GCN %s < %t/vtable-trapping-slots-hcc-gfx90a.s
// RUN: FileCheck --check-prefix=DESCRIBE %s < %t/vtable-trapping-slots-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=RECT-DESCRIBE %s < %t/vtable-trapping-slots-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=LOG %s < %t/vtable-trapping-slots-hcc-sm_90.ptx
// And the program loads and runs (on the GPU under gpu-lit).
// RUN: %hcc %s -o %t/run && %t/run | FileCheck --check-prefix=OUT %s

// Nothing the host library defines is referred to.
// PTX-NOT: .extern
// PTX-NOT: cout
// PTX-NOT: cerr
// PTX-DAG: .global .align 8 .u64 _ZTV5Shape[{{[0-9]+}}] = {{{.*}}_ZNK5Shape4areaEv, _ZNK5Shape8describeEv, _ZNK5Shape3logEv};
// PTX-DAG: .global .align 8 .u64 _ZTV4Rect[{{[0-9]+}}] = {{{.*}}_ZNK4Rect4areaEv, _ZNK4Rect8describeEv, _ZNK5Shape3logEv};
// The unselectable slots trap, right at their entry.
// DESCRIBE: .func _ZNK5Shape8describeEv(
// DESCRIBE-NOT: }
// DESCRIBE: trap;
// RECT-DESCRIBE: .func _ZNK4Rect8describeEv(
// RECT-DESCRIBE-NOT: }
// RECT-DESCRIBE: trap;
// LOG: .func _ZNK5Shape3logEv(
// LOG-NOT: }
// LOG: trap;
// The selectable ones keep their code.
// PTX-DAG: .func {{.*}}_ZNK4Rect4areaEv(
// PTX-NOT: .extern

// HSACO-NOT: UND {{.+}}
// HSACO-DAG: FUNC LOCAL DEFAULT {{.*}} _ZNK5Shape8describeEv
// HSACO-DAG: FUNC LOCAL DEFAULT {{.*}} _ZNK5Shape3logEv
// HSACO-NOT: UND {{.+}}

// GCN: {{^}}_ZNK5Shape3logEv:
// GCN-NOT: s_endpgm
// GCN-NOT: s_setpc_b64
// GCN: s_trap 2

// OUT: vtable slots: 6 0
#include <hc.hpp>

#include <cstdio>
#include <iostream>

struct Shape {
  virtual ~Shape() {}
  virtual int area() const { return 0; }
  virtual void describe() const { std::cout << "shape " << area() << "\n"; }
  virtual void log() const [[cpu]] { std::cerr << "log\n"; }
};

struct Rect : Shape {
  int w = 2, h = 3;
  int area() const override { return w * h; }
  void describe() const override { std::cout << "rect " << area() << "\n"; }
};

int measure(const Shape &s) { return s.area(); }

int main() {
  hc::array_view<int, 1> v(4);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    Shape s;
    Rect r;
    // Chosen at run time, so that the optimiser cannot devirtualise.
    const Shape *shapes[2] = {&s, &r};
    v[i] = measure(*shapes[(i[0] + 1) % 2]);
  });
  std::printf("vtable slots: %d %d\n", v[0], v[1]);
  return 0;
}
