// hc::array<T, N>: data that lives on one accelerator. Kernels use it
// captured by reference ([&], as C++ AMP requires) or by value ([=]: a copy
// made while a kernel is launched aliases the same data instead of copying
// it). Host access waits for the accelerator and copies back as needed.
#ifndef HC_DETAIL_ARRAY_HPP
#define HC_DETAIL_ARRAY_HPP

#include "hc/detail/array_view.hpp"

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <vector>

namespace hc {

template <typename T, int N = 1> class array {
  static_assert(N > 0, "array rank must be positive");
  static_assert(!std::is_const<T>::value, "array elements cannot be const");
  static_assert(detail::check_amp_element<T>(), "");

  template <typename It>
  using if_iterator =
      typename std::enable_if<!std::is_arithmetic<It>::value &&
                              !std::is_same<typename std::decay<It>::type,
                                            hc::accelerator_view>::value>::type;

public:
  static const int rank = N;
  typedef T value_type;

  // --- construction --------------------------------------------------------
  explicit array(const hc::extent<N> &ext)
      : array(ext, accelerator().get_default_view()) {}
  explicit array(int e0) : array(hc::extent<N>(e0)) {}
  array(int e0, int e1) : array(hc::extent<N>(e0, e1)) {}
  array(int e0, int e1, int e2) : array(hc::extent<N>(e0, e1, e2)) {}

  array(const hc::extent<N> &ext, hc::accelerator_view av,
        access_type cpu_access_type = access_type_auto)
      : storage_(allocate(ext, av.queue(), nullptr)), extent_(ext),
        cpu_access_(resolve_cpu_access(cpu_access_type, av)) {
    data_ = static_cast<T *>(storage_->home_pointer());
    register_object();
  }
  array(int e0, hc::accelerator_view av, access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0), av, cpu) {}
  array(int e0, int e1, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0, e1), av, cpu) {}
  array(int e0, int e1, int e2, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0, e1, e2), av, cpu) {}

  // An array over existing memory of an accelerator (what
  // accelerator_pointer() or am_alloc returned): its contents are the
  // data, nothing is copied, and the memory stays the caller's (it must
  // outlive the array and its uses). Without a view, the default
  // accelerator's.
  explicit array(const hc::extent<N> &ext, hc::accelerator_view av,
                 void *accelerator_pointer,
                 access_type cpu_access_type = access_type_auto)
      : storage_(adopt(ext, av.queue(), accelerator_pointer)), extent_(ext),
        cpu_access_(resolve_cpu_access(cpu_access_type, av)) {
    data_ = static_cast<T *>(storage_->home_pointer());
    register_object();
  }
  explicit array(const hc::extent<N> &ext, void *accelerator_pointer)
      : array(ext, accelerator().get_default_view(), accelerator_pointer) {}
  explicit array(int e0, void *accelerator_pointer)
      : array(hc::extent<N>(e0), accelerator_pointer) {}
  explicit array(int e0, int e1, void *accelerator_pointer)
      : array(hc::extent<N>(e0, e1), accelerator_pointer) {}
  explicit array(int e0, int e1, int e2, void *accelerator_pointer)
      : array(hc::extent<N>(e0, e1, e2), accelerator_pointer) {}

  // Staging array (C++ AMP): data on `av`'s side for transfers to
  // `associated_av`. Only the CPU accelerator stages: on any other `av`
  // this is an ordinary array there and `associated_av` is ignored.
  array(const hc::extent<N> &ext, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : storage_(allocate(ext, staging_home(av, associated_av).queue(),
                          av.queue())),
        extent_(ext), cpu_access_(access_type_read_write) {
    data_ = static_cast<T *>(storage_->home_pointer());
    register_object();
  }
  array(int e0, hc::accelerator_view av, hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0), av, associated_av) {}
  array(int e0, int e1, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0, e1), av, associated_av) {}
  array(int e0, int e1, int e2, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0, e1, e2), av, associated_av) {}
  // Staging arrays filled from host data or a view.
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(const hc::extent<N> &ext, InputIt begin, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(ext, av, associated_av) {
    fill_from(begin, static_cast<InputIt *>(nullptr));
  }
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(const hc::extent<N> &ext, InputIt begin, InputIt end,
        hc::accelerator_view av, hc::accelerator_view associated_av)
      : array(ext, av, associated_av) {
    fill_from(begin, &end);
  }
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, InputIt begin, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0), begin, av, associated_av) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, InputIt begin, InputIt end, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0), begin, end, av, associated_av) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, InputIt begin, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0, e1), begin, av, associated_av) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, InputIt begin, InputIt end, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0, e1), begin, end, av, associated_av) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt begin, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0, e1, e2), begin, av, associated_av) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt begin, InputIt end,
        hc::accelerator_view av, hc::accelerator_view associated_av)
      : array(hc::extent<N>(e0, e1, e2), begin, end, av, associated_av) {}
  array(const array_view<const T, N> &src, hc::accelerator_view av,
        hc::accelerator_view associated_av)
      : array(src.get_extent(), av, associated_av) {
    src.copy_to(*this);
  }

  // From host data: [begin, end) or `ext.size()` elements from begin.
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(const hc::extent<N> &ext, InputIt begin)
      : array(ext, accelerator().get_default_view()) {
    fill_from(begin, static_cast<InputIt *>(nullptr));
  }
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(const hc::extent<N> &ext, InputIt begin, InputIt end)
      : array(ext, accelerator().get_default_view()) {
    fill_from(begin, &end);
  }
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(const hc::extent<N> &ext, InputIt begin, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(ext, av, cpu) {
    fill_from(begin, static_cast<InputIt *>(nullptr));
  }
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(const hc::extent<N> &ext, InputIt begin, InputIt end,
        hc::accelerator_view av, access_type cpu = access_type_auto)
      : array(ext, av, cpu) {
    fill_from(begin, &end);
  }
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, InputIt begin) : array(hc::extent<N>(e0), begin) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, InputIt begin, InputIt end)
      : array(hc::extent<N>(e0), begin, end) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, InputIt begin) : array(hc::extent<N>(e0, e1), begin) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, InputIt begin, InputIt end)
      : array(hc::extent<N>(e0, e1), begin, end) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt begin)
      : array(hc::extent<N>(e0, e1, e2), begin) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt begin, InputIt end)
      : array(hc::extent<N>(e0, e1, e2), begin, end) {}
  // The same shorthands on a given accelerator_view (C++ AMP 1.2).
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, InputIt begin, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0), begin, av, cpu) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, InputIt begin, InputIt end, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0), begin, end, av, cpu) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, InputIt begin, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0, e1), begin, av, cpu) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, InputIt begin, InputIt end, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0, e1), begin, end, av, cpu) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt begin, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0, e1, e2), begin, av, cpu) {}
  template <typename InputIt, typename = if_iterator<InputIt>>
  array(int e0, int e1, int e2, InputIt begin, InputIt end,
        hc::accelerator_view av, access_type cpu = access_type_auto)
      : array(hc::extent<N>(e0, e1, e2), begin, end, av, cpu) {}

  // A copy of a view's data.
  explicit array(const array_view<const T, N> &src)
      : array(src.get_extent(), accelerator().get_default_view()) {
    src.copy_to(*this);
  }
  array(const array_view<const T, N> &src, hc::accelerator_view av,
        access_type cpu = access_type_auto)
      : array(src.get_extent(), av, cpu) {
    src.copy_to(*this);
  }

  // A copy is a new array with the same contents on the same accelerator,
  // except while parallel_for_each packs its kernel ([=] capture): then the
  // copy aliases this array's data for the kernel. C++ AMP makes copying
  // and destroying an array restrict(cpu): amp code reaches arrays by
  // reference only.
  HC_AMP_CPU_ONLY array(const array &o)
      : storage_(o.storage_), data_(o.data_), extent_(o.extent_),
        cpu_access_(o.cpu_access_) {
#if !HC_DEVICE_PASS
    if (T *p = detail::bind_for_kernel<T>(storage_.get(),
                                          access_mode_for_kernels(), this)) {
      data_ = p;
      return;
    }
    // The copy lives where the original does, a staging array's too.
    storage_ = allocate(extent_, o.storage_->home_queue(),
                        o.storage_->staging_queue());
    data_ = static_cast<T *>(storage_->home_pointer());
    register_object();
    detail::storage::copy(*o.storage_, 0, *storage_, 0, byte_size())->wait();
#endif
  }
  array(array &&o) noexcept
      : storage_(std::move(o.storage_)), data_(o.data_), extent_(o.extent_),
        cpu_access_(o.cpu_access_) {
    o.forget_object();
    register_object();
  }
  HC_AMP_CPU_ONLY ~array() { forget_object(); }

  array &operator=(const array &o) {
    if (this != &o) {
      array tmp(o);
      *this = std::move(tmp);
    }
    return *this;
  }
  array &operator=(array &&o) noexcept {
    if (this != &o) {
      forget_object();
      o.forget_object();
      storage_ = std::move(o.storage_);
      data_ = o.data_;
      extent_ = o.extent_;
      cpu_access_ = o.cpu_access_;
      register_object();
    }
    return *this;
  }
  array &operator=(const array_view<const T, N> &src) {
    src.copy_to(*this);
    return *this;
  }

  // --- properties ----------------------------------------------------------

  hc::extent<N> get_extent() const { return extent_; }
  // Where the array was created; for a staging array the (CPU) view its
  // data is on, otherwise the view kernels use it from.
  hc::accelerator_view get_accelerator_view() const {
    detail::queue_ptr staging = storage_->staging_queue();
    return hc::accelerator_view(staging ? staging : storage_->home_queue());
  }
  // Where the array is meant to be used (C++ AMP): the staging array's
  // associated view, otherwise the array's own view.
  hc::accelerator_view get_associated_accelerator_view() const {
    return hc::accelerator_view(storage_->home_queue());
  }
  // access_type_auto (neither the constructor nor the accelerator's default
  // named one) resolves to read_write: the host can read and write an array
  // on any accelerator here (its data is brought to the host on demand), as
  // on hcc's APUs.
  access_type get_cpu_access_type() const {
    return cpu_access_ == access_type_auto ? access_type_read_write
                                           : cpu_access_;
  }

  // C++ AMP's properties (config.hpp): a.extent is a.get_extent(), ...
  HC_PROPERTY(hc::extent<N>, extent, get_extent)
  HC_PROPERTY(hc::accelerator_view, accelerator_view, get_accelerator_view)
  HC_PROPERTY(hc::accelerator_view, associated_accelerator_view,
              get_associated_accelerator_view)
  HC_PROPERTY(access_type, cpu_access_type, get_cpu_access_type)

  // --- element access ------------------------------------------------------

  T &operator[](const index<N> &idx) { return ref(idx); }
  const T &operator[](const index<N> &idx) const { return ref(idx); }
  T &operator()(const index<N> &idx) { return ref(idx); }
  const T &operator()(const index<N> &idx) const { return ref(idx); }

  template <int M = N>
  typename std::enable_if<M == 1, T &>::type operator[](int i) {
    return ref(index<1>(i));
  }
  template <int M = N>
  typename std::enable_if<M == 1, const T &>::type operator[](int i) const {
    return ref(index<1>(i));
  }
  template <int M = N>
  typename std::enable_if<(M > 1), array_view<T, M - 1>>::type
  operator[](int i) {
    return view()[i];
  }
  template <int M = N>
  typename std::enable_if<(M > 1), array_view<const T, M - 1>>::type
  operator[](int i) const {
    return const_view()[i];
  }
  template <int M = N>
  typename std::enable_if<M == 1, T &>::type operator()(int i0) {
    return ref(index<1>(i0));
  }
  template <int M = N>
  typename std::enable_if<M == 1, const T &>::type operator()(int i0) const {
    return ref(index<1>(i0));
  }
  // Rank > 1: the (N-1)-dimensional projection, as operator[](int).
  template <int M = N>
  typename std::enable_if<(M > 1), array_view<T, M - 1>>::type
  operator()(int i0) {
    return view()[i0];
  }
  template <int M = N>
  typename std::enable_if<(M > 1), array_view<const T, M - 1>>::type
  operator()(int i0) const {
    return const_view()[i0];
  }
  template <int M = N>
  typename std::enable_if<M == 2, T &>::type operator()(int i0, int i1) {
    return ref(index<2>(i0, i1));
  }
  template <int M = N>
  typename std::enable_if<M == 2, const T &>::type operator()(int i0,
                                                              int i1) const {
    return ref(index<2>(i0, i1));
  }
  template <int M = N>
  typename std::enable_if<M == 3, T &>::type operator()(int i0, int i1,
                                                        int i2) {
    return ref(index<3>(i0, i1, i2));
  }
  template <int M = N>
  typename std::enable_if<M == 3, const T &>::type operator()(int i0, int i1,
                                                              int i2) const {
    return ref(index<3>(i0, i1, i2));
  }

  // --- views ---------------------------------------------------------------

  array_view<T, N> section(const index<N> &origin, const hc::extent<N> &ext) {
    return view().section(origin, ext);
  }
  array_view<const T, N> section(const index<N> &origin,
                                 const hc::extent<N> &ext) const {
    return const_view().section(origin, ext);
  }
  array_view<T, N> section(const index<N> &origin) {
    return view().section(origin);
  }
  array_view<const T, N> section(const index<N> &origin) const {
    return const_view().section(origin);
  }
  array_view<T, N> section(const hc::extent<N> &ext) {
    return view().section(ext);
  }
  array_view<const T, N> section(const hc::extent<N> &ext) const {
    return const_view().section(ext);
  }
  template <int M = N, typename = typename std::enable_if<M == 1>::type>
  array_view<T, 1> section(int i0, int e0) {
    return view().section(i0, e0);
  }
  template <int M = N, typename = typename std::enable_if<M == 1>::type>
  array_view<const T, 1> section(int i0, int e0) const {
    return const_view().section(i0, e0);
  }
  template <int M = N, typename = typename std::enable_if<M == 2>::type>
  array_view<T, 2> section(int i0, int i1, int e0, int e1) {
    return view().section(i0, i1, e0, e1);
  }
  // hcc's const rank-2 form returned a writable view; kept for the code
  // that relies on it.
  template <int M = N, typename = typename std::enable_if<M == 2>::type>
  array_view<T, 2> section(int i0, int i1, int e0, int e1) const {
    return const_cast<array *>(this)->view().section(i0, i1, e0, e1);
  }
  template <int M = N, typename = typename std::enable_if<M == 3>::type>
  array_view<T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) {
    return view().section(i0, i1, i2, e0, e1, e2);
  }
  template <int M = N, typename = typename std::enable_if<M == 3>::type>
  array_view<const T, 3> section(int i0, int i1, int i2, int e0, int e1,
                                 int e2) const {
    return const_view().section(i0, i1, i2, e0, e1, e2);
  }
  // The whole array as elements of another type (its size in bytes must be
  // a multiple of sizeof(U)).
  template <typename U> array_view<U, 1> reinterpret_as() {
    return view()
        .template reshape<1>(hc::extent<1>(static_cast<int>(extent_.size())))
        .template reinterpret_as<U>();
  }
  template <typename U> array_view<const U, 1> reinterpret_as() const {
    return const_view()
        .template reshape<1>(hc::extent<1>(static_cast<int>(extent_.size())))
        .template reinterpret_as<U>();
  }
  template <int K> array_view<T, K> view_as(const hc::extent<K> &ext) {
    return view().reshape(ext);
  }
  template <int K>
  array_view<const T, K> view_as(const hc::extent<K> &ext) const {
    return const_view().reshape(ext);
  }

  // --- data ----------------------------------------------------------------

  // In kernels: the data on the accelerator. On the host: the host copy,
  // made current first.
  // C++ AMP: an array whose CPU access type is access_type_none has no host
  // data (nullptr).
  T *data() const {
#if HC_AMP_MODE && !HC_DEVICE_PASS
    if (!host_accessible())
      return nullptr;
#endif
    return access();
  }
  // Address of the data in the accelerator's memory.
  T *accelerator_pointer() const { return data_; }

  operator std::vector<T>() const {
    std::vector<T> out(extent_.size_wide());
    storage_->read_to_host(0, out.data(), byte_size());
    return out;
  }
  void copy_to(array &dest) const;
  void copy_to(const array_view<T, N> &dest) const;

  // hcc's: an array's data starts at its origin.
  int get_offset() const { return 0; }
  index<N> get_index_base() const { return index<N>(); }

  // For the library.
  detail::storage *get_storage() const { return storage_.get(); }
  detail::storage_ref storage_ref_copy() const { return storage_; }

