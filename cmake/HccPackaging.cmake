# CPack settings of hcc (docs/cmake.md, "Packages"). Included from the top
# level CMakeLists.txt, after every install() rule.
#
#   cpack -G DEB --config <build>/CPackConfig.cmake     (or: cd <build> && cpack -G DEB)
#   cpack -G TGZ ...                                    a relocatable tarball
#
# The Debian package installs the tree to /opt/hcc (bin/, include/, lib/,
# lib/hcc/, lib/cmake/hcc/), like the original hcc's /opt/rocm/hcc: nothing
# in /usr clashes with Debian's own clang or boost, and the tree is the
# same relocatable one `cmake --install` writes. Add /opt/hcc/bin to PATH.
#
# Depends: the shared libraries the binaries need (dpkg-shlibdeps computes
# them with versions when it is installed: libc6, libstdc++6, libgcc-s1,
# libclang-cpp22, libllvm22, libboost-context1.74.0), plus the tools hcc
# runs: clang-22 (the compiler, with its headers and libstdc++ dev files)
# and lld-22 (ld.lld merges the device images into the objects), and
# libclc-22 (the NVPTX device math library, docs/math.md).

set(HCC_PACKAGE_PREFIX "/opt/hcc" CACHE PATH
  "Where the Debian package installs hcc")

set(CPACK_PACKAGE_NAME "hcc")
set(CPACK_PACKAGE_VENDOR "hcc")
set(CPACK_PACKAGE_CONTACT "hcc maintainers <hcc@localhost>")
set(CPACK_PACKAGE_VERSION "${HCC_VERSION_STRING}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "single-source C++ for accelerators (hc API) on LLVM/Clang ${LLVM_VERSION_MAJOR}")
set(CPACK_PACKAGE_DESCRIPTION
  "hcc compiles C++ that uses the hc API (<hc.hpp>) with stock Clang and runs
the kernels on NVIDIA GPUs (CUDA driver) or on the CPU. The package holds
the hcc driver, hcc-config, hcc-info, the hc headers, the hc runtime, the
compiler plugins and the CMake package (lib/cmake/hcc).")
set(CPACK_PACKAGE_FILE_NAME "hcc-${HCC_VERSION_STRING}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_SOURCE_GENERATOR "")
set(CPACK_STRIP_FILES ON)

# The DEB's prefix; archives (TGZ) hold the bare tree. hcc-cpack-options.cmake
# sets CPACK_PACKAGING_INSTALL_PREFIX per generator at cpack time.
set(CPACK_HCC_DEB_PREFIX "${HCC_PACKAGE_PREFIX}")
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_CURRENT_LIST_DIR}/hcc-cpack-options.cmake")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/ROCm/hcc")

# Debian's libraries instead of the copy of libboost_context that the build
# bundles next to libhc_runtime (HCC_BUNDLE_BOOST_CONTEXT): the package
# depends on libboost-context instead (see hcc-package-prebuild.cmake).
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_LIST_DIR}/hcc-package-prebuild.cmake")

set(_hcc_llvm_major ${LLVM_VERSION_MAJOR})
set(_hcc_tool_depends "clang-${_hcc_llvm_major}, lld-${_hcc_llvm_major}, libclc-${_hcc_llvm_major}")
find_program(HCC_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(HCC_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${_hcc_tool_depends}")
else()
  # Without dpkg-dev: the same packages, without versions.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "${_hcc_tool_depends}, libc6, libstdc++6, libgcc-s1, libclang-cpp${_hcc_llvm_major}, libllvm${_hcc_llvm_major}, libboost-context1.74.0 | libboost-context-dev")
endif()
# The CUDA backend loads the NVIDIA driver's libcuda.so.1 when it is there.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libcuda1")

include(CPack)
