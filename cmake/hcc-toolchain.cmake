# hcc-toolchain.cmake: build a whole CMake project with hcc (docs/cmake.md).
#
#   cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE=<prefix>/lib/cmake/hcc/hcc-toolchain.cmake
#
# Every C++ and C source is compiled by bin/hcc and every target is linked
# by it, so hc kernels can be anywhere and libhc_runtime is always linked
# (hcc adds it, with an rpath). CMake identifies hcc as Clang 22 (hcc hands
# -v and --version to the clang it drives), so compiler checks,
# try_compile(), check_cxx_source_compiles() and compile features work.
#
# Paths are relative to this file (<prefix>/lib/cmake/hcc/), so a moved
# prefix works. CMake reads a toolchain file again for every try_compile
# project; this one only sets variables.
#
# Optional, set on the command line or before project():
#   HCC_OFFLOAD_ARCH  device targets (e.g. "sm_80;sm_90" or "none"), added
#                     to every compile and link as --offload-arch=...;
#                     unset: the driver's default ($HCC_OFFLOAD_ARCH at
#                     build time, else sm_90)

get_filename_component(_hcc_toolchain_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

set(CMAKE_CXX_COMPILER "${_hcc_toolchain_prefix}/bin/hcc")
set(CMAKE_C_COMPILER "${_hcc_toolchain_prefix}/bin/hcc")

# Passed on to try_compile projects, which read this file again.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HCC_OFFLOAD_ARCH)
if(HCC_OFFLOAD_ARCH)
  list(JOIN HCC_OFFLOAD_ARCH "," _hcc_toolchain_arch)
  set(CMAKE_CXX_FLAGS_INIT "--offload-arch=${_hcc_toolchain_arch}")
endif()

# find_package(hcc) finds this prefix without further hints.
list(APPEND CMAKE_PREFIX_PATH "${_hcc_toolchain_prefix}")
list(REMOVE_DUPLICATES CMAKE_PREFIX_PATH)
