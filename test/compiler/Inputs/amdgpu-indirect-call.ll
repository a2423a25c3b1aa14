; A kernel making an indirect call: the AMDGPU backend cannot see the
; callee, so without hcc's attributes the kernel asks for every hidden
; argument, the hostcall buffer among them.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @kernel(ptr addrspace(1) %out, ptr %fn) {
  %r = call i32 %fn(i32 1)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

define i32 @helper(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
