# CPACK_PROJECT_CONFIG_FILE (cmake/HccPackaging.cmake): read by cpack once
# per generator. The Debian package installs under /opt/hcc
# (HCC_PACKAGE_PREFIX); archives hold the relocatable tree itself.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_PACKAGING_INSTALL_PREFIX "${CPACK_HCC_DEB_PREFIX}")
else()
  set(CPACK_PACKAGING_INSTALL_PREFIX "/")
endif()
