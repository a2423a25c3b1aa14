//===- CpuTileLoops.cpp - Tiles of CPU kernels as loops -------------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/CpuTileLoops.h"

#include "cpu/DirectCallers.h"
#include "cpu/LoopCleanup.h"
#include "cpu/PositionSplitting.h"
#include "cpu/TileGuardNarrowing.h"
#include "cpu/TileLoopBuilder.h"
#include "cpu/TileRegions.h"
#include "cpu/TileShapeSpeculation.h"
#include "cpu/TileUniformity.h"
#include "cpu/UnreadWorkItem.h"
#include "device/DeviceModule.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

static cl::opt<bool>
    EnableTileLoops("hcc-cpu-tile-loops", cl::init(true), cl::Hidden,
                    cl::desc("Run the tiles of CPU kernels with barriers as "
                             "loops over their work-items (false: fibers)"));

static cl::opt<bool> EnableShapeSpeculation(
    "hcc-cpu-tile-shape-speculation", cl::init(true), cl::Hidden,
    cl::desc("Give split tiles a copy of their code for the tile shape "
             "their tile_static arrays expect"));

namespace hcc {

namespace {

constexpr const char *PassName = "hcc-cpu-tile-loops";

/// Inlining stops after this many rounds (each inlines every call that
/// still reaches a barrier), or when the copy has grown past this many
/// instructions: the regions are copied twice more, and a barrier behind
/// a deep tree of calls is better served by fibers than by code that big.
constexpr unsigned MaxInlineRounds = 32;
constexpr unsigned MaxInstructions = 20000;
/// The regions' copies together (a barrier in a loop makes regions that
/// each hold most of the loop) may have this many instructions.
constexpr unsigned MaxCopiedInstructions = 100000;
/// Guards narrowed one after another in a loop (TileGuardNarrowing.h).
constexpr unsigned MaxNarrowingRounds = 4;
/// A copy for the expected tile shape doubles a tile function's code: only
/// for tile functions up to this many instructions.
constexpr unsigned MaxSpecializedInstructions = 20000;

/// The instructions of \p Regions' copies: each region once, twice where
/// copies that skip work-items may be needed.
unsigned copiedInstructions(const TileRegions &Regions, bool Uniform) {
  unsigned Count = 0;
  for (unsigned R = 0; R < Regions.numRegions(); ++R)
    for (const BasicBlock *BB : Regions.blocks(R))
      Count += BB->size() * (Uniform || R == 0 ? 1 : 2);
  return Count;
}

class Splitter {
public:
  Splitter(Module &M, FunctionAnalysisManager &FAM)
      : M(M), FAM(FAM), Barrier(M.getFunction(hc::abi::cpu_tile_barrier)),
        YieldPoint(M.getFunction(hc::abi::cpu_yield_point)),
        SpinPoint(M.getFunction(hc::abi::cpu_spin_point)) {
    ReachesBarrier = withDirectCallers(M, [this](const Function &F) {
      return Barrier && any_of(instructions(F), [this](const Instruction &I) {
               const auto *Call = dyn_cast<CallBase>(&I);
               return Call && Call->getCalledFunction() == Barrier;
             });
    });
  }

  /// What was done to the loops of a tile function beyond making them.
  struct LoopChanges {
    unsigned Narrowed = 0; // to what their guards admit
    unsigned Cut = 0;      // where their position tests change
    std::optional<TileShape> Shape; // the shape that has its own copy
  };

  /// The tile function of \p WorkItem, or null with the reason in \p Why.
  Function *split(Function &WorkItem, std::string &Why, LoopChanges &Changes);

private:
  bool recursive(const Function *F);
  bool inlineBarrierPaths(Function &F, std::string &Why);
  bool canSplit(Function &F, std::string &Why);
  void prepare(Function &F);
  void simplify(Function &F, bool Loops) { simplifyKernelLoops(F, FAM, Loops); }
  FunctionCallee context();

