// Concurrency::graphics::texture<T, N>: C++ AMP 1.2's texture, a grid of
// texels on one accelerator_view, in one of the formats texel_format.hpp
// lists, with 1 to (full chain) mipmap levels.
//
// Kernels use a texture captured by reference ([&tex]), as C++ AMP
// requires: get()/operator[]/operator() read a texel of the most detailed
// level, set() writes one. The storage is the one hc::array uses, so a
// kernel's use of a texture orders against host access and other kernels
// the same way (resident_arrays.hpp). Host code reads and writes through
// copy(), data() and the views.
#ifndef HC_DETAIL_AMP_GRAPHICS_TEXTURE_HPP
#define HC_DETAIL_AMP_GRAPHICS_TEXTURE_HPP

#include <hc/detail/amp_graphics/texture_data.hpp>

#include <amp.h>

#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

namespace Concurrency {
namespace graphics {

template <class T, int N> class texture;
template <class T, int N> class texture_view;
template <class T, int N> class writeonly_texture_view;

namespace details {
// Arguments of the (first, last) constructors: iterators, not sizes or
// views.
template <class It>
using if_iterator =
    typename std::enable_if<!std::is_arithmetic<It>::value &&
                            !std::is_same<typename std::decay<It>::type,
                                          hc::accelerator_view>::value>::type;

template <int N, int M> using if_rank = typename std::enable_if<N == M>::type;

[[noreturn]] inline void invalid_argument(const std::string &message) {
  throw hc::runtime_exception(message, Kalmar::E_INVALIDARG_CODE);
}
} // namespace details

template <class T, int N>
class texture : public hc::detail::texel::texture_data<T, N> {
  static_assert(N >= 1 && N <= 3, "texture rank must be 1, 2 or 3");
  static_assert(hc::detail::texel::is_texture_element<T>::value,
                "texture element type must be int, unsigned int, float, "
                "norm, unorm or a short vector of 2 or 4 of them, or double "
                "or double_2");

  using base = hc::detail::texel::texture_data<T, N>;
  using shape_type = hc::detail::texel::texture_shape<N>;
  using av_type = hc::accelerator_view;
  using ext_type = Concurrency::extent<N>;
  using idx_type = hc::index<N>;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename hc::detail::texel::element_info<T>::scalar_type scalar_type;

  // --- construction: an extent, on a view ----------------------------------
  explicit texture(const ext_type &ext) : texture(ext, default_view()) {}
  template <int M = N, class = details::if_rank<M, 1>>
  explicit texture(int e0) : texture(ext_type(e0)) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1) : texture(ext_type(e0, e1)) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2) : texture(ext_type(e0, e1, e2)) {}

