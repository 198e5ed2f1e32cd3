# Profile-guided optimization of the engine (GCC; docs/performance.md, issue 60).
#
# With SCHEDSCOPE_PGO on, a Release build first builds an instrumented schedscope-cli in a build
# tree of its own (BUILD/pgo/train: no GUI, no tests, -fprofile-generate), runs it on the
# training workloads (scripts/pgo-train.sh: every built-in scenario and the pinned pipe on every
# kernel model, a few seconds), and compiles the core layers and schedscope-cli with the profile
# it wrote (-fprofile-use). The training runs again when a source of the core or of the CLI
# changes: the training tree rebuilds incrementally and only the changed files recompile here.
#
# The profile decides only which code the compiler inlines, unrolls and lays out where; it does
# not change what the code computes (no -ffast-math), so outputs stay bit for bit the same
# (scripts/hash-outputs.sh). Code the training does not run (importers, the GUI's paths) is
# compiled as without a profile (-fprofile-partial-training) rather than for size.
#
# The training tree itself is configured with SCHEDSCOPE_PGO_GENERATE=DIR: it instruments its
# objects and writes the profile to DIR. -fprofile-prefix-path makes the profile's file names
# relative to each build tree, so the two trees' objects find each other's data.

set(SCHEDSCOPE_PGO_GENERATE "" CACHE PATH
    "Internal: instrument every object and write the profile to this directory (the PGO training tree)")
mark_as_advanced(SCHEDSCOPE_PGO_GENERATE)

set(SCHEDSCOPE_PGO_ACTIVE OFF)
if(SCHEDSCOPE_PGO_GENERATE)
    add_compile_options(-fprofile-generate=${SCHEDSCOPE_PGO_GENERATE} -fprofile-prefix-path=${CMAKE_BINARY_DIR})
    add_link_options(-fprofile-generate=${SCHEDSCOPE_PGO_GENERATE})
elseif(SCHEDSCOPE_PGO)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        message(STATUS "SCHEDSCOPE_PGO: needs GCC (this is ${CMAKE_CXX_COMPILER_ID}); building without a profile")
    elseif(NOT CMAKE_BUILD_TYPE STREQUAL "Release" OR SCHEDSCOPE_SANITIZE OR SCHEDSCOPE_FUZZ)
        # Sanitizer, fuzzing and debug trees measure nothing: no training step for them.
    else()
        set(SCHEDSCOPE_PGO_ACTIVE ON)
    endif()
endif()

if(SCHEDSCOPE_PGO_ACTIVE)
    set(pgo ${CMAKE_BINARY_DIR}/pgo)
    set(SCHEDSCOPE_PGO_PROFILE ${pgo}/profile)
    cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
    set(SCHEDSCOPE_PGO_JOBS ${cores} CACHE STRING "Parallel jobs of the PGO training tree's build")
    file(GLOB_RECURSE pgo_sources CONFIGURE_DEPENDS
         ${PROJECT_SOURCE_DIR}/core/*.cpp ${PROJECT_SOURCE_DIR}/core/*.h
         ${PROJECT_SOURCE_DIR}/app/cli/*.cpp ${PROJECT_SOURCE_DIR}/app/cli/*.h
         ${PROJECT_SOURCE_DIR}/app/common/*.cpp ${PROJECT_SOURCE_DIR}/app/common/*.h
         ${PROJECT_SOURCE_DIR}/resources/scenarios/*.json)
    set(pgo_launcher "")
    if(CMAKE_CXX_COMPILER_LAUNCHER)
        set(pgo_launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER})
    endif()
    add_custom_command(
        OUTPUT ${pgo}/profile.stamp
        COMMAND ${CMAKE_COMMAND} -S ${PROJECT_SOURCE_DIR} -B ${pgo}/train -G ${CMAKE_GENERATOR}
                -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER} ${pgo_launcher}
                -DSCHEDSCOPE_PGO=OFF -DSCHEDSCOPE_PGO_GENERATE=${SCHEDSCOPE_PGO_PROFILE}
                -DSCHEDSCOPE_GUI=OFF -DSCHEDSCOPE_TESTS=OFF -DSCHEDSCOPE_BENCHMARKS=OFF
                -DSCHEDSCOPE_ASSERTS=${SCHEDSCOPE_ASSERTS}
                --log-level=WARNING
        COMMAND ${CMAKE_COMMAND} --build ${pgo}/train --target schedscope-cli --parallel ${SCHEDSCOPE_PGO_JOBS}
        COMMAND ${CMAKE_COMMAND} -E rm -rf ${SCHEDSCOPE_PGO_PROFILE}
        COMMAND ${PROJECT_SOURCE_DIR}/scripts/pgo-train.sh ${pgo}/train/app/schedscope-cli
        COMMAND ${CMAKE_COMMAND} -E touch ${pgo}/profile.stamp
        DEPENDS ${pgo_sources} ${PROJECT_SOURCE_DIR}/scripts/pgo-train.sh ${PROJECT_SOURCE_DIR}/cmake/Pgo.cmake
        COMMENT "PGO: building the instrumented schedscope-cli and training it (cmake/Pgo.cmake)"
        USES_TERMINAL
        VERBATIM)
    add_custom_target(schedscope_pgo_profile DEPENDS ${pgo}/profile.stamp)
endif()

# Compiles TARGET with the profile (after the training has written it); nothing without PGO.
function(schedscope_pgo_use target)
    if(NOT SCHEDSCOPE_PGO_ACTIVE)
        return()
    endif()
    # -Wno-missing-profile: objects the training never reached have no data (importers, query).
    # -Wno-coverage-mismatch: the training tree reaches the headers through its own layer roots
    # (cmake/Layers.cmake), so every function defined in a header has "changed source
    # locations" (a file name differs); GCC uses its counts all the same. A function whose
    # control flow differs gets no profile (compiled as without one), never a wrong one.
    target_compile_options(${target} PRIVATE -fprofile-use=${SCHEDSCOPE_PGO_PROFILE}
                           -fprofile-prefix-path=${CMAKE_BINARY_DIR} -fprofile-partial-training
                           -Wno-missing-profile -Wno-coverage-mismatch)
    target_link_options(${target} PRIVATE -fprofile-use=${SCHEDSCOPE_PGO_PROFILE} -fprofile-partial-training)
    add_dependencies(${target} schedscope_pgo_profile)
endfunction()
