# CPack pre-build script (CPACK_PRE_BUILD_SCRIPTS, cmake/HccPackaging.cmake):
# runs on the staged install tree before the package is made.
#
# The build bundles libboost_context next to libhc_runtime so that a build
# tree can be carried to a machine without Boost. A Debian package depends
# on Debian's libboost-context instead of shipping a copy: drop the copy
# from the DEB's staging tree (libhc_runtime's RUNPATH is $ORIGIN, then the
# system's library path). Other generators (TGZ) keep it: a tarball is
# unpacked anywhere.

if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
file(GLOB_RECURSE _hcc_bundled
  "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*/libboost_context.so*")
foreach(_f IN LISTS _hcc_bundled)
  message(STATUS "hcc: not packaging the bundled ${_f} (the package depends on libboost-context)")
  file(REMOVE "${_f}")
endforeach()
