// Which device functions a PTX image defines for and calls from other
// images, and which images the runtime links with one it loads
// (docs/driver.md, "Device functions across translation units").
#include "core/image_registry.hpp"
#include "core/linked_images.hpp"
#include "ptx_image_desc.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace hc::detail::rt;

namespace {

// What the NVPTX backend prints for an exported function, an imported one
// (its declaration spans lines), a system call, this image's own helper and
// a kernel.
const char kernels_ptx[] = R"(
.version 7.8
.target sm_90
.address_size 64

.extern .func  (.param .b32 func_retval0) _Z6hisnanDF16_
(
	.param .b32 _Z6hisnanDF16__param_0
)
;
.extern .func  (.param .b32 func_retval0) vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
)
;
.func  (.param .b64 func_retval0) __hcc_heap_malloc() // -- Begin function __hcc_heap_malloc
{ ret; }
.visible .func  (.param .b32 func_retval0) _Z5scalei(
	.param .b32 _Z5scalei_param_0
)
{ ret; }
.visible .entry kernel_needing_hisnan(.param .u64 p)
{ ret; }
)";

const char library_ptx[] = R"(
.version 7.8
.target sm_90
.extern .func _Z6helperv
;
.visible .func  (.param .b32 func_retval0) _Z6hisnanDF16_(
	.param .b32 _Z6hisnanDF16__param_0
)
{ ret; }
.weak .func _Z7weak_fnv()
{ ret; }
)";

const char helper_ptx[] = ".version 7.8\n.target sm_90\n"
                          ".visible .func _Z6helperv()\n{ ret; }\n";
const char helper_ptx_sm80[] = ".version 7.8\n.target sm_80\n"
                               ".visible .func _Z6helperv()\n{ ret; }\n";

image registered(const char *source) {
  for (const image &img : registered_images())
    if (std::strcmp(img.desc.source, source) == 0)
      return img;
  ADD_FAILURE() << source << " is not registered";
  return {};
}

std::vector<std::string> sources(const std::vector<image> &images) {
  std::vector<std::string> out;
  for (const image &img : images)
    out.push_back(img.desc.source);
  return out;
}

} // namespace

TEST(PtxDeviceFunctions, DefinitionsAndExternalReferences) {
  image_device_functions f =
      ptx_device_functions(kernels_ptx, std::strlen(kernels_ptx));
  EXPECT_EQ(f.defined, std::vector<std::string>{"_Z5scalei"});
  EXPECT_EQ(f.external,
            (std::vector<std::string>{"_Z6hisnanDF16_", "vprintf"}));

  f = ptx_device_functions(library_ptx, std::strlen(library_ptx));
  EXPECT_EQ(f.defined,
            (std::vector<std::string>{"_Z6hisnanDF16_", "_Z7weak_fnv"}));
  EXPECT_EQ(f.external, std::vector<std::string>{"_Z6helperv"});
}

TEST(PtxDeviceFunctions, EntriesAndCommentsAreNotFunctions) {
  const char text[] = ".visible .entry k(.param .u64 p)\n{ ret; }\n"
                      "// .visible .funcs in a comment\n";
  image_device_functions f = ptx_device_functions(text, std::strlen(text));
  EXPECT_TRUE(f.defined.empty());
  EXPECT_TRUE(f.external.empty());
}

TEST(ImagesToLinkWith, FollowsDefinitionsOfTheSameTarget) {
  // Registered in this order: the sm_80 helper first, so a link that took
  // any target would pick it.
  static const __hcc_image_desc descs[] = {
      ptx_desc(helper_ptx_sm80, "sm_80", "helper80.cpp"),
      ptx_desc(kernels_ptx, "sm_90", "kernels.cpp"),
      ptx_desc(library_ptx, "sm_90", "library.cpp"),
      ptx_desc(helper_ptx, "sm_90", "helper.cpp"),
      ptx_desc(library_ptx, "sm_90", "library-copy.cpp"),
  };
  for (const __hcc_image_desc &d : descs)
    __hcc_register_image(&d);

  // hisnan from the first image defining it; helper, which the library
  // calls, from the sm_90 image; vprintf (a system call) from none.
  EXPECT_EQ(sources(images_to_link_with(registered("kernels.cpp"))),
            (std::vector<std::string>{"library.cpp", "helper.cpp"}));
  EXPECT_EQ(sources(images_to_link_with(registered("library.cpp"))),
            std::vector<std::string>{"helper.cpp"});
  EXPECT_TRUE(images_to_link_with(registered("helper.cpp")).empty());
}

TEST(LinkedPtxText, RenamesTheHostGlobalTablesOfLinkedImages) {
  const char text[] =
      ".visible .global .align 8 .b8 __hcc_host_global_slots[16];\n"
      ".visible .global .align 1 .b8 __hcc_host_global_names[6] = {103};\n"
      "ld.global.nc.b64 %rd5, [__hcc_host_global_slots+8];\n"
      ".global .b8 __hcc_host_global_slots_other[1];\n";
  __hcc_image_desc d = ptx_desc(text, "sm_90", "t.cpp");
  EXPECT_EQ(linked_ptx_text(d, 0), text);
  EXPECT_EQ(
      linked_ptx_text(d, 2),
      ".visible .global .align 8 .b8 __hcc_host_global_slots_linked_2[16];\n"
      ".visible .global .align 1 .b8 __hcc_host_global_names_linked_2[6] = "
      "{103};\n"
      "ld.global.nc.b64 %rd5, [__hcc_host_global_slots_linked_2+8];\n"
      ".global .b8 __hcc_host_global_slots_other[1];\n");
}
