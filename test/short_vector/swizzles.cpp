// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: swizzles: 166 names checked in a kernel and on the host
// Every swizzle name of int_2/int_3/int_4 (xyzw and rgba spellings), read
// as v.name and get_name(), written as v.name = and set_name(), in a kernel
// and on the host. The expected components come from the letters of the name
// (x/r = 0, y/g = 1, z/b = 2, w/a = 3), independently of the header's index
// tables; the names are taken from the header's lists so none is missed.
// Also ref_x() ..., and that `a.xy = b.xy` writes only those components.
// (`v.ar` is hcc's component array; the wx proxy stands in for it.)
#include <hc.hpp>
#include <hc_short_vector.hpp>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace hc::short_vector;

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

// Component index of a swizzle letter.
static int letter_index(char c) {
  const char *xyzw = "xyzw", *rgba = "rgba";
  for (int i = 0; i < 4; ++i)
    if (c == xyzw[i] || c == rgba[i])
      return i;
  return -1;
}

static int comp(int v, int) { return v; }
static int comp(const int_2 &v, int i) { return i == 0 ? v.get_x() : v.get_y(); }
static int comp(const int_3 &v, int i) { return i == 0 ? v.get_x() : i == 1 ? v.get_y() : v.get_z(); }
static int comp(const int_4 &v, int i) { return i == 0 ? v.get_x() : i == 1 ? v.get_y() : i == 2 ? v.get_z() : v.get_w(); }

// One record per (vector size, name): what the reads gave and what the
// vector holds after the writes.
struct record {
  int read[4];     // v.name, source components 10, 20, 30, 40
  int got[4];      // get_name()
  int written[4];  // after v.name = (1, 2, ...) on a vector of -1s
  int set[4];      // after set_name(1, 2, ...) on a vector of -1s
};

// Values 1..M as the swizzle's result type.
template <class R> R ones_up();
template <> int ones_up<int>() { return 1; }
template <> int_2 ones_up<int_2>() { return int_2(1, 2); }
template <> int_3 ones_up<int_3>() { return int_3(1, 2, 3); }
template <> int_4 ones_up<int_4>() { return int_4(1, 2, 3, 4); }

template <class R> static void store(int *out, const R &r) {
  for (int i = 0; i < 4; ++i)
    out[i] = i < short_vector_traits<R>::size ? comp(r, i) : 0;
}
template <class V> static V source();
template <> int_2 source<int_2>() { return int_2(10, 20); }
template <> int_3 source<int_3>() { return int_3(10, 20, 30); }
template <> int_4 source<int_4>() { return int_4(10, 20, 30, 40); }

#define NAME_LIST_2(F) HC_SV_SWIZZLES_1(F) HC_SV_SWIZZLES_2(F)
#define NAME_LIST_3(F) NAME_LIST_2(F) HC_SV_SWIZZLES_3(F)
// Without (wx, ar): `ar` is hcc's component array, so that name has only
// get_ar() / set_ar(); it is checked by RECORD_WX / NAME_WX below.
#define NAME_LIST_4(F) NAME_LIST_3(F) HC_SV_SWIZZLES_4_BUT_WX(F)

