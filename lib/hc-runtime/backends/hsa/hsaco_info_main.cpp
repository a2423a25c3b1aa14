// hcc-hsaco-info: prints what the HSA backend reads from AMDGPU code objects
// and how it would lay out each kernel's kernarg segment. It runs the
// backend's own metadata reader and kernarg planner (no ROCr, no GPU), so
// scripts/check-amdgpu-images.py can hold them against llvm-readobj's view
// of every image the lit suite builds.
//
//   hcc-hsaco-info FILE.hsaco...
//
// One line per code object, then one per kernel:
//   code-object <file> target=<amdhsa.target> version=<maj>.<min> cov=<n>
//   kernel <name> kernarg=<size> align=<n> explicit=<offset>+<size>
//       group=<fixed bytes> private=<bytes> wavefront=<n> hidden=<kind@offset,...>
// Exit status 1 (message on stderr) if a file cannot be read or a kernel
// could not be dispatched by the backend.
#include "backends/hsa/hsa_code_object.hpp"
#include "backends/hsa/hsa_kernarg.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

using namespace hc::detail::rt::hsa;

namespace {

const char *hidden_name(hidden_kind k) {
  switch (k) {
  case hidden_kind::block_count_x: return "block_count_x";
  case hidden_kind::block_count_y: return "block_count_y";
  case hidden_kind::block_count_z: return "block_count_z";
  case hidden_kind::group_size_x: return "group_size_x";
  case hidden_kind::group_size_y: return "group_size_y";
  case hidden_kind::group_size_z: return "group_size_z";
  case hidden_kind::remainder_x: return "remainder_x";
  case hidden_kind::remainder_y: return "remainder_y";
  case hidden_kind::remainder_z: return "remainder_z";
  case hidden_kind::global_offset_x: return "global_offset_x";
  case hidden_kind::global_offset_y: return "global_offset_y";
  case hidden_kind::global_offset_z: return "global_offset_z";
  case hidden_kind::grid_dims: return "grid_dims";
  case hidden_kind::dynamic_lds_size: return "dynamic_lds_size";
  case hidden_kind::queue_ptr: return "queue_ptr";
  case hidden_kind::zero: return "none";
  }
  return "?";
}

bool dump(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "hcc-hsaco-info: cannot read '" << path << "'\n";
    return false;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  try {
    code_object_metadata md = read_code_object_metadata(bytes.data(),
                                                         bytes.size());
    std::cout << "code-object " << path << " target=" << md.target
              << " version=" << md.version_major << "." << md.version_minor
              << " cov=" << md.code_object_version << "\n";
    for (const kernel_metadata &k : md.kernels) {
      std::size_t explicit_bytes = 0;
      for (const kernel_arg &a : k.args)
        if (a.value_kind.compare(0, 7, "hidden_") != 0)
          explicit_bytes += a.size;
      kernarg_plan plan = plan_kernargs(k, explicit_bytes);
      std::cout << "kernel " << k.name << " kernarg=" << plan.size
                << " align=" << plan.align << " explicit="
                << plan.explicit_offset << "+" << plan.explicit_size
                << " group=" << k.group_segment_fixed_size
                << " private=" << k.private_segment_fixed_size
                << " wavefront=" << k.wavefront_size << " hidden=";
      for (std::size_t i = 0; i < plan.hidden.size(); ++i)
        std::cout << (i ? "," : "") << hidden_name(plan.hidden[i].kind) << "@"
                  << plan.hidden[i].offset;
      std::cout << "\n";
    }
  } catch (const std::exception &e) {
    std::cerr << "hcc-hsaco-info: " << path << ": " << e.what() << "\n";
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: hcc-hsaco-info FILE.hsaco...\n";
    return 2;
  }
  bool ok = true;
  for (int i = 1; i < argc; ++i)
    ok = dump(argv[i]) && ok;
  return ok ? 0 : 1;
}
