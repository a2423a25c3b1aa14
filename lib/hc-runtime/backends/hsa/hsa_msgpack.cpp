// MessagePack reader (see hsa_msgpack.hpp). Big-endian lengths and numbers,
// per the MessagePack specification.
#include "backends/hsa/hsa_msgpack.hpp"

#include <cstring>
#include <stdexcept>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

const msgpack_value *msgpack_value::find(const char *key) const {
  if (kind != type::map)
    return nullptr;
  for (const auto &entry : map)
    if (entry.first.kind == type::string && entry.first.string == key)
      return &entry.second;
  return nullptr;
}

namespace {

class reader {
public:
  reader(const unsigned char *data, std::size_t size)
      : data_(data), size_(size) {}

  msgpack_value value(int depth) {
    if (depth > 64)
      fail("nesting deeper than 64 levels");
    unsigned char tag = byte();
    msgpack_value v;
    if (tag <= 0x7f) {
      v.kind = msgpack_value::type::integer;
      v.integer = tag;
    } else if (tag >= 0xe0) {
      v.kind = msgpack_value::type::integer;
      v.integer = static_cast<std::int8_t>(tag);
    } else if ((tag & 0xf0) == 0x80) {
      read_map(v, tag & 0x0f, depth);
    } else if ((tag & 0xf0) == 0x90) {
      read_array(v, tag & 0x0f, depth);
    } else if ((tag & 0xe0) == 0xa0) {
      read_string(v, tag & 0x1f);
    } else {
      switch (tag) {
      case 0xc0:
        break;
      case 0xc2:
      case 0xc3:
        v.kind = msgpack_value::type::boolean;
        v.boolean = tag == 0xc3;
        break;
      case 0xc4: case 0xc5: case 0xc6: // bin 8/16/32
        skip(big(1u << (tag - 0xc4)));
        v.kind = msgpack_value::type::other;
        break;
      case 0xc7: case 0xc8: case 0xc9: // ext 8/16/32: length, type, data
        skip(big(1u << (tag - 0xc7)) + 1);
        v.kind = msgpack_value::type::other;
        break;
      case 0xca: case 0xcb: // float 32/64
        skip(tag == 0xca ? 4 : 8);
        v.kind = msgpack_value::type::other;
        break;
      case 0xcc: case 0xcd: case 0xce: case 0xcf: { // uint 8..64
        std::uint64_t u = big(1u << (tag - 0xcc));
        if (u > static_cast<std::uint64_t>(INT64_MAX))
          fail("unsigned integer too large");
        v.kind = msgpack_value::type::integer;
        v.integer = static_cast<std::int64_t>(u);
        break;
      }
      case 0xd0: case 0xd1: case 0xd2: case 0xd3: { // int 8..64
        unsigned bytes = 1u << (tag - 0xd0);
        std::uint64_t u = big(bytes);
        if (bytes < 8) { // sign-extend
          std::uint64_t sign = std::uint64_t{1} << (bytes * 8 - 1);
          u = (u ^ sign) - sign;
        }
        v.kind = msgpack_value::type::integer;
        v.integer = static_cast<std::int64_t>(u);
        break;
      }
      case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: // fixext
        skip(1 + (std::size_t{1} << (tag - 0xd4)));
        v.kind = msgpack_value::type::other;
        break;
      case 0xd9: case 0xda: case 0xdb:
        read_string(v, big(1u << (tag - 0xd9)));
        break;
      case 0xdc: case 0xdd:
        read_array(v, big(tag == 0xdc ? 2 : 4), depth);
        break;
      case 0xde: case 0xdf:
        read_map(v, big(tag == 0xde ? 2 : 4), depth);
        break;
      default:
        fail("invalid type byte");
      }
    }
    return v;
  }

  std::size_t offset() const { return pos_; }

private:
  [[noreturn]] void fail(const char *what) const {
    throw std::runtime_error("malformed MessagePack metadata at byte " +
                             std::to_string(pos_) + ": " + what);
  }
  void need(std::size_t n) const {
    if (n > size_ - pos_)
      fail("truncated");
  }
  unsigned char byte() {
    need(1);
    return data_[pos_++];
  }
  std::uint64_t big(unsigned bytes) {
    need(bytes);
    std::uint64_t u = 0;
    for (unsigned i = 0; i < bytes; ++i)
      u = (u << 8) | data_[pos_++];
    return u;
  }
  void skip(std::uint64_t n) {
    if (n > size_ - pos_)
      fail("truncated");
    pos_ += static_cast<std::size_t>(n);
  }
  void read_string(msgpack_value &v, std::uint64_t n) {
    if (n > size_ - pos_)
      fail("truncated string");
    v.kind = msgpack_value::type::string;
    v.string.assign(reinterpret_cast<const char *>(data_ + pos_),
                    static_cast<std::size_t>(n));
    pos_ += static_cast<std::size_t>(n);
  }
  void read_array(msgpack_value &v, std::uint64_t n, int depth) {
    // Every element takes at least one byte: a bound before reserving.
    if (n > size_ - pos_)
      fail("truncated array");
    v.kind = msgpack_value::type::array;
    v.array.reserve(static_cast<std::size_t>(n));
    for (std::uint64_t i = 0; i < n; ++i)
      v.array.push_back(value(depth + 1));
  }
  void read_map(msgpack_value &v, std::uint64_t n, int depth) {
    if (n > (size_ - pos_) / 2)
      fail("truncated map");
    v.kind = msgpack_value::type::map;
    v.map.reserve(static_cast<std::size_t>(n));
    for (std::uint64_t i = 0; i < n; ++i) {
      msgpack_value key = value(depth + 1);
      msgpack_value val = value(depth + 1);
      v.map.emplace_back(std::move(key), std::move(val));
    }
  }

  const unsigned char *data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

} // namespace

msgpack_value parse_msgpack(const void *data, std::size_t size) {
  reader r(static_cast<const unsigned char *>(data), size);
  return r.value(0);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
