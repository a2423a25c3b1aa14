// hc::short_vector::norm and unorm: a float clamped to [-1, 1] (norm) or
// [0, 1] (unorm), as C++ AMP 1.2 (Concurrency::graphics) and hcc define
// them. Every way a value gets in (constructors, assignment from float,
// arithmetic, ++/--) clamps; NaN becomes 0, as Direct3D converts NaN to
// SNORM/UNORM (hcc left NaN unclamped; docs/short-vectors.md).
//
// Both are standard-layout wrappers of one float with trivial copies, so an
// array of them has the bytes of an array of floats and a kernel argument
// holding one is copied verbatim to the GPU.
#ifndef HC_DETAIL_SHORT_VECTOR_NORM_HPP
#define HC_DETAIL_SHORT_VECTOR_NORM_HPP

namespace hc {
namespace short_vector {

class norm;
class unorm;

namespace detail {
// Clamp to [Lo, 1]; NaN (the only value for which v != v) to 0.
template <int Lo> inline float clamp_unit(float v) {
  if (v != v)
    return 0.0f;
  return v < float(Lo) ? float(Lo) : (v > 1.0f ? 1.0f : v);
}

// The shared body of norm (Lo = -1) and unorm (Lo = 0). Derived is the
// concrete class, so that arithmetic returns norm / unorm, not this base.
template <class Derived, int Lo> class unit_float {
public:
  using norm_type = Derived;
  // The range (hcc's names, and C++ AMP-style ones).
  static constexpr float min = float(Lo);
  static constexpr float max = 1.0f;
  static constexpr float min_value = float(Lo);
  static constexpr float max_value = 1.0f;

  operator float() const { return value_; }
  float get() const { return value_; }
  void set(float v) { value_ = clamp_unit<Lo>(v); }

  Derived &operator=(float v) {
    value_ = clamp_unit<Lo>(v);
    return self();
  }
  Derived &operator+=(const Derived &o) { return *this = value_ + o.value_; }
  Derived &operator-=(const Derived &o) { return *this = value_ - o.value_; }
  Derived &operator*=(const Derived &o) { return *this = value_ * o.value_; }
  Derived &operator/=(const Derived &o) { return *this = value_ / o.value_; }
  Derived &operator++() { return *this = value_ + 1.0f; }
  Derived &operator--() { return *this = value_ - 1.0f; }
  Derived operator++(int) {
    Derived old = self();
    ++*this;
    return old;
  }
  Derived operator--(int) {
    Derived old = self();
    --*this;
    return old;
  }

  friend Derived operator+(const Derived &a, const Derived &b) {
    return Derived(a.value_ + b.value_);
  }
  friend Derived operator-(const Derived &a, const Derived &b) {
    return Derived(a.value_ - b.value_);
  }
  friend Derived operator*(const Derived &a, const Derived &b) {
    return Derived(a.value_ * b.value_);
  }
  friend Derived operator/(const Derived &a, const Derived &b) {
    return Derived(a.value_ / b.value_);
  }
  friend bool operator==(const Derived &a, const Derived &b) {
    return a.value_ == b.value_;
  }
  friend bool operator!=(const Derived &a, const Derived &b) {
    return a.value_ != b.value_;
  }
  friend bool operator<(const Derived &a, const Derived &b) {
    return a.value_ < b.value_;
  }
  friend bool operator>(const Derived &a, const Derived &b) {
    return a.value_ > b.value_;
  }
  friend bool operator<=(const Derived &a, const Derived &b) {
    return a.value_ <= b.value_;
  }
  friend bool operator>=(const Derived &a, const Derived &b) {
    return a.value_ >= b.value_;
  }

protected:
  unit_float() : value_(0.0f) {}
  explicit unit_float(float v) : value_(clamp_unit<Lo>(v)) {}

private:
  Derived &self() { return static_cast<Derived &>(*this); }
  float value_;
};
} // namespace detail

// A float in [0, 1].
class unorm : public detail::unit_float<unorm, 0> {
public:
  unorm() = default;
  explicit unorm(float v) : unit_float(v) {}
  explicit unorm(unsigned int v) : unit_float(static_cast<float>(v)) {}
  explicit unorm(int v) : unit_float(static_cast<float>(v)) {}
  explicit unorm(double v) : unit_float(static_cast<float>(v)) {}
  explicit unorm(const norm &v);
  using unit_float::operator=;
};

// A float in [-1, 1].
class norm : public detail::unit_float<norm, -1> {
public:
  norm() = default;
  explicit norm(float v) : unit_float(v) {}
  explicit norm(unsigned int v) : unit_float(static_cast<float>(v)) {}
  explicit norm(int v) : unit_float(static_cast<float>(v)) {}
  explicit norm(double v) : unit_float(static_cast<float>(v)) {}
  norm(const unorm &v) : unit_float(static_cast<float>(v)) {}
  using unit_float::operator=;

  norm operator-() const { return norm(-static_cast<float>(*this)); }
};

inline unorm::unorm(const norm &v) : unit_float(static_cast<float>(v)) {}

} // namespace short_vector
} // namespace hc

// C++ AMP's constants (amp_short_vectors.h), spelled with full names so
// they work wherever the header is included.
#define UNORM_MIN (::hc::short_vector::unorm(0.0f))
#define UNORM_MAX (::hc::short_vector::unorm(1.0f))
#define UNORM_ZERO (::hc::short_vector::unorm(0.0f))
#define NORM_ZERO (::hc::short_vector::norm(0.0f))
#define NORM_MIN (::hc::short_vector::norm(-1.0f))
#define NORM_MAX (::hc::short_vector::norm(1.0f))

#endif // HC_DETAIL_SHORT_VECTOR_NORM_HPP
