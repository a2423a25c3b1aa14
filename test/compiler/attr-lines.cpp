// Rewriting the attributes keeps every line where it was: diagnostics after
// a rewritten or moved attribute, even one spread over several lines, name
// the right line, in both passes.

// RUN: not %hcc -fsyntax-only --offload-arch=sm_90 %s 2>&1 | FileCheck %s
// RUN: not %clangxx -x cuda --cuda-device-only --offload-arch=sm_90 -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -fplugin=%hcc_clang_plugin -fsyntax-only %s 2>&1 | FileCheck %s

int f(int x) [[hc]] { return x; }
auto g = [](int i)
    mutable
    [[hc,
      cpu]] { return i; };
auto h(int x) [[hc]] -> int { return x; }

int main() {
  return undeclared_name;
  // CHECK: attr-lines.cpp:[[@LINE-1]]:10: error: use of undeclared identifier 'undeclared_name'
  // CHECK: 1 error generated
}
