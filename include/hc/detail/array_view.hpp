// hc::array_view<T, N>: a view of host data, of an hc::array, or of
// runtime-managed data, usable on the host and (captured by value) in
// kernels. The runtime keeps the copies coherent lazily (runtime.hpp).
#ifndef HC_DETAIL_ARRAY_VIEW_HPP
#define HC_DETAIL_ARRAY_VIEW_HPP

#include "hc/detail/accelerator.hpp"
#include "hc/detail/array_data.hpp"
#include "hc/detail/bounds_check.hpp"
#include "hc/detail/data_access.hpp"

#include <type_traits>

namespace hc {

template <typename T, int N> class array;

namespace detail {
// C++ AMP's rules for the element type of an array or array_view (and the
// target of reinterpret_as): no pointers, no virtual functions, a size
// that is a multiple of sizeof(int). hc allows any element type.
template <typename T> constexpr bool check_amp_element() {
#if HC_AMP_MODE
  static_assert(!std::is_pointer<T>::value,
                "C++ AMP: pointers cannot be array or array_view elements");
  static_assert(!std::is_polymorphic<T>::value,
                "C++ AMP: array and array_view elements cannot have virtual "
                "functions");
  static_assert(sizeof(T) % sizeof(int) == 0,
                "C++ AMP: the size of an array or array_view element must be "
                "a multiple of sizeof(int)");
#endif
  return true;
}
} // namespace detail

template <typename T, int N = 1> class array_view {
  static_assert(N > 0, "array_view rank must be positive");
  static_assert(detail::check_amp_element<T>(), "");
  // Sources of the (e0[, e1[, e2]], source) constructors: a pointer or a
  // container with data().
  template <typename Src>
  using if_source = typename std::enable_if<
      !std::is_arithmetic<typename std::decay<Src>::type>::value>::type;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename std::remove_const<T>::type nc_value_type;

  // --- construction --------------------------------------------------------

  // A view of an array (shares its storage).
  array_view(array<nc_value_type, N> &src)
      : storage_(src.storage_ref_copy()), base_(src.get_extent()),
        extent_(src.get_extent()) {
    adopt_kernel_address(src);
    count_host_view();
  }
  template <typename U = T,
            typename = typename std::enable_if<std::is_const<U>::value>::type>
  array_view(const array<nc_value_type, N> &src)
      : storage_(src.storage_ref_copy()), base_(src.get_extent()),
        extent_(src.get_extent()) {
    adopt_kernel_address(src);
    count_host_view();
  }

  // A view of host memory (not owned; must outlive the view's uses), or,
  // made inside a GPU kernel, of the kernel's own memory.
  array_view(const hc::extent<N> &ext, T *src)
      : storage_(make_host_storage(src, ext)), base_(ext), extent_(ext) {
    adopt_kernel_memory(src);
    count_host_view();
  }
  template <typename Container,
            typename = decltype(std::declval<Container &>().data())>
  array_view(const hc::extent<N> &ext, Container &src)
      : array_view(ext, checked_data(src, ext)) {}
  // Rank-specific shorthands (e0[, e1[, e2]], source): the source is a
  // pointer or a container with data().
  template <typename Src, typename = if_source<Src>>
  array_view(int e0, Src &&src)
      : array_view(hc::extent<N>(e0), source_data(src, hc::extent<N>(e0))) {}
  template <typename Src, typename = if_source<Src>>
  array_view(int e0, int e1, Src &&src)
      : array_view(hc::extent<N>(e0, e1),
                   source_data(src, hc::extent<N>(e0, e1))) {}
  template <typename Src, typename = if_source<Src>>
  array_view(int e0, int e1, int e2, Src &&src)
      : array_view(hc::extent<N>(e0, e1, e2),
                   source_data(src, hc::extent<N>(e0, e1, e2))) {}

  // A view of runtime-managed data that lives on the host until used;
  // C++ AMP makes these restrict(cpu).
  HC_AMP_CPU_ONLY explicit array_view(const hc::extent<N> &ext)
      : storage_(make_owned_storage(ext)), base_(ext), extent_(ext) {
    data_ = static_cast<T *>(storage_->home_pointer());
    count_host_view();
  }
  HC_AMP_CPU_ONLY explicit array_view(int e0)
      : array_view(hc::extent<N>(e0)) {}
  HC_AMP_CPU_ONLY array_view(int e0, int e1)
      : array_view(hc::extent<N>(e0, e1)) {}
  HC_AMP_CPU_ONLY array_view(int e0, int e1, int e2)
      : array_view(hc::extent<N>(e0, e1, e2)) {}

  // Copies are views of the same data. A copy made while parallel_for_each
  // packs its kernel is bound to that launch (detail::launch_scope).
  array_view(const array_view &o)
      : storage_(o.storage_), data_(o.data_), base_(o.base_),
        extent_(o.extent_), offset_(o.offset_), bound_(o.bound_) {
    bind_if_launching();
    count_host_view();
  }
  // array_view<T> converts to array_view<const T>.
  template <typename U, typename = typename std::enable_if<
                            std::is_const<T>::value &&
                            std::is_same<const U, T>::value>::type>
  array_view(const array_view<U, N> &o)
      : storage_(o.storage_), data_(o.data_), base_(o.base_),
        extent_(o.extent_), offset_(o.offset_), bound_(o.bound_) {
    bind_if_launching();
    count_host_view();
  }
  array_view &operator=(const array_view &o) {
    if (this == &o)
      return *this;
    // Count the new view before dropping the old one: when both share the
    // storage, the count must not touch zero in between.
    detail::storage_ref old = storage_;
    int old_bound = bound_;
    storage_ = o.storage_;
    data_ = o.data_;
    base_ = o.base_;
    extent_ = o.extent_;
    offset_ = o.offset_;
    bound_ = o.bound_;
    count_host_view();
    uncount_host_view(old.get(), old_bound);
    return *this;
  }
  ~array_view() { uncount_host_view(storage_.get(), bound_); }

  // --- shape ---------------------------------------------------------------

  hc::extent<N> get_extent() const { return extent_; }
  hc::accelerator_view get_source_accelerator_view() const {
    detail::queue_ptr q = storage_->home_queue();
    return hc::accelerator_view(q ? q : detail::cpu_device().default_queue());
  }
  // C++ AMP's property (config.hpp): v.extent is v.get_extent().
  HC_PROPERTY(hc::extent<N>, extent, get_extent)

  // --- element access ------------------------------------------------------

  T &operator[](const index<N> &idx) const { return ref(idx); }
  T &operator()(const index<N> &idx) const { return ref(idx); }
  T &get_ref(const index<N> &idx) const { return ref(idx); }

  // N == 1: the element; N > 1: the (N-1)-dimensional projection.
  template <int M = N>
  typename std::enable_if<M == 1, T &>::type operator[](int i) const {
    return ref(index<1>(i));
  }
  template <int M = N>
  typename std::enable_if<(M > 1), array_view<T, M - 1>>::type
  operator[](int i) const {
    return project(i);
  }
  template <int M = N>
  typename std::enable_if<M == 1, T &>::type operator()(int i0) const {
    return ref(index<1>(i0));
  }
  template <int M = N>
  typename std::enable_if<(M > 1), array_view<T, M - 1>>::type
  operator()(int i0) const {
    return project(i0);
  }
  template <int M = N>
  typename std::enable_if<M == 2, T &>::type operator()(int i0, int i1) const {
    return ref(index<2>(i0, i1));
  }
  template <int M = N>
  typename std::enable_if<M == 3, T &>::type operator()(int i0, int i1,
                                                        int i2) const {
    return ref(index<3>(i0, i1, i2));
  }

  // --- sub-views -----------------------------------------------------------

  array_view section(const index<N> &origin, const hc::extent<N> &ext) const {
    check_section(origin, ext);
    array_view r(*this, no_bind{});
    r.offset_ = detail::element_offset(offset_, base_, origin);
    r.extent_ = ext;
    return r;
  }
  array_view section(const index<N> &origin) const {
    return section(origin, extent_ - origin);
  }
  array_view section(const hc::extent<N> &ext) const {
    return section(index<N>(), ext);
  }
  template <int M = N, typename = typename std::enable_if<M == 1>::type>
  array_view section(int i0, int e0) const {
    return section(index<1>(i0), hc::extent<1>(e0));
  }
  template <int M = N, typename = typename std::enable_if<M == 2>::type>
  array_view section(int i0, int i1, int e0, int e1) const {
    return section(index<2>(i0, i1), hc::extent<2>(e0, e1));
  }
  template <int M = N, typename = typename std::enable_if<M == 3>::type>
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const {
    return section(index<3>(i0, i1, i2), hc::extent<3>(e0, e1, e2));
  }

  // Reinterprets a contiguous rank-1 view's bytes as another element type
  // (a view of const elements gives const elements).
  template <typename U>
  using reinterpreted_element =
      typename std::conditional<std::is_const<T>::value, const U, U>::type;
  template <typename U>
  array_view<reinterpreted_element<U>, 1> reinterpret_as() const {
    static_assert(N == 1, "reinterpret_as needs a rank-1 array_view");
    detail::check_amp_element<U>();
    using R = reinterpreted_element<U>;
    detail::host_check(extent_[0] * sizeof(T) % sizeof(U) == 0,
                       "array_view::reinterpret_as: the view's size in bytes "
                       "is not a multiple of the new element's");
    array_view<R, 1> r(
        storage_, reinterpret_cast<R *>(data_),
        hc::extent<1>(static_cast<int>(extent_[0] * sizeof(T) / sizeof(U))),
        offset_ * sizeof(T) / sizeof(U), bound_);
    return r;
  }
  // Reshapes a contiguous view.
  template <int K> array_view<T, K> view_as(const hc::extent<K> &ext) const {
#if HC_AMP_MODE
    static_assert(N == 1, "C++ AMP: view_as needs a rank-1 array_view");
#endif
    return reshape(ext);
  }

  // --- data ----------------------------------------------------------------

  // Host pointer to the view's first element (synchronises the host copy).
  T *data() const {
#if HC_AMP_MODE
    static_assert(N == 1, "C++ AMP: data() needs a rank-1 array_view");
#endif
    return access(detail::mode_for<T>()) + offset_;
  }
  // Address of the first element in the accelerator's memory (the home
  // device of the data); valid in kernels launched there.
  T *accelerator_pointer() const {
#if HC_DEVICE_PASS
    return data_ + offset_;
#else
    return static_cast<T *>(storage_->home_pointer()) + offset_;
#endif
  }

  // --- coherence -----------------------------------------------------------

  void synchronize() const { storage_->synchronize(); }
  completion_future synchronize_async() const {
    return completion_future(storage_->synchronize_async());
  }
  void synchronize_to(const hc::accelerator_view &av) const {
    storage_->synchronize_to(av.queue());
  }
  completion_future synchronize_to_async(const hc::accelerator_view &av) const {
    storage_->synchronize_to(av.queue());
    return completion_future(detail::async_state::make_ready());
  }
  void refresh() const { storage_->refresh(); }
  void discard_data() const { storage_->discard(); }

  void copy_to(const array_view<nc_value_type, N> &dest) const;
  void copy_to(array<nc_value_type, N> &dest) const;

  // True when the view's elements are one contiguous run.
  bool is_contiguous() const {
    for (int i = 1; i < N; ++i)
      if (extent_[i] != base_[i])
        return false;
    return true;
  }

  // hcc's: the linear offset of element 0 in the underlying data, and the
  // view's origin there (row-major over the underlying shape).
  index<N> get_index_base() const {
    const std::size_t whole = base_.size_wide();
    return whole ? detail::delinearize(offset_ % whole, base_) : index<N>();
  }

  // For the library: the storage and the linear offset of element 0.
  detail::storage *get_storage() const { return storage_.get(); }
  std::size_t get_offset() const { return offset_; }
  const hc::extent<N> &get_base_extent() const { return base_; }

private:
  template <typename, int> friend class array_view;
  template <typename, int> friend class array;

  // view_as without C++ AMP's rank rule (array::view_as reshapes any rank).
  template <int K> array_view<T, K> reshape(const hc::extent<K> &ext) const {
    detail::host_check(is_contiguous() &&
                           ext.size_wide() <= extent_.size_wide(),
                       "array_view::view_as: the view is not contiguous or "
                       "the new extent is larger than the view");
    return array_view<T, K>(storage_, data_, ext, offset_, bound_);
  }

  struct no_bind {};

  array_view(const array_view &o, no_bind)
      : storage_(o.storage_), data_(o.data_), base_(o.base_),
        extent_(o.extent_), offset_(o.offset_), bound_(o.bound_) {
    count_host_view();
  }
  array_view(const detail::storage_ref &s, T *data, const hc::extent<N> &ext,
             std::size_t offset, int bound)
      : storage_(s), data_(data), base_(ext), extent_(ext), offset_(offset),
        bound_(bound) {
    count_host_view();
  }

  // A view of an array made inside a GPU kernel (a[i] of a rank-2 array,
  // or an explicit array_view there) uses the array's address on the
  // device. On the host the storage tells where the data is, and a CPU
  // kernel that reaches the view by reference uses the array's address.
  HC_INLINE void adopt_kernel_address(const array<nc_value_type, N> &src) {
    data_ = src.accelerator_pointer();
#if HC_DEVICE_PASS
    bound_ = 1;
#endif
  }

  // A view made inside a GPU kernel over memory of the kernel (a local
  // array, tile_static data) addresses it directly: there is no storage on
  // the device. (A kernel on the CPU backend is host code: its view gets
  // storage over that memory like any host view.)
  HC_INLINE void adopt_kernel_memory(T *src) {
#if HC_DEVICE_PASS
    // Rank 1 offsets stay below the extent, an int; larger ranks tell the
    // pass how many elements there are (offset_width.hpp).
    if constexpr (N == 1)
      data_ = src;
    else
      data_ = detail::kernel_memory_view_data(src, extent_.size_wide());
    bound_ = 1;
#else
    data_ = src;
#endif
  }

  // Views on the host (not the copies bound to a kernel) are counted by
  // their storage, which writes user memory back when the last one goes
  // (storage::add_host_view). Every constructor that does not delegate
  // calls count_host_view() last; the destructor and assignment uncount.
  HC_INLINE void count_host_view() const {
#if !HC_DEVICE_PASS
    if (storage_ && !bound_)
      storage_->add_host_view();
#endif
  }
  HC_INLINE static void uncount_host_view(detail::storage *s, int bound) {
#if HC_DEVICE_PASS
    (void)s;
    (void)bound;
#else
    if (s && !bound)
      s->drop_host_view();
#endif
  }

  template <typename Src>
  static T *source_data(Src &src, const hc::extent<N> &ext) {
    if constexpr (std::is_pointer<typename std::decay<Src>::type>::value) {
      (void)ext;
      return src;
    } else {
      return checked_data(src, ext);
    }
  }
  template <typename Container>
  static T *checked_data(Container &src, const hc::extent<N> &ext) {
    if (static_cast<std::size_t>(src.size()) < ext.size_wide())
      detail::throw_runtime("array_view: the container is smaller than the "
                            "extent",
                            Kalmar::E_INVALIDARG_CODE);
    return src.data();
  }

  static detail::storage_ref make_host_storage(T *src,
                                               const hc::extent<N> &ext) {
#if HC_DEVICE_PASS
    (void)src;
    (void)ext;
    return detail::storage_ref();
#else
    check_extent(ext);
    return detail::storage_ref(detail::storage::create_for_host(
        const_cast<nc_value_type *>(src), ext.size_wide() * sizeof(T)));
#endif
  }
  static detail::storage_ref make_owned_storage(const hc::extent<N> &ext) {
#if HC_DEVICE_PASS
    (void)ext;
    return detail::storage_ref();
#else
    check_extent(ext);
    return detail::storage_ref(detail::storage::create_on(
        detail::cpu_device().default_queue(), ext.size_wide() * sizeof(T)));
#endif
  }
  static void check_extent(const hc::extent<N> &ext) {
    for (int i = 0; i < N; ++i)
      if (ext[i] < 0)
        detail::throw_runtime("array_view: negative extent",
                              Kalmar::E_INVALIDARG_CODE);
  }
  void check_section(const index<N> &origin, const hc::extent<N> &ext) const {
    for (int i = 0; i < N; ++i)
      detail::host_check(origin[i] >= 0 && ext[i] >= 0 &&
                             origin[i] + ext[i] <= extent_[i],
                         "array_view::section: the section is outside the "
                         "view");
#if HC_AMP_MODE
    // C++ AMP's extents are positive: section(origin) at the view's far
    // edge (nothing left in some dimension) is out of bounds there.
    for (int i = 0; i < N; ++i)
      detail::host_check(ext[i] > 0, "array_view::section: the section is "
                                     "empty (C++ AMP extents are positive)");
#endif
  }

  void bind_if_launching() {
    if (T *p = detail::bind_for_kernel<T>(storage_.get(), detail::mode_for<T>(),
                                          this)) {
      data_ = p;
      bound_ = 1;
    }
  }

  // Base address of the whole underlying data where this copy is used.
  HC_INLINE T *access(detail::access_mode mode) const {
#if HC_DEVICE_PASS
    (void)mode;
    return detail::array_data(data_);
#else
    // Kernels on the CPU use the data in place: a copy bound to the launch
    // at the launch's address, a view reached by reference at its data's
    // home (waiting for the kernel itself would deadlock).
    if (detail::__hcc_cpu_kernel_code() || bound_)
      return data_;
    return static_cast<T *>(detail::host_data(storage_.get(), mode));
#endif
  }
  HC_INLINE T &ref(const index<N> &idx) const {
    detail::check_bounds("array_view", idx, extent_);
    return access(
        detail::mode_for<T>())[detail::element_offset(offset_, base_, idx)];
  }
  template <int M = N> array_view<T, M - 1> project(int i) const {
#if HC_AMP_MODE
    detail::host_check(i >= 0 && i < extent_[0],
                       "array_view: the projection's index is outside the "
                       "view");
#endif
    detail::check_bounds("array_view", index<1>(i), hc::extent<1>(extent_[0]));
    hc::extent<M - 1> base, ext;
    for (int d = 1; d < M; ++d) {
      base[d - 1] = base_[d];
      ext[d - 1] = extent_[d];
    }
    return array_view<T, M - 1>(storage_, data_, base,
                                offset_ + static_cast<std::size_t>(i) *
                                              detail::row_stride(base_, 0),
                                bound_)
        .with_extent(ext);
  }
  array_view with_extent(const hc::extent<N> &ext) {
    extent_ = ext;
    return *this;
  }

  detail::storage_ref storage_;
  // Where kernels find the data: the address of the launch in copies bound
  // to one, the home of the data (storage::home_pointer) in host views.
  T *data_ = nullptr;
  hc::extent<N> base_;   // shape of the whole underlying data
  hc::extent<N> extent_; // shape of this view
  std::size_t offset_ = 0;
  int bound_ = 0; // copy made for a kernel: data_ is the kernel's address
};

} // namespace hc

#endif // HC_DETAIL_ARRAY_VIEW_HPP
