"""A stand-in for the transformers package, for the generation step kind's CPU test (Debian has no
transformers): only the module the launcher's import hook wraps, with the shape of its generate() loop.
The real library is checked on the GPU machine (bench/gpu/generate41.sh)."""
