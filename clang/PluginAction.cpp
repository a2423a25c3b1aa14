//===- PluginAction.cpp - Entry point of libhcc-clang-plugin.so ----------===//
//
// Part of hcc. Loaded with -fplugin= in both passes of every hcc
// compilation. Loading the library registers the [[hc]]/[[cpu]] attributes
// (HccAttributes.cpp); this action, which Clang runs before the main action
// of every compile that loads the plugin, installs the source rewriting that
// lets those attributes follow a parameter list, and in the device pass adds
// the AST consumers that prepare device code generation. It leaves the main
// action (code generation, -fsyntax-only, ...) to do the compile as usual.
//
//===----------------------------------------------------------------------===//

#include "AmpMode.h"
#include "AmpRules.h"
#include "DeviceCodeMarkers.h"
#include "DeviceVirtualFunctions.h"
#include "KernelCaptures.h"
#include "Redeclarations.h"
#include "RestrictionContext.h"
#include "SourceRewriting.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace {

class HccPluginAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // Called once the main file is registered and before it is lexed.
    hcc::installAttributeSpellingRewriter(CI);
    hcc::installRedeclarationRules(CI);
    hcc::installRestrictionContextPragma(CI);
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    if (auto Virtuals = hcc::createDeviceVirtualFunctionsConsumer(CI))
      Consumers.push_back(std::move(Virtuals));
    if (auto Captures = hcc::createKernelCapturesConsumer(CI))
      Consumers.push_back(std::move(Captures));
    if (auto Markers = hcc::createDeviceCodeMarkersConsumer(CI))
      Consumers.push_back(std::move(Markers));
    if (auto AmpRules = hcc::createAmpRulesConsumer(CI))
      Consumers.push_back(std::move(AmpRules));
    if (Consumers.empty())
      return std::make_unique<ASTConsumer>();
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

  /// -fplugin-arg-hcc-amp (hcc -std=c++amp) names C++ AMP mode. Most of
  /// the plugin does the same in both modes (the original hcc accepted C++
  /// AMP's restriction specifiers in hc code too); C++ AMP's language
  /// rules (AmpRules.h) are checked in C++ AMP mode only.
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args)
      if (Arg == "amp")
        hcc::setAmpMode(true);
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<HccPluginAction>
    RegisterHccPlugin("hcc", "hcc: [[hc]]/[[cpu]] attributes");