  Module &M;
  FunctionAnalysisManager &FAM;
  Function *Barrier;
  Function *YieldPoint;
  Function *SpinPoint; // what an inlined yield point calls
  SmallPtrSet<const Function *, 16> ReachesBarrier;
  DenseMap<const Function *, bool> Recursive;
};

/// Whether \p F calls itself through direct calls of functions that
/// reach a barrier (inlining it would not end).
bool Splitter::recursive(const Function *F) {
  auto Known = Recursive.find(F);
  if (Known != Recursive.end())
    return Known->second;
  SmallPtrSet<const Function *, 16> Seen;
  SmallVector<const Function *, 16> Work{F};
  bool Cycle = false;
  while (!Work.empty() && !Cycle) {
    const Function *G = Work.pop_back_val();
    for (const Instruction &I : instructions(*G)) {
      const auto *Call = dyn_cast<CallBase>(&I);
      const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || !ReachesBarrier.contains(Callee))
        continue;
      if (Callee == F) {
        Cycle = true;
        break;
      }
      if (Seen.insert(Callee).second)
        Work.push_back(Callee);
    }
  }
  Recursive[F] = Cycle;
  return Cycle;
}

bool Splitter::inlineBarrierPaths(Function &F, std::string &Why) {
  for (unsigned Round = 0; Round < MaxInlineRounds; ++Round) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction())
          if (Callee != Barrier && ReachesBarrier.contains(Callee))
            Calls.push_back(Call);
    if (Calls.empty())
      return true;
    if (F.getInstructionCount() > MaxInstructions) {
      Why = "the calls that reach its barriers make it too large";
      return false;
    }
    for (CallBase *Call : Calls) {
      if (recursive(Call->getCalledFunction())) {
        Why = "a barrier is reached through recursive calls";
        return false;
      }
      std::string Callee = Call->getCalledFunction()->getName().str();
      InlineFunctionInfo Info;
      InlineResult Result = InlineFunction(*Call, Info);
      if (!Result.isSuccess()) {
        Why = "a barrier is reached through a call of " + Callee +
              " that cannot be inlined (" + Result.getFailureReason() + ")";
        return false;
      }
    }
  }
  Why = "a barrier is reached through recursive calls";
  return false;
}

bool Splitter::canSplit(Function &F, std::string &Why) {
  bool BarrierBehindPointer = any_of(
      ReachesBarrier, [](const Function *G) { return G->hasAddressTaken(); });
  for (Instruction &I : instructions(F)) {
    if (isa<CallBrInst>(I) || isa<IndirectBrInst>(I)) {
      Why = "the kernel has an indirect branch";
      return false;
    }
    const auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    const Function *Callee = Call->getCalledFunction();
    if (Callee && (Callee == YieldPoint || Callee == SpinPoint)) {
      Why = "a loop of the kernel may wait for another work-item";
      return false;
    }
    if (BarrierBehindPointer && Call->isIndirectCall()) {
      Why = "an indirect call may reach a barrier";
      return false;
    }
  }
  return true;
}

/// What the copies of the regions cannot carry: variables' debug records
/// (their values are in other regions' copies) and lifetime markers (the
/// work-item's allocas become per-work-item arrays).
void Splitter::prepare(Function &F) {
  for (BasicBlock &BB : F)
    for (Instruction &I : make_early_inc_range(BB)) {
      I.dropDbgRecords();
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
          II->eraseFromParent();
    }
}

FunctionCallee Splitter::context() {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Callee = M.getOrInsertFunction(
      hc::abi::cpu_tile_context, PointerType::getUnqual(Ctx),
      Type::getInt64Ty(Ctx), Type::getInt32Ty(Ctx));
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    // A fresh block of the thread's (no alias of anything the kernel sees).
    F->addRetAttr(Attribute::NoAlias);
    F->addRetAttr(Attribute::NonNull);
    F->addRetAttr(Attribute::getWithAlignment(Ctx, Align(64)));
  }
  return Callee;
}

Function *Splitter::split(Function &WorkItem, std::string &Why,
                          LoopChanges &Changes) {
  Changes = {};
  if (WorkItem.isDeclaration() || WorkItem.hasOptNone()) {
    Why = "the kernel is not optimised";
    return nullptr;
  }
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&WorkItem, VMap);
  Copy->setLinkage(GlobalValue::InternalLinkage);
  Copy->setComdat(nullptr);
  auto discard = [&] {
    FAM.clear(*Copy, Copy->getName());
    Copy->eraseFromParent();
  };
  if (!inlineBarrierPaths(*Copy, Why) || !canSplit(*Copy, Why)) {
    discard();
    return nullptr;
  }
  prepare(*Copy);
  dropUnreadCurrentWorkItem(*Copy, FAM); // cpu_run_tile restores it
  simplify(*Copy, /*Loops=*/false);
  if (EnableShapeSpeculation)
    Changes.Shape =
        expectedTileShape(*Copy, FAM.getResult<ScalarEvolutionAnalysis>(*Copy));
  TileRegions Regions(*Copy, Barrier);
  TileUniformity Uniformity(*Copy, Regions);
  Function *Tile = nullptr;
  if (copiedInstructions(Regions, Uniformity.allExitsUniform()) >
      MaxCopiedInstructions)
    Why = "its regions between barriers would make too much code";
  else
    Tile = buildTileLoops(*Copy, Regions, Uniformity, context(), Why);
  discard();
  // A function that does not verify would be a miscompilation: the kernel
  // keeps its fibers, and the remark asks for a report.
  if (Tile && verifyFunction(*Tile)) {
    Why = "internal error: its loops did not verify (please report this "
          "kernel)";
    Tile->eraseFromParent();
    Tile = nullptr;
  }
  if (!Tile)
    return nullptr;
  simplify(*Tile, /*Loops=*/true);
  // A guard narrowed may leave another at the head of its loop.
  for (unsigned Round = 0; Round < MaxNarrowingRounds; ++Round) {
    unsigned Count = narrowGuardedLoops(FAM.getResult<LoopAnalysis>(*Tile));
    if (!Count)
      break;
    Changes.Narrowed += Count;
    FAM.invalidate(*Tile, PreservedAnalyses::none());
    simplify(*Tile, /*Loops=*/false);
  }
  Changes.Cut = splitLoopsAtPositionTests(*Tile, FAM);
  if (Changes.Cut)
    simplify(*Tile, /*Loops=*/true);
  // The copy's trip counts fold to constants.
  if (Changes.Shape && Tile->getInstructionCount() > MaxSpecializedInstructions)
    Changes.Shape.reset();
  if (Changes.Shape)
    simplify(*specializeTileShape(*Tile, *Changes.Shape), /*Loops=*/true);
  return Tile;
}

