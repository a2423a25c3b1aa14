// RUN: %hcc %s -o %t && %t
// RUN: env HCC_UNPINNED_COPY_MODE=1 %t
// RUN: env HCC_UNPINNED_COPY_MODE=2 %t
// RUN: env HCC_UNPINNED_COPY_MODE=3 %t
// RUN: env HCC_H2D_STAGING_THRESHOLD=1 HCC_H2D_PININPLACE_THRESHOLD=16 HCC_D2H_STAGING_THRESHOLD=4 HCC_D2H_PININPLACE_THRESHOLD=8 %t
// RUN: env HCC_D2H_STAGING_THRESHOLD=off %t
// RUN: env HCC_D2H_STAGING_THRESHOLD=64 %t
// RUN: env HCC_H2D_PININPLACE_THRESHOLD=4096 HCC_D2H_PININPLACE_THRESHOLD=1024 %t
// Copies between pageable host memory and the accelerator in every
// unpinned-copy mode and around every threshold (64 KB; the original hcc's 1 MB
// and 4 MB pin-in-place thresholds, off by default, set on the last RUN line;
// 1, 4, 8, 16 KB on the one before two; copies from the device direct at every
// size on the one before): hc::copy to and from arrays, array_view
// synchronisation, am_copy; odd sizes and unaligned host addresses (pin-in-
// place pins whole pages; staging splits into chunks, its buffers growing with
// the sizes), and two copies of one buffer in flight at once (pin-in-place of
// shared pages).
#include <hc.hpp>
#include <hc_am.hpp>

#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s (%zu bytes)\n", __FILE__, __LINE__, #c, bytes); return 1; } } while (0)

namespace {

unsigned char pattern(std::size_t i, unsigned salt) {
  return static_cast<unsigned char>((i * 131 + salt) ^ (i >> 9));
}

int check_size(hc::accelerator &acc, std::size_t bytes, unsigned salt) {
  // +3: the host data starts at an unaligned address.
  std::vector<unsigned char> src(bytes + 3), dst(bytes + 3, 0);
  for (std::size_t i = 0; i < bytes; ++i)
    src[i + 3] = pattern(i, salt);

  // hc::copy host -> array -> host.
  hc::array<unsigned char, 1> arr(static_cast<int>(bytes), acc.get_default_view());
  hc::copy(src.data() + 3, arr);
  hc::copy(arr, dst.data() + 3);
  CHECK(std::memcmp(src.data() + 3, dst.data() + 3, bytes) == 0);

  // array_view over user memory: a kernel changes it on the accelerator,
  // synchronize() brings it back.
  std::vector<unsigned char> user(src.begin() + 3, src.end());
  hc::array_view<unsigned char, 1> view(static_cast<int>(bytes), user.data());
  hc::parallel_for_each(acc.get_default_view(), view.get_extent(),
                        [=](hc::index<1> i) [[hc]] { view[i] ^= 0x5a; });
  view.synchronize();
  for (std::size_t i = 0; i < bytes; i += 1 + bytes / 4096)
    CHECK(user[i] == (pattern(i, salt) ^ 0x5a));
  CHECK(user[bytes - 1] == (pattern(bytes - 1, salt) ^ 0x5a));

  // am_copy both ways, device memory from am_alloc.
  void *d = hc::am_alloc(bytes, acc, 0);
  CHECK(d != nullptr);
  std::memset(dst.data(), 0, dst.size());
  CHECK(hc::am_copy(d, src.data() + 3, bytes) == AM_SUCCESS);
  CHECK(hc::am_copy(dst.data() + 3, d, bytes) == AM_SUCCESS);
  CHECK(std::memcmp(src.data() + 3, dst.data() + 3, bytes) == 0);
  CHECK(hc::am_free(d) == AM_SUCCESS);
  return 0;
}

} // namespace

int main() {
  hc::accelerator acc;
  const std::size_t KB = 1024;
  const std::size_t sizes[] = {1,          4 * KB - 1, 8 * KB + 1, 16 * KB,
                               64 * KB - 1, 64 * KB,   100 * KB,   1024 * KB - 5,
                               1024 * KB,  3000 * KB, 4096 * KB,  9 * 1024 * KB + 7};
  unsigned salt = 1;
  for (std::size_t bytes : sizes)
    if (check_size(acc, bytes, salt++))
      return 1;

  // Two arrays filled from neighbouring halves of one buffer by two
  // threads at once: pin-in-place may find the shared page pinned already.
  std::size_t bytes = 6 * 1024 * KB;
  std::vector<unsigned char> src(2 * bytes), back(2 * bytes);
  for (std::size_t i = 0; i < src.size(); ++i)
    src[i] = pattern(i, 99);
  hc::accelerator_view v1 = acc.create_view(), v2 = acc.create_view();
  hc::array<unsigned char, 1> a1(static_cast<int>(bytes), v1),
      a2(static_cast<int>(bytes), v2);
  std::thread t1([&] { hc::copy(src.data(), src.data() + bytes, a1); });
  std::thread t2([&] { hc::copy(src.data() + bytes, src.data() + 2 * bytes, a2); });
  t1.join();
  t2.join();
  hc::copy(a1, back.data());
  hc::copy(a2, back.data() + bytes);
  CHECK(back == src);
  std::printf("ok\n");
  return 0;
}
