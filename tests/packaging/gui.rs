//! The SDL2 board GUI (`examples/gui/`) as CI sees it:
//!
//! 1. `scripts/install-c --prefix DIR` installs the C library (the install
//!    that `tests/packaging/install.rs` checks, shared with it);
//! 2. CMake configures and builds `examples/gui` against the installed
//!    package only (`find_package(kaissa_chaturaji CONFIG REQUIRED)`);
//! 3. `kc_gui --script` plays a scripted session of each game under SDL's
//!    dummy video driver (no display needed; `offscreen` works too): every
//!    move is a click, the positions reached are checked through the
//!    library's position text, and a screenshot is saved
//!    (`examples/gui/scripts/*.script`);
//! 4. the screenshot must be a real picture of a board: the window's size,
//!    many colours, no colour covering half of it, and the board's squares
//!    in their two colours where the script leaves them empty.
//!
//! Sessions: `kaissa` and `chaturaji` (the sheet's rules, with records),
//! `ludii` (the Ludii ruleset: scores, a promotion decision made with its
//! buttons, a computer's decision, the end ranked by score), `exchange`
//! (a raja exchange made with the mouse, taken back, saved and loaded) and
//! `agents` (computer seats played by the library's agents on a worker
//! thread). The `ludii`, `exchange` and `agents` sessions run again under
//! valgrind when it is on
//! PATH (`.ci/run` installs it): no memory error, no definite or indirect
//! leak.
//!
//! Needs cmake, pkg-config, SDL2 and SDL2_ttf development files and the
//! DejaVu font (Debian: cmake pkg-config libsdl2-dev libsdl2-ttf-dev
//! fonts-dejavu-core), which `.ci/run` installs. Where one is missing
//! outside CI the test prints SKIPPED and passes; under CI (`CI` set) it
//! fails instead.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{installed, manifest_dir, run};
use std::sync::OnceLock;

/// The window of `examples/gui/app.h` (WIN_W x WIN_H).
const WIDTH: usize = 1040;
const HEIGHT: usize = 760;
/// Where the board's area starts (BOARD_X, BOARD_Y) and its size (BOARD_AREA).
const BOARD_X: usize = 58;
const BOARD_Y: usize = 64;
const BOARD_AREA: usize = 620;
const FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gui")
}

/// What is missing to build and run the GUI, if anything.
fn missing_prerequisites() -> Vec<String> {
    let mut missing = Vec::new();
    for program in ["cmake", "pkg-config"] {
        let found = Command::new(program)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            missing.push(program.to_string());
        }
    }
    if !missing.iter().any(|m| m == "pkg-config") {
        for module in ["sdl2", "SDL2_ttf"] {
            let found = Command::new("pkg-config")
                .args(["--exists", module])
                .status()
                .is_ok_and(|s| s.success());
            if !found {
                missing.push(format!("{module} (pkg-config module)"));
            }
        }
    }
    if !Path::new(FONT).exists() {
        missing.push(FONT.to_string());
    }
    missing
}

/// The GUI, built once for all the tests of this file (they run in
/// parallel); `None` when the prerequisites are missing outside CI.
fn gui() -> Option<&'static Path> {
    static GUI: OnceLock<Option<PathBuf>> = OnceLock::new();
    GUI.get_or_init(build_gui).as_deref()
}

/// Installs the C library and builds the GUI; `None` (after saying why)
/// when the prerequisites are missing outside CI.
fn build_gui() -> Option<PathBuf> {
    let missing = missing_prerequisites();
    // Without them the tests are ignored (build.rs's cfgs), except under CI,
    // where they run and fail here.
    assert!(
        missing.is_empty(),
        "missing for the GUI test: {} (.ci/run installs them: apt-get install \
         cmake pkg-config libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core)",
        missing.join(", ")
    );
    let prefix = installed();
    let build = work_dir().join("build");
    let _ = std::fs::remove_dir_all(&build);
    run(Command::new("cmake")
        .arg("-S")
        .arg(manifest_dir().join("examples/gui"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())));
    run(Command::new("cmake").arg("--build").arg(&build));
    Some(build.join("kc_gui"))
}

/// Runs a scripted session in its own directory; returns the screenshot.
fn run_script(gui: &Path, game: &str) -> PathBuf {
    run_script_with(gui, game, None)
}

