//! The library as others get it: crates depending on it, the installed C
//! library (pkg-config and CMake), the SDL2 GUI built against it, and the
//! tests that need optional features.

mod dependent;
mod features;
mod gui;
mod install;
