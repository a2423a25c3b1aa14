// Without -std=c++amp nothing is rewritten: restrict(amp) is not hc syntax
// and Clang rejects it, as before. An ordinary identifier named restrict
// is fine in both modes.

// RUN: not %hcc -fsyntax-only -DUSE_RESTRICT %s 2>&1 | FileCheck %s
// CHECK: error:
// RUN: %hcc -fsyntax-only %s
// RUN: %hcc -std=c++amp -fsyntax-only %s

#ifdef USE_RESTRICT
int f() restrict(amp) { return 1; }
#endif

int restrict_count(int restrict_) { return restrict_; }
struct S {
  int restrict;
  int get() { return restrict; }
};
