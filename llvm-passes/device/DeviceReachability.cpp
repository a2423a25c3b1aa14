//===- DeviceReachability.cpp - What device entry points can reach -------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/DeviceReachability.h"

#include "llvm/Analysis/TypeMetadataUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace hcc {

DeviceReachability::DeviceReachability(ArrayRef<GlobalValue *> Roots) {
  for (GlobalValue *Root : Roots) {
    ReachedFrom How;
    How.Root = Root;
    visit(Root, How);
  }

  // Order doubles as the breadth-first work list: it only grows at the end.
  for (size_t I = 0; I != Order.size(); ++I) {
    const GlobalValue *GV = Order[I];
    // A copy: visiting new symbols may grow (and move) the map.
    const ReachedFrom How = Reached.find(GV)->second;
    if (const auto *F = dyn_cast<Function>(GV)) {
      // available_externally bodies count: pruning turns them into local
      // definitions, so what they call is needed too.
      if (!F->isDeclaration())
        walkBody(*F);
      continue;
    }
    // Data and aliases carry the site that led to them on to whatever their
    // initialiser refers to, so that a function reached through a vtable or
    // a table of function pointers is reported where the table was used.
    if (const auto *Var = dyn_cast<GlobalVariable>(GV)) {
      if (Var->hasMetadata(LLVMContext::MD_type) && Var->hasInitializer())
        walkVTable(*Var, How);
      else if (Var->hasInitializer())
        walkConstant(Var->getInitializer(), Var, How.Root, How.Site);
    } else if (const auto *Alias = dyn_cast<GlobalAlias>(GV)) {
      if (const Constant *Aliasee = Alias->getAliasee())
        walkConstant(Aliasee, Alias, How.Root, How.Site);
    } else if (const auto *IFunc = dyn_cast<GlobalIFunc>(GV)) {
      if (const Constant *Resolver = IFunc->getResolver())
        walkConstant(Resolver, IFunc, How.Root, How.Site);
    }
  }
}

void DeviceReachability::visit(const GlobalValue *GV, const ReachedFrom &How) {
  if (Reached.try_emplace(GV, How).second)
    Order.push_back(GV);
}

void DeviceReachability::walkBody(const Function &F) {
  const GlobalValue *Root = Reached.find(&F)->second.Root;
  // Symbols hanging off the function itself (personality, prefix data...)
  // are attributed to its first instruction, the closest thing to a site.
  const Instruction *Entry =
      F.empty() || F.getEntryBlock().empty() ? nullptr
                                             : &F.getEntryBlock().front();
  if (F.hasPersonalityFn())
    walkConstant(F.getPersonalityFn(), &F, Root, Entry);
  if (F.hasPrefixData())
    walkConstant(F.getPrefixData(), &F, Root, Entry);
  if (F.hasPrologueData())
    walkConstant(F.getPrologueData(), &F, Root, Entry);

  for (const Instruction &I : instructions(F)) {
    if (const auto *II = dyn_cast<IntrinsicInst>(&I))
      if (II->getIntrinsicID() == Intrinsic::type_test ||
          II->getIntrinsicID() == Intrinsic::public_type_test)
        walkTypeTest(*II, F);
    for (const Value *Op : I.operands())
      if (const auto *C = dyn_cast<Constant>(Op))
        walkConstant(C, &F, Root, &I);
  }
}

/// The function (or alias) a vtable slot holds, if any.
static bool isCode(const Constant *C) {
  const Constant *Stripped = C->stripPointerCasts();
  if (const auto *Alias = dyn_cast<GlobalAlias>(Stripped))
    Stripped = Alias->getAliaseeObject();
  return Stripped && isa<Function>(Stripped);
}

/// Calls \p Each for every leaf of a vtable group's initialiser ({ [N x ptr],
/// ... }).
template <class Callback>
static void forEachVTableEntry(const Constant *C, Callback Each) {
  if (isa<ConstantAggregate>(C)) {
    for (const Value *Op : C->operands())
      forEachVTableEntry(cast<Constant>(Op), Each);
    return;
  }
  Each(C);
}

