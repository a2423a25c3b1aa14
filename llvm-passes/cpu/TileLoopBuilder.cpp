//===- TileLoopBuilder.cpp - Loops over a tile from a work-item -----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/TileLoopBuilder.h"

#include "cpu/TileRegions.h"
#include "cpu/TileUniformity.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>

using namespace llvm;

namespace hcc {

namespace {

/// What a work-item waits for, stored per work-item: the region to run
/// next (1..), or that it returned.
constexpr uint32_t Returned = ~0u;

/// The runtime's blocks are 64-byte aligned (hc/detail/kernel_launch.hpp).
constexpr uint64_t ContextAlignment = 64;

/// One array of the per-work-item memory: at `items * Offset` from the
/// start of its block, `Stride` bytes per work-item.
struct Slot {
  unsigned Part = 0;
  // One value for the whole tile (a uniform value), of this type, on the
  // tile function's stack: apart from every other memory, SROA keeps it in
  // registers, and no work-item's loop stores it.
  Type *Shared = nullptr;
  uint64_t Offset = 0;
  uint64_t Stride = 0;
  Value *Base = nullptr; // in the tile function's entry block
};

/// The two blocks of per-work-item memory: the values kept across barriers
/// and where each work-item waits, which the tile function alone sees; and
/// the work-items' own memory (their allocas), whose addresses the kernel
/// may hand to anything. Two blocks, so that the first stays provably apart
/// from every pointer the kernel uses: the vectoriser needs no run-time
/// checks between the arrays of kept values and the kernel's data.
enum Part : unsigned { KeptPart = 0, PrivatePart = 1, NumParts = 2 };

class Builder {
public:
  Builder(Function &W, TileRegions &Regions, const TileUniformity &Uniformity,
          FunctionCallee Context)
      : W(W), Regions(Regions), Uniformity(Uniformity), Context(Context),
        Ctx(W.getContext()), DL(W.getParent()->getDataLayout()),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)) {}

  Function *build(std::string &Why);

private:
  /// The loops of one region and the blocks they run.
  struct RegionCopy {
    unsigned Region;
    bool Guarded;
    BasicBlock *Preheader = nullptr;
    BasicBlock *Latch = nullptr; // of the innermost loop
    Value *Linear = nullptr;     // the work-item's index in the arrays
    BasicBlock *Body = nullptr;  // where restored values are defined
    ValueToValueMapTy VMap;
    DenseMap<Instruction *, std::unique_ptr<SSAUpdater>> Updaters;
    DenseMap<AllocaInst *, Value *> AllocaAddresses;
  };

  bool layOut(std::string &Why);
  Slot addSlot(Part P, uint64_t Size, Align Alignment);
  Slot sharedSlot(Type *Ty);
  void createFunction();
  void emitEntry();
  BasicBlock *emitRegion(unsigned Region, bool Guarded, BasicBlock *Next);
  void emitLoops(RegionCopy &Copy, BasicBlock *Next);
  void mapLiveIns(RegionCopy &Copy, IRBuilder<> &B);
  Value *recompute(RegionCopy &Copy, Instruction *I, IRBuilder<> &B);
  void cloneBlocks(RegionCopy &Copy);
  void repairLiveIns(RegionCopy &Copy,
                     const DenseMap<Instruction *, Value *> &Restored);
  void redirectExits(RegionCopy &Copy);
  BasicBlock *barrierExit(RegionCopy &Copy, unsigned Next, BasicBlock *From);
  Value *valueAtEnd(RegionCopy &Copy, Instruction *V, BasicBlock *BB);
  Value *elementAddress(IRBuilder<> &B, const Slot &S, Value *Linear);
  BasicBlock *emitDecision();
  BasicBlock *emitUniformDecision();

  BasicBlock *block(const Twine &Name) {
    return BasicBlock::Create(Ctx, Name, T);
  }

  Function &W;
  TileRegions &Regions;
  const TileUniformity &Uniformity;
  FunctionCallee Context;
  LLVMContext &Ctx;
  const DataLayout &DL;
  Type *I32;
  Type *I64;

  Function *T = nullptr;
  Value *Shape[3] = {};
  Value *Items = nullptr;
  DebugLoc Loc;
  uint64_t BytesPerItem[NumParts] = {};
  MapVector<Instruction *, Slot> Kept;
  MapVector<AllocaInst *, Slot> Allocas;
  Slot State;
  bool HasBarriers = false;
  // Every work-item leaves every region through the same exit: no guarded
  // copies, and the first work-item tells where the tile goes next.
  bool UniformExits = false;
  BasicBlock *Decision = nullptr;
  BasicBlock *Exit = nullptr;
  // Preheaders of each region's plain and guarded copies.
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 8> Copies;
};

