; Input of array-data-scope.test: atomics on addresses that come out of the
; array-data marker, on raw pointers, and on a mix of both.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @__hcc_array_data(ptr) memory(none) nounwind
declare ptr @__hcc_global_array_data(ptr) memory(none) nounwind

define i32 @atomics(ptr %data, ptr %raw, i1 %c, i64 %i) {
entry:
  %a = call ptr @__hcc_array_data(ptr %data)
  %e = getelementptr inbounds i32, ptr %a, i64 %i
  %rmw = atomicrmw add ptr %e, i32 1 monotonic
  %ld = load atomic i32, ptr %e seq_cst, align 4
  store atomic i32 %ld, ptr %e release, align 4
  %cx = cmpxchg ptr %e, i32 0, i32 1 acq_rel monotonic
  %onraw = atomicrmw add ptr %raw, i32 2 monotonic
  %either = select i1 %c, ptr %e, ptr %raw
  %mixed = atomicrmw add ptr %either, i32 3 monotonic
  %b = call ptr @__hcc_array_data(ptr %raw)
  %both = select i1 %c, ptr %e, ptr %b
  %marked = atomicrmw add ptr %both, i32 4 monotonic
  %block = atomicrmw add ptr %e, i32 5 syncscope("block") monotonic
  store i32 0, ptr %e, align 4
  br label %loop

loop:
  %p = phi ptr [ %e, %entry ], [ %next, %loop ]
  %inloop = atomicrmw add ptr %p, i32 6 monotonic
  %next = getelementptr inbounds i32, ptr %p, i64 1
  %done = icmp eq i32 %inloop, 0
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %rmw
}

; An hc::array's data: global memory, device scope; the array object does
; not change during the kernel.
define void @array_elements(ptr %array, i64 %i) {
  %data = load ptr, ptr %array, align 8
  %a = call ptr @__hcc_global_array_data(ptr %data)
  %e = getelementptr inbounds float, ptr %a, i64 %i
  %v = load float, ptr %e, align 4
  store float %v, ptr %a, align 4
  %r = atomicrmw fadd ptr %e, float 1.0 monotonic
  ret void
}
