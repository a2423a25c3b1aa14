//===- ImageEmbedder.h - Put device images into host objects ----*- C++ -*-===//
//
// For each translation unit the driver writes a small C file that embeds the
// device images (.incbin) and registers them with the runtime from a
// constructor (see include/hc/detail/image_registry.h for the contract).
// Compiled and merged into the host object with `ld.lld -r`, it makes every
// object file self-registering, so -c, static archives, shared libraries and
// foreign build systems all work without a special link step.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_IMAGEEMBEDDER_H
#define HCC_DRIVER_IMAGEEMBEDDER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace hcc {

struct DeviceImage {
  std::string Target; ///< "sm_90", "gfx90a", "gfx90a:xnack+"
  std::string Path;   ///< File holding the image (PTX text or HSACO).
  uint64_t Size;      ///< Bytes in the file.
};

/// Returns the C source registering \p Images. \p Source is the translation
/// unit as the user named it (for runtime messages); \p Tag makes the
/// symbols unique per TU (the TU's cuid), so that two registration objects
/// can never collide even if someone links them with -r themselves.
/// The symbol of a translation unit's table of host global variables
/// (llvm-passes/svm/HostGlobals.h), from the same tag as its images.
std::string hostGlobalsSymbol(llvm::StringRef Tag);

std::string renderImageRegistration(llvm::StringRef Source,
                                    llvm::StringRef Tag,
                                    llvm::ArrayRef<DeviceImage> Images);

} // namespace hcc

#endif // HCC_DRIVER_IMAGEEMBEDDER_H