Slot Builder::sharedSlot(Type *Ty) {
  Slot S;
  S.Shared = Ty;
  return S;
}

Slot Builder::addSlot(Part P, uint64_t Size, Align Alignment) {
  Slot S;
  S.Part = P;
  S.Offset = alignTo(BytesPerItem[P], Alignment);
  S.Stride = alignTo(Size, Alignment);
  BytesPerItem[P] = S.Offset + S.Stride;
  return S;
}

bool Builder::layOut(std::string &Why) {
  for (Instruction *V : Regions.keptValues()) {
    Type *Ty = V->getType();
    if (Ty->isTokenTy() || !Ty->isSized()) {
      Why = "a value of a type that cannot be stored lives across a barrier";
      return false;
    }
    // Kept once per tile while the work-items go in step. A region reads
    // it once, before its loops (mapLiveIns): a region that also computes
    // its next value (a loop around a barrier) stores that before the
    // other work-items have run.
    Kept[V] = UniformExits && Uniformity.isUniform(V)
                  ? sharedSlot(Ty)
                  : addSlot(KeptPart, DL.getTypeAllocSize(Ty),
                            DL.getABITypeAlign(Ty));
  }
  for (Instruction &I : W.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I)) {
      std::optional<TypeSize> Size = A->getAllocationSize(DL);
      if (!A->isStaticAlloca() || !Size || Size->isScalable()) {
        Why = "a work-item allocates stack memory of a size known only at "
              "run time";
        return false;
      }
      if (A->getAlign().value() > ContextAlignment) {
        Why = "a work-item's variable is aligned to more than 64 bytes";
        return false;
      }
      Allocas[A] = addSlot(PrivatePart, Size->getFixedValue(), A->getAlign());
    }
  for (BasicBlock &BB : W)
    for (Instruction &I : BB)
      if (isa<AllocaInst>(I) && !Allocas.count(cast<AllocaInst>(&I))) {
        Why = "a work-item allocates stack memory in a loop";
        return false;
      }
  // Work-items in step wait for the same region: one word for the tile.
  State = UniformExits ? sharedSlot(I32) : addSlot(KeptPart, 4, Align(4));
  return true;
}

void Builder::createFunction() {
  Type *Ptr = PointerType::getUnqual(Ctx);
  auto *FT =
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I32, I32, I32}, false);
  T = Function::Create(FT, GlobalValue::InternalLinkage,
                       W.getName() + ".hcc_tile", W.getParent());
  T->copyAttributesFrom(&W);
  T->setLinkage(GlobalValue::InternalLinkage);
  T->setVisibility(GlobalValue::DefaultVisibility);
  T->setComdat(nullptr);
  // It allocates, writes its own memory and runs until every work-item
  // returned: nothing the work-item's inferred effects say holds for it.
  for (Attribute::AttrKind Kind :
       {Attribute::Memory, Attribute::WillReturn, Attribute::NoFree,
        Attribute::NoSync, Attribute::AlwaysInline})
    T->removeFnAttr(Kind);
  for (unsigned Arg = 2; Arg < 5; ++Arg)
    T->removeParamAttrs(Arg, AttributeMask().addAttribute(Attribute::Range));
  T->setSubprogram(W.getSubprogram());
  if (DISubprogram *SP = W.getSubprogram())
    Loc = DILocation::get(Ctx, SP->getScopeLine(), 0, SP);
  for (unsigned Arg = 0; Arg < 5; ++Arg)
    T->getArg(Arg)->setName(Arg < 2 ? W.getArg(Arg)->getName()
                                    : Twine("n") + Twine(Arg - 2));
}

