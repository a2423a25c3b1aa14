// The remarks of hcc-cpu-work-item-loops on the host compilation: the loop
// over the work-items of a non-tiled kernel that branches on its position
// is cut where the tests change; a kernel without such tests is left as it
// is, and -hcc-cpu-position-splitting=false cuts nothing. Compile-only.
// UNSUPPORTED: gpu-lit
// RUN: %hcc --offload-arch=none -O2 -c %s -o /dev/null -Rpass=hcc-cpu-work-item-loops 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-position-splitting=false -c %s -o /dev/null -Rpass=hcc-cpu-work-item-loops 2>&1 | FileCheck --allow-empty --check-prefix=OFF %s

// CHECK: remark: work-items of {{.*}}copy_border{{.*}} run in pieces where its position tests change [-Rpass=hcc-cpu-work-item-loops]
// CHECK-NOT: remark: {{.*}}scale
// OFF-NOT: remark
#include <hc.hpp>

void copy_border(hc::array_view<const float, 2> in, hc::array_view<float, 2> out,
                 int rows, int cols) {
  hc::parallel_for_each(out.get_extent(), [=](hc::index<2> i) [[hc]] {
    const int y = i[0], x = i[1];
    if (y == 0 || y == rows - 1 || x == 0 || x == cols - 1) {
      out[i] = in[i];
      return;
    }
    out[i] = 0.25f * (in(y - 1, x) + in(y + 1, x) + in(y, x - 1) + in(y, x + 1));
  });
}

void scale(hc::array_view<float, 1> v, float s) {
  hc::parallel_for_each(v.get_extent(),
                        [=](hc::index<1> i) [[hc]] { v[i] *= s; });
}
