// A small MessagePack reader for AMDGPU code-object metadata.
//
// Code object versions 3 and later describe their kernels in an ELF note
// (NT_AMDGPU_METADATA) holding one MessagePack map (LLVM's AMDGPUUsage,
// "Code Object V3 Metadata" onwards). The runtime needs only maps, arrays,
// strings, integers and booleans from it; everything else is kept as an
// opaque value so that unknown keys never break loading.
#ifndef HC_RUNTIME_HSA_MSGPACK_HPP
#define HC_RUNTIME_HSA_MSGPACK_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

struct msgpack_value {
  enum class type { nil, boolean, integer, string, array, map, other };
  type kind = type::nil;
  bool boolean = false;
  // Integers that fit in int64 (metadata never needs more); a uint64 above
  // INT64_MAX is rejected by the reader.
  std::int64_t integer = 0;
  std::string string;
  std::vector<msgpack_value> array;
  std::vector<std::pair<msgpack_value, msgpack_value>> map;

  // The value of a map entry whose key is the string `key`, or null.
  const msgpack_value *find(const char *key) const;
};

// Parses exactly one value from [data, data + size). Throws
// std::runtime_error naming the offset on truncated or malformed input, and
// on nesting deeper than 64 levels.
msgpack_value parse_msgpack(const void *data, std::size_t size);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