void Builder::emitEntry() {
  BasicBlock *Entry = block("entry");
  IRBuilder<> B(Entry);
  B.SetCurrentDebugLocation(Loc);
  for (unsigned D = 0; D < 3; ++D)
    Shape[D] = T->getArg(2 + D);
  Items = B.CreateMul(B.CreateZExt(Shape[0], I64), B.CreateZExt(Shape[1], I64),
                      "", /*HasNUW=*/true);
  Items = B.CreateMul(Items, B.CreateZExt(Shape[2], I64), "items",
                      /*HasNUW=*/true);
  Value *Blocks[NumParts] = {};
  for (unsigned P = 0; P < NumParts; ++P)
    if (BytesPerItem[P])
      Blocks[P] = B.CreateCall(
          Context,
          {B.CreateMul(Items, B.getInt64(BytesPerItem[P]), "", true),
           B.getInt32(P)},
          "hcc.tile.context");
  auto place = [&](Slot &S) {
    if (S.Shared) {
      S.Base = B.CreateAlloca(S.Shared, nullptr, "hcc.shared");
      return;
    }
    S.Base = B.CreateInBoundsGEP(B.getInt8Ty(), Blocks[S.Part],
                                 B.CreateMul(Items, B.getInt64(S.Offset), "",
                                             /*HasNUW=*/true));
  };
  for (auto &Entry : Kept)
    place(Entry.second);
  for (auto &Entry : Allocas)
    place(Entry.second);
  place(State);
}

Value *Builder::elementAddress(IRBuilder<> &B, const Slot &S, Value *Linear) {
  if (S.Shared)
    return S.Base;
  return B.CreateInBoundsGEP(B.getInt8Ty(), S.Base,
                             B.CreateMul(Linear, B.getInt64(S.Stride), "",
                                         /*HasNUW=*/true,
                                         /*HasNSW=*/true));
}

/// Three nested loops over the tile's positions, the last dimension
/// innermost: the body is `Copy.Body`'s successor chain, its end the latch.
void Builder::emitLoops(RegionCopy &Copy, BasicBlock *Next) {
  const std::string Prefix =
      ("hcc.region" + Twine(Copy.Region) + (Copy.Guarded ? ".guarded" : ""))
          .str();
  BasicBlock *Pre = block(Prefix + ".pre");
  BasicBlock *Head[3] = {block(Prefix + ".z"), block(Prefix + ".y"),
                         block(Prefix + ".x")};
  BasicBlock *Latch[3] = {block(Prefix + ".z.next"), block(Prefix + ".y.next"),
                          block(Prefix + ".x.next")};
  BasicBlock *Body = block(Prefix + ".body");
  IRBuilder<> B(Pre);
  B.SetCurrentDebugLocation(Loc);
  B.CreateBr(Head[0]);
  PHINode *Pos[3];
  for (unsigned D = 0; D < 3; ++D) {
    B.SetInsertPoint(Head[D]);
    Pos[D] = B.CreatePHI(I32, 2, "l" + Twine(D));
    Pos[D]->addIncoming(B.getInt32(0), D == 0 ? Pre : Head[D - 1]);
    if (D < 2)
      B.CreateBr(Head[D + 1]);
  }
  // Head[2]: the work-item's index in the arrays, then (guarded copies)
  // whether it waits for this region.
  Value *Lin = B.CreateMul(Pos[0], Shape[1], "", true, true);
  Lin = B.CreateAdd(Lin, Pos[1], "", true, true);
  Lin = B.CreateMul(Lin, Shape[2], "", true, true);
  Lin = B.CreateAdd(Lin, Pos[2], "", true, true);
  Copy.Linear = B.CreateZExt(Lin, I64, "hcc.workitem");
  if (Copy.Guarded) {
    Value *Waits = B.CreateLoad(I32, elementAddress(B, State, Copy.Linear));
    B.CreateCondBr(B.CreateICmpEQ(Waits, B.getInt32(Copy.Region)), Body,
                   Latch[2]);
  } else {
    B.CreateBr(Body);
  }
  for (int D = 2; D >= 0; --D) {
    B.SetInsertPoint(Latch[D]);
    Value *Inc = B.CreateAdd(Pos[D], B.getInt32(1), "", true, true);
    Pos[D]->addIncoming(Inc, Latch[D]);
    B.CreateCondBr(B.CreateICmpULT(Inc, Shape[D]), Head[D],
                   D == 0 ? Next : Latch[D - 1]);
  }
  Copy.Preheader = Pre;
  Copy.Latch = Latch[2];
  Copy.Body = Body;
  // The work-item's position is its arguments l0, l1, l2.
  Copy.VMap[W.getArg(0)] = T->getArg(0);
  Copy.VMap[W.getArg(1)] = T->getArg(1);
  for (unsigned D = 0; D < 3; ++D)
    Copy.VMap[W.getArg(2 + D)] = Pos[D];
}

