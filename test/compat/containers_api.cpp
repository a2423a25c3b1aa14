// RUN: %hcc -hc %s -o %t && %t
//
// Declarations of hcc's <hc.hpp> that programs use on the data-parallel
// core, each exercised once: Kalmar::index (hc::index's original name),
// extent / index arithmetic, tiled_extent of any rank as a description,
// tiled_extent's dynamic group segment, the free memory fences, array's
// projections through operator()(int) (also const), get_offset /
// get_index_base, array_view's data(), refresh, discard_data and
// get_source_accelerator_view, and the copy / copy_async overloads.
#include <hc.hpp>

#include <cstdio>
#include <type_traits>
#include <vector>

static int failures = 0;
static void expect(const char *what, long long got, long long want) {
  if (got != want && failures++ < 20)
    std::printf("FAIL %s: %lld, expected %lld\n", what, got, want);
}

int main() {
  // index / extent
  static_assert(std::is_same<Kalmar::index<2>, hc::index<2>>::value,
                "Kalmar::index is hc::index");
  Kalmar::index<2> k(3, 4);
  hc::index<2> twice = k * 2;
  expect("index * int", twice[1], 8);
  expect("int - index", (10 - k)[0], 7);
  hc::extent<2> e(6, 8);
  expect("extent + index", (e + k)[1], 12);
  expect("extent.size", e.size(), 48);
  expect("extent.contains", e.contains(hc::index<2>(5, 7)), 1);
  expect("extent / int", (e / 2)[0], 3);
  int comps[3] = {2, 3, 4};
  hc::extent<3> from_array(comps);
  expect("extent(int[])", from_array[2], 4);

  // tiled_extent
  hc::tiled_extent<4> described; // any rank can be described
  expect("tiled_extent<4> tile_dim", described.tile_dim[3], 0);
  hc::tiled_extent<2> te = e.tile_with_dynamic(2, 4, 256);
  expect("dynamic size", te.get_dynamic_group_segment_size(), 256);
  te.set_dynamic_group_segment_size(512);
  expect("set dynamic size", te.get_dynamic_group_segment_size(), 512);
  hc::tiled_extent<1> t1(100, 16);
  expect("tiled_extent pad", t1.pad()[0], 112);
  expect("tiled_extent truncate", t1.truncate()[0], 96);

  // fences and projections in a kernel
  hc::array<int, 2> grid(4, 5);
  hc::parallel_for_each(hc::extent<2>(4, 5).tile(2, 5),
                        [&](hc::tiled_index<2> t) [[hc]] {
    grid(t.global[0])[t.global[1]] = t.global[0] * 10 + t.global[1];
    hc::all_memory_fence(t.barrier);
    hc::global_memory_fence(t.barrier);
    hc::tile_static_memory_fence(t.barrier);
  }).wait();
  const hc::array<int, 2> &cgrid = grid;
  expect("const projection", cgrid(3)[4], 34);
  expect("array get_offset", grid.get_offset(), 0);
  expect("array get_index_base", grid.get_index_base()[1], 0);

  // array_view members
  std::vector<int> host(10, 1);
  hc::array_view<int, 1> v(10, host);
  expect("get_source_accelerator_view is the CPU's",
         v.get_source_accelerator_view().get_accelerator().get_device_path() ==
             L"cpu",
         1);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] += i[0];
  });
  v.synchronize();
  expect("data() after a kernel", v.data()[9], 10);
  host[0] = 42; // changed behind the view's back
  v.refresh();
  expect("refresh", v[0], 42);
  hc::array_view<int, 1> section = v.section(2, 5);
  expect("section get_index_base", section.get_index_base()[0], 2);
  v.discard_data();

  // copy / copy_async
  std::vector<int> src(10), dst(10);
  for (int i = 0; i < 10; ++i)
    src[i] = i * i;
  hc::array<int, 1> a(10), b(10);
  hc::copy(src.begin(), src.end(), a);
  hc::copy(a, b);
  hc::array_view<int, 1> dview(10, dst);
  hc::copy_async(b, dview).wait();
  dview.synchronize();
  expect("copy chain", dst[7], 49);
  hc::array_view<const int, 1> cview(10, src);
  hc::copy_async(cview, a).wait();
  std::vector<int> out(10);
  hc::copy_async(a, out.begin()).wait();
  expect("copy_async to an iterator", out[3], 9);

  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
