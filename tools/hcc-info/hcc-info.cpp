//===- hcc-info.cpp - List the accelerators hcc programs can use ----------===//
//
// Lists every accelerator of every backend the hc runtime found, with the
// properties a kernel author needs (like rocminfo, clinfo, nvidia-smi -L):
//
//   hcc-info           human-readable
//   hcc-info --json    one JSON document
//
// It goes through the public hc API: hc::accelerator::get_all() and the
// accelerator's getters. Three properties have no public getter (the
// backend, the largest tile and the wavefront size); they come from the
// runtime device behind the accelerator (hc::accelerator::device().info()),
// the same record the getters read.
//
// Built with the system C++ compiler: it only needs the accelerator part of
// <hc.hpp>, which is plain C++ (the rest of hc.hpp needs clang).
//
//===----------------------------------------------------------------------===//

#include "HccConfig.h"

#include <hc/detail/accelerator.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct AcceleratorRecord {
  std::string DevicePath;
  std::string Description;
  std::string Backend;
  unsigned VersionMajor = 0;
  unsigned VersionMinor = 0;
  bool IsDefault = false;
  unsigned long long DedicatedMemoryKB = 0;
  unsigned ComputeUnits = 0; // 0: the backend does not say
  unsigned MaxTileSize = 0;
  unsigned long long MaxTileStaticBytes = 0;
  unsigned WavefrontSize = 0;
  bool IsEmulated = false;
  bool HasDisplay = false;
  bool SupportsCpuSharedMemory = false;
  bool SupportsDoublePrecision = false;
  bool SupportsLimitedDoublePrecision = false;
  /// What kernels on this accelerator can do with host memory, as
  /// implemented by the runtime today (not what the hardware could):
  /// "svm" (any host pointer works in a kernel), "pinned-host-memory"
  /// (hc::am_alloc with amHostPinned gives kernel-visible host memory),
  /// "platform-atomics" (atomics on host memory are coherent with the CPU's).
  std::vector<std::string> Features;
};

/// The features of an accelerator (see AcceleratorRecord::Features).
std::vector<std::string> featuresOf(const hc::detail::device_info &Info) {
  std::vector<std::string> Features;
  bool HostIsDeviceMemory = Info.is_host_memory;
  // GPUs without pageable-memory access may get host memory made visible
  // launch by launch (docs/svm.md) unless HCC_SVM=0.
  const char *SvmSetting = std::getenv("HCC_SVM");
  bool SvmOn = !SvmSetting || std::string(SvmSetting) != "0";
  if (HostIsDeviceMemory || Info.reads_host_memory ||
      (Info.shares_host_memory_per_launch && SvmOn))
    Features.push_back("svm");
  // The CPU backend's memory is host memory; the GPU backends map
  // page-locked host memory into their devices.
  Features.push_back("pinned-host-memory");
  // System-scope atomics on host memory (docs/platform-atomics.md).
  if (HostIsDeviceMemory || Info.platform_atomics)
    Features.push_back("platform-atomics");
  return Features;
}

/// UTF-8 of a wide string (UTF-32 on Linux; UTF-16 surrogate pairs are
/// combined where wchar_t is 16 bits). Invalid code points become U+FFFD.
std::string toUtf8(const std::wstring &Wide) {
  std::string Out;
  for (size_t I = 0; I < Wide.size(); ++I) {
    unsigned long C = static_cast<unsigned long>(Wide[I]);
    if (sizeof(wchar_t) == 2 && C >= 0xD800 && C <= 0xDBFF &&
        I + 1 < Wide.size()) {
      unsigned long Low = static_cast<unsigned long>(Wide[I + 1]);
      if (Low >= 0xDC00 && Low <= 0xDFFF) {
        C = 0x10000 + ((C - 0xD800) << 10) + (Low - 0xDC00);
        ++I;
      }
    }
    if ((C >= 0xD800 && C <= 0xDFFF) || C > 0x10FFFF)
      C = 0xFFFD;
    if (C < 0x80) {
      Out += static_cast<char>(C);
    } else if (C < 0x800) {
      Out += static_cast<char>(0xC0 | (C >> 6));
      Out += static_cast<char>(0x80 | (C & 0x3F));
    } else if (C < 0x10000) {
      Out += static_cast<char>(0xE0 | (C >> 12));
      Out += static_cast<char>(0x80 | ((C >> 6) & 0x3F));
      Out += static_cast<char>(0x80 | (C & 0x3F));
    } else {
      Out += static_cast<char>(0xF0 | (C >> 18));
      Out += static_cast<char>(0x80 | ((C >> 12) & 0x3F));
      Out += static_cast<char>(0x80 | ((C >> 6) & 0x3F));
      Out += static_cast<char>(0x80 | (C & 0x3F));
    }
  }
  return Out;
}