Value *Builder::recompute(RegionCopy &Copy, Instruction *I, IRBuilder<> &B) {
  if (Value *Done = Copy.VMap.lookup(I))
    return Done;
  Instruction *Clone = I->clone();
  for (Use &Op : Clone->operands()) {
    Value *V = Op.get();
    if (Value *Mapped = Copy.VMap.lookup(V))
      Op.set(Mapped);
    else if (auto *OpI = dyn_cast<Instruction>(V))
      Op.set(recompute(Copy, OpI, B));
  }
  B.Insert(Clone, I->getName());
  Copy.VMap[I] = Clone;
  return Clone;
}

void Builder::mapLiveIns(RegionCopy &Copy, IRBuilder<> &B) {
  for (auto &Entry : Allocas) {
    Value *Address = elementAddress(B, Entry.second, Copy.Linear);
    Copy.VMap[Entry.first] = Address;
    Copy.AllocaAddresses[Entry.first] = Address;
  }
  // A value kept once for the tile is read before the loops: the region's
  // guards on it are then loop-invariant, and its next value, stored by
  // the first work-item, is not what the others read.
  IRBuilder<> Before(Copy.Preheader->getTerminator());
  Before.SetCurrentDebugLocation(Loc);
  for (Instruction *V : Regions.liveIn(Copy.Region)) {
    auto KeptSlot = Kept.find(V);
    if (KeptSlot == Kept.end()) {
      recompute(Copy, V, B);
      continue;
    }
    const Slot &S = KeptSlot->second;
    IRBuilder<> &Where = S.Shared ? Before : B;
    Copy.VMap[V] = Where.CreateLoad(
        V->getType(), elementAddress(Where, S, Copy.Linear), V->getName());
  }
}

void Builder::cloneBlocks(RegionCopy &Copy) {
  const SetVector<BasicBlock *> &Blocks = Regions.blocks(Copy.Region);
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *Clone = CloneBasicBlock(BB, Copy.VMap, "", T);
    Copy.VMap[BB] = Clone;
    Clones.push_back(Clone);
    // A phi keeps the edges of the region only (a loop's header reached
    // from its latch after a barrier in the loop loses the entry edge).
    for (PHINode &Phi : Clone->phis())
      for (unsigned In = Phi.getNumIncomingValues(); In-- > 0;)
        if (!Blocks.contains(Phi.getIncomingBlock(In)))
          Phi.removeIncomingValue(In, /*DeletePHIIfEmpty=*/false);
  }
  // The copies of the work-item's allocas go: its memory is the arrays'.
  for (auto &Entry : Copy.AllocaAddresses) {
    Value *Mapped = Copy.VMap.lookup(Entry.first);
    if (auto *Clone = dyn_cast_or_null<AllocaInst>(Mapped))
      Clone->eraseFromParent();
    Copy.VMap[Entry.first] = Entry.second;
  }
  for (BasicBlock *Clone : Clones)
    for (Instruction &I : *Clone)
      RemapInstruction(&I, Copy.VMap,
                       RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
}

/// A value both restored at the region's start and defined again inside it
/// (a loop around a barrier) gets the phis that join the two.
void Builder::repairLiveIns(RegionCopy &Copy,
                            const DenseMap<Instruction *, Value *> &Restored) {
  for (Instruction *V : Regions.liveIn(Copy.Region)) {
    Value *Start = Restored.lookup(V);
    auto *Inside = dyn_cast_or_null<Instruction>(Copy.VMap.lookup(V));
    if (!Inside || Inside == Start)
      continue;
    if (!Kept.count(V)) {
      // Recomputed: the same value wherever it is computed.
      Inside->replaceAllUsesWith(Start);
      Inside->eraseFromParent();
      Copy.VMap[V] = Start;
      continue;
    }
    auto Updater = std::make_unique<SSAUpdater>();
    Updater->Initialize(V->getType(), V->getName());
    Updater->AddAvailableValue(Copy.Body, Start);
    Updater->AddAvailableValue(Inside->getParent(), Inside);
    SmallVector<Use *, 8> Uses;
    for (Use &U : Inside->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (!isa<PHINode>(User) && User->getParent() == Inside->getParent())
        continue; // after the definition in its block
      Uses.push_back(&U);
    }
    for (Use *U : Uses)
      Updater->RewriteUse(*U);
    Copy.Updaters[V] = std::move(Updater);
  }
}

