#pragma once
// 128-bit integers for the kernel's 64 x 64-bit products (mul_u64_u64_div_u64 and the like).
// A GCC and Clang extension: __extension__ keeps -Wpedantic quiet about it here, once.

namespace core {

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

} // namespace core
