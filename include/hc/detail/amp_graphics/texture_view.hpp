// C++ AMP 1.2's views of a texture (Concurrency::graphics), captured by
// value into kernels:
//   texture_view<T, N>            one mipmap level, read and written
//   texture_view<const T, N>      one or more levels, read, sampled
//                                 (sample(), gather_red() ...)
//   writeonly_texture_view<T, N>  the most detailed level, written (C++
//                                 AMP 1.0's; deprecated by 1.2 in favour of
//                                 texture_view<T, N>)
// A view copied while parallel_for_each packs its kernel is bound to the
// launch as an array_view is (texture_data.hpp); a view made inside a
// kernel from a texture uses the texture's device address.
#ifndef HC_DETAIL_AMP_GRAPHICS_TEXTURE_VIEW_HPP
#define HC_DETAIL_AMP_GRAPHICS_TEXTURE_VIEW_HPP

#include <hc/detail/amp_graphics/sampler.hpp>
#include <hc/detail/amp_graphics/texture.hpp>

namespace Concurrency {
namespace graphics {

// --- texture_view<T, N>: one level, read-write ------------------------------
template <class T, int N>
class texture_view : public hc::detail::texel::texture_data<T, N> {
  static_assert(N >= 1 && N <= 3, "texture_view rank must be 1, 2 or 3");
  static_assert(hc::detail::texel::is_texture_element<T>::value,
                "texture_view element type must be a texture element type");
  using base = hc::detail::texel::texture_data<T, N>;
  using idx_type = hc::index<N>;
  using ext_type = Concurrency::extent<N>;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename hc::detail::texel::element_info<T>::scalar_type scalar_type;

  // Level `mipmap_level` of `src` (in kernels: the most detailed level).
  texture_view(texture<T, N> &src, unsigned int mipmap_level = 0)
      : base(src.storage_, src.data_, src.shape_, src.bound_, mipmap_level, 1) {
    hc::detail::host_check(mipmap_level < src.shape_.levels,
                           "texture_view: the mipmap level is out of range");
  }
  texture_view(const texture_view &o) : base(o) {
    this->bind_if_launching(hc::detail::access_mode::read_write);
  }
  texture_view &operator=(const texture_view &) = default;
  ~texture_view() = default;

  const value_type operator[](const idx_type &idx) const { return get(idx); }
  template <int M = N, class = details::if_rank<M, 1>>
  const value_type operator[](int i0) const {
    return get(idx_type(i0));
  }
  const value_type operator()(const idx_type &idx) const { return get(idx); }
  template <int M = N, class = details::if_rank<M, 1>>
  const value_type operator()(int i0) const {
    return get(idx_type(i0));
  }
  template <int M = N, class = details::if_rank<M, 2>>
  const value_type operator()(int i0, int i1) const {
    return get(idx_type(i0, i1));
  }
  template <int M = N, class = details::if_rank<M, 3>>
  const value_type operator()(int i0, int i1, int i2) const {
    return get(idx_type(i0, i1, i2));
  }
  const value_type get(const idx_type &idx) const {
    return this->load(this->first_level_, idx);
  }
  void set(const idx_type &idx, const value_type &value) const {
    this->store(this->first_level_, idx, value);
  }

  ext_type get_extent() const {
    return ext_type(this->shape_.level_extent(this->first_level_));
  }
  hc::accelerator_view get_accelerator_view() const {
    return hc::accelerator_view(this->storage_->home_queue());
  }
  unsigned int get_bits_per_scalar_element() const { return this->shape_.bits; }
  unsigned int get_mipmap_levels() const { return 1; }
  unsigned int get_data_length() const {
    return static_cast<unsigned int>(
        this->shape_.level_bytes(this->first_level_));
  }

  bool operator==(const texture_view &o) const {
    return this->storage_.get() == o.storage_.get() &&
           this->first_level_ == o.first_level_;
  }
  bool operator!=(const texture_view &o) const { return !(*this == o); }

private:
  template <class, int> friend class texture_view;

public:
  HC_PROPERTY(Concurrency::extent<N>, extent, get_extent)
  HC_PROPERTY(hc::accelerator_view, accelerator_view, get_accelerator_view)
  HC_PROPERTY(unsigned int, bits_per_scalar_element,
              get_bits_per_scalar_element)
  HC_PROPERTY(unsigned int, mipmap_levels, get_mipmap_levels)
  HC_PROPERTY(unsigned int, data_length, get_data_length)
};

// --- texture_view<const T, N>: levels, read and sampled ---------------------
template <class T, int N>
class texture_view<const T, N> : public hc::detail::texel::texture_data<T, N> {
  static_assert(N >= 1 && N <= 3, "texture_view rank must be 1, 2 or 3");
  static_assert(hc::detail::texel::is_texture_element<T>::value,
                "texture_view element type must be a texture element type");
  using base = hc::detail::texel::texture_data<T, N>;
  using idx_type = hc::index<N>;
  using ext_type = Concurrency::extent<N>;

public:
  static const int rank = N;
  typedef const T value_type;
  typedef typename hc::detail::texel::element_info<T>::scalar_type scalar_type;
  typedef typename hc::detail::texel::coordinates<N>::type coordinates_type;
  typedef hc::short_vector::detail::vector<scalar_type, 4> gather_return_type;

