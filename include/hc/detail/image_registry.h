/* Contract between the hcc driver and the hc runtime: device code images.
 *
 * For every translation unit the driver compiles, it embeds each device code
 * image (PTX text per NVIDIA target, HSACO ELF per AMDGPU target) into the
 * object file and adds a constructor that hands a descriptor to the runtime
 * through __hcc_register_image() before main() runs. This works the same for
 * executables, -c objects, static and shared libraries. The runtime keeps the
 * pointers (the data lives in the object's read-only data) and loads an image
 * on a device only when a kernel from it is first launched there.
 *
 * Plain C so that the generated registration stub can be compiled as C.
 */
#ifndef HC_DETAIL_IMAGE_REGISTRY_H
#define HC_DETAIL_IMAGE_REGISTRY_H

#ifdef __cplusplus
extern "C" {
#endif

enum __hcc_image_kind {
  __hcc_image_ptx = 1,   /* NUL-terminated PTX text, JIT-ed by the CUDA driver */
  __hcc_image_hsaco = 2  /* AMDGPU code object (ELF), loaded by ROCr */
};

#define __HCC_IMAGE_DESC_VERSION 1u

struct __hcc_image_desc {
  unsigned version;     /* __HCC_IMAGE_DESC_VERSION */
  unsigned kind;        /* enum __hcc_image_kind */
  const char *target;   /* "sm_90", "gfx90a", ... */
  const void *data;     /* image bytes; PTX is NUL-terminated */
  unsigned long size;   /* bytes, not counting a PTX terminator */
  const char *source;   /* translation unit the image came from, for messages */
};

/* Defined in libhc_runtime. Called from static constructors; must be safe to
 * call before any other runtime function and from several libraries. */
void __hcc_register_image(const struct __hcc_image_desc *desc);

#ifdef __cplusplus
}
#endif

#endif /* HC_DETAIL_IMAGE_REGISTRY_H */
