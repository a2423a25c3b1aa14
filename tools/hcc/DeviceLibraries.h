//===- DeviceLibraries.h - Math libraries of the device passes --*- C++ -*-===//
//
// Device code cannot call the host's libm. Each device target gets a math
// library the driver wires into its device pass: headers that map the C/C++
// math API onto device functions, and bitcode that defines them, linked into
// the module at compile time so that the image is self-contained (the CUDA
// driver's JIT links nothing). See docs/math.md.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_DEVICELIBRARIES_H
#define HCC_DRIVER_DEVICELIBRARIES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class Triple;
}

namespace hcc {

struct Toolchain;

/// The bitcode libraries to link into a device module of \p T, in link
/// order. NVPTX: libclc's generic nvptx64 build. AMDGPU: none yet (the
/// AMDGPU device pass must add ROCm's ocml/ockl, see docs/math.md); empty
/// for any other triple.
std::vector<std::string> deviceBitcodeLibraries(const llvm::Triple &T);

/// Appends to \p Args the clang arguments that give the device pass of
/// \p Arch ("sm_90", "gfx90a", ...) its math library: the force-included
/// device math header and -mlink-builtin-bitcode for each library of
/// deviceBitcodeLibraries(). Adds nothing for targets without one.
void addDeviceLibraryArgs(llvm::StringRef Arch, const Toolchain &TC,
                          std::vector<std::string> &Args);

/// Appends -ffp-contract=fast-honor-pragmas to a device pass's \p Args
/// unless the user's device arguments \p UserArgs chose "on", "off" or that
/// mode last. CUDA's default (and -ffast-math's) "fast" lets the backend
/// fuse any multiply and add into an fma, including inside the math
/// library, whose argument reductions and double-double steps need each
/// operation rounded as written (sin(1e22) came out with the wrong sign).
/// In the mode chosen here the user's own expressions are still contracted
/// as with "fast" (per operation), the library's are not. See docs/math.md.
void addDeviceFPContractArgs(const std::vector<std::string> &UserArgs,
                             std::vector<std::string> &Args);

} // namespace hcc

#endif // HCC_DRIVER_DEVICELIBRARIES_H
