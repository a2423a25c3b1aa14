// What texture, texture_view and writeonly_texture_view share: a counted
// reference to the runtime storage that holds the texels (runtime.hpp, the
// same storage hc::array uses), the texture's shape, and texel access that
// works on the host, in CPU-backend kernels and in GPU kernels.
//
// The layout is the same in both compilation passes (kernel arguments are
// the host's bytes). `data_` is the address of the texels where the object
// is used: for a texture, the storage on its home accelerator (a kernel
// that holds the texture by reference gets a device copy of the object,
// resident_arrays.hpp); for a view copied into a kernel, the address the
// launch bound (`bound_`). Host code goes through the storage, which
// waits for kernels and copies data back as needed.
#ifndef HC_DETAIL_AMP_GRAPHICS_TEXTURE_DATA_HPP
#define HC_DETAIL_AMP_GRAPHICS_TEXTURE_DATA_HPP

#include <hc/detail/amp_graphics/texel_format.hpp>
#include <hc/detail/amp_graphics/texture_shape.hpp>
#include <hc/detail/data_access.hpp>

namespace hc {
namespace detail {
namespace texel {

// Host address of a texture's storage for host code (copies, data()); the
// device pass compiles host-only functions too, where it is never called.
inline unsigned char *host_texels(storage *s, access_mode mode) {
#if HC_DEVICE_PASS
  (void)s;
  (void)mode;
  return nullptr;
#else
  return static_cast<unsigned char *>(host_data(s, mode));
#endif
}

template <class T, int N> class texture_data {
public:
  // For the library (copies): the storage, the texture's shape, and the
  // levels of it this object covers.
  storage *get_storage() const { return storage_.get(); }
  const texture_shape<N> &get_shape() const { return shape_; }
  unsigned int first_level() const { return first_level_; }
  unsigned int covered_levels() const { return covered_levels_; }

protected:
  texture_data() = default;
  texture_data(const storage_ref &s, unsigned char *data,
               const texture_shape<N> &shape, int bound,
               unsigned int first_level, unsigned int levels)
      : storage_(s), data_(data), shape_(shape), bound_(bound),
        first_level_(first_level), covered_levels_(levels) {
#if HC_DEVICE_PASS
    // Made in a GPU kernel from a texture: `data` is its device address.
    bound_ = 1;
#endif
  }

  // Base address of the storage where this object is used.
  HC_INLINE unsigned char *bytes(access_mode mode) const {
#if HC_DEVICE_PASS
    (void)mode;
    return data_;
#else
    if (bound_)
      return data_;
    return host_texels(storage_.get(), mode);
#endif
  }
  HC_INLINE T load(unsigned int level, const index<N> &idx) const {
    return texel::load<T>(bytes(access_mode::read) +
                              shape_.texel_offset(level, idx),
                          shape_.bits);
  }
  HC_INLINE void store(unsigned int level, const index<N> &idx,
                       const T &value) const {
    texel::store<T>(bytes(access_mode::read_write) +
                        shape_.texel_offset(level, idx),
                    shape_.bits, value);
  }

  // A copy made while parallel_for_each packs its kernel uses the address
  // the launch binds for the storage.
  HC_INLINE void bind_if_launching(access_mode mode) {
    if (unsigned char *p =
            bind_for_kernel<unsigned char>(storage_.get(), mode, this)) {
      data_ = p;
      bound_ = 1;
    }
  }

  storage_ref storage_;
  unsigned char *data_ = nullptr;
  texture_shape<N> shape_;
  int bound_ = 0;
  unsigned int first_level_ = 0;    // the most detailed level covered
  unsigned int covered_levels_ = 1; // levels covered from there
};

} // namespace texel
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_AMP_GRAPHICS_TEXTURE_DATA_HPP
