// Operators C++ AMP does not define on a vector type are compile errors
// (not silently computed): % and bit operations on float_N, unary minus on
// uint_N and unorm_N, an implicit float-to-norm conversion, and swizzles a
// vector does not have.
// RUN: not %hcc -fsyntax-only %s 2>&1 | FileCheck %s
#include <hc_short_vector.hpp>
using namespace hc::short_vector;

void misuse(float_2 f, uint_3 u, unorm_2 un, int_2 i) {
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: invalid operands to binary expression
  (void)(f % f);
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: invalid operands to binary expression
  (void)(f << f);
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: invalid argument type {{.*}} to unary expression
  (void)(-u);
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: invalid argument type {{.*}} to unary expression
  (void)(-un);
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: no viable conversion from 'float' to 'norm'
  norm n = 0.5f;
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: no member named 'z' in
  (void)i.z;
  // CHECK-DAG: misuse.cpp:[[@LINE+1]]:{{[0-9]+}}: error: no member named 'get_xyz' in
  (void)i.get_xyz();
}