Value *Builder::valueAtEnd(RegionCopy &Copy, Instruction *V, BasicBlock *BB) {
  auto Updater = Copy.Updaters.find(V);
  if (Updater != Copy.Updaters.end())
    return Updater->second->GetValueAtEndOfBlock(BB);
  return Copy.VMap.lookup(V);
}

/// Where a work-item of \p Copy goes from \p From at the barrier before
/// region \p Next: it keeps what that region needs and waits for it.
BasicBlock *Builder::barrierExit(RegionCopy &Copy, unsigned Next,
                                 BasicBlock *From) {
  BasicBlock *Exit = block("hcc.to.region" + Twine(Next));
  IRBuilder<> B(Exit);
  B.SetCurrentDebugLocation(Loc);
  for (Instruction *V : Regions.liveIn(Next)) {
    auto KeptSlot = Kept.find(V);
    if (KeptSlot == Kept.end())
      continue;
    Value *Current = valueAtEnd(Copy, V, From);
    assert(Current && "a value live across a barrier is undefined before it");
    B.CreateStore(Current, elementAddress(B, KeptSlot->second, Copy.Linear));
  }
  B.CreateStore(B.getInt32(Next), elementAddress(B, State, Copy.Linear));
  B.CreateBr(Copy.Latch);
  return Exit;
}

void Builder::redirectExits(RegionCopy &Copy) {
  BasicBlock *Return = nullptr;
  for (BasicBlock *BB : Regions.blocks(Copy.Region)) {
    auto *Clone = cast<BasicBlock>(Copy.VMap[BB]);
    Instruction *Term = Clone->getTerminator();
    if (isa<ReturnInst>(Term)) {
      if (!Return) {
        Return = block("hcc.returned");
        IRBuilder<> B(Return);
        B.SetCurrentDebugLocation(Loc);
        if (HasBarriers)
          B.CreateStore(B.getInt32(Returned),
                        elementAddress(B, State, Copy.Linear));
        B.CreateBr(Copy.Latch);
      }
      IRBuilder<> B(Term);
      B.CreateBr(Return)->setDebugLoc(Term->getDebugLoc());
      Term->eraseFromParent();
      continue;
    }
    for (unsigned S = 0; S < Term->getNumSuccessors(); ++S)
      if (unsigned Next = Regions.regionAfter(Term->getSuccessor(S)))
        Term->setSuccessor(S, barrierExit(Copy, Next, Clone));
  }
}

BasicBlock *Builder::emitRegion(unsigned Region, bool Guarded,
                                BasicBlock *Next) {
  RegionCopy Copy;
  Copy.Region = Region;
  Copy.Guarded = Guarded;
  emitLoops(Copy, Next);
  IRBuilder<> B(Copy.Body);
  B.SetCurrentDebugLocation(Loc);
  mapLiveIns(Copy, B);
  DenseMap<Instruction *, Value *> Restored;
  for (Instruction *V : Regions.liveIn(Region))
    Restored[V] = Copy.VMap.lookup(V);
  cloneBlocks(Copy);
  // Entered from the body before the live-ins are joined with their
  // definitions in the region (the joins follow the edges).
  B.SetInsertPoint(Copy.Body);
  B.CreateBr(cast<BasicBlock>(Copy.VMap[Regions.start(Region)]));
  repairLiveIns(Copy, Restored);
  redirectExits(Copy);
  return Copy.Preheader;
}

/// After a region's loops: the lowest region a work-item waits for, run
/// plainly if every work-item waits for it, guarded otherwise; the end
/// when all returned.
/// After a region's loops of a tile whose exits are all uniform: where the
/// first work-item waits, every work-item waits.
BasicBlock *Builder::emitUniformDecision() {
  BasicBlock *Decide = block("hcc.decide");
  BasicBlock *Unreachable = block("hcc.decide.unreachable");
  IRBuilder<> B(Decide);
  B.SetCurrentDebugLocation(Loc);
  Value *Next = B.CreateLoad(I32, State.Base, "hcc.next");
  SwitchInst *Switch = B.CreateSwitch(Next, Unreachable, Regions.numRegions());
  Switch->addCase(B.getInt32(Returned), Exit);
  for (unsigned R = 1; R < Regions.numRegions(); ++R)
    Switch->addCase(B.getInt32(R), Copies[R].first);
  B.SetInsertPoint(Unreachable);
  B.CreateUnreachable();
  return Decide;
}

