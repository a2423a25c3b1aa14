// Rewriting restrict(...) keeps every line number: an error after
// specifiers spread over several lines is reported on its own line.

// RUN: not %hcc -std=c++amp -fsyntax-only %s 2>&1 | FileCheck %s

int f(int x) restrict(
    amp,
    cpu) { return x; }

int g() restrict(amp) {
  return undeclared_name;
  // CHECK: diag-lines.cpp:[[@LINE-1]]:10: error: use of undeclared identifier 'undeclared_name'
}
