// RUN: %hcc -hc %s -o %t && %t
// RUN: %hcc -std=c++amp -DAMP %s -o %t.amp && %t.amp
//
// accelerator::set_default_cpu_access_type belongs to the device: set
// through a temporary accelerator object, every accelerator object of the
// device reports it, and arrays created later on it without a CPU access
// type take it (an explicit one still wins). Before any setting the
// default is access_type_auto and arrays report read_write.
#ifdef AMP
#include <amp.h>
namespace api = concurrency;
#else
#include <hc.hpp>
namespace api = hc;
#endif
#include <cstdio>

#include "../Inputs/checks.hpp"

int main() {
  hcc_test::checks check;
  api::accelerator acc;
  check(acc.get_default_cpu_access_type() == api::access_type_auto,
        "initial default is access_type_auto");
  api::array<int, 1> before(8);
  check(before.get_cpu_access_type() == api::access_type_read_write,
        "an array before any setting is read_write");

  check(api::accelerator(api::accelerator::default_accelerator)
            .set_default_cpu_access_type(api::access_type_read),
        "set_default_cpu_access_type succeeds");
  check(api::accelerator().get_default_cpu_access_type() ==
            api::access_type_read,
        "another accelerator object of the device sees the setting");

  api::array<int, 1> after(8);
  check(after.get_cpu_access_type() == api::access_type_read,
        "a later array takes the device's default");
  api::array<int, 2> on_view(4, 4, acc.get_default_view());
  check(on_view.get_cpu_access_type() == api::access_type_read,
        "an array on a view takes the device's default");
  api::array<int, 1> explicit_type(api::extent<1>(8), acc.get_default_view(),
                                   api::access_type_write);
  check(explicit_type.get_cpu_access_type() == api::access_type_write,
        "an explicit access type wins");
  check(before.get_cpu_access_type() == api::access_type_read_write,
        "earlier arrays keep theirs");
  if (check.failures == 0)
    std::printf("default cpu access type: ok\n");
  return check.failures;
}
