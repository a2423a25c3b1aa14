; Host module of a kernel, as the host pass sees it at the pipeline start:
; the CPU entry point calls the kernel body, which reaches the question
; "in a CPU kernel?" through an element access; host code calls the same
; access.
target triple = "x86_64-pc-linux-gnu"

@cpu_current_workitem = external thread_local global ptr

define linkonce_odr zeroext i1 @__hcc_cpu_kernel_code() {
  %self = load ptr, ptr @cpu_current_workitem
  %in = icmp ne ptr %self, null
  ret i1 %in
}

declare ptr @host_access(ptr)

; The element access: in a kernel the data in place, else ask the runtime.
define linkonce_odr ptr @access(ptr %view) comdat {
entry:
  %in = call zeroext i1 @__hcc_cpu_kernel_code()
  br i1 %in, label %kernel, label %host
kernel:
  %data = load ptr, ptr %view
  ret ptr %data
host:
  %copy = call ptr @host_access(ptr %view)
  ret ptr %copy
}
$access = comdat any

; Calls nothing that asks: kernels call it as it is.
define linkonce_odr i32 @plain(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

define internal void @kernel_body(ptr %view) {
  %p = call ptr @access(ptr %view)
  store float 1.0, ptr %p
  %q = call i32 @plain(i32 1)
  ret void
}

define weak_odr void @_ZN2hc6detail13cpu_run_rangeI6KernelLi1EEEvPKvmm(ptr %args, i64 %b, i64 %e) {
  call void @kernel_body(ptr %args)
  ret void
}

; Host code: keeps the original, which asks at run time.
define ptr @host_use(ptr %view) {
  %p = call ptr @access(ptr %view)
  ret ptr %p
}