// Fill records for one name spelling, in a kernel or on the host.
#define RECORD_ONE(V, name)                                                    \
  {                                                                            \
    record &r = out[k++];                                                      \
    V v = source<V>();                                                         \
    store(r.read, decltype(v.get_##name())(v.name));                           \
    store(r.got, v.get_##name());                                              \
    V w(-1);                                                                   \
    w.name = ones_up<decltype(w.get_##name())>();                              \
    store(r.written, w);                                                       \
    V s(-1);                                                                   \
    s.set_##name(ones_up<decltype(s.get_##name())>());                         \
    store(r.set, s);                                                           \
  }
// The same through get_ and set_ only, with `member` for the proxy.
#define RECORD_ACCESSORS(V, name, member)                                      \
  {                                                                            \
    record &r = out[k++];                                                      \
    V v = source<V>();                                                         \
    store(r.read, decltype(v.get_##name())(v.member));                         \
    store(r.got, v.get_##name());                                              \
    V w(-1);                                                                   \
    w.member = ones_up<decltype(w.get_##name())>();                            \
    store(r.written, w);                                                       \
    V s(-1);                                                                   \
    s.set_##name(ones_up<decltype(s.get_##name())>());                         \
    store(r.set, s);                                                           \
  }
#define RECORD_WX(a, b, M, i0, i1, i2, i3)                                     \
  RECORD_ONE(int_4, a) RECORD_ACCESSORS(int_4, b, a)
#define RECORD_2(a, b, M, i0, i1, i2, i3) RECORD_ONE(int_2, a) RECORD_ONE(int_2, b)
#define RECORD_3(a, b, M, i0, i1, i2, i3) RECORD_ONE(int_3, a) RECORD_ONE(int_3, b)
#define RECORD_4(a, b, M, i0, i1, i2, i3) RECORD_ONE(int_4, a) RECORD_ONE(int_4, b)

static void fill(record *out) {
  int k = 0;
  NAME_LIST_2(RECORD_2)
  NAME_LIST_3(RECORD_3)
  NAME_LIST_4(RECORD_4)
  HC_SV_SWIZZLE_WX(RECORD_WX)
}

// The names and vector sizes in the same order, as strings.
struct name_entry { const char *name; int n; };
#define NAME_2(a, b, M, i0, i1, i2, i3) {#a, 2}, {#b, 2},
#define NAME_3(a, b, M, i0, i1, i2, i3) {#a, 3}, {#b, 3},
#define NAME_4(a, b, M, i0, i1, i2, i3) {#a, 4}, {#b, 4},
static const name_entry names[] = {NAME_LIST_2(NAME_2) NAME_LIST_3(NAME_3) NAME_LIST_4(NAME_4)
                                   HC_SV_SWIZZLE_WX(NAME_4)};
constexpr int count = sizeof(names) / sizeof(names[0]);

static int check(const record *recs, const char *where) {
  for (int k = 0; k < count; ++k) {
    const char *nm = names[k].name;
    const int n = names[k].n, m = (int)std::strlen(nm);
    const record &r = recs[k];
    int expect_written[4] = {-1, -1, -1, -1}, expect_read[4] = {0, 0, 0, 0};
    for (int j = 0; j < m; ++j) {
      const int idx = letter_index(nm[j]);
      expect_read[j] = 10 * (idx + 1);
      expect_written[idx] = j + 1;
    }
    for (int i = n; i < 4; ++i)
      expect_written[i] = 0;
    for (int i = 0; i < 4; ++i) {
      if (r.read[i] != expect_read[i] || r.got[i] != expect_read[i] ||
          r.written[i] != expect_written[i] || r.set[i] != expect_written[i]) {
        std::fprintf(stderr, "FAILED %s: %s of a %d-vector, component %d: read %d get %d (want %d), written %d set %d (want %d)\n",
                     where, nm, n, i, r.read[i], r.got[i], expect_read[i], r.written[i], r.set[i], expect_written[i]);
        return 1;
      }
    }
  }
  return 0;
}

int main() {
  std::vector<record> host(count), dev(count);
  fill(host.data());
  hc::array_view<record, 1> av(count, dev.data());
  av.discard_data();
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    fill(av.data());
  }).wait();
  av.synchronize();
  if (check(host.data(), "host") || check(dev.data(), "kernel"))
    return 1;

  // ref_ names, and assignment between proxies of the same name.
  int_4 v(1, 2, 3, 4);
  v.ref_x() = 5; v.ref_g() += 10; v.ref_b() = 7; v.ref_a() = 8;
  CHECK(v == int_4(5, 12, 7, 8));
  int_4 a(1, 2, 3, 4), b(5, 6, 7, 8);
  a.xy = b.xy;            // not the whole of b
  CHECK(a == int_4(5, 6, 3, 4));
  a.w = b.x;              // a component proxy from another name
  a.z = a.w;
  CHECK(a == int_4(5, 6, 5, 5));
  a.zw += int_2(1, 2);
  a.x *= 2;
  CHECK(a == int_4(10, 6, 6, 7));
  CHECK(a.yx + b.wz == int_2(14, 17));   // operators on proxies via the vector's
  CHECK(a.x + a.y == 16);                // component proxies act as ints
  std::printf("swizzles: %d names checked in a kernel and on the host\n", count);
  return 0;
}