/// A JSON string literal (RFC 8259): quotes, backslashes and control
/// characters escaped; the input is UTF-8 and is kept as such.
std::string jsonString(const std::string &Text) {
  std::string Out = "\"";
  for (unsigned char C : Text) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\b':
      Out += "\\b";
      break;
    case '\f':
      Out += "\\f";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20 || C == 0x7F) {
        char Buf[8];
        std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
        Out += Buf;
      } else {
        Out += static_cast<char>(C);
      }
    }
  }
  Out += "\"";
  return Out;
}

std::vector<AcceleratorRecord> collect(std::string &DefaultError) {
  std::vector<hc::accelerator> All = hc::accelerator::get_all();

  // The default accelerator (HCC_DEFAULT_ACCELERATOR, else the first GPU,
  // else the CPU), as a program would get it.
  const hc::detail::device *Default = nullptr;
  try {
    Default = &hc::accelerator().device();
  } catch (const std::exception &E) {
    DefaultError = E.what();
  }

  std::vector<AcceleratorRecord> Records;
  for (const hc::accelerator &A : All) {
    const hc::detail::device_info &Info = A.device().info();
    AcceleratorRecord R;
    R.DevicePath = toUtf8(A.get_device_path());
    R.Description = toUtf8(A.get_description());
    R.Backend = Info.backend;
    R.VersionMajor = A.get_version() >> 16;
    R.VersionMinor = A.get_version() & 0xFFFF;
    R.IsDefault = &A.device() == Default;
    R.DedicatedMemoryKB = A.get_dedicated_memory();
    R.ComputeUnits = A.get_cu_count();
    R.MaxTileSize = Info.max_tile_size;
    R.MaxTileStaticBytes = A.get_max_tile_static_size();
    R.WavefrontSize = Info.wavefront_size;
    R.IsEmulated = A.get_is_emulated();
    R.HasDisplay = A.get_has_display();
    R.SupportsCpuSharedMemory = A.get_supports_cpu_shared_memory();
    R.SupportsDoublePrecision = A.get_supports_double_precision();
    R.SupportsLimitedDoublePrecision =
        A.get_supports_limited_double_precision();
    R.Features = featuresOf(Info);
    Records.push_back(R);
  }
  return Records;
}

std::string withUnit(unsigned long long Bytes) {
  static const char *const Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double Value = static_cast<double>(Bytes);
  int U = 0;
  while (Value >= 1024 && U < 4) {
    Value /= 1024;
    ++U;
  }
  char Buf[32];
  if (U == 0)
    std::snprintf(Buf, sizeof Buf, "%llu B", Bytes);
  else
    std::snprintf(Buf, sizeof Buf, "%.1f %s", Value, Units[U]);
  return Buf;
}

void printText(const std::vector<AcceleratorRecord> &Records,
               const std::string &DefaultError) {
  std::cout << "hcc " << HCC_FULL_VERSION << ": " << Records.size()
            << (Records.size() == 1 ? " accelerator" : " accelerators")
            << "\n";
  const char *const Yes = "yes", *const No = "no";
  for (size_t I = 0; I < Records.size(); ++I) {
    const AcceleratorRecord &R = Records[I];
    std::cout << "\nAccelerator " << I << ": " << R.DevicePath
              << (R.IsDefault ? " (default)" : "") << "\n";
    auto Line = [](const char *Name) -> std::ostream & {
      std::cout << "  " << Name;
      for (size_t N = std::strlen(Name); N < 34; ++N)
        std::cout << ' ';
      return std::cout;
    };
    Line("Description:") << R.Description << "\n";
    Line("Backend:") << R.Backend << "\n";
    Line("Device path:") << R.DevicePath << "\n";
    Line(R.Backend == "cuda" ? "Version (compute capability):" : "Version:")
        << R.VersionMajor << "." << R.VersionMinor << "\n";
    Line("Default:") << (R.IsDefault ? Yes : No) << "\n";
    Line("Dedicated memory:") << R.DedicatedMemoryKB << " KB ("
                              << withUnit(R.DedicatedMemoryKB * 1024ull)
                              << ")\n";
    if (R.ComputeUnits)
      Line(R.Backend == "cpu" ? "Compute units (worker threads):"
                              : "Compute units:")
          << R.ComputeUnits << "\n";
    Line("Max tile size:") << R.MaxTileSize << " work-items\n";
    Line("Tile static (group segment) size:")
        << R.MaxTileStaticBytes << " bytes ("
        << withUnit(R.MaxTileStaticBytes) << ")\n";
    Line("Wavefront size:") << R.WavefrontSize << "\n";
    Line("Emulated:") << (R.IsEmulated ? Yes : No) << "\n";
    Line("Shares CPU memory:") << (R.SupportsCpuSharedMemory ? Yes : No)
                               << "\n";
    Line("Double precision:") << (R.SupportsDoublePrecision ? Yes : No)
                              << "\n";
    Line("Limited double precision:")
        << (R.SupportsLimitedDoublePrecision ? Yes : No) << "\n";
    Line("Has display:") << (R.HasDisplay ? Yes : No) << "\n";
    std::string List;
    for (const std::string &F : R.Features)
      List += (List.empty() ? "" : " ") + F;
    Line("Features:") << (List.empty() ? "none" : List) << "\n";
  }
  if (!DefaultError.empty())
    std::cout << "\nNo default accelerator: " << DefaultError << "\n";
}

