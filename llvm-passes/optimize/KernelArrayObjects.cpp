//===- KernelArrayObjects.cpp - Array objects from kernel parameters ------===//
//
// Part of hcc. See KernelArrayObjects.h.
//
//===----------------------------------------------------------------------===//

#include "optimize/KernelArrayObjects.h"

#include "device/DeviceModule.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"

#include <optional>

using namespace llvm;

static cl::opt<bool> ArrayObjectParams(
    "hcc-array-object-params", cl::init(true), cl::Hidden,
    cl::desc("hcc: kernels read the fields of hc::arrays captured by "
             "reference from the copies in their parameters"));

namespace {

constexpr uint64_t SlotBytes = hc::abi::array_object_slot_bytes;
constexpr uint64_t FirstWord = hc::abi::array_object_slots_first_word;
constexpr uint64_t WordBytes = 8;
/// Where slot w begins in the argument block: after the mask word.
constexpr uint64_t slotOffset(unsigned W) { return 8 + W * SlotBytes; }

/// Whether \p F is one of hc's entry points, whose single by-value
/// parameter begins with the slots.
bool hasArrayObjectSlots(const Function &F) {
  if (F.isDeclaration() || F.arg_size() != 1 ||
      !F.hasParamAttribute(0, Attribute::ByVal))
    return false;
  return any_of(hc::abi::kernel_entry_prefixes, [&](const char *Prefix) {
    return F.getName().starts_with(Prefix);
  });
}

/// The slot of the word \p Load reads a pointer from, when it reads one
/// from the argument block \p Args at a word that has a slot.
std::optional<unsigned> slotOfWord(const LoadInst &Load, const Argument &Args,
                                   const DataLayout &DL) {
  if (!Load.getType()->isPointerTy() || !Load.isSimple())
    return std::nullopt;
  APInt Offset(DL.getIndexTypeSizeInBits(Load.getPointerOperandType()), 0);
  const Value *Base =
      Load.getPointerOperand()->stripAndAccumulateConstantOffsets(
          DL, Offset, /*AllowNonInbounds=*/true);
  if (Base != &Args || Offset.isNegative())
    return std::nullopt;
  uint64_t At = Offset.getZExtValue();
  if (At < FirstWord || (At - FirstWord) % WordBytes != 0)
    return std::nullopt;
  uint64_t Word = (At - FirstWord) / WordBytes;
  if (Word >= hc::abi::array_object_slot_count)
    return std::nullopt;
  return static_cast<unsigned>(Word);
}

/// A load of the object's first SlotBytes bytes through a reference.
struct FieldLoad {
  LoadInst *Load;
  uint64_t Offset;
};

/// The loads at constant offsets within the slot's bytes of what \p Object
/// points to, through constant GEPs. Other uses are left as they are: they
/// read the same bytes through the pointer.
void collectFieldLoads(Value *Object, const DataLayout &DL,
                       SmallVectorImpl<FieldLoad> &Out) {
  SmallVector<std::pair<Value *, int64_t>, 8> Work{{Object, 0}};
  while (!Work.empty()) {
    auto [Pointer, Offset] = Work.pop_back_val();
    for (User *U : Pointer->users()) {
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        APInt Step(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (GEP->getPointerOperand() == Pointer &&
            GEP->accumulateConstantOffset(DL, Step))
          Work.push_back({GEP, Offset + Step.getSExtValue()});
        continue;
      }
      auto *Load = dyn_cast<LoadInst>(U);
      if (!Load || Load->getPointerOperand() != Pointer || !Load->isSimple() ||
          Offset < 0)
        continue;
      uint64_t Size = DL.getTypeStoreSize(Load->getType()).getFixedValue();
      if (static_cast<uint64_t>(Offset) + Size <= SlotBytes)
        Out.push_back({Load, static_cast<uint64_t>(Offset)});
    }
  }
}

/// Whether the pointee is an hc::array object: its data pointer, at
/// hc::abi::array_object_data_offset, is the argument of the header's marker
/// for array data. (A struct that merely holds an array further in is not
/// one: the runtime finds no array object at its address.)
bool isArrayObject(ArrayRef<FieldLoad> Fields, const Function *GlobalData) {
  return any_of(Fields, [&](const FieldLoad &Field) {
    return Field.Offset == hc::abi::array_object_data_offset &&
           any_of(Field.Load->users(), [&](const User *U) {
             const auto *Call = dyn_cast<CallInst>(U);
             return Call && Call->getCalledFunction() == GlobalData &&
                    Call->getArgOperand(0) == Field.Load;
           });
  });
}

/// Makes \p Field read slot \p Word of the argument block \p Args. No test
/// of the slot's mask bit: the runtime makes every slot it found no live
/// array for an object whose data pointer no GPU maps
/// (hc::abi::array_object_unmapped_data), so a kernel holding a reference
/// to an array destroyed before the launch faults at its first element
/// access. (A branch to a trap before the loads cost the transpose twin 6%:
/// it sat between the block's start and its first global load.)
void readFromSlot(const FieldLoad &Field, unsigned Word, Argument &Args) {
  LoadInst *Load = Field.Load;
  IRBuilder<> B(Load);
  uint64_t At = slotOffset(Word) + Field.Offset;
  Value *Address = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), &Args, At);
  LoadInst *SlotLoad = B.CreateAlignedLoad(
      Load->getType(), Address, commonAlignment(Align(WordBytes), At));
  SlotLoad->setMetadata(LLVMContext::MD_invariant_load,
                        MDNode::get(Load->getContext(), {}));
  SlotLoad->setDebugLoc(Load->getDebugLoc());
  SlotLoad->takeName(Load);
  Load->replaceAllUsesWith(SlotLoad);
  Load->eraseFromParent();
}

bool readArrayObjectsFromSlots(Function &F, const Function *GlobalData) {
  Argument &Args = *F.getArg(0);
  const DataLayout &DL = F.getDataLayout();

  // The references, by word, and the loads of their objects' fields.
  SmallVector<SmallVector<FieldLoad, 8>, hc::abi::array_object_slot_count>
      Fields(hc::abi::array_object_slot_count);
  for (Instruction &I : instructions(F))
    if (auto *Load = dyn_cast<LoadInst>(&I))
      if (std::optional<unsigned> Word = slotOfWord(*Load, Args, DL))
        collectFieldLoads(Load, DL, Fields[*Word]);

  bool Changed = false;
  for (unsigned Word = 0; Word < Fields.size(); ++Word) {
    if (Fields[Word].empty() || !isArrayObject(Fields[Word], GlobalData))
      continue;
    for (const FieldLoad &Field : Fields[Word])
      readFromSlot(Field, Word, Args);
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses hcc::KernelArrayObjectsPass::run(Module &M,
                                                   ModuleAnalysisManager &) {
  if (!ArrayObjectParams || !isDeviceModule(M))
    return PreservedAnalyses::all();
  const Function *GlobalData = M.getFunction(hc::abi::global_array_data_marker);
  if (!GlobalData)
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M)
    if (hasArrayObjectSlots(F))
      Changed |= readArrayObjectsFromSlots(F, GlobalData);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
