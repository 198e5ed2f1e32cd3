# Layers: each layer is a static library whose sources live in one or more folders named for
# it. Its headers are reached with folder-qualified includes ("sched/fair.h") through an include
# root of its own under ${CMAKE_BINARY_DIR}/layers/, holding a link to each of its folders and
# nothing else. A library sees only its own root and the roots of the layers it links, so an
# include of a layer above (against the data flow) is "file not found": a build error.
#
# schedscope_layer(NAME FOLDERS dir... SOURCES file... [DEPS target...] [QT])
function(schedscope_layer name)
    cmake_parse_arguments(L "" "" "FOLDERS;SOURCES;DEPS" ${ARGN})
    set(root ${CMAKE_BINARY_DIR}/layers/${name})
    file(MAKE_DIRECTORY ${root})
    foreach(folder ${L_FOLDERS})
        file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR}/${folder} ${root}/${folder} SYMBOLIC)
    endforeach()
    add_library(${name} STATIC ${L_SOURCES})
    target_include_directories(${name} PUBLIC ${root})
    target_link_libraries(${name} PUBLIC ${L_DEPS})
    set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
