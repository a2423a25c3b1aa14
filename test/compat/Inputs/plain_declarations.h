// Declarations without any hcc annotation, as a library header writes
// them; redeclaration_merge_header.cpp defines them with annotations.
#ifndef HCC_TEST_PLAIN_DECLARATIONS_H
#define HCC_TEST_PLAIN_DECLARATIONS_H
int scaled(int x);
struct Counter {
  int base;
  int next(int step) const;
};
#endif
