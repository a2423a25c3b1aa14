// The device pass sends printf in kernels to hcc's buffer: the PTX calls
// __hcc_vprintf and declares no vprintf (CUDA's FIFO); a module whose
// kernels do not print carries neither __hcc_vprintf nor the buffer
// pointer (so the runtime gives it no buffer).
//
// Compile-only: checks what the compiler writes.
// UNSUPPORTED: gpu-lit
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/prints.o
// RUN: FileCheck --check-prefix=PRINTS %s < %t/ptx_printf_calls-hcc-sm_90.ptx
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -DNO_PRINTF -c %s -o %t/quiet.o
// RUN: FileCheck --check-prefix=QUIET %s < %t/ptx_printf_calls-hcc-sm_90.ptx
// PRINTS-NOT: .extern .func {{.*}}vprintf
// The buffer pointer is weak: one per module when images are linked
// (docs/driver.md, "Device functions across translation units").
// PRINTS: .weak .global .align 8 .u64 __hcc_printf_buffer;
// PRINTS: call.uni __hcc_vprintf,
// PRINTS-NOT: .extern .func {{.*}}vprintf
// QUIET-NOT: __hcc_printf_buffer
// QUIET-NOT: vprintf

// The same for AMDGPU (the device pass packs printf's arguments itself,
// test/printf/amdgpu-printf-lowering.test): the kernel calls __hcc_vprintf,
// the code object defines __hcc_printf_buffer for the HSA backend to set,
// and no kernel asks for ROCm's printf or hostcall buffer.
// RUN: %hcc -save-temps=cwd --offload-arch=gfx90a -c %s -o %t/prints.o
// RUN: FileCheck --check-prefix=AMD-PRINTS %s < %t/ptx_printf_calls-hcc-gfx90a.s
// RUN: %hcc -save-temps=cwd --offload-arch=gfx90a -DNO_PRINTF -c %s -o %t/quiet.o
// RUN: FileCheck --check-prefix=AMD-QUIET %s < %t/ptx_printf_calls-hcc-gfx90a.s
// AMD-PRINTS-NOT: {{[^_]}}printf@rel32
// AMD-PRINTS: __hcc_vprintf@rel32@lo
// AMD-PRINTS: .globl __hcc_printf_buffer
// AMD-PRINTS-NOT: hidden_printf_buffer
// AMD-PRINTS-NOT: hidden_hostcall_buffer
// AMD-QUIET-NOT: __hcc_printf_buffer
// AMD-QUIET-NOT: vprintf
#include <hc.hpp>
#include <cstdio>

int main() {
  hc::array_view<int, 1> v(64);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
#ifndef NO_PRINTF
    printf("%d\n", v[i]);
#endif
    v[i] = i[0];
  });
  return v[0];
}