void printJson(const std::vector<AcceleratorRecord> &Records,
               const std::string &DefaultError) {
  std::ostringstream OS;
  auto Bool = [](bool B) { return B ? "true" : "false"; };
  OS << "{\n";
  OS << "  \"hcc_version\": " << jsonString(HCC_FULL_VERSION) << ",\n";
  if (!DefaultError.empty())
    OS << "  \"default_error\": " << jsonString(DefaultError) << ",\n";
  OS << "  \"accelerators\": [";
  for (size_t I = 0; I < Records.size(); ++I) {
    const AcceleratorRecord &R = Records[I];
    OS << (I ? ",\n" : "\n") << "    {\n";
    OS << "      \"index\": " << I << ",\n";
    OS << "      \"device_path\": " << jsonString(R.DevicePath) << ",\n";
    OS << "      \"description\": " << jsonString(R.Description) << ",\n";
    OS << "      \"backend\": " << jsonString(R.Backend) << ",\n";
    OS << "      \"version\": "
       << jsonString(std::to_string(R.VersionMajor) + "." +
                     std::to_string(R.VersionMinor))
       << ",\n";
    OS << "      \"default\": " << Bool(R.IsDefault) << ",\n";
    OS << "      \"dedicated_memory_kb\": " << R.DedicatedMemoryKB << ",\n";
    if (R.ComputeUnits)
      OS << "      \"compute_units\": " << R.ComputeUnits << ",\n";
    OS << "      \"max_tile_size\": " << R.MaxTileSize << ",\n";
    OS << "      \"max_tile_static_size\": " << R.MaxTileStaticBytes << ",\n";
    OS << "      \"wavefront_size\": " << R.WavefrontSize << ",\n";
    OS << "      \"is_emulated\": " << Bool(R.IsEmulated) << ",\n";
    OS << "      \"supports_cpu_shared_memory\": "
       << Bool(R.SupportsCpuSharedMemory) << ",\n";
    OS << "      \"supports_double_precision\": "
       << Bool(R.SupportsDoublePrecision) << ",\n";
    OS << "      \"supports_limited_double_precision\": "
       << Bool(R.SupportsLimitedDoublePrecision) << ",\n";
    OS << "      \"has_display\": " << Bool(R.HasDisplay) << ",\n";
    OS << "      \"features\": [";
    for (size_t I = 0; I < R.Features.size(); ++I)
      OS << (I ? ", " : "") << jsonString(R.Features[I]);
    OS << "]\n";
    OS << "    }";
  }
  OS << (Records.empty() ? "]\n" : "\n  ]\n");
  OS << "}\n";
  std::cout << OS.str();
}

void printUsage(std::ostream &OS) {
  OS << "Usage: hcc-info [--json]\n"
        "List the accelerators that hc programs can run on: every device of "
        "every\n"
        "backend the hc runtime finds (CPU, CUDA), with its properties.\n"
        "\n"
        "Options:\n"
        "  --json      Print one JSON document instead of text\n"
        "  --version   Print the hcc version\n"
        "  -h, --help  Print this help\n"
        "\n"
        "Environment:\n"
        "  HCC_DEFAULT_ACCELERATOR  which accelerator is marked default "
        "(cpu, cuda,\n"
        "                           hsa or a device path such as cuda:1)\n";
}

} // namespace

int main(int Argc, char **Argv) {
  bool Json = false;
  for (int I = 1; I < Argc; ++I) {
    const char *A = Argv[I];
    if (!std::strcmp(A, "--json")) {
      Json = true;
    } else if (!std::strcmp(A, "--version")) {
      std::cout << "hcc-info (hcc) " << HCC_FULL_VERSION << "\n";
      return 0;
    } else if (!std::strcmp(A, "--help") || !std::strcmp(A, "-h")) {
      printUsage(std::cout);
      return 0;
    } else {
      std::cerr << "hcc-info: unknown option '" << A << "'\n";
      printUsage(std::cerr);
      return 1;
    }
  }

  std::vector<AcceleratorRecord> Records;
  std::string DefaultError;
  try {
    Records = collect(DefaultError);
  } catch (const std::exception &E) {
    std::cerr << "hcc-info: the hc runtime failed: " << E.what() << "\n";
    return 1;
  }
  if (Json)
    printJson(Records, DefaultError);
  else
    printText(Records, DefaultError);
  return 0;
}
