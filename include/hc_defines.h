// <hc_defines.h>: the definitions every hc header shares, as hcc's header
// of that name had them. <hc.hpp> includes it, so hc programs see
// everything here without naming it.
//
// hcc's version included a set of standard headers that hc code has come
// to rely on without including them itself (assert, memcpy, malloc,
// std::map, std::thread...): the same set is included here so that such
// code compiles unchanged.
#ifndef HC_DEFINES_H
#define HC_DEFINES_H

// <cstring> first, with glibc's legacy index() and rindex() (POSIX.1-2001
// legacy, gone from POSIX.1-2008; strchr/strrchr replace them) declared
// under other names: with libstdc++ the compiler always defines
// _GNU_SOURCE, so <string.h> declares ::index, and `using namespace hc;`
// followed by `index<1>` would be ambiguous. hcc's strict, libc++-based
// toolchain never saw glibc's index. This only works when no <string.h>
// came before <hc.hpp> (the other standard headers do not include it).
#pragma push_macro("index")
#pragma push_macro("rindex")
#define index __hcc_glibc_legacy_index
#define rindex __hcc_glibc_legacy_rindex
#include <cstring>
#include <strings.h>
#pragma pop_macro("rindex")
#pragma pop_macro("index")

#include <algorithm>
#include <cassert>
#include <chrono>
// hcc's libc++ made INT_MAX and friends visible through <chrono> (its
// <ratio> includes <climits>); libstdc++'s does not.
#include <climits>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <future>
#include <initializer_list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace hc {
// IEEE half precision: a storage type, converted to float for arithmetic
// on the host and in kernels.
typedef __fp16 half;
} // namespace hc

// OpenCL's fence flags, which hcc's low-level barrier calls took.
#ifndef CLK_LOCAL_MEM_FENCE
#define CLK_LOCAL_MEM_FENCE (1)
#endif
#ifndef CLK_GLOBAL_MEM_FENCE
#define CLK_GLOBAL_MEM_FENCE (2)
#endif

// Each host thread gets a default view of its own (accelerator::
// get_default_view), as with hcc's build setting of that name, which code
// tests.
#define TLS_QUEUE (1)

// A value of the predefined macro __hcc_backend__: code compiled for
// AMDGPU targets (docs/driver.md lists the macros).
#define HCC_BACKEND_AMDGPU (1)

// hcc's internal namespace; some user code names it (Kalmar::runtime_exception).
namespace Kalmar {}

// A void pointer that converts to any object pointer: am_alloc's result
// can be assigned to an `int *` without a cast.
class auto_voidp {
public:
  auto_voidp(void *ptr) : ptr_(ptr) {}
  template <class T> operator T *() const { return static_cast<T *>(ptr_); }

private:
  void *ptr_;
};

namespace hc {
using ::auto_voidp;
} // namespace hc

#endif // HC_DEFINES_H
