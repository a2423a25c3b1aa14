// RUN: %hcc -hc %s -o %t && %t
// <experimental/exception_list>: std::experimental::parallel::
// exception_list (N4507 3.2) holds exception_ptrs: size(), begin()/end()
// iterate them in order, what() describes it, it is a std::exception, and
// copying it (as throwing does) shares the list. hcc's algorithms rethrow
// the one exception an element function on the host let escape, unchanged
// (the TS allows that when there is only one).
#include <experimental/algorithm>
#include <experimental/exception_list>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

namespace pstl = std::experimental::parallel;

static_assert(std::is_base_of<std::exception, pstl::exception_list>::value, "an exception");
static_assert(std::is_nothrow_copy_constructible<pstl::exception_list>::value, "throwable");
static_assert(std::is_same<std::iterator_traits<pstl::exception_list::iterator>::value_type,
                           std::exception_ptr>::value, "iterates exception_ptrs");

int main() {
  pstl::exception_list empty;
  CHECK(empty.size() == 0 && empty.begin() == empty.end());
  CHECK(std::strlen(empty.what()) > 0);

  std::vector<std::exception_ptr> es;
  es.push_back(std::make_exception_ptr(std::runtime_error("first")));
  es.push_back(std::make_exception_ptr(42));
  try {
    throw pstl::exception_list(es);
  } catch (const std::exception &e) {
    auto *list = dynamic_cast<const pstl::exception_list *>(&e);
    CHECK(list != nullptr && list->size() == 2);
    auto it = list->begin();
    try {
      std::rethrow_exception(*it);
    } catch (const std::runtime_error &r) {
      CHECK(std::strcmp(r.what(), "first") == 0);
    }
    ++it;
    try {
      std::rethrow_exception(*it);
    } catch (int i) {
      CHECK(i == 42);
    }
    CHECK(++it == list->end());
  }

  pstl::exception_list one(std::make_exception_ptr(std::logic_error("only")));
  pstl::exception_list copy = one;
  CHECK(copy.size() == 1 && *copy.begin() == *one.begin());

  // An element function that throws on the host: the exception itself
  // leaves the algorithm.
  std::vector<int> v(10, 1);
  v[3] = -1;
  bool caught = false;
  try {
    pstl::for_each(pstl::seq, v.begin(), v.end(), [](int x) {
      if (x < 0)
        throw std::out_of_range("negative");
    });
  } catch (const std::out_of_range &) {
    caught = true;
  }
  CHECK(caught);

  std::puts("pstl_exception_list: OK");
  return 0;
}
