#pragma once

#include <string>

namespace cli {

/// The bash completion script of schedscope-cli (`help --completion bash`), written from the
/// command catalogue, the kernel models, the optimizations and the built-in scenarios.
std::string bashCompletion();

} // namespace cli
