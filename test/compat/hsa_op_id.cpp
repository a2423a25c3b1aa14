// RUN: %hcc -hc %s -o %t && %t
//
// hc::HSAOpId: hcc's numbering of asynchronous operation kinds.
#include <hc.hpp>

#include <cstdio>

int main() {
  struct {
    const char *name;
    hc::HSAOpId id;
    int want;
  } ids[] = {{"HSA_OP_ID_DISPATCH", hc::HSA_OP_ID_DISPATCH, 0},
             {"HSA_OP_ID_COPY", hc::HSA_OP_ID_COPY, 1},
             {"HSA_OP_ID_BARRIER", hc::HSA_OP_ID_BARRIER, 2},
             {"HSA_OP_ID_NUMBER", hc::HSA_OP_ID_NUMBER, 3}};
  int failures = 0;
  for (const auto &e : ids)
    if (static_cast<int>(e.id) != e.want) {
      std::printf("FAIL %s = %d, expected %d\n", e.name, static_cast<int>(e.id),
                  e.want);
      ++failures;
    }
  return failures;
}
