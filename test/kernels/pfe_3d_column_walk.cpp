// RUN: %hcc -O2 %s -o %t && %t
// Non-tiled rank-3 kernels on domains that GPUs walk in columns of planes
// (hc/detail/column_walk.hpp: partial bricks along x and y, a partial last
// chunk along z, depths 8, 2 and 16) and on domains they walk linearly
// (bricks that would waste lanes, too little work): every index is visited
// exactly once, and the work-item builtins agree with the index the kernel
// got. (unittests/column_walk_test.cpp checks the walk itself for many
// grids; this runs it as the GPU does.)
#include <hc.hpp>

#include <cstdio>
#include <vector>

#include "../Inputs/checks.hpp"

namespace {

bool visits_each_once(int nz, int ny, int nx) {
  const hc::extent<3> ext(nz, ny, nx);
  hc::array<int, 3> hits(ext);
  std::vector<int> zero(1, 0);
  hc::array<int, 1> wrong(1, zero.begin());
  hc::parallel_for_each(hits.get_extent(),
                        [&hits](hc::index<3> i) [[hc]] { hits[i] = 0; });
  hc::parallel_for_each(ext, [&hits, &wrong](hc::index<3> i) [[hc]] {
    const bool builtins_agree =
        hc_get_workitem_absolute_id(0) == unsigned(i[2]) &&
        hc_get_workitem_absolute_id(1) == unsigned(i[1]) &&
        hc_get_workitem_absolute_id(2) == unsigned(i[0]);
    if (!hits.get_extent().contains(i) || !builtins_agree)
      hc::atomic_fetch_add(&wrong[0], 1);
    else
      hc::atomic_fetch_add(&hits[i], 1);
  });
  std::vector<int> counts(ext.size());
  hc::copy(hits, counts.begin());
  std::vector<int> bad(1);
  hc::copy(wrong, bad.begin());
  std::size_t not_once = 0;
  for (int c : counts)
    not_once += c != 1;
  if (bad[0] != 0 || not_once != 0)
    std::printf("%d x %d x %d: %d wrong work-items, %zu elements not "
                "visited once\n",
                nz, ny, nx, bad[0], not_once);
  return bad[0] == 0 && not_once == 0;
}

} // namespace

int main() {
  CHECK(visits_each_once(300, 72, 481));  // 8 deep, partial chunk and bricks
  CHECK(visits_each_once(71, 72, 481));   // 2 deep, a last chunk of one plane
  CHECK(visits_each_once(128, 256, 481)); // 16 deep
  CHECK(visits_each_once(64, 64, 64));    // too little work: linear
  CHECK(visits_each_once(4096, 64, 16));  // half-empty bricks: linear
  CHECK(visits_each_once(1, 1024, 1100)); // one plane: linear
  return hcc_test::failures != 0;
}