  // Every level of `src`.
  texture_view(const texture<T, N> &src)
      : base(src.storage_, src.data_, src.shape_, src.bound_, 0,
             src.shape_.levels) {}
  // `mip_levels` levels of `src` from `most_detailed_mip`.
  texture_view(const texture<T, N> &src, unsigned int most_detailed_mip,
               unsigned int mip_levels)
      : base(src.storage_, src.data_, src.shape_, src.bound_, most_detailed_mip,
             mip_levels) {
    check_levels(0, src.shape_.levels);
  }
  // The level a writable view covers.
  texture_view(const texture_view<T, N> &o) : base(o) {
    this->bind_if_launching(hc::detail::access_mode::read);
  }
  // `mip_levels` of the levels `o` covers, from its `most_detailed_mip`th.
  texture_view(const texture_view &o, unsigned int most_detailed_mip,
               unsigned int mip_levels)
      : base(o) {
    this->first_level_ = o.first_level_ + most_detailed_mip;
    this->covered_levels_ = mip_levels;
    check_levels(o.first_level_, o.covered_levels_);
  }
  texture_view(const texture_view &o) : base(o) {
    this->bind_if_launching(hc::detail::access_mode::read);
  }
  texture_view &operator=(const texture_view &) = default;
  ~texture_view() = default;

  value_type operator[](const idx_type &idx) const { return get(idx); }
  template <int M = N, class = details::if_rank<M, 1>>
  value_type operator[](int i0) const {
    return get(idx_type(i0));
  }
  value_type operator()(const idx_type &idx) const { return get(idx); }
  template <int M = N, class = details::if_rank<M, 1>>
  value_type operator()(int i0) const {
    return get(idx_type(i0));
  }
  template <int M = N, class = details::if_rank<M, 2>>
  value_type operator()(int i0, int i1) const {
    return get(idx_type(i0, i1));
  }
  template <int M = N, class = details::if_rank<M, 3>>
  value_type operator()(int i0, int i1, int i2) const {
    return get(idx_type(i0, i1, i2));
  }
  // A texel of level `mip_level` of the view (0: its most detailed).
  value_type get(const idx_type &idx, unsigned int mip_level = 0) const {
    return this->load(this->first_level_ + mip_level, idx);
  }

  // The filtered value at normalised coordinates `coord`, at level of
  // detail `level_of_detail` (0: the view's most detailed level).
  value_type sample(const sampler &s, const coordinates_type &coord,
                    float level_of_detail = 0.0f) const {
    static_assert(hc::detail::texel::is_filterable<T>::value,
                  "sample() needs a texture of float, norm or unorm "
                  "elements");
    return hc::detail::texel::sample<T, N>(
        fetcher(), this->shape_, this->first_level_, this->covered_levels_, s,
        coord, level_of_detail);
  }
  // The same with a sampler given by its modes (no border colour).
  template <filter_mode Filter = filter_linear,
            address_mode Address = address_clamp>
  value_type sample(const coordinates_type &coord,
                    float level_of_detail = 0.0f) const {
    static_assert(Filter == filter_point || Filter == filter_linear,
                  "sample<Filter, Address>: filter_point or filter_linear");
    static_assert(Address != address_border && Address != address_unknown,
                  "sample<Filter, Address>: address_border needs a sampler "
                  "object (it has the border colour)");
    return sample(sampler(Filter, Address), coord, level_of_detail);
  }

