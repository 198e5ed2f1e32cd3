# cmake -DCOMMAND=program;args... -DOUTPUT=file [-DGZIP=ON] -P ProgramOutput.cmake
# Runs COMMAND and writes its standard output to OUTPUT (compressed with gzip -9n when GZIP is
# on: no name or time stamp inside, so the file is the same on every build). A failing command
# fails the build and leaves no OUTPUT.
get_filename_component(dir ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
set(plain ${OUTPUT}.tmp)
execute_process(COMMAND ${COMMAND} OUTPUT_FILE ${plain} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    file(REMOVE ${plain})
    message(FATAL_ERROR "${COMMAND}: exit ${rc}\n${err}")
endif()
if(GZIP)
    execute_process(COMMAND gzip -9n -c ${plain} OUTPUT_FILE ${OUTPUT}.gztmp RESULT_VARIABLE rc)
    file(REMOVE ${plain})
    if(NOT rc EQUAL 0)
        file(REMOVE ${OUTPUT}.gztmp)
        message(FATAL_ERROR "gzip ${OUTPUT}: exit ${rc}")
    endif()
    file(RENAME ${OUTPUT}.gztmp ${OUTPUT})
else()
    file(RENAME ${plain} ${OUTPUT})
endif()
