//! `Agent`: the library's computer players, built from a spec string.

use wasm_bindgen::prelude::*;

use kaissa_chaturaji::agents::{self, AgentSpec};
use kaissa_chaturaji::game::{self, ChaturajiStep, Game};

use crate::chaturaji::ChaturajiPosition;
use crate::kaissa::KaissaPosition;
use crate::{errors, js};

/// A computer player from a spec (`random`, `greedy`, `mcts:500`,
/// `mcts:200ms`, `alphabeta:4`, `alphabeta:300ms`, `expectimax:2`), seeded.
/// Its player for each game is built when first asked to choose.
#[wasm_bindgen]
pub struct Agent {
    /// The spec it was built from.
    spec: AgentSpec,
    /// The seed of its random stream.
    seed: u64,
    /// The Kaissa player, once built.
    kaissa: Option<Box<dyn agents::Agent<game::Kaissa> + Send>>,
    /// The Chaturaji player, once built.
    chaturaji: Option<Box<dyn agents::Agent<game::Chaturaji> + Send>>,
}

#[wasm_bindgen]
impl Agent {
    /// The agent `spec` names (`SpecError` when it names none), seeded
    /// with `seed` (a whole number or BigInt; default 0).
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, seed: JsValue) -> Result<Agent, JsValue> {
        let seed = js::seed(&seed)?;
        let spec = spec.parse::<AgentSpec>().map_err(errors::spec)?;
        Ok(Agent {
            spec,
            seed,
            kaissa: None,
            chaturaji: None,
        })
    }

    /// The spec's text.
    #[wasm_bindgen(getter)]
    pub fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The move text the agent chooses in a Kaissa position, or
    /// `undefined` when the game is over; the position is unchanged.
    #[wasm_bindgen(js_name = chooseKaissa)]
    pub fn choose_kaissa(&mut self, position: &KaissaPosition) -> Result<Option<String>, JsValue> {
        if self.kaissa.is_none() {
            self.kaissa = Some(self.spec.kaissa_agent(self.seed).map_err(errors::spec)?);
        }
        let Some(agent) = self.kaissa.as_mut() else {
            return Ok(None);
        };
        let game = game::Kaissa::new(position.position().clone());
        Ok(agent.choose(&game).map(|mv| mv.to_string()))
    }

    /// The move text the agent chooses in a Chaturaji position for `roll`
    /// (omitted while a Ludii promotion decision is pending), or
    /// `undefined` when the game is over; the position is unchanged.
    #[wasm_bindgen(js_name = chooseChaturaji)]
    pub fn choose_chaturaji(
        &mut self,
        position: &ChaturajiPosition,
        roll: Option<f64>,
    ) -> Result<Option<String>, JsValue> {
        if self.chaturaji.is_none() {
            self.chaturaji = Some(self.spec.chaturaji_agent(self.seed).map_err(errors::spec)?);
        }
        let Some(agent) = self.chaturaji.as_mut() else {
            return Ok(None);
        };
        let pos = position.position();
        let mut game = game::Chaturaji::new(pos.clone());
        if pos.pending_promotion().is_none() && !pos.is_over() {
            let face = crate::chaturaji::face(roll.unwrap_or(f64::NAN))?;
            let step = ChaturajiStep::Roll(face);
            game.apply(step).map_err(errors::illegal)?;
        }
        Ok(agent.choose(&game).map(|step| step.to_string()))
    }

    /// Forgets what the agent kept between moves, as before a new game.
    pub fn reset(&mut self) {
        if let Some(agent) = self.kaissa.as_mut() {
            agent.reset();
        }
        if let Some(agent) = self.chaturaji.as_mut() {
            agent.reset();
        }
    }
}
