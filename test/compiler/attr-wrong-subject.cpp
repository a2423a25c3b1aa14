// The attributes belong on functions; elsewhere they are ignored with a
// warning, as Clang does for its own attributes.

// RUN: %hcc -fsyntax-only --offload-arch=sm_90 %s 2>&1 | FileCheck %s

[[hc]] int variable = 0;
// CHECK: attr-wrong-subject.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'hc' attribute only applies to functions [-Wignored-attributes]
struct [[cpu]] Type {};
// CHECK: attr-wrong-subject.cpp:[[@LINE-1]]:{{[0-9]+}}: warning: 'cpu' attribute only applies to functions [-Wignored-attributes]

int main() { return variable; }