private:
  static detail::access_mode access_mode_for_kernels() {
    return detail::access_mode::read_write;
  }
  std::size_t byte_size() const { return extent_.size_wide() * sizeof(T); }

  static hc::accelerator_view
  staging_home(const hc::accelerator_view &av,
               const hc::accelerator_view &associated_av) {
    bool on_cpu = av.get_accelerator().get_device_path() ==
                  hc::accelerator::cpu_accelerator;
    return on_cpu ? associated_av : av;
  }
  static void check_extent(const hc::extent<N> &ext) {
    for (int i = 0; i < N; ++i) {
      if (ext[i] < 0)
        detail::throw_runtime("array: negative extent",
                              Kalmar::E_INVALIDARG_CODE);
#if HC_AMP_MODE
      if (ext[i] == 0)
        detail::throw_runtime("array: empty extent (C++ AMP extents are "
                              "positive)",
                              Kalmar::E_INVALIDARG_CODE);
#endif
    }
  }
  static detail::storage_ref allocate(const hc::extent<N> &ext,
                                      const detail::queue_ptr &home,
                                      const detail::queue_ptr &staging) {
    check_extent(ext);
    return detail::storage_ref(
        detail::storage::create_on(home, ext.size_wide() * sizeof(T), staging));
  }
  static detail::storage_ref adopt(const hc::extent<N> &ext,
                                   const detail::queue_ptr &home,
                                   void *accelerator_pointer) {
    check_extent(ext);
    return detail::storage_ref(detail::storage::create_on_existing(
        home, accelerator_pointer, ext.size_wide() * sizeof(T)));
  }
  template <typename InputIt> void fill_from(InputIt begin, InputIt *end) {
    std::size_t n = extent_.size_wide();
    if (end) {
      auto count = static_cast<std::size_t>(std::distance(begin, *end));
      if (count < n)
        detail::throw_runtime("array: the source range is smaller than the "
                              "extent",
                              Kalmar::E_INVALIDARG_CODE);
#if HC_AMP_MODE
      // C++ AMP: the range is exactly the array's data.
      if (count > n)
        detail::throw_runtime("array: the source range is larger than the "
                              "extent",
                              Kalmar::E_INVALIDARG_CODE);
#endif
    }
    if (const T *direct = detail::contiguous_source<T>(begin)) {
      storage_->write_from_host(0, direct, byte_size());
      return;
    }
    std::vector<T> host;
    host.reserve(n);
    for (std::size_t i = 0; i < n; ++i, ++begin)
      host.push_back(*begin);
    storage_->write_from_host(0, host.data(), byte_size());
  }

  // The storage knows the address of the array object that owns it, so
  // that kernels holding a reference to the object ([&] capture) can be
  // handed a device copy of it (resident_arrays.hpp). Copies bound to a
  // kernel are not owners and never register.
  HC_INLINE void register_object() {
    // Where the pass plugin looks for the data pointer of an array a kernel
    // reads from its parameters (hc/detail/kernel_launch.hpp).
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winvalid-offsetof"
    static_assert(offsetof(array, data_) == hc::abi::array_object_data_offset,
                  "hc::abi::array_object_data_offset");
#pragma clang diagnostic pop
#if !HC_DEVICE_PASS
    if (storage_)
      storage_->set_array_object(this, sizeof(*this));
#endif
  }
  HC_INLINE void forget_object() {
#if !HC_DEVICE_PASS
    if (storage_)
      storage_->forget_array_object(this);
#endif
  }

  array_view<T, N> view() { return array_view<T, N>(*this); }
  array_view<const T, N> const_view() const {
    return array_view<const T, N>(*this);
  }

  HC_INLINE T *access() const {
#if HC_DEVICE_PASS
    return detail::global_array_data(data_);
#else
    // Kernels on the CPU use the data in place (see array_view::access).
    if (detail::__hcc_cpu_kernel_code())
      return data_;
    return static_cast<T *>(
        detail::host_data(storage_.get(), detail::access_mode::read_write));
#endif
  }
  HC_INLINE T &ref(const index<N> &idx) const {
    detail::check_bounds("array", idx, extent_);
    return access()[detail::element_offset(0, extent_, idx)];
  }
#if HC_AMP_MODE && !HC_DEVICE_PASS
  // Host code, not a kernel the CPU backend runs, may touch the data.
  bool host_accessible() const {
    return cpu_access_ != access_type_none ||
           detail::cpu_current_workitem != nullptr;
  }
#endif

  // An array created without a CPU access type takes its accelerator's
  // default (accelerator::set_default_cpu_access_type).
  static access_type resolve_cpu_access(access_type requested,
                                        const hc::accelerator_view &av) {
    if (requested != access_type_auto)
      return requested;
    return detail::default_cpu_access(av.queue()->get_device());
  }

  detail::storage_ref storage_;
  T *data_ = nullptr; // the data on the home accelerator (or bound address)
  hc::extent<N> extent_;
  access_type cpu_access_ = access_type_auto;
};

} // namespace hc

#endif // HC_DETAIL_ARRAY_HPP
