// As with the original hcc, a kernel calls [[hc]] functions that another
// translation unit defines: declared with [[hc]] in a header, defined in one
// source (a member function, a free function that calls another, one whose
// own kernel also calls it, one that prints, one that reads a global
// variable of its own source while the calling kernel reads one of its own),
// in an object of the program or in a shared library. The CUDA backend links the images when it loads them; the CPU
// backend runs the host pass's code (docs/driver.md).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %hcc -hc -DDEFINE_FUNCTIONS -c %s -o %t/functions.o
// RUN: %hcc -hc -c %s -o %t/main.o
// RUN: %hcc -hc %t/main.o %t/functions.o -o %t/program
// RUN: %t/program | FileCheck %s
// RUN: %hcc -hc -DDEFINE_FUNCTIONS -fPIC -shared %s -o %t/libfunctions.so
// RUN: %hcc -hc %t/main.o -L%t -lfunctions -Wl,-rpath,%t -o %t/program-shared
// RUN: %t/program-shared | FileCheck %s
// CHECK: own kernel ok
// CHECK-DAG: note from work-item 40
// CHECK-DAG: other kernel ok

#include <hc.hpp>

#include <cstdio>

struct Scale {
  int factor;
  int apply(int x) const [[hc]];
};
int offset_of(int i) [[hc]];
int scaled_offset(const Scale &s, int i) [[hc]];
void note_first(int i) [[hc]];
int run_own_kernel();

#ifdef DEFINE_FUNCTIONS

int Scale::apply(int x) const [[hc]] { return factor * x; }
int bias = 11; // a host global of this source
int offset_of(int i) [[hc]] { return i % 7 + bias; }
int scaled_offset(const Scale &s, int i) [[hc]] {
  return s.apply(i) + offset_of(i);
}

// The defining source launches its own kernel on the same functions.
// Called by no kernel of this source; its global is listed for the image
// all the same.
int note_offset = 40;
void note_first(int i) [[hc]] {
  if (i == 0)
    std::printf("note from work-item %d\n", i + note_offset);
}

int run_own_kernel() {
  hc::array_view<int, 1> out(64);
  Scale s{3};
  hc::parallel_for_each(out.get_extent(), [=](hc::index<1> i) [[hc]] {
    out[i] = scaled_offset(s, i[0]);
  });
  for (int i = 0; i < 64; ++i)
    if (out[i] != 3 * i + i % 7 + 11)
      return 1;
  std::printf("own kernel ok\n");
  return 0;
}

#else

int extra = 3; // a host global of this source

int main() {
  if (run_own_kernel())
    return 1;
  hc::array_view<int, 1> out(1000);
  Scale s{5};
  hc::parallel_for_each(out.get_extent(), [=](hc::index<1> i) [[hc]] {
    out[i] = scaled_offset(s, i[0]) - offset_of(i[0]) + extra;
    note_first(i[0]);
  });
  for (int i = 0; i < 1000; ++i)
    if (out[i] != 5 * i + 3) {
      std::printf("out[%d] = %d, expected %d\n", i, out[i], 5 * i + 3);
      return 1;
    }
  std::printf("other kernel ok\n");
  return 0;
}

#endif