  texture(const ext_type &ext, const av_type &av) {
    create(ext, 0, 1, av, nullptr);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, const av_type &av) : texture(ext_type(e0), av) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, const av_type &av) : texture(ext_type(e0, e1), av) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, const av_type &av)
      : texture(ext_type(e0, e1, e2), av) {}

  // Staging textures: on `av` (the CPU), preferred for copies to and from
  // `associated_av`.
  texture(const ext_type &ext, const av_type &av,
          const av_type &associated_av) {
    create(ext, 0, 1, av, &associated_av);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, const av_type &av, const av_type &associated_av)
      : texture(ext_type(e0), av, associated_av) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, const av_type &av, const av_type &associated_av)
      : texture(ext_type(e0, e1), av, associated_av) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0, e1, e2), av, associated_av) {}

  // --- from host values [first, last) ---------------------------------------
  template <class It, class = details::if_iterator<It>>
  texture(const ext_type &ext, It first, It last)
      : texture(ext, first, last, default_view()) {}
  template <class It, class = details::if_iterator<It>>
  texture(const ext_type &ext, It first, It last, const av_type &av) {
    create(ext, 0, 1, av, nullptr);
    fill(first, last);
  }
  template <class It, class = details::if_iterator<It>>
  texture(const ext_type &ext, It first, It last, const av_type &av,
          const av_type &associated_av) {
    create(ext, 0, 1, av, &associated_av);
    fill(first, last);
  }
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 1>>
  texture(int e0, It first, It last) : texture(ext_type(e0), first, last) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 2>>
  texture(int e0, int e1, It first, It last)
      : texture(ext_type(e0, e1), first, last) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, It first, It last)
      : texture(ext_type(e0, e1, e2), first, last) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 1>>
  texture(int e0, It first, It last, const av_type &av)
      : texture(ext_type(e0), first, last, av) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 2>>
  texture(int e0, int e1, It first, It last, const av_type &av)
      : texture(ext_type(e0, e1), first, last, av) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, It first, It last, const av_type &av)
      : texture(ext_type(e0, e1, e2), first, last, av) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 1>>
  texture(int e0, It first, It last, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0), first, last, av, associated_av) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 2>>
  texture(int e0, int e1, It first, It last, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0, e1), first, last, av, associated_av) {}
  template <class It, int M = N, class = details::if_iterator<It>,
            class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, It first, It last, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0, e1, e2), first, last, av, associated_av) {}

  // --- a chosen format (bits per scalar element; 0: the default) -----------
  texture(const ext_type &ext, unsigned int bits_per_scalar_element)
      : texture(ext, bits_per_scalar_element, default_view()) {}
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, unsigned int bits_per_scalar_element)
      : texture(ext_type(e0), bits_per_scalar_element) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, unsigned int bits_per_scalar_element)
      : texture(ext_type(e0, e1), bits_per_scalar_element) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, unsigned int bits_per_scalar_element)
      : texture(ext_type(e0, e1, e2), bits_per_scalar_element) {}

  texture(const ext_type &ext, unsigned int bits_per_scalar_element,
          const av_type &av) {
    create(ext, bits_per_scalar_element, 1, av, nullptr);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, unsigned int bits_per_scalar_element, const av_type &av)
      : texture(ext_type(e0), bits_per_scalar_element, av) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, unsigned int bits_per_scalar_element,
          const av_type &av)
      : texture(ext_type(e0, e1), bits_per_scalar_element, av) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, unsigned int bits_per_scalar_element,
          const av_type &av)
      : texture(ext_type(e0, e1, e2), bits_per_scalar_element, av) {}

  texture(const ext_type &ext, unsigned int bits_per_scalar_element,
          const av_type &av, const av_type &associated_av) {
    create(ext, bits_per_scalar_element, 1, av, &associated_av);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, unsigned int bits_per_scalar_element, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0), bits_per_scalar_element, av, associated_av) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, unsigned int bits_per_scalar_element,
          const av_type &av, const av_type &associated_av)
      : texture(ext_type(e0, e1), bits_per_scalar_element, av, associated_av) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, unsigned int bits_per_scalar_element,
          const av_type &av, const av_type &associated_av)
      : texture(ext_type(e0, e1, e2), bits_per_scalar_element, av,
                associated_av) {}

  // Mipmapped: `mipmap_levels` levels (0: the full chain down to 1 texel).
  texture(const ext_type &ext, unsigned int bits_per_scalar_element,
          unsigned int mipmap_levels, const av_type &av) {
    create(ext, bits_per_scalar_element, mipmap_levels, av, nullptr);
  }

  // --- from raw texels in the format (src_byte_size bytes at source) -------
  texture(const ext_type &ext, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element)
      : texture(ext, source, src_byte_size, bits_per_scalar_element,
                default_view()) {}
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element)
      : texture(ext_type(e0), source, src_byte_size, bits_per_scalar_element) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element)
      : texture(ext_type(e0, e1), source, src_byte_size,
                bits_per_scalar_element) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, const void *source,
          unsigned int src_byte_size, unsigned int bits_per_scalar_element)
      : texture(ext_type(e0, e1, e2), source, src_byte_size,
                bits_per_scalar_element) {}

  texture(const ext_type &ext, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const av_type &av) {
    create(ext, bits_per_scalar_element, 1, av, nullptr);
    fill_raw(source, src_byte_size);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const av_type &av)
      : texture(ext_type(e0), source, src_byte_size, bits_per_scalar_element,
                av) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const av_type &av)
      : texture(ext_type(e0, e1), source, src_byte_size,
                bits_per_scalar_element, av) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, const void *source,
          unsigned int src_byte_size, unsigned int bits_per_scalar_element,
          const av_type &av)
      : texture(ext_type(e0, e1, e2), source, src_byte_size,
                bits_per_scalar_element, av) {}

  texture(const ext_type &ext, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const av_type &av,
          const av_type &associated_av) {
    create(ext, bits_per_scalar_element, 1, av, &associated_av);
    fill_raw(source, src_byte_size);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  texture(int e0, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0), source, src_byte_size, bits_per_scalar_element,
                av, associated_av) {}
  template <int M = N, class = details::if_rank<M, 2>>
  texture(int e0, int e1, const void *source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const av_type &av,
          const av_type &associated_av)
      : texture(ext_type(e0, e1), source, src_byte_size,
                bits_per_scalar_element, av, associated_av) {}
  template <int M = N, class = details::if_rank<M, 3>>
  texture(int e0, int e1, int e2, const void *source,
          unsigned int src_byte_size, unsigned int bits_per_scalar_element,
          const av_type &av, const av_type &associated_av)
      : texture(ext_type(e0, e1, e2), source, src_byte_size,
                bits_per_scalar_element, av, associated_av) {}

  // --- from a view's texels (texture_view.hpp) -----------------------------
  texture(const texture_view<T, N> &src);
  texture(const texture_view<T, N> &src, const av_type &av);
  texture(const texture_view<T, N> &src, const av_type &av,
          const av_type &associated_av);
  texture(const texture_view<const T, N> &src);
  texture(const texture_view<const T, N> &src, const av_type &av);
  texture(const texture_view<const T, N> &src, const av_type &av,
          const av_type &associated_av);

  // --- copies: new textures with the same texels ---------------------------
  // (While parallel_for_each packs a kernel that captured a texture by
  // value, the copy aliases the texture for the kernel instead.)
  texture(const texture &src) : base(src), staging_(src.staging_) {
#if !HC_DEVICE_PASS
    this->bind_if_launching(hc::detail::access_mode::read_write);
    if (this->bound_)
      return;
    this->storage_ = hc::detail::storage_ref();
    copy_from(src, src.get_accelerator_view(), nullptr);
#endif
  }
  texture(const texture &src, const av_type &av) : base(src) {
    this->storage_ = hc::detail::storage_ref();
    copy_from(src, av, nullptr);
  }
  texture(const texture &src, const av_type &av, const av_type &associated_av)
      : base(src) {
    this->storage_ = hc::detail::storage_ref();
    copy_from(src, av, &associated_av);
  }
  texture(texture &&src) noexcept
      : base(std::move(src)), staging_(src.staging_) {
    src.forget_object();
    register_object();
  }
  ~texture() { forget_object(); }

  texture &operator=(const texture &src) {
    if (this != &src) {
      texture tmp(src, src.get_accelerator_view());
      *this = std::move(tmp);
    }
    return *this;
  }
  texture &operator=(texture &&src) noexcept {
    if (this != &src) {
      forget_object();
      src.forget_object();
      base::operator=(std::move(src));
      staging_ = src.staging_;
      register_object();
    }
    return *this;
  }

  // --- element access (kernels; the host too) -------------------------------
  const value_type operator[](const idx_type &idx) const {
    return this->load(0, idx);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  const value_type operator[](int i0) const {
    return this->load(0, idx_type(i0));
  }
  const value_type operator()(const idx_type &idx) const {
    return this->load(0, idx);
  }
  template <int M = N, class = details::if_rank<M, 1>>
  const value_type operator()(int i0) const {
    return this->load(0, idx_type(i0));
  }
  template <int M = N, class = details::if_rank<M, 2>>
  const value_type operator()(int i0, int i1) const {
    return this->load(0, idx_type(i0, i1));
  }
  template <int M = N, class = details::if_rank<M, 3>>
  const value_type operator()(int i0, int i1, int i2) const {
    return this->load(0, idx_type(i0, i1, i2));
  }
  const value_type get(const idx_type &idx) const { return this->load(0, idx); }
  void set(const idx_type &idx, const value_type &value) {
    this->store(0, idx, value);
  }

  // --- properties ------------------------------------------------------------
  ext_type get_extent() const { return ext_type(this->shape_.base); }
  ext_type get_extent(unsigned int mipmap_level) const {
    check_level(mipmap_level);
    return ext_type(this->shape_.level_extent(mipmap_level));
  }
  av_type get_accelerator_view() const {
    if (staging_)
      return hc::accelerator(hc::accelerator::cpu_accelerator)
          .get_default_view();
    return av_type(this->storage_->home_queue());
  }
  // The view copies to and from this texture prefer (C++ AMP 1.2): the
  // associated view of a staging texture, else the texture's own.
  av_type get_associated_accelerator_view() const {
    return av_type(this->storage_->home_queue());
  }
  unsigned int get_bits_per_scalar_element() const { return this->shape_.bits; }
  unsigned int get_mipmap_levels() const { return this->shape_.levels; }
  // Bytes of every level's texels in the format.
  unsigned int get_data_length() const {
    return static_cast<unsigned int>(this->shape_.total_bytes());
  }
  // Bytes between rows (2-D and 3-D) and between slices (3-D) of the most
  // detailed level, as data() lays them out.
  unsigned int get_row_pitch() const {
    return static_cast<unsigned int>(this->shape_.row_pitch(0));
  }
  unsigned int get_depth_pitch() const {
    return static_cast<unsigned int>(this->shape_.depth_pitch(0));
  }

  // The texels of the most detailed level on the host, in the format (the
  // host copy, made current: kernels launched later see what is written
  // here).
  void *data() {
    return hc::detail::texel::host_texels(this->storage_.get(),
                                          hc::detail::access_mode::read_write);
  }
  const void *data() const {
    return hc::detail::texel::host_texels(this->storage_.get(),
                                          hc::detail::access_mode::read);
  }

  void copy_to(texture &dest) const;
  void copy_to(const writeonly_texture_view<T, N> &dest) const;
  void copy_to(const texture_view<T, N> &dest) const;

private:
  template <class, int> friend class texture_view;
  template <class, int> friend class writeonly_texture_view;

  static av_type default_view() { return hc::accelerator().get_default_view(); }

  void check_level(unsigned int level) const {
    if (level >= this->shape_.levels)
      details::invalid_argument("texture: the mipmap level is out of range");
  }

  static unsigned int checked_bits(unsigned int bits) {
    using namespace hc::detail::texel;
    if (bits == 0)
      return default_bits<T>();
    if (!bits_supported(is_texture_element<T>::kind, bits))
      throw hc::unsupported_feature(
          "texture: " + std::to_string(bits) +
          " bits per scalar element are not supported for this element "
          "type (int, unsigned int, norm, unorm: 8, 16 or 32; float: 16 or "
          "32; double: 64)");
    return bits;
  }

  void create(const hc::extent<N> &ext, unsigned int bits,
              unsigned int mipmap_levels, const av_type &av,
              const av_type *associated_av) {
    for (int i = 0; i < N; ++i)
      if (ext[i] <= 0)
        details::invalid_argument("texture: every extent must be positive");
    shape_type shape;
    shape.base = ext;
    shape.bits = checked_bits(bits);
    shape.texel = hc::detail::texel::texel_bytes<T>(shape.bits);
    unsigned int full = hc::detail::texel::full_mip_chain(ext);
    if (mipmap_levels > full)
      details::invalid_argument("texture: more mipmap levels than the "
                                "extent has (" +
                                std::to_string(full) + ")");
    shape.levels = mipmap_levels == 0 ? full : mipmap_levels;
    this->shape_ = shape;
    this->first_level_ = 0;
    this->covered_levels_ = shape.levels;

    hc::detail::queue_ptr home =
        associated_av ? associated_av->queue() : av.queue();
    hc::detail::queue_ptr staging = associated_av ? av.queue() : nullptr;
    staging_ = associated_av && av.get_accelerator().get_device_path() ==
                                    hc::accelerator::cpu_accelerator;
    this->storage_ = hc::detail::storage_ref(
        hc::detail::storage::create_on(home, shape.total_bytes(), staging));
    this->data_ = static_cast<unsigned char *>(this->storage_->home_pointer());
    this->bound_ = 0;
    register_object();
  }

  // A new texture of src's shape on `av` holding src's texels.
  void copy_from(const texture &src, const av_type &av,
                 const av_type *associated_av) {
    create(src.shape_.base, src.shape_.bits, src.shape_.levels, av,
           associated_av);
    hc::detail::storage::copy(*src.storage_, 0, *this->storage_, 0,
                              this->shape_.total_bytes())
        ->wait();
  }

  template <class It> void fill(It first, It last) {
    const std::size_t n = this->shape_.base.size_wide();
    if (static_cast<std::size_t>(std::distance(first, last)) < n)
      details::invalid_argument("texture: the source range is smaller than "
                                "the extent");
    const unsigned int texel = this->shape_.texel;
    std::vector<unsigned char> bytes(n * texel);
    for (std::size_t i = 0; i < n; ++i, ++first)
      hc::detail::texel::store<T>(bytes.data() + i * texel, this->shape_.bits,
                                  static_cast<T>(*first));
    this->storage_->write_from_host(0, bytes.data(), bytes.size());
  }

  void fill_raw(const void *source, unsigned int src_byte_size) {
    const std::size_t bytes = this->shape_.level_bytes(0);
    if (!source)
      details::invalid_argument("texture: the source pointer is null");
    if (src_byte_size < bytes)
      details::invalid_argument(
          "texture: the source holds " + std::to_string(src_byte_size) +
          " bytes; the texture needs " + std::to_string(bytes));
    this->storage_->write_from_host(0, source, bytes);
  }

  // The storage knows the address of the texture object that owns it, so
  // that a kernel holding a reference to the texture gets a device copy of
  // the object (resident_arrays.hpp), as an array's.
  HC_INLINE void register_object() {
#if !HC_DEVICE_PASS
    if (this->storage_ && !this->bound_)
      this->storage_->set_array_object(this, sizeof(*this));
#endif
  }
  HC_INLINE void forget_object() {
#if !HC_DEVICE_PASS
    if (this->storage_ && !this->bound_)
      this->storage_->forget_array_object(this);
#endif
  }

  int staging_ = 0; // on the CPU for copies to the associated view

public:
  HC_PROPERTY(Concurrency::extent<N>, extent, get_extent)
  HC_PROPERTY(hc::accelerator_view, accelerator_view, get_accelerator_view)
  HC_PROPERTY(hc::accelerator_view, associated_accelerator_view,
              get_associated_accelerator_view)
  HC_PROPERTY(unsigned int, bits_per_scalar_element,
              get_bits_per_scalar_element)
  HC_PROPERTY(unsigned int, mipmap_levels, get_mipmap_levels)
  HC_PROPERTY(unsigned int, data_length, get_data_length)
  HC_PROPERTY(unsigned int, row_pitch, get_row_pitch)
  HC_PROPERTY(unsigned int, depth_pitch, get_depth_pitch)
};

} // namespace graphics
} // namespace Concurrency

#endif // HC_DETAIL_AMP_GRAPHICS_TEXTURE_HPP
