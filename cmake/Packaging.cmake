# The Debian package of everything `cmake --install` installs (`make package`, CPack's DEB
# generator): build/schedscope_VERSION_ARCH.deb, installable with `apt install ./FILE.deb`.
# The libraries it needs are found by dpkg-shlibdeps (dpkg-dev) from the programs themselves;
# what they load at run time without linking it is declared here.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME schedscope)
set(CPACK_PACKAGE_VENDOR "SchedScope")
set(CPACK_PACKAGE_CONTACT "SchedScope Developers <dev@schedscope.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Linux CPU scheduler simulator and scheduler recording viewer")
# The extended description, lines of at most 80 characters as Debian wants them.
set(CPACK_PACKAGE_DESCRIPTION
    "SchedScope simulates the Linux CPU scheduler and shows what it does: which\n"
    "task runs on which CPU of an SMT machine, how the cgroup tree divides CPU\n"
    "time, how much each cgroup stalls, and every migration, under several kernel\n"
    "models and with kernel optimizations switched on and off while a simulation\n"
    "runs. It also reads real recordings (perf script text, ftrace text,\n"
    "trace.dat, Perfetto traces), simulates the workload they recorded and\n"
    "compares the two.\n"
    "\n"
    "The package holds the desktop application (schedscope) and the command-line\n"
    "tool (schedscope-cli) for scripts, benchmarks and sweeps.")
string(JOIN "" CPACK_PACKAGE_DESCRIPTION ${CPACK_PACKAGE_DESCRIPTION})
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # schedscope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Qt needs a font to draw any text and finds none by itself.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
# schedscope-cli reality records with perf, and bench engine --vs-kernel runs perf bench; Qt's
# own dialogs in German or Chinese need Qt's translations.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "linux-perf, qt6-translations-l10n")
# trace-cmd records the trace.dat files the application reads; the Chinese translation needs
# a CJK font.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "trace-cmd, fonts-noto-cjk")
# Debian wants a changelog in every package: one entry for this version, dated its release
# (SCHEDSCOPE_RELEASE_DATE), written at configure time.
execute_process(COMMAND date -u -R -d ${SCHEDSCOPE_RELEASE_DATE} OUTPUT_VARIABLE release_date
                OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/debian/changelog @ONLY CONTENT
"schedscope (@PROJECT_VERSION@) unstable; urgency=medium

  * SchedScope @PROJECT_VERSION@.

 -- @CPACK_PACKAGE_CONTACT@  @release_date@
")
execute_process(COMMAND gzip -9n -c ${CMAKE_BINARY_DIR}/debian/changelog
                OUTPUT_FILE ${CMAKE_BINARY_DIR}/debian/changelog.gz COMMAND_ERROR_IS_FATAL ANY)
install(FILES ${CMAKE_BINARY_DIR}/debian/changelog.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/schedscope)
include(CPack)
