//! The native side of the package's speed measurements (BENCHMARKS.md):
//! Kaissa perft and a computer player's iterations per second, measured
//! exactly as `scripts/bench.mjs` measures them in WebAssembly.
//!
//! `cargo run --release --manifest-path web/Cargo.toml --example native_rates -- <perft-depth> <mcts-iterations>`
//! prints `kaissa_perft <depth> <nodes> <seconds>`, then
//! `mcts <game> <iterations> <seconds>` for Kaissa and Chaturaji (sheet, roll 5).

use std::time::Instant;

use kaissa_chaturaji::agents::{Agent, AgentSpec};
use kaissa_chaturaji::chaturaji::{self, Roll, Rules};
use kaissa_chaturaji::game::{self, ChaturajiStep, Game};
use kaissa_chaturaji::kaissa;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().as_deref().unwrap_or("5").parse()?;
    let iterations: u32 = args.next().as_deref().unwrap_or("2000").parse()?;

    let start = Instant::now();
    let nodes = kaissa::perft(&kaissa::Position::start(), depth);
    println!(
        "kaissa_perft {depth} {nodes} {:.4}",
        start.elapsed().as_secs_f64()
    );

    // A short search first, as the JavaScript side warms up its engine.
    let warm: AgentSpec = "mcts:500".parse()?;
    warm.kaissa_agent(9)?.choose(&game::kaissa());
    let spec: AgentSpec = format!("mcts:{iterations}").parse()?;
    let mut agent = spec.kaissa_agent(1)?;
    let position = game::kaissa();
    let start = Instant::now();
    agent.choose(&position).ok_or("no Kaissa move chosen")?;
    println!(
        "mcts kaissa {iterations} {:.4}",
        start.elapsed().as_secs_f64()
    );

    let mut agent = spec.chaturaji_agent(1)?;
    let mut position = game::Chaturaji::new(chaturaji::Position::start(Rules::default()));
    position.apply(ChaturajiStep::Roll(Roll::new(5).ok_or("face 5")?))?;
    let start = Instant::now();
    agent.choose(&position).ok_or("no Chaturaji move chosen")?;
    println!(
        "mcts chaturaji {iterations} {:.4}",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
