; Host module of a kernel, as the host pass sees it at the pipeline start:
; the CPU entry point calls the kernel body; the spinning loop reads the
; flag through a call (std::atomic<int>::load before inlining).
target triple = "x86_64-pc-linux-gnu"

@cpu_current_workitem = external thread_local global ptr

define linkonce_odr void @__hcc_cpu_yield_point() {
  ret void
}

define linkonce_odr i32 @atomic_load(ptr %p) {
  %v = load atomic i32, ptr %p acquire, align 4
  ret i32 %v
}

; Spins on the flag through atomic_load: a yield point at the loop header.
define internal void @spin_body(ptr %flag) {
entry:
  br label %spin
spin:
  %v = call i32 @atomic_load(ptr %flag)
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %spin
exit:
  ret void
}

; A volatile read in the loop: a yield point too.
define internal void @volatile_body(ptr %flag) {
entry:
  br label %spin
spin:
  %v = load volatile i32, ptr %flag
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %spin
exit:
  ret void
}

; A loop of plain loads and stores: no yield point.
define internal void @plain_body(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %slot = getelementptr i32, ptr %p, i32 %i
  store i32 %i, ptr %slot
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define weak_odr void @_ZN2hc6detail13cpu_run_rangeI6KernelLi1EEEvPKvmm(ptr %args, i64 %b, i64 %e) {
  call void @spin_body(ptr %args)
  call void @volatile_body(ptr %args)
  call void @plain_body(ptr %args, i32 4)
  ret void
}

; Host code no kernel reaches: left alone, spin or not.
define void @host_spin(ptr %flag) {
entry:
  br label %spin
spin:
  %v = load atomic i32, ptr %flag acquire, align 4
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %spin
exit:
  ret void
}

; An entry point's own loop walks work-items and never spins, though the
; kernel it calls reads atomics: no yield point there.
define weak_odr void @_ZN2hc6detail12cpu_run_itemI6KernelLi1EEEvPKvm(ptr %args, i64 %n) {
entry:
  br label %items
items:
  %i = phi i64 [ 0, %entry ], [ %next, %items ]
  call void @spin_body(ptr %args)
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %items, label %exit
exit:
  ret void
}