BasicBlock *Builder::emitDecision() {
  BasicBlock *Scan = block("hcc.decide");
  BasicBlock *Pick = block("hcc.decide.pick");
  BasicBlock *Choose = block("hcc.decide.choose");
  BasicBlock *Unreachable = block("hcc.decide.unreachable");
  IRBuilder<> B(Scan);
  B.SetCurrentDebugLocation(Loc);
  Decision = Scan;
  // Scan is entered from every region's loops; its phis start there.
  PHINode *Index = B.CreatePHI(I64, 2, "hcc.item");
  PHINode *Lowest = B.CreatePHI(I32, 2, "hcc.lowest");
  PHINode *Highest = B.CreatePHI(I32, 2, "hcc.highest");
  Value *Waits = B.CreateLoad(I32, elementAddress(B, State, Index));
  Value *NewLowest = B.CreateBinaryIntrinsic(Intrinsic::umin, Lowest, Waits);
  Value *NewHighest = B.CreateBinaryIntrinsic(Intrinsic::umax, Highest, Waits);
  Value *NextIndex = B.CreateAdd(Index, B.getInt64(1), "", true, true);
  B.CreateCondBr(B.CreateICmpULT(NextIndex, Items), Scan, Pick);
  Index->addIncoming(NextIndex, Scan);
  Lowest->addIncoming(NewLowest, Scan);
  Highest->addIncoming(NewHighest, Scan);

  B.SetInsertPoint(Pick);
  B.CreateCondBr(B.CreateICmpEQ(NewLowest, B.getInt32(Returned)), Exit, Choose);
  B.SetInsertPoint(Unreachable);
  B.CreateUnreachable();
  B.SetInsertPoint(Choose);
  Value *Uniform = B.CreateICmpEQ(NewLowest, NewHighest, "hcc.uniform");
  SwitchInst *Switch =
      B.CreateSwitch(NewLowest, Unreachable, Regions.numRegions() - 1);
  for (unsigned R = 1; R < Regions.numRegions(); ++R) {
    BasicBlock *Dispatch = block("hcc.dispatch" + Twine(R));
    IRBuilder<> D(Dispatch);
    D.SetCurrentDebugLocation(Loc);
    D.CreateCondBr(Uniform, Copies[R].first, Copies[R].second);
    Switch->addCase(B.getInt32(R), Dispatch);
  }
  return Scan;
}

Function *Builder::build(std::string &Why) {
  UniformExits = Uniformity.allExitsUniform();
  if (!layOut(Why))
    return nullptr;
  createFunction();
  emitEntry();
  BasicBlock *Entry = &T->getEntryBlock();
  Exit = BasicBlock::Create(Ctx, "hcc.tile.done", T);
  ReturnInst::Create(Ctx, Exit)->setDebugLoc(Loc);
  HasBarriers = Regions.numRegions() > 1;
  // Each region's loops continue with the decision (a placeholder until
  // it exists: the decision needs every region's preheaders).
  BasicBlock *Decide = HasBarriers ? block("hcc.after.region") : Exit;
  Copies.resize(Regions.numRegions());
  Copies[0].first = emitRegion(0, /*Guarded=*/false, Decide);
  for (unsigned R = 1; R < Regions.numRegions(); ++R) {
    Copies[R].first = emitRegion(R, /*Guarded=*/false, Decide);
    if (!UniformExits)
      Copies[R].second = emitRegion(R, /*Guarded=*/true, Decide);
  }
  IRBuilder<> B(Entry);
  B.SetCurrentDebugLocation(Loc);
  B.CreateBr(Copies[0].first);
  if (HasBarriers && UniformExits) {
    B.SetInsertPoint(Decide);
    B.CreateBr(emitUniformDecision());
  } else if (HasBarriers) {
    BasicBlock *Scan = emitDecision();
    B.SetInsertPoint(Decide);
    B.CreateBr(Scan);
    auto *Index = cast<PHINode>(&Scan->front());
    auto *Lowest = cast<PHINode>(Index->getNextNode());
    auto *Highest = cast<PHINode>(Lowest->getNextNode());
    Index->addIncoming(B.getInt64(0), Decide);
    Lowest->addIncoming(B.getInt32(Returned), Decide);
    Highest->addIncoming(B.getInt32(0), Decide);
  }
  return T;
}

} // namespace

Function *buildTileLoops(Function &WorkItem, TileRegions &Regions,
                         const TileUniformity &Uniformity,
                         FunctionCallee Context, std::string &Why) {
  Builder B(WorkItem, Regions, Uniformity, Context);
  return B.build(Why);
}

} // namespace hcc
