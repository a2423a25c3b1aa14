//===- DeviceReachability.cpp - What device entry points can reach -------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "DeviceReachability.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instruction.h"

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
      if (Var->hasInitializer())
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

  for (const Instruction &I : instructions(F))
    for (const Value *Op : I.operands())
      if (const auto *C = dyn_cast<Constant>(Op))
        walkConstant(C, &F, Root, &I);
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
