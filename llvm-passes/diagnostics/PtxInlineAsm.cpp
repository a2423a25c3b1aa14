//===- PtxInlineAsm.cpp - Is this inline assembly PTX? -------------------===//
//
// Part of hcc.
//
// Not a PTX parser: a statement (up to ';') must start with a PTX opcode,
// a directive, a label, a predicate guard or a brace, and the constraints
// must be ones the NVPTX backend knows. That tells PTX from x86 assembly
// (`movl`, `rdtsc`, `pause`, register constraints such as "=a" or "{eax}"),
// which is the mistake to catch; typos inside a real PTX instruction are
// left to the PTX assembler.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/PtxInlineAsm.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/InlineAsm.h"

using namespace llvm;

namespace hcc {

/// PTX ISA 8.x instruction names (the part before the first '.').
static const StringSet<> &ptxOpcodes() {
  static const StringSet<> Opcodes = {
      "abs", "activemask", "add", "addc", "alloca", "and", "applypriority",
      "atom", "bar", "barrier", "bfe", "bfi", "bfind", "bmsk", "bra", "brev",
      "brkpt", "brx", "call", "clusterlaunchcontrol", "clz", "cnot",
      "copysign", "cos", "cp", "createpolicy", "cvt", "cvta", "discard",
      "div", "dp2a", "dp4a", "elect", "ex2", "exit", "fence", "fma", "fns",
      "getctarank", "griddepcontrol", "isspacep", "istypep", "ld",
      "ldmatrix", "ldu", "lg2", "lop3", "mad", "mad24", "madc", "mapa",
      "match", "max", "mbarrier", "membar", "min", "mma", "mov", "movmatrix",
      "mul", "mul24", "multimem", "nanosleep", "neg", "not", "or", "pmevent",
      "popc", "prefetch", "prefetchu", "prmt", "rcp", "red", "redux", "rem",
      "ret", "rsqrt", "sad", "selp", "set", "setmaxnreg", "setp", "shf",
      "shfl", "shl", "shr", "sin", "slct", "sqrt", "st", "stackrestore",
      "stacksave", "stmatrix", "sub", "subc", "suld", "suq", "sured", "sust",
      "szext", "tanh", "tcgen05", "tensormap", "testp", "tex", "tld4",
      "trap", "txq", "vabsdiff", "vabsdiff2", "vabsdiff4", "vadd", "vadd2",
      "vadd4", "vavrg2", "vavrg4", "vmad", "vmax", "vmax2", "vmax4", "vmin",
      "vmin2", "vmin4", "vote", "vset", "vset2", "vset4", "vshl", "vshr",
      "vsub", "vsub2", "vsub4", "wgmma", "wmma", "xor"};
  return Opcodes;
}

/// PTX instructions that may stand without a '.type' or '.mode' suffix;
/// every other one needs one (`mov.u32`), which x86's `mov` lacks.
static bool mayBeBare(StringRef Opcode) {
  return Opcode == "ret" || Opcode == "exit" || Opcode == "trap" ||
         Opcode == "brkpt" || Opcode == "bra" || Opcode == "call" ||
         Opcode == "pmevent";
}

static std::string stripComments(StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text.substr(I).starts_with("//")) {
      I = Text.find('\n', I);
      if (I == StringRef::npos)
        break;
      Out += '\n';
    } else if (Text.substr(I).starts_with("/*")) {
      I = Text.find("*/", I + 2);
      if (I == StringRef::npos)
        break;
      ++I;
      Out += ' ';
    } else {
      Out += Text[I];
    }
  }
  return Out;
}

static bool isIdentChar(char C) {
  return isAlnum(C) || C == '_' || C == '$' || C == '%';
}

/// Empty if \p Statement (one ';'-terminated piece) can start PTX.
static std::string checkStatement(StringRef Statement) {
  StringRef S = Statement.trim();
  while (true) {
    S = S.ltrim(" \t\r\n{}");
    // Labels ("L1:") and predicate guards ("@p", "@!%p1").
    size_t Ident = 0;
    while (Ident < S.size() && isIdentChar(S[Ident]))
      ++Ident;
    if (Ident && Ident < S.size() && S[Ident] == ':') {
      S = S.drop_front(Ident + 1);
      continue;
    }
    if (S.starts_with("@")) {
      S = S.drop_front(1).ltrim("!");
      while (!S.empty() && isIdentChar(S.front()))
        S = S.drop_front(1);
      continue;
    }
    break;
  }
  S = S.rtrim(" \t\r\n{}");
  if (S.empty() || S.starts_with("."))
    return "";
  size_t End = 0;
  while (End < S.size() && (isAlnum(S[End]) || S[End] == '_'))
    ++End;
  StringRef Opcode = S.take_front(End);
  bool Suffixed = End < S.size() && S[End] == '.';
  if (!Opcode.empty() && ptxOpcodes().contains(Opcode) &&
      (Suffixed || mayBeBare(Opcode)))
    return "";
  StringRef Shown = S.take_until([](char C) { return C == '\n'; }).rtrim();
  return "'" + Shown.str() + "' is not a PTX instruction";
}

/// Constraint letters the NVPTX backend accepts (register classes b, c, h,
/// r, l, q, f, d; immediates, memory and "anything").
static bool isPtxConstraint(StringRef Code) {
  if (Code.empty() || isDigit(Code.front())) // tied to another operand
    return true;
  return Code.size() == 1 && StringRef("bchrlqfdinmoEFXsp").contains(Code[0]);
}

std::string whyNotPtx(const InlineAsm &Asm) {
  for (const InlineAsm::ConstraintInfo &Info : Asm.ParseConstraints()) {
    for (const std::string &Code : Info.Codes) {
      if (Info.Type == InlineAsm::isClobber) {
        if (Code != "{memory}" && Code != "{cc}")
          return "it clobbers register '" + Code.substr(1, Code.size() - 2) +
                 "', which PTX does not have";
        continue;
      }
      if (!isPtxConstraint(Code))
        return "constraint '" + Code + "' is not one of PTX's";
    }
  }
  std::string Text = stripComments(Asm.getAsmString());
  StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Statement, Tail] = Rest.split(';');
    std::string Why = checkStatement(Statement);
    if (!Why.empty())
      return Why;
    Rest = Tail;
  }
  return "";
}

/// What is left of \p Statement without braces, labels and blanks.
static StringRef statementBody(StringRef Statement) {
  StringRef S = Statement.trim(" \t\r\n{}");
  while (true) {
    size_t Ident = 0;
    while (Ident < S.size() && isIdentChar(S[Ident]))
      ++Ident;
    if (!Ident || Ident >= S.size() || S[Ident] != ':')
      return S;
    S = S.drop_front(Ident + 1).trim(" \t\r\n{}");
  }
}

std::string unterminatedPtxStatement(const InlineAsm &Asm) {
  std::string Text = stripComments(Asm.getAsmString());
  StringRef Last = StringRef(Text).rsplit(';').second;
  if (StringRef(Text).find(';') == StringRef::npos)
    Last = Text;
  StringRef Body = statementBody(Last);
  if (Body.empty())
    return "";
  return Body.take_until([](char C) { return C == '\n'; }).rtrim().str();
}

} // namespace hcc