  // The red (green, blue, alpha) components of the four texels linear
  // filtering at `coord` would use (rank 2).
  const gather_return_type gather_red(const sampler &s,
                                      const coordinates_type &coord) const {
    return gather(s, coord, 0);
  }
  const gather_return_type gather_green(const sampler &s,
                                        const coordinates_type &coord) const {
    return gather(s, coord, 1);
  }
  const gather_return_type gather_blue(const sampler &s,
                                       const coordinates_type &coord) const {
    return gather(s, coord, 2);
  }
  const gather_return_type gather_alpha(const sampler &s,
                                        const coordinates_type &coord) const {
    return gather(s, coord, 3);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_red(const coordinates_type &coord) const {
    return gather(predefined<Address>(), coord, 0);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_green(const coordinates_type &coord) const {
    return gather(predefined<Address>(), coord, 1);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_blue(const coordinates_type &coord) const {
    return gather(predefined<Address>(), coord, 2);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_alpha(const coordinates_type &coord) const {
    return gather(predefined<Address>(), coord, 3);
  }

  ext_type get_extent() const {
    return ext_type(this->shape_.level_extent(this->first_level_));
  }
  ext_type get_mipmap_extent(unsigned int mip_level) const {
    hc::detail::host_check(mip_level < this->covered_levels_,
                           "texture_view: the mipmap level is out of range");
    return ext_type(this->shape_.level_extent(this->first_level_ + mip_level));
  }
  hc::accelerator_view get_accelerator_view() const {
    return hc::accelerator_view(this->storage_->home_queue());
  }
  unsigned int get_bits_per_scalar_element() const { return this->shape_.bits; }
  unsigned int get_mipmap_levels() const { return this->covered_levels_; }
  unsigned int get_data_length() const {
    std::size_t bytes = 0;
    for (unsigned int l = 0; l < this->covered_levels_; ++l)
      bytes += this->shape_.level_bytes(this->first_level_ + l);
    return static_cast<unsigned int>(bytes);
  }

  bool operator==(const texture_view &o) const {
    return this->storage_.get() == o.storage_.get() &&
           this->first_level_ == o.first_level_ &&
           this->covered_levels_ == o.covered_levels_;
  }
  bool operator!=(const texture_view &o) const { return !(*this == o); }

private:
  template <class, int> friend class texture_view;

  struct fetch {
    const texture_view *view;
    HC_INLINE T operator()(unsigned int level, const idx_type &idx) const {
      return view->load(level, idx);
    }
  };
  fetch fetcher() const { return fetch{this}; }

  template <address_mode Address> static sampler predefined() {
    static_assert(Address != address_border && Address != address_unknown,
                  "gather<Address>: address_border needs a sampler object "
                  "(it has the border colour)");
    return sampler(filter_point, Address);
  }

  const gather_return_type
  gather(const sampler &s, const coordinates_type &coord, int component) const {
    static_assert(N == 2, "gather needs a texture of rank 2");
    static_assert(hc::detail::texel::scalar_info<scalar_type>::kind !=
                      hc::detail::texel::scalar_kind::float64,
                  "gather needs a texture of 32-bit-based elements");
    if constexpr (N == 2)
      return hc::detail::texel::gather<gather_return_type, T>(
          fetcher(), this->shape_, this->first_level_, s, coord, component);
    else
      return gather_return_type();
  }

  // The view's levels lie within [first, first + count) of the source.
  void check_levels(unsigned int first, unsigned int count) const {
    hc::detail::host_check(
        this->covered_levels_ >= 1 && this->first_level_ >= first &&
            this->first_level_ + this->covered_levels_ <= first + count,
        "texture_view: the mipmap levels are out of range");
  }

public:
  HC_PROPERTY(Concurrency::extent<N>, extent, get_extent)
  HC_PROPERTY(hc::accelerator_view, accelerator_view, get_accelerator_view)
  HC_PROPERTY(unsigned int, bits_per_scalar_element,
              get_bits_per_scalar_element)
  HC_PROPERTY(unsigned int, mipmap_levels, get_mipmap_levels)
  HC_PROPERTY(unsigned int, data_length, get_data_length)
};

// --- writeonly_texture_view<T, N> --------------------------------------------
template <class T, int N>
class writeonly_texture_view : public hc::detail::texel::texture_data<T, N> {
  static_assert(N >= 1 && N <= 3,
                "writeonly_texture_view rank must be 1, 2 or 3");
  static_assert(hc::detail::texel::is_texture_element<T>::value,
                "writeonly_texture_view element type must be a texture "
                "element type");
  using base = hc::detail::texel::texture_data<T, N>;
  using idx_type = hc::index<N>;
  using ext_type = Concurrency::extent<N>;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename hc::detail::texel::element_info<T>::scalar_type scalar_type;

  writeonly_texture_view(texture<T, N> &src)
      : base(src.storage_, src.data_, src.shape_, src.bound_, 0, 1) {}
  writeonly_texture_view(const writeonly_texture_view &o) : base(o) {
    this->bind_if_launching(hc::detail::access_mode::read_write);
  }
  writeonly_texture_view &operator=(const writeonly_texture_view &) = default;
  ~writeonly_texture_view() = default;

  void set(const idx_type &idx, const value_type &value) const {
    this->store(0, idx, value);
  }

  ext_type get_extent() const { return ext_type(this->shape_.base); }
  hc::accelerator_view get_accelerator_view() const {
    return hc::accelerator_view(this->storage_->home_queue());
  }
  unsigned int get_bits_per_scalar_element() const { return this->shape_.bits; }
  unsigned int get_data_length() const {
    return static_cast<unsigned int>(this->shape_.level_bytes(0));
  }

public:
  HC_PROPERTY(Concurrency::extent<N>, extent, get_extent)
  HC_PROPERTY(hc::accelerator_view, accelerator_view, get_accelerator_view)
  HC_PROPERTY(unsigned int, bits_per_scalar_element,
              get_bits_per_scalar_element)
  HC_PROPERTY(unsigned int, data_length, get_data_length)
};

} // namespace graphics
} // namespace Concurrency

#endif // HC_DETAIL_AMP_GRAPHICS_TEXTURE_VIEW_HPP
