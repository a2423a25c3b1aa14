// A descriptor of a PTX image as the driver's registration stub makes it,
// for tests of the image registry.
#ifndef HCC_UNITTESTS_PTX_IMAGE_DESC_HPP
#define HCC_UNITTESTS_PTX_IMAGE_DESC_HPP

#include "hc/detail/image_registry.h"

#include <cstring>

inline __hcc_image_desc ptx_desc(const char *text, const char *target,
                                 const char *source) {
  __hcc_image_desc d{};
  d.version = __HCC_IMAGE_DESC_VERSION;
  d.kind = __hcc_image_ptx;
  d.target = target;
  d.data = text;
  d.size = std::strlen(text);
  d.source = source;
  return d;
}

#endif
