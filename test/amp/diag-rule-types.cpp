// C++ AMP 1.2 section 2.4.1: restrict(amp) code uses bool, int, unsigned
// int, long, unsigned long, float, double, void, std::nullptr_t, one level
// of pointer or reference (not as a member or array element) and classes
// without virtual functions, virtual bases or bit-fields. Each violation
// is an error at its line in C++ AMP mode; hc mode keeps hcc's relaxed
// rules and compiles the same code. diag-rule-valid.cpp holds the types
// that are allowed.

// RUN: not %hcc -std=c++amp -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s
// RUN: %hcc -hc -DHC -fsyntax-only %s

#include "Inputs/amp_or_hc.h"

struct Virtual {
  virtual int f() const { return 1; }
};
struct VirtualBase : virtual Virtual {};
struct BitField {
  int low : 4;
};
struct HoldsPointer {
  int *p;
};
struct Empty {};
struct TwoBools {
  bool a;
  bool b;
};
enum class Small : char { A };

// CHECK: diag-rule-types.cpp:[[@LINE+1]]:1: error: return type 'long long' is not supported in restrict(amp) code: 'long long' is not a supported fundamental type
long long wide() restrict(amp) { return 0; }
// CHECK: diag-rule-types.cpp:[[@LINE+1]]:18: error: parameter type 'short' is not supported in restrict(amp) code
int narrow(short s) restrict(amp) { return s; }
// CHECK: diag-rule-types.cpp:[[@LINE+1]]:5: error: a restrict(amp) function cannot take a variable number of arguments (...)
int variadic(int n, ...) restrict(amp) { return n; }
// CHECK: diag-rule-types.cpp:[[@LINE+1]]:5: error: a restrict(amp) function cannot have a throw() exception specification
int nothrow() restrict(amp) throw() { return 0; }

// CHECK: diag-rule-types.cpp:[[@LINE+1]]:17: error: an extern "C" function cannot be restrict(cpu, amp): it may have only one restriction
extern "C" void c_both() restrict(amp, cpu) {}
extern "C" void c_amp() restrict(amp) {}
extern "C" void c_cpu() restrict(cpu) {}
// CHECK: diag-rule-types.cpp:[[@LINE+1]]:17: error: an extern "C" function cannot be overloaded on restriction
extern "C" void c_twin() restrict(amp) {}
extern "C" void c_twin() restrict(cpu) {}

// A destructor has every restriction of the constructors.
struct DtorTooNarrow {
  DtorTooNarrow() restrict(cpu) {}
  DtorTooNarrow() restrict(amp) {}
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:3: error: the destructor of 'DtorTooNarrow' is restrict(cpu) but its constructors are restrict(cpu, amp): a destructor needs every restriction of the constructors
  ~DtorTooNarrow();
};
struct DtorWideEnough {
  DtorWideEnough() restrict(amp) {}
  ~DtorWideEnough() restrict(amp, cpu) {}
};

struct Methods {
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:15: error: virtual functions are not supported in restrict(amp) code
  virtual int v() restrict(amp) { return 1; }
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:7: error: volatile member functions are not supported in restrict(amp) code
  int vol() volatile restrict(amp) { return 1; }
};

void locals() restrict(amp) {
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:8: error: variable 'c' of type 'char' is not supported in restrict(amp) code
  char c = 0;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:15: error: variable 'ld' of type 'long double' {{.*}}
  long double ld = 0;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:11: error: variable 'w' of type 'wchar_t' {{.*}}
  wchar_t w = 0;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:16: error: variable 'v' of type 'volatile int' is not supported in restrict(amp) code: volatile is not supported
  volatile int v = 0;
  int i = 0;
  int *p = &i;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:9: error: variable 'pp' of type 'int **' is not supported in restrict(amp) code: pointers to pointers are not supported
  int **pp = &p;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:9: error: variable 'fp' of type 'int (*)(short)' is not supported in restrict(amp) code: function pointers are not supported
  int (*fp)(short) = nullptr;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:8: error: variable 'flags' of type 'bool[4]' is not supported in restrict(amp) code: arrays of bool are not supported
  bool flags[4];
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:8: error: variable 'ptrs' of type 'int *[2]' {{.*}}: arrays of pointers are not supported
  int *ptrs[2];
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:9: error: variable 'empties' of type 'Empty[2]' {{.*}}: arrays of an empty class are not supported
  Empty empties[2];
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:12: error: variable 'bools' of type 'TwoBools' {{.*}}: bool member 'b' of 'TwoBools' is not aligned to 4 bytes
  TwoBools bools;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:11: error: variable 'virt' of type 'Virtual' {{.*}}: 'Virtual' has virtual member functions
  Virtual virt;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:15: error: variable 'vbase' of type 'VirtualBase' {{.*}}: 'VirtualBase' has a virtual base class
  VirtualBase vbase;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:12: error: variable 'bits' of type 'BitField' {{.*}}: 'BitField' has a bit-field member
  BitField bits;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:16: error: variable 'holds' of type 'HoldsPointer' {{.*}}: member 'p' of 'HoldsPointer': a pointer cannot be a member
  HoldsPointer holds;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:9: error: variable 'small' of type 'Small' {{.*}}: underlying type: 'char' is not a supported fundamental type
  Small small = Small::A;
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:11: error: cast to 'short' is not supported in restrict(amp) code
  i = int((short)i);
}

void tiles(concurrency::tiled_index<1> t) restrict(amp) {
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:20: error: tile_static variable 'tp' of type 'int *' is not supported: a pointer cannot be a member, an array element, a captured copy or tile_static
  tile_static int *tp;
#ifndef HC // an error of the device pass in hc mode
  // CHECK: diag-rule-types.cpp:[[@LINE+1]]:19: error: tile_static variable 'ti' cannot have an initializer
  tile_static int ti = 1;
#endif
}
