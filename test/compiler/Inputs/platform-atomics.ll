; Input of platform-atomics-lowering.test: read-modify-writes of every kind
; the PlatformAtomics lowering sees, with scopes Clang 22 does not emit for
; NVPTX (device, block, cluster, singlethread). The results are summed and
; stored so that they count as used (a used result keeps atom, not red).
target triple = "nvptx64-nvidia-cuda"

define void @rmws(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr %p,
                  ptr addrspace(1) %h, ptr addrspace(1) %b,
                  ptr addrspace(1) %out) #0 {
  %a1 = atomicrmw add ptr addrspace(1) %g, i32 1 syncscope("device") acquire
  %a2 = atomicrmw add ptr addrspace(1) %g, i32 2 syncscope("block") monotonic
  %a3 = atomicrmw add ptr addrspace(1) %g, i32 3 syncscope("cluster") release
  %a4 = atomicrmw add ptr addrspace(1) %g, i32 4 syncscope("singlethread") seq_cst
  %a5 = atomicrmw max ptr addrspace(3) %s, i32 5 seq_cst
  %a6 = atomicrmw udec_wrap ptr addrspace(1) %g, i32 6 monotonic
  %a7 = atomicrmw nand ptr %p, i32 7 seq_cst
  %a8 = atomicrmw uinc_wrap ptr addrspace(1) %g, i32 8 acq_rel
  %h1 = atomicrmw fadd ptr addrspace(1) %h, half 1.0 acq_rel
  %b1 = atomicrmw fadd ptr addrspace(1) %b, bfloat 1.0 monotonic
  %w1 = atomicrmw xor ptr %p, i16 9 monotonic
  atomicrmw add ptr addrspace(1) %g, i32 10 monotonic
  atomicrmw add ptr addrspace(1) %g, i32 11 seq_cst
  atomicrmw xchg ptr addrspace(1) %g, i32 12 monotonic
  %s1 = add i32 %a1, %a2
  %s2 = add i32 %s1, %a3
  %s3 = add i32 %s2, %a4
  %s4 = add i32 %s3, %a5
  %s5 = add i32 %s4, %a6
  %s6 = add i32 %s5, %a7
  %s7 = add i32 %s6, %a8
  store i32 %s7, ptr addrspace(1) %out
  store half %h1, ptr addrspace(1) %out
  store bfloat %b1, ptr addrspace(1) %out
  store i16 %w1, ptr addrspace(1) %out
  ret void
}

; Results unused on generic addresses: versioned on isspacep.global, and
; reds also at GPU scope (the backend would write an atom).
define void @reductions(ptr %p) #0 {
  atomicrmw add ptr %p, i32 13 monotonic
  atomicrmw add ptr %p, i32 14 syncscope("device") monotonic
  ret void
}

attributes #0 = { "target-cpu"="sm_90" }
