// Extracting kernel entry names from device code images, so that backends
// can find which image holds a kernel without loading every image.
#include "core/image_registry.hpp"
#include "core/ptx_text.hpp"

#include <cstring>
#include <elf.h>

namespace hc {
namespace detail {
namespace rt {
namespace {

// `.entry <name>(` directives of PTX text.
std::vector<std::string> ptx_entries(const char *text, std::size_t size) {
  std::vector<std::string> names;
  static const char directive[] = ".entry";
  const std::size_t length = sizeof(directive) - 1;
  for (std::size_t i = 0; i + length < size; ++i) {
    if (std::memcmp(text + i, directive, length) != 0)
      continue;
    if (i > 0 && !is_ptx_space(text[i - 1]))
      continue; // part of another token
    std::size_t p = i + length;
    if (p >= size || !is_ptx_space(text[p]))
      continue; // e.g. ".entry_point"
    while (p < size && is_ptx_space(text[p]))
      ++p;
    std::size_t begin = p;
    while (p < size && is_ptx_name_char(text[p]))
      ++p;
    std::size_t end = p;
    while (p < size && is_ptx_space(text[p]))
      ++p;
    if (end > begin && p < size && text[p] == '(')
      names.emplace_back(text + begin, end - begin);
    i = p;
  }
  return names;
}

// Kernel descriptor symbols (`<kernel>.kd`) of a 64-bit little-endian ELF
// code object. Every offset is checked: a damaged image yields no names.
std::vector<std::string> hsaco_kernels(const unsigned char *data,
                                       std::size_t size) {
  std::vector<std::string> names;
  if (size < sizeof(Elf64_Ehdr) || std::memcmp(data, ELFMAG, SELFMAG) != 0 ||
      data[EI_CLASS] != ELFCLASS64 || data[EI_DATA] != ELFDATA2LSB)
    return names;
  Elf64_Ehdr header;
  std::memcpy(&header, data, sizeof header);
  if (header.e_shentsize != sizeof(Elf64_Shdr) || header.e_shoff > size ||
      header.e_shnum > (size - header.e_shoff) / sizeof(Elf64_Shdr))
    return names;
  auto section = [&](std::size_t index) {
    Elf64_Shdr s;
    std::memcpy(&s, data + header.e_shoff + index * sizeof(Elf64_Shdr),
                sizeof s);
    return s;
  };
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr symtab = section(i);
    if (symtab.sh_type != SHT_SYMTAB && symtab.sh_type != SHT_DYNSYM)
      continue;
    if (symtab.sh_link >= header.e_shnum ||
        symtab.sh_entsize != sizeof(Elf64_Sym) || symtab.sh_offset > size ||
        symtab.sh_size > size - symtab.sh_offset)
      continue;
    Elf64_Shdr strtab = section(symtab.sh_link);
    if (strtab.sh_offset > size || strtab.sh_size > size - strtab.sh_offset)
      continue;
    const char *strings =
        reinterpret_cast<const char *>(data + strtab.sh_offset);
    std::size_t count = symtab.sh_size / sizeof(Elf64_Sym);
    for (std::size_t k = 0; k < count; ++k) {
      Elf64_Sym sym;
      std::memcpy(&sym, data + symtab.sh_offset + k * sizeof(Elf64_Sym),
                  sizeof sym);
      if (sym.st_name >= strtab.sh_size)
        continue;
      const char *name = strings + sym.st_name;
      std::size_t length = strnlen(name, strtab.sh_size - sym.st_name);
      if (length > 3 && std::memcmp(name + length - 3, ".kd", 3) == 0)
        names.emplace_back(name, length - 3);
    }
  }
  return names;
}

} // namespace

std::vector<std::string> kernel_names_in(const __hcc_image_desc &desc) {
  if (!desc.data)
    return {};
  switch (desc.kind) {
  case __hcc_image_ptx:
    return ptx_entries(static_cast<const char *>(desc.data), desc.size);
  case __hcc_image_hsaco:
    return hsaco_kernels(static_cast<const unsigned char *>(desc.data),
                         desc.size);
  default:
    return {};
  }
}

} // namespace rt
} // namespace detail
} // namespace hc
