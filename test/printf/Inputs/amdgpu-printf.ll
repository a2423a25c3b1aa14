; printf calls as Clang's HIP mode emits them with -fno-builtin (promoted
; variadic arguments), and the __hcc_vprintf <hc.hpp> defines.
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@fmt = private addrspace(4) constant [16 x i8] c"%d %f %s %lld\0A\00\00"
@plain = private addrspace(4) constant [4 x i8] c"hi\0A\00"
@str = private addrspace(4) constant [4 x i8] c"str\00"
@__hcc_printf_buffer = addrspace(1) externally_initialized global ptr null

declare i32 @printf(ptr, ...)

define i32 @__hcc_vprintf(ptr %format, ptr %args) noinline {
  %b = load ptr, ptr addrspace(1) @__hcc_printf_buffer
  %none = icmp eq ptr %b, null
  %r = select i1 %none, i32 -1, i32 0
  ret i32 %r
}

define i32 @prints(i32 %i, i64 %l) {
  %n = call i32 (ptr, ...) @printf(ptr addrspacecast (ptr addrspace(4) @fmt to ptr), i32 %i, double 1.5, ptr addrspacecast (ptr addrspace(4) @str to ptr), i64 %l)
  %m = call i32 (ptr, ...) @printf(ptr addrspacecast (ptr addrspace(4) @plain to ptr))
  %s = add i32 %n, %m
  ret i32 %s
}

define void @vector_argument(<2 x float> %v) {
  %n = call i32 (ptr, ...) @printf(ptr addrspacecast (ptr addrspace(4) @plain to ptr), <2 x float> %v)
  ret void
}
