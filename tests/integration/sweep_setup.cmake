# The sweep that tst_sweep and tst_sweep_window read (CTest fixture sweep_mlp): examples/mlp.py on the
# CPU over two parameters, four runs, made once per test session. Skipped without a python3 that can
# import torch (Debian's python3-torch), as the capture suites skip.
# -DOPSCOPE=<opscope binary> -DSCRIPT=<examples/mlp.py> -DOUT=<folder of the sweep folder>
# As the pipeline looks (pipeline/tools.cpp findPython): python3 on PATH, then the system's.
set(has_torch 1)
foreach(python python3 /usr/bin/python3)
  execute_process(COMMAND ${python} -c "import torch" RESULT_VARIABLE result OUTPUT_QUIET ERROR_QUIET)
  if(result EQUAL 0)
    set(has_torch 0)
  endif()
endforeach()
if(NOT has_torch EQUAL 0)
  message("skipped: no python3 here can import torch (install Debian's python3-torch)")
  return()
endif()
file(REMOVE_RECURSE "${OUT}/mlp")
execute_process(COMMAND "${OPSCOPE}" sweep "${SCRIPT}" --param size=tiny,small --param batch=8,32 --out "${OUT}"
                        --name mlp -- --steps 6
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "opscope sweep failed (${result}):\n${out}\n${err}")
endif()
message("${out}")
