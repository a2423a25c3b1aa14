// Target-id matching (see hsa_isa.hpp), after LLVM's AMDGPUUsage "Target
// ID": an image feature with + or - must equal the agent's setting; a
// feature the image does not name matches either setting.
#include "backends/hsa/hsa_isa.hpp"

#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> parts;
  std::string::size_type start = 0;
  for (;;) {
    std::string::size_type colon = s.find(':', start);
    parts.push_back(s.substr(start, colon - start));
    if (colon == std::string::npos)
      return parts;
    start = colon + 1;
  }
}

} // namespace

std::string agent_target_id(const std::string &isa_name) {
  static const std::string prefix = "amdgcn-amd-amdhsa--";
  if (isa_name.compare(0, prefix.size(), prefix) == 0)
    return isa_name.substr(prefix.size());
  return isa_name;
}

int isa_match(const std::string &image_target, const std::string &isa_name) {
  std::vector<std::string> image = split(image_target);
  std::vector<std::string> agent = split(agent_target_id(isa_name));
  if (image.empty() || agent.empty() || image[0] != agent[0] ||
      image[0].empty())
    return -1;
  int pinned = 0;
  for (std::size_t i = 1; i < image.size(); ++i) {
    const std::string &feature = image[i];
    if (feature.size() < 2)
      return -1;
    std::string name = feature.substr(0, feature.size() - 1);
    bool found = false;
    for (std::size_t j = 1; j < agent.size(); ++j) {
      const std::string &a = agent[j];
      if (a.size() >= 2 && a.substr(0, a.size() - 1) == name) {
        found = true;
        // "xnack+" vs the agent's "xnack+"/"xnack-"; an agent reporting
        // "xnack" without a sign (older ROCr: feature supported, setting
        // unknown) matches neither pinned setting.
        if (a != feature)
          return -1;
      }
    }
    if (!found)
      return -1; // pinned a feature this agent does not report
    ++pinned;
  }
  return pinned;
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
