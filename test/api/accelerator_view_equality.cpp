// RUN: %hcc %s -o %t && %t
// accelerator_view identity: get_default_view() always returns the same
// view, copies compare equal, create_view() makes a different view of the
// same accelerator.
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view v1 = acc.get_default_view();
  hc::accelerator_view v2 = acc.get_default_view();
  CHECK(v1 == v2);
  CHECK(!(v1 != v2));

  hc::accelerator_view copy(v1);
  CHECK(copy == v1);

  hc::accelerator_view created = acc.create_view();
  CHECK(created != v1);
  CHECK(created.get_accelerator() == acc);
  CHECK(v1.get_accelerator() == acc);

  hc::accelerator_view created2 = acc.create_view();
  CHECK(created2 != created);

  copy = created;
  CHECK(copy == created);
  CHECK(copy != v1);

  CHECK(v1.get_queuing_mode() == hc::queuing_mode_automatic);
  CHECK(v1.get_execute_order() == hc::execute_in_order);
  return 0;
}