/// Runs a scripted session in its own directory, under `wrapper` (valgrind)
/// when given; returns the screenshot.
fn run_script_with(gui: &Path, game: &str, wrapper: Option<&[&str]>) -> PathBuf {
    let dir = work_dir().join(match wrapper {
        Some(_) => format!("run-{game}-valgrind"),
        None => format!("run-{game}"),
    });
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the run directory");
    // A record the GUI must refuse with the library's message (`try-load` in
    // the scripts): an illegal move of each game.
    std::fs::write(
        dir.join("bad-record.txt"),
        if game == "kaissa" {
            "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 e9e6 2. e5e9 *\n"
        } else {
            "[Game \"chaturaji\"]\n[Rules \"sheet\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. 2:h1f3 4:a1a9 *\n"
        },
    )
    .expect("write the bad record");
    let script = manifest_dir().join(format!("examples/gui/scripts/{game}.script"));
    let mut command = match wrapper {
        Some([program, args @ ..]) => {
            let mut command = Command::new(program);
            command.args(args).arg(gui);
            command
        }
        _ => Command::new(gui),
    };
    let output = run(command
        .arg("--script")
        .arg(&script)
        .current_dir(&dir)
        .env("SDL_VIDEODRIVER", "dummy")
        .env("SDL_AUDIODRIVER", "dummy"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("script: ") && last.ends_with(" 0 failed"),
        "the {game} session did not pass:\n{stdout}"
    );
    assert!(
        !stdout.contains("FAIL"),
        "the {game} session has failures:\n{stdout}"
    );
    dir.join(format!("{game}.bmp"))
}

/// An uncompressed 24- or 32-bit BMP as rows of RGB pixels, top row first.
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<[u8; 3]>,
}

impl Picture {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

fn read_bmp(path: &Path) -> Picture {
    let data = std::fs::read(path).unwrap_or_else(|err| panic!("cannot read {path:?}: {err}"));
    let u16_at = |i: usize| u16::from_le_bytes([data[i], data[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]]);
    assert!(
        data.len() > 54 && &data[..2] == b"BM",
        "{path:?} is not a BMP"
    );
    let offset = u32_at(10) as usize;
    let width = u32_at(18) as i32;
    let height = u32_at(22) as i32;
    let bpp = u16_at(28) as usize;
    let compression = u32_at(30);
    assert!(
        (bpp == 24 && compression == 0) || (bpp == 32 && (compression == 0 || compression == 3)),
        "{path:?}: unexpected BMP format ({bpp} bits, compression {compression})"
    );
    assert!(width > 0 && height != 0, "{path:?}: empty picture");
    let (width, bottom_up) = (width as usize, height > 0);
    let height = height.unsigned_abs() as usize;
    let stride = (width * bpp / 8).div_ceil(4) * 4;
    assert!(
        data.len() >= offset + stride * height,
        "{path:?} is truncated"
    );
    let mut pixels = Vec::with_capacity(width * height);
    for row in 0..height {
        let stored = if bottom_up { height - 1 - row } else { row };
        let start = offset + stored * stride;
        for x in 0..width {
            let p = start + x * bpp / 8;
            pixels.push([data[p + 2], data[p + 1], data[p]]);
        }
    }
    Picture {
        width,
        height,
        pixels,
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

/// Checks the screenshot is a picture of the GUI with a board of
/// `files` x `ranks` squares in the colours `even` (a1's) and `odd`.
fn check_board_picture(path: &Path, files: usize, ranks: usize, even: [u8; 3], odd: [u8; 3]) {
    let picture = read_bmp(path);
    assert_eq!(
        (picture.width, picture.height),
        (WIDTH, HEIGHT),
        "{path:?}: not the window's size"
    );
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for &p in &picture.pixels {
        *counts.entry(p).or_default() += 1;
    }
    let most = counts.values().copied().max().unwrap_or(0);
    assert!(
        counts.len() >= 32,
        "{path:?}: only {} distinct colours",
        counts.len()
    );
    assert!(
        most * 2 < picture.pixels.len(),
        "{path:?}: one colour covers {most} of {} pixels",
        picture.pixels.len()
    );
    // The squares, checked at the middle of their top edge (pieces, the
    // marks of Chaturaji's marked squares and the highlight outlines leave
    // it alone; thrones and the last move's squares are tinted).
    let square = if files == 10 { 62 } else { 76 };
    let origin_x = BOARD_X + (BOARD_AREA - files * square) / 2;
    let origin_y = BOARD_Y + (BOARD_AREA - ranks * square) / 2;
    let mut matching = 0;
    for rank in 0..ranks {
        for file in 0..files {
            let x = origin_x + file * square + square / 2;
            let y = origin_y + (ranks - 1 - rank) * square + 3;
            let want = if (file + rank) % 2 == 0 { even } else { odd };
            if close(picture.at(x, y), want) {
                matching += 1;
            }
        }
    }
    let total = files * ranks;
    assert!(
        matching * 4 >= total * 3,
        "{path:?}: only {matching} of {total} squares show the board's colours"
    );
}

/// Chaturaji's squares: a1 dark (draw.c C_SQ_DARK), then light (C_SQ_LIGHT).
const CHATURAJI_DARK: [u8; 3] = [212, 194, 158];
const CHATURAJI_LIGHT: [u8; 3] = [238, 228, 204];

#[test]
#[cfg_attr(
    not(any(all(kc_has_gui_libs, kc_has_cmake), kc_ci)),
    ignore = "needs SDL2, SDL2_ttf, the DejaVu font and cmake (.ci/run installs them)"
)]
fn scripted_sessions_of_both_games() {
    let Some(gui) = gui() else {
        return;
    };
    // Kaissa: yellow squares (a1) and red ones (draw.c K_SQ_YELLOW, K_SQ_RED).
    let kaissa = run_script(gui, "kaissa");
    check_board_picture(&kaissa, 10, 10, [241, 220, 150], [204, 128, 104]);
    let chaturaji = run_script(gui, "chaturaji");
    check_board_picture(&chaturaji, 8, 8, CHATURAJI_DARK, CHATURAJI_LIGHT);
}

/// The Ludii ruleset: chosen in the New game dialog and set up from
/// position texts; scores, a promotion decision made with its buttons (the
/// die disabled meanwhile), Undo back to the decision, a computer seat's
/// random decision, the end ranked by score (a win and a shared top score).
#[test]
#[cfg_attr(
    not(any(all(kc_has_gui_libs, kc_has_cmake), kc_ci)),
    ignore = "needs SDL2, SDL2_ttf, the DejaVu font and cmake (.ci/run installs them)"
)]
fn scripted_ludii_session() {
    let Some(gui) = gui() else {
        return;
    };
    let ludii = run_script(gui, "ludii");
    check_board_picture(&ludii, 8, 8, CHATURAJI_DARK, CHATURAJI_LIGHT);
    // The game the session saved is a Ludii record, with its decision
    // written without a roll and the scores reached.
    let saved = std::fs::read_to_string(work_dir().join("run-ludii/ludii-game.txt"))
        .expect("the session saved its game");
    for part in ["[Rules \"ludii\"]", "[Scores \"0,0,4,3\"]", " =E "] {
        assert!(
            saved.contains(part),
            "no {part} in the saved record:\n{saved}"
        );
    }
}

