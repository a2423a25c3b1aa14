// Exception types of the hc and C++ AMP APIs.
//
// hcc historically defined them in namespace Kalmar and aliased them into hc
// and Concurrency; we keep that shape so existing code that names any of the
// three spellings compiles. The runtime library throws these.
#ifndef HC_DETAIL_EXCEPTIONS_HPP
#define HC_DETAIL_EXCEPTIONS_HPP

#include <exception>
#include <string>

namespace Kalmar {

// The type of the codes below, under hcc's name for it.
typedef int HRESULT;

// HRESULT-style codes, as C++ AMP reports them from get_error_code().
enum : int {
  E_FAIL_CODE = static_cast<int>(0x80004005u),
  E_INVALIDARG_CODE = static_cast<int>(0x80070057u),
  E_OUTOFMEMORY_CODE = static_cast<int>(0x8007000Eu),
  E_NOTIMPL_CODE = static_cast<int>(0x80004001u),
  DXGI_ERROR_DEVICE_REMOVED_CODE = static_cast<int>(0x887A0005u)
};

class runtime_exception : public std::exception {
public:
  runtime_exception(const char *message, int error_code)
      : message_(message ? message : ""), error_code_(error_code) {}
  runtime_exception(const std::string &message, int error_code)
      : message_(message), error_code_(error_code) {}
  explicit runtime_exception(int error_code)
      : message_("hc runtime error"), error_code_(error_code) {}

  const char *what() const noexcept override { return message_.c_str(); }
  int get_error_code() const noexcept { return error_code_; }

private:
  std::string message_;
  int error_code_;
};

class invalid_compute_domain : public runtime_exception {
public:
  explicit invalid_compute_domain(const char *message)
      : runtime_exception(message, E_INVALIDARG_CODE) {}
  explicit invalid_compute_domain(const std::string &message)
      : runtime_exception(message, E_INVALIDARG_CODE) {}
  invalid_compute_domain()
      : runtime_exception("invalid compute domain", E_INVALIDARG_CODE) {}
};

class out_of_memory : public runtime_exception {
public:
  explicit out_of_memory(const char *message)
      : runtime_exception(message, E_OUTOFMEMORY_CODE) {}
  explicit out_of_memory(const std::string &message)
      : runtime_exception(message, E_OUTOFMEMORY_CODE) {}
  out_of_memory() : runtime_exception("out of memory", E_OUTOFMEMORY_CODE) {}
};

class unsupported_feature : public runtime_exception {
public:
  explicit unsupported_feature(const char *message)
      : runtime_exception(message, E_NOTIMPL_CODE) {}
  explicit unsupported_feature(const std::string &message)
      : runtime_exception(message, E_NOTIMPL_CODE) {}
  unsupported_feature()
      : runtime_exception("unsupported feature", E_NOTIMPL_CODE) {}
};

class accelerator_view_removed : public runtime_exception {
public:
  accelerator_view_removed(const char *message, int reason)
      : runtime_exception(message, DXGI_ERROR_DEVICE_REMOVED_CODE),
        reason_(reason) {}
  accelerator_view_removed(const std::string &message, int reason)
      : runtime_exception(message, DXGI_ERROR_DEVICE_REMOVED_CODE),
        reason_(reason) {}
  explicit accelerator_view_removed(int reason)
      : runtime_exception("accelerator_view removed",
                          DXGI_ERROR_DEVICE_REMOVED_CODE),
        reason_(reason) {}
  int get_view_removed_reason() const noexcept { return reason_; }

private:
  int reason_;
};

} // namespace Kalmar

// hcc's <hc.hpp> defined the generic failure code as a macro, as Windows
// does; programs pass it to runtime_exception.
#ifndef E_FAIL
#define E_FAIL 0x80004005
#endif

#endif // HC_DETAIL_EXCEPTIONS_HPP
