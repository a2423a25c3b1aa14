// ELF and note parsing of AMDGPU code objects (see hsa_code_object.hpp).
// Layouts: the System V ABI (ELF64 header, section headers, note format)
// and LLVM's AMDGPUUsage (EM_AMDGPU, ELFOSABI_AMDGPU_HSA, NT_AMDGPU_METADATA
// owned by "AMDGPU"). Read with memcpy: the image may sit at any alignment.
#include "backends/hsa/hsa_code_object.hpp"

#include "backends/hsa/hsa_msgpack.hpp"

#include <cstring>
#include <stdexcept>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

const kernel_metadata *
code_object_metadata::find_kernel(const std::string &name) const {
  for (const kernel_metadata &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

namespace {

constexpr std::uint16_t em_amdgpu = 224;
constexpr unsigned char elfosabi_amdgpu_hsa = 64;
constexpr std::uint32_t sht_note = 7;
constexpr std::uint32_t nt_amdgpu_metadata = 32;

[[noreturn]] void fail(const std::string &what) {
  throw std::runtime_error("not a usable AMDGPU code object: " + what);
}

template <class T> T load(const unsigned char *base, std::size_t size,
                          std::uint64_t offset) {
  if (offset > size || sizeof(T) > size - offset)
    fail("truncated (offset " + std::to_string(offset) + ")");
  T v;
  std::memcpy(&v, base + offset, sizeof v);
  return v;
}

std::uint32_t u32(const msgpack_value *v, const char *what,
                  const std::string &kernel) {
  if (!v)
    return 0;
  if (v->kind != msgpack_value::type::integer || v->integer < 0 ||
      v->integer > 0xffffffffll)
    fail("kernel '" + kernel + "': " + what + " is not a 32-bit unsigned "
         "integer");
  return static_cast<std::uint32_t>(v->integer);
}

std::string str(const msgpack_value *v) {
  return v && v->kind == msgpack_value::type::string ? v->string
                                                     : std::string();
}

kernel_metadata read_kernel(const msgpack_value &k) {
  kernel_metadata m;
  m.name = str(k.find(".name"));
  if (m.name.empty())
    fail("a kernel in amdhsa.kernels has no .name");
  m.symbol = str(k.find(".symbol"));
  m.kernarg_segment_size =
      u32(k.find(".kernarg_segment_size"), ".kernarg_segment_size", m.name);
  m.kernarg_segment_align =
      u32(k.find(".kernarg_segment_align"), ".kernarg_segment_align", m.name);
  m.group_segment_fixed_size = u32(k.find(".group_segment_fixed_size"),
                                   ".group_segment_fixed_size", m.name);
  m.private_segment_fixed_size = u32(k.find(".private_segment_fixed_size"),
                                     ".private_segment_fixed_size", m.name);
  m.wavefront_size =
      u32(k.find(".wavefront_size"), ".wavefront_size", m.name);
  m.max_flat_workgroup_size = u32(k.find(".max_flat_workgroup_size"),
                                  ".max_flat_workgroup_size", m.name);
  const msgpack_value *dyn = k.find(".uses_dynamic_stack");
  m.uses_dynamic_stack =
      dyn && dyn->kind == msgpack_value::type::boolean && dyn->boolean;
  if (const msgpack_value *args = k.find(".args")) {
    if (args->kind != msgpack_value::type::array)
      fail("kernel '" + m.name + "': .args is not an array");
    for (const msgpack_value &a : args->array) {
      kernel_arg arg;
      arg.offset = u32(a.find(".offset"), ".args .offset", m.name);
      arg.size = u32(a.find(".size"), ".args .size", m.name);
      arg.value_kind = str(a.find(".value_kind"));
      if (arg.value_kind.empty())
        fail("kernel '" + m.name + "': an argument has no .value_kind");
      m.args.push_back(std::move(arg));
    }
  }
  return m;
}

} // namespace

code_object_metadata read_code_object_metadata(const void *data,
                                               std::size_t size) {
  const auto *base = static_cast<const unsigned char *>(data);
  if (size < 64 || std::memcmp(base, "\177ELF", 4) != 0)
    fail("no ELF header");
  if (base[4] != 2 || base[5] != 1)
    fail("not a 64-bit little-endian ELF");
  if (base[7] != elfosabi_amdgpu_hsa)
    fail("OS/ABI is not AMDGPU HSA");
  if (load<std::uint16_t>(base, size, 18) != em_amdgpu)
    fail("machine is not AMDGPU");

  code_object_metadata md;
  unsigned abi = base[8];
  md.code_object_version = abi >= 2 ? abi + 2 : 0;
  if (md.code_object_version == 0)
    fail("code object v2/v3 (ELF ABI version " + std::to_string(abi) +
         "); hcc emits v5");

  auto shoff = load<std::uint64_t>(base, size, 0x28);
  auto shentsize = load<std::uint16_t>(base, size, 0x3a);
  auto shnum = load<std::uint16_t>(base, size, 0x3c);
  if (shentsize < 64)
    fail("section header entries too small");

  const msgpack_value *root = nullptr;
  msgpack_value parsed;
  for (unsigned i = 0; i < shnum && !root; ++i) {
    std::uint64_t sh = shoff + std::uint64_t{i} * shentsize;
    if (load<std::uint32_t>(base, size, sh + 4) != sht_note)
      continue;
    auto offset = load<std::uint64_t>(base, size, sh + 0x18);
    auto bytes = load<std::uint64_t>(base, size, sh + 0x20);
    if (offset > size || bytes > size - offset)
      fail("note section outside the file");
    // Notes: namesz, descsz, type, name (padded to 4), desc (padded to 4).
    std::uint64_t p = offset, end = offset + bytes;
    while (p + 12 <= end) {
      auto namesz = load<std::uint32_t>(base, size, p);
      auto descsz = load<std::uint32_t>(base, size, p + 4);
      auto type = load<std::uint32_t>(base, size, p + 8);
      std::uint64_t name = p + 12;
      std::uint64_t desc = name + ((std::uint64_t{namesz} + 3) & ~3ull);
      std::uint64_t next = desc + ((std::uint64_t{descsz} + 3) & ~3ull);
      if (next > end)
        fail("note runs past its section");
      if (type == nt_amdgpu_metadata && namesz == 7 &&
          std::memcmp(base + name, "AMDGPU", 7) == 0) {
        parsed = parse_msgpack(base + desc, descsz);
        root = &parsed;
        break;
      }
      p = next;
    }
  }
  if (!root || root->kind != msgpack_value::type::map)
    fail("no NT_AMDGPU_METADATA note");

  if (const msgpack_value *v = root->find("amdhsa.version")) {
    if (v->kind == msgpack_value::type::array && v->array.size() >= 2) {
      md.version_major = static_cast<unsigned>(v->array[0].integer);
      md.version_minor = static_cast<unsigned>(v->array[1].integer);
    }
  }
  md.target = str(root->find("amdhsa.target"));
  if (const msgpack_value *ks = root->find("amdhsa.kernels")) {
    if (ks->kind != msgpack_value::type::array)
      fail("amdhsa.kernels is not an array");
    for (const msgpack_value &k : ks->array)
      md.kernels.push_back(read_kernel(k));
  }
  return md;
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
