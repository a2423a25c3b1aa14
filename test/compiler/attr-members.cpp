// hcc's attributes on members: constructors (with initialiser lists),
// destructors, const/ref/noexcept-qualified and virtual member functions,
// operators, static members, out-of-line definitions, members of class
// templates, function templates and their specialisations.

// RUN: %hcc -fsyntax-only -Wall -Wextra -Werror --offload-arch=sm_90 %s
// RUN: %clangxx -x cuda --cuda-device-only --offload-arch=sm_90 -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -fplugin=%hcc_clang_plugin -Wall -Wextra -Werror -fsyntax-only %s

struct Base {
  virtual int value() const [[hc]] { return 0; }
  virtual ~Base() [[hc]] {}
};

struct Point : Base {
  int x, y;
  Point() [[hc]] : x(0), y(0) {}
  explicit Point(int v) [[hc]] : x(v), y(v) {}
  Point(const Point &) [[hc]] = default;
  ~Point() [[hc]] override {}
  int value() const [[hc]] override { return x + y; }
  int sum() const & noexcept [[hc]] { return x + y; }
  int &operator[](int i) [[hc]] { return i ? y : x; }
  int operator()(int k) const noexcept(true) [[hc]] { return k * x; }
  Point &operator=(const Point &) [[hc]] = default;
  auto operator+(const Point &o) const [[hc]] -> Point { return Point(x + o.x); }
  bool operator>(const Point &o) const [[hc]] { return x > o.x; }
  [[hc]] static int origin() { return 0; }
  static int twice(int v) [[hc]] { return 2 * v; }
  int out_of_line(int) const [[hc]];
  auto out_of_line_trailing() const [[hc]] -> int;
  void deleted() [[hc]] = delete;
};

int Point::out_of_line(int k) const [[hc]] { return k + x; }
auto Point::out_of_line_trailing() const [[hc]] -> int { return y; }

template <class T> struct Box {
  T v;
  Box(T v) [[hc]] : v(v) {}
  T get() const [[hc]] { return v; }
  template <class U> U as() const [[hc]] { return static_cast<U>(v); }
};

template <class T> T pass(T t) [[hc]] { return t; }
template <class T> [[hc]] T pass_before(T t) { return t; }
template <class T> auto pass_trailing(T t) [[hc]] -> decltype(t + 1) { return t + 1; }
template <> float pass<float>(float t) [[hc]] { return t + 0.5f; }

int main() {
  Point p(1), q = p;
  Box<int> b(3);
  return p.value() + p.sum() + p[0] + p(2) + (p + q).x + (p > q) +
         Point::origin() + Point::twice(1) + p.out_of_line(1) +
         p.out_of_line_trailing() + b.get() + b.as<int>() + pass(1) +
         static_cast<int>(pass(1.0f)) + pass_before(2) + pass_trailing(3);
}