void DeviceReachability::walkVTable(const GlobalVariable &VTable,
                                    const ReachedFrom &How) {
  // Everything but the functions is data as usual (RTTI, offsets).
  forEachVTableEntry(VTable.getInitializer(), [&](const Constant *Entry) {
    if (!isCode(Entry))
      walkConstant(Entry, &VTable, How.Root, How.Site);
  });

  SmallVector<MDNode *, 4> Types;
  VTable.getMetadata(LLVMContext::MD_type, Types);
  for (const MDNode *Type : Types) {
    if (Type->getNumOperands() != 2)
      continue;
    const auto *Offset =
        mdconst::dyn_extract_or_null<ConstantInt>(Type->getOperand(0));
    if (!Offset)
      continue;
    AddressPoint Point{&VTable, Offset->getZExtValue()};
    const Metadata *Class = Type->getOperand(1).get();
    VTablesByClass[Class].push_back(Point);
    // Copies: reaching a slot may add calls (and move the vector).
    SmallVector<VirtualCall, 2> Calls = CallsByClass.lookup(Class);
    for (const VirtualCall &Call : Calls)
      reachSlot(Point, Call);
  }
}

void DeviceReachability::walkTypeTest(const CallInst &TypeTest,
                                      const Function &F) {
  const auto *ClassArg =
      dyn_cast<MetadataAsValue>(TypeTest.getArgOperand(1));
  if (!ClassArg)
    return;
  const Metadata *Class = ClassArg->getMetadata();
  const GlobalValue *Root = Reached.find(&F)->second.Root;

  SmallVector<DevirtCallSite, 2> Sites;
  SmallVector<CallInst *, 1> Assumes;
  DominatorTree DT(const_cast<Function &>(F));
  findDevirtualizableCallsForTypeTest(Sites, Assumes, &TypeTest, DT);

  SmallVector<VirtualCall, 2> Calls;
  for (const DevirtCallSite &Site : Sites)
    Calls.push_back({&Site.CB, &F, Root, Site.Offset, /*AnySlot=*/false});
  // A test whose calls cannot be traced (a member function pointer, say):
  // any slot of the class's vtables may be called.
  if (Calls.empty())
    Calls.push_back({&TypeTest, &F, Root, 0, /*AnySlot=*/true});

  for (const VirtualCall &Call : Calls) {
    CallsByClass[Class].push_back(Call);
    SmallVector<AddressPoint, 2> Points = VTablesByClass.lookup(Class);
    for (const AddressPoint &Point : Points)
      reachSlot(Point, Call);
  }
}

void DeviceReachability::reachSlot(const AddressPoint &Point,
                                   const VirtualCall &Call) {
  auto Reach = [&](const Constant *Slot) {
    const auto *Target = dyn_cast<GlobalValue>(Slot->stripPointerCasts());
    if (!Target)
      return;
    ReachedFrom How;
    How.Parent = Call.Caller;
    How.Site = Call.Site;
    How.Root = Call.Root;
    How.Virtual = true;
    visit(Target, How);
  };
  Constant *Init = const_cast<Constant *>(Point.VTable->getInitializer());
  if (Call.AnySlot) {
    forEachVTableEntry(Init, [&](const Constant *Entry) {
      if (isCode(Entry))
        Reach(Entry);
    });
    return;
  }
  Module &M = *const_cast<Module *>(Point.VTable->getParent());
  if (Constant *Slot =
          getPointerAtOffset(Init, Point.Offset + Call.Offset, M))
    Reach(Slot);
}

void DeviceReachability::walkConstant(const Constant *C,
                                      const GlobalValue *Parent,
                                      const GlobalValue *Root,
                                      const Instruction *Site) {
  if (const auto *GV = dyn_cast<GlobalValue>(C)) {
    ReachedFrom How;
    How.Parent = Parent;
    How.Site = Site;
    How.Root = Root;
    visit(GV, How);
    return;
  }
  // Plain data has no operands; aggregates and constant expressions
  // (casts, getelementptr, blockaddress, dso_local_equivalent...) do.
  if (C->getNumOperands() == 0 || !SeenConstants.insert(C).second)
    return;
  for (const Value *Op : C->operands())
    if (const auto *OpC = dyn_cast<Constant>(Op))
      walkConstant(OpC, Parent, Root, Site);
}

SmallVector<const GlobalValue *, 8>
DeviceReachability::chainTo(const GlobalValue *GV) const {
  SmallVector<const GlobalValue *, 8> Chain;
  for (const GlobalValue *Cur = GV; Cur; Cur = from(Cur).Parent)
    Chain.push_back(Cur);
  std::reverse(Chain.begin(), Chain.end());
  return Chain;
}

} // namespace hcc