/// "n0 x n1 x n2", "any" for an extent the shape leaves open.
std::string describe(const TileShape &Shape) {
  std::string Text;
  for (unsigned D = 0; D < 3; ++D)
    Text += (D ? " x " : "") +
            (Shape.Extent[D] ? std::to_string(Shape.Extent[D]) : "any");
  return Text;
}

/// Replaces \p Call (of __hcc_cpu_tile_loops) by a call of \p Tile with
/// its first five arguments, answering true.
void callTile(CallBase &Call, Function &Tile) {
  SmallVector<Value *, 5> Args(Call.arg_begin(), Call.arg_begin() + 5);
  CallBase *New;
  if (auto *Invoke = dyn_cast<InvokeInst>(&Call))
    New = InvokeInst::Create(&Tile, Invoke->getNormalDest(),
                             Invoke->getUnwindDest(), Args, "",
                             Call.getIterator());
  else
    New = CallInst::Create(&Tile, Args, "", Call.getIterator());
  New->setDebugLoc(Call.getDebugLoc());
  Call.replaceAllUsesWith(ConstantInt::getTrue(Call.getType()));
  Call.eraseFromParent();
}

} // namespace

PreservedAnalyses CpuTileLoopsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Function *Marker = M.getFunction(hc::abi::cpu_tile_loops);
  if (!Marker || !EnableTileLoops || isDeviceModule(M))
    return PreservedAnalyses::all();
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Marker->users())
    if (auto *Call = dyn_cast<CallBase>(U))
      if (Call->getCalledOperand() == Marker && Call->arg_size() == 6)
        Calls.push_back(Call);
  if (Calls.empty())
    return PreservedAnalyses::all();

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Splitter S(M, FAM);
  DenseMap<Function *, Function *> Tiles;
  for (CallBase *Call : Calls) {
    auto *WorkItem =
        dyn_cast<Function>(Call->getArgOperand(5)->stripPointerCasts());
    Function *Caller = Call->getFunction();
    OptimizationRemarkEmitter ORE(Caller);
    if (!WorkItem) {
      ORE.emit(OptimizationRemarkMissed(PassName, "Fibers", Call)
               << "tiles run as fibers: unknown work-item function");
      continue;
    }
    auto Known = Tiles.find(WorkItem);
    Function *Tile = Known != Tiles.end() ? Known->second : nullptr;
    if (Known == Tiles.end()) {
      std::string Why;
      Splitter::LoopChanges Changes;
      Tile = S.split(*WorkItem, Why, Changes);
      Tiles[WorkItem] = Tile;
      if (!Tile)
        ORE.emit(OptimizationRemarkMissed(PassName, "Fibers", Call)
                 << "tiles of "
                 << ore::NV("WorkItem", demangle(WorkItem->getName()))
                 << " run as fibers: " << Why);
      else
        ORE.emit(OptimizationRemark(PassName, "Loops", Call)
                 << "tiles of "
                 << ore::NV("WorkItem", demangle(WorkItem->getName()))
                 << " run as loops over their work-items");
      if (Tile && Changes.Narrowed)
        ORE.emit(OptimizationRemarkAnalysis(PassName, "Guards", Call)
                 << ore::NV("Loops", Changes.Narrowed)
                 << " of its loops run over the work-items their guards "
                    "admit only");
      if (Tile && Changes.Cut)
        ORE.emit(OptimizationRemarkAnalysis(PassName, "Pieces", Call)
                 << ore::NV("Loops", Changes.Cut)
                 << " of its loops run in pieces where their position "
                    "tests change");
      if (Tile && Changes.Shape)
        ORE.emit(OptimizationRemarkAnalysis(PassName, "Shape", Call)
                 << "its tiles of " << describe(*Changes.Shape)
                 << " work-items run code made for that shape");
    }
    if (Tile) {
      FAM.invalidate(*Caller, PreservedAnalyses::none());
      callTile(*Call, *Tile);
    }
  }
  return PreservedAnalyses::none();
}

} // namespace hcc
