; Input of extended-index-offsets.test: indices extended to 64 bits with
; and without constant offsets.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @neighbours(ptr %p, i32 %z, i64 %stride) {
  %zc = sext i32 %z to i64
  %zm1 = add nsw i32 %z, -1
  %zm1w = sext i32 %zm1 to i64
  %zp1 = add nsw i32 %z, 1
  %zp1w = sext i32 %zp1 to i64
  %c = mul i64 %zc, %stride
  %m = mul i64 %zm1w, %stride
  %n = mul i64 %zp1w, %stride
  %pc = getelementptr float, ptr %p, i64 %c
  %pm = getelementptr float, ptr %p, i64 %m
  %pn = getelementptr float, ptr %p, i64 %n
  %a = load float, ptr %pc
  %b = load float, ptr %pm
  %d = load float, ptr %pn
  %s1 = fadd float %a, %b
  %s2 = fadd float %s1, %d
  ret float %s2
}

; May wrap: left alone.
define i64 @wrapping(i32 %z) {
  %zc = sext i32 %z to i64
  %zm1 = add i32 %z, -1
  %zm1w = sext i32 %zm1 to i64
  %r = add i64 %zc, %zm1w
  ret i64 %r
}

; Extended once: nothing to share, left alone.
define i64 @alone(i32 %z) {
  %zm1 = add nsw i32 %z, -1
  %zm1w = sext i32 %zm1 to i64
  ret i64 %zm1w
}

; Unsigned indices with nuw.
define i64 @unsigned(i32 %y) {
  %yc = zext i32 %y to i64
  %yp = add nuw i32 %y, 3
  %ypw = zext i32 %yp to i64
  %r = mul i64 %yc, %ypw
  ret i64 %r
}
