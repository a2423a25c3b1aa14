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
 * The driver, which writes that stub, spells these names from abi_names.h.
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

#define __HCC_IMAGE_DESC_VERSION 2u

/* The host addresses of global variables that kernels of a translation unit
 * may use (shared virtual memory, docs/svm.md): the host pass emits the
 * table, the device images name the variables they use. */
struct __hcc_host_global {
  const char *name; /* the variable's symbol, as in the device image */
  void *address;    /* its host address */
};
struct __hcc_host_global_table {
  unsigned long count;
  const struct __hcc_host_global *entries;
};

struct __hcc_image_desc {
  unsigned version;     /* __HCC_IMAGE_DESC_VERSION */
  unsigned kind;        /* enum __hcc_image_kind */
  const char *target;   /* "sm_90", "gfx90a", ... */
  const void *data;     /* image bytes; PTX is NUL-terminated */
  unsigned long size;   /* bytes, not counting a PTX terminator */
  const char *source;   /* translation unit the image came from, for messages */
  /* Version 2: the translation unit's host globals, or null. */
  const struct __hcc_host_global_table *host_globals;
};

/* Defined in libhc_runtime. Called from static constructors; must be safe to
 * call before any other runtime function and from several libraries. */
void __hcc_register_image(const struct __hcc_image_desc *desc);

#ifdef __cplusplus
}
#endif

#endif /* HC_DETAIL_IMAGE_REGISTRY_H */