/// A raja exchange made with the mouse: the Exchange button, the pair in
/// its chooser, a click on the square a raja returns to beside its taken
/// throne; Undo, Escape, an exchange after the roll, and a record with the
/// exchange saved and loaded back.
#[test]
#[cfg_attr(
    not(any(all(kc_has_gui_libs, kc_has_cmake), kc_ci)),
    ignore = "needs SDL2, SDL2_ttf, the DejaVu font and cmake (.ci/run installs them)"
)]
fn scripted_exchange_session() {
    let Some(gui) = gui() else {
        return;
    };
    let exchange = run_script(gui, "exchange");
    check_board_picture(&exchange, 8, 8, CHATURAJI_DARK, CHATURAJI_LIGHT);
}

/// Computer seats played by the library's agents (`kc_agent_*`, the
/// `agents` feature of the installed library): a strong and an easy Kaissa
/// seat answering clicks, easy, strong and random Chaturaji seats, the
/// thinking shown while a search runs on the worker thread, and a strong
/// seat's Ludii promotion decision.
#[test]
#[cfg_attr(
    not(any(all(kc_has_gui_libs, kc_has_cmake), kc_ci)),
    ignore = "needs SDL2, SDL2_ttf, the DejaVu font and cmake (.ci/run installs them)"
)]
fn scripted_agents_session() {
    let Some(gui) = gui() else {
        return;
    };
    let agents = run_script(gui, "agents");
    check_board_picture(&agents, 8, 8, CHATURAJI_DARK, CHATURAJI_LIGHT);
}

/// The ludii, exchange and agents sessions again under valgrind, side by
/// side: no memory error and no definite or indirect leak (SDL's and the
/// font library's own still-reachable blocks are not the program's).
#[test]
#[cfg_attr(
    not(any(all(kc_has_gui_libs, kc_has_cmake, kc_has_valgrind), kc_ci)),
    ignore = "needs SDL2, SDL2_ttf, the DejaVu font, cmake and valgrind (.ci/run installs them)"
)]
fn scripted_sessions_under_valgrind() {
    let Some(gui) = gui() else {
        return;
    };
    let found = Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(found, "valgrind is not on PATH (.ci/run installs it)");
    let valgrind: &[&str] = &[
        "valgrind",
        "--error-exitcode=1",
        "--leak-check=full",
        "--errors-for-leak-kinds=definite,indirect",
        "--quiet",
    ];
    // Side by side: valgrind runs a program on one core, and each session
    // has its own directory.
    std::thread::scope(|scope| {
        for game in ["ludii", "exchange", "agents"] {
            scope.spawn(move || run_script_with(gui, game, Some(valgrind)));
        }
    });
}
